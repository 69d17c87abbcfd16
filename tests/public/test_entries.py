"""The public entry form and the entrant's link: the search (the desk's, without members
who are not listed), an entry typed or picked, each refusal named on the form with nothing
written (fields missing, closed, full to the waiting list, the robots' honeypot, a form
sent too fast or altered, too many entries from one client or to one address), the mail's
link confirming the address and withdrawing; and the public list of entries, which shows
no personal data."""

from datetime import datetime, timedelta
from html import unescape
from typing import Any

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse

from club.models import ChangeLog, Entry, EntryTerms, Event
from desk.services.entry_mails import entry_token
from public.forms import form_stamp
from ratings.services.listed import listed
from tests.club.entry_open import (
    BRUSSELS,
    NOW,
    entry_clock,  # noqa: F401 (autouse: the clock stopped)
    entry_open,
)
from tests.club.factories import EventFactory, MemberFactory, PlayerFactory
from tests.task_worker import mailed

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event() -> Event:
    return entry_open(2, fee="20 €")


def stamp(seconds_ago: float) -> str:
    """The form's signed moment, as a page shown ``seconds_ago`` gave it."""
    with time_machine.travel(NOW - timedelta(seconds=seconds_ago), tick=False):
        return form_stamp()


def page(client: Client, url: str, data: dict[str, Any] | None = None) -> str:
    return unescape(client.get(url, data).content.decode())


def page_post(client: Client, url: str, data: dict[str, Any]) -> str:
    return unescape(client.post(url, data).content.decode())


def form_url(event: Event) -> str:
    return reverse("entry_form", args=[event.pk])


def typed(**given: Any) -> dict[str, Any]:
    """A typed entry as the form posts it, shown a minute ago."""
    return {
        "first_name": "Anne",
        "last_name": "Roux",
        "sex": "F",
        "birth_year": "1990",
        "federation": "bel",
        "club_name": "Cercle de Namur",
        "email": "anne@example.be",
        "phone": "+32 470 12 34 56",
        "remark": "Végétarienne",
        "website": "",
        "started": stamp(60),
        **given,
    }


def test_an_event_without_online_entries_has_no_form(client: Client) -> None:
    event = EventFactory()
    assert client.get(form_url(event)).status_code == 404


def test_the_search_offers_listed_players_and_known_ones_but_not_hidden_members(
    client: Client, open_event: Event, official_lists: None
) -> None:
    PlayerFactory(first_name="Luce", last_name="Dubois", club_name="Namur")
    MemberFactory(player__first_name="Lucien", player__last_name="Dubois", listed=False)
    html = client.get(form_url(open_event), {"q": "dubois"}).content.decode()
    assert "Dubois, Luc" in html and "matricule FIDE 200000" in html  # the FIDE list's line
    assert "DUBOIS Luce" in html and "Namur" in html
    assert "Lucien" not in html
    assert "1968" not in html  # a birth year is no one's business


def test_a_typed_entry_is_taken_and_mailed_with_its_link(client: Client, open_event: Event) -> None:
    assert 'name="first_name"' in client.get(form_url(open_event), {"saisir": 1}).content.decode()
    with mailed():
        response = client.post(form_url(open_event), typed(), follow=True)
    assert response.redirect_chain[-1][0] == f"/evenements/{open_event.pk}/#entries"
    assert "inscription de Anne Roux est reçue" in response.content.decode()
    entry = Entry.objects.get()
    assert (entry.federation, entry.phone, entry.remark, entry.language) == (
        "BEL", "+32 470 12 34 56", "Végétarienne", "fr",
    )  # fmt: skip
    assert f"/inscription/{entry_token(entry)}/" in mail.outbox[0].body


def test_a_listed_player_is_picked_and_entered(
    client: Client, open_event: Event, official_lists: None
) -> None:
    row = listed().get(fide_id=703303, kind="fide")
    html = client.get(form_url(open_event), {"liste": row.pk}).content.decode()
    assert "Peter Leko" in html and "FIDE 2676" in html and 'name="first_name"' not in html
    form = {"listed": row.pk, "email": "peter@example.hu", "started": typed()["started"]}
    assert client.post(form_url(open_event), form).status_code == 302
    assert Entry.objects.get().fide_id == 703303


def test_a_hidden_member_cannot_be_picked(client: Client, open_event: Event) -> None:
    hidden = MemberFactory(listed=False)
    form = {"player": hidden.player.pk, "email": "x@example.be", "started": typed()["started"]}
    html = client.post(form_url(open_event), form).content.decode()
    assert "plus proposé" in html and not Entry.objects.exists()
    assert hidden.player.name not in html


@pytest.mark.parametrize(
    ("change", "field", "said"),
    [
        ({"first_name": ""}, "first_name", "Ce champ est obligatoire."),
        ({"sex": ""}, "sex", "Ce champ est obligatoire."),
        ({"federation": "BE"}, "federation", "Trois lettres"),
        ({"birth_date": "1991-02-03"}, "birth_date", "pas dans l'année de naissance"),
        ({"email": "anne"}, "email", "adresse de courriel valide"),
        ({"website": "http://spam.example"}, "website", "doit rester vide"),
        ({"started": stamp(1)}, None, "envoyé trop vite"),
        ({"started": "1234:abc"}, None, "modifié ou est incomplet"),
        ({"started": stamp(2 * 24 * 3600)}, None, "trop longtemps"),
    ],
)
def test_bad_input_is_named_on_the_form_and_nothing_is_written(
    client: Client, open_event: Event, change: dict[str, str], field: str | None, said: str
) -> None:
    with mailed():
        response = client.post(form_url(open_event), typed(**change))
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert said in html
    if field is not None:
        assert f'id="error_1_id_{field}"' in html
    assert not Entry.objects.exists() and not ChangeLog.objects.exists() and mail.outbox == []


def test_a_form_shown_again_keeps_its_moment_so_a_quick_correction_is_taken(
    client: Client, open_event: Event
) -> None:
    """Refused for a missing field a minute after the page was shown, the form comes back
    with that minute's moment, not a new one: sent again at once, it is not "too fast"."""
    first = typed(sex="", started=stamp(60))
    refused = page_post(client, form_url(open_event), first)
    assert "Ce champ est obligatoire." in refused
    assert f'name="started" value="{first["started"]}"' in refused
    taken = client.post(form_url(open_event), typed(started=first["started"]))
    assert taken.status_code == 302
    assert Entry.objects.count() == 1


def test_an_empty_form_sent_at_once_names_its_fields_not_its_speed(
    client: Client, open_event: Event
) -> None:
    """A person who sends the form before filling it is told what to fill, not that they
    were too fast; the same form filled and sent too fast, as a robot does, is refused."""
    empty = {"email": "", "website": "", "started": stamp(0.5)}
    refused = page_post(client, form_url(open_event), empty)
    assert "Ce champ est obligatoire." in refused
    assert "trop vite" not in refused
    robot = page_post(client, form_url(open_event), typed(started=stamp(0.5)))
    assert "Le formulaire a été envoyé trop vite" in robot
    assert not Entry.objects.exists()


def test_a_form_with_an_altered_moment_comes_back_with_a_new_one(
    client: Client, open_event: Event
) -> None:
    refused = page_post(client, form_url(open_event), typed(started="1234:abc"))
    assert 'name="started" value="1234:abc"' not in refused
    assert 'name="started" value="' in refused


def test_closed_entries_show_why_and_take_nothing(client: Client, open_event: Event) -> None:
    EntryTerms.objects.filter(event=open_event).update(
        closes_at=datetime(2026, 8, 31, 20, tzinfo=BRUSSELS)
    )
    html = client.get(form_url(open_event)).content.decode()
    assert "fermées le 31 août 2026 20:00" in html and 'id="entry-search"' not in html
    assert "entry-terms" not in html  # no closing date nor places still offered beside it
    client.post(form_url(open_event), typed())
    assert not Entry.objects.exists()


def test_the_same_player_twice_is_refused_on_the_form(client: Client, open_event: Event) -> None:
    client.post(form_url(open_event), typed())
    html = client.post(form_url(open_event), typed(email="other@example.be")).content.decode()
    assert "Anne Roux est déjà inscrit à cet événement\xa0: une inscription par joueur" in html
    assert Entry.objects.count() == 1


def test_beyond_the_places_the_entrant_is_told_of_the_waiting_list(
    client: Client, open_event: Event
) -> None:
    client.post(form_url(open_event), typed(first_name="A"))
    client.post(form_url(open_event), typed(first_name="B"))
    response = client.post(form_url(open_event), typed(first_name="C"), follow=True)
    assert "inscription de C Roux est en liste d'attente" in unescape(response.content.decode())
    assert Entry.objects.get(first_name="C").status == Entry.Status.WAITING


def test_one_address_enters_five_players_an_hour(client: Client, open_event: Event) -> None:
    EntryTerms.objects.filter(event=open_event).update(places=None)
    for name in "ABCDE":
        assert client.post(form_url(open_event), typed(first_name=name)).status_code == 302
    html = unescape(client.post(form_url(open_event), typed(first_name="F")).content.decode())
    assert "Trop d'inscriptions avec cette adresse e-mail" in html
    assert Entry.objects.count() == 5


def test_one_client_enters_ten_players_an_hour(client: Client, open_event: Event) -> None:
    EntryTerms.objects.filter(event=open_event).update(places=None)
    for n in range(10):
        form = typed(first_name=f"P{n}", email=f"p{n}@example.be")
        assert client.post(form_url(open_event), form).status_code == 302
    html = unescape(client.post(form_url(open_event), typed(email="z@example.be")).content.decode())
    assert "Trop d'inscriptions depuis votre adresse" in html
    assert Entry.objects.count() == 10


def test_an_entry_in_dutch_is_mailed_in_dutch(client: Client, open_event: Event) -> None:
    with mailed():
        client.post(f"/nl{form_url(open_event)}", typed())
    assert Entry.objects.get().language == "nl"
    assert mail.outbox[0].subject == "Uw inschrijving voor Open de Wavre"
    assert "/nl/inscription/" in mail.outbox[0].body


# The entrant's link -----------------------------------------------------------------------------


def test_the_link_confirms_the_address_and_withdraws(client: Client, open_event: Event) -> None:
    client.post(form_url(open_event), typed())
    entry = Entry.objects.get()
    url = reverse("entry_link", args=[entry_token(entry)])
    html = client.get(url).content.decode()
    assert "Anne Roux" in html and "pas encore confirmée" in html
    response = client.post(url, {"action": "confirm"}, follow=True)
    assert "votre adresse est confirmée" in response.content.decode()
    entry.refresh_from_db()
    assert entry.confirmed_at == NOW
    response = client.post(url, {"action": "withdraw"}, follow=True)
    assert "Votre inscription est retirée." in response.content.decode()
    assert Entry.objects.get().status == Entry.Status.WITHDRAWN


def test_a_link_altered_is_refused(client: Client, open_event: Event) -> None:
    client.post(form_url(open_event), typed())
    token = entry_token(Entry.objects.get())
    for bad in (token[:-2] + "xx", "abc", f"{token}0"):
        response = client.post(reverse("entry_link", args=[bad]), {"action": "withdraw"})
        assert response.status_code == 404
    assert Entry.objects.get().status == Entry.Status.RECEIVED


# The public list ------------------------------------------------------------------------------


def test_the_event_page_lists_the_confirmed_entries_without_personal_data(
    client: Client, open_event: Event
) -> None:
    member = MemberFactory(
        player__first_name="Paul",
        player__last_name="Lenoir",
        player__birth_date="1970-05-06",
        email="paul.lenoir@example.be",
        phone="010 22 33 44",
    )
    open_event.participants.create(player=member.player)
    client.post(form_url(open_event), typed(birth_date="1990-03-14"))
    client.post(form_url(open_event), typed(first_name="Marc", email="marc@example.be"))
    Entry.objects.filter(first_name="Anne").update(confirmed_at=NOW)
    visitor = Client()  # without the entrants' messages
    pages = [page(visitor, open_event.get_absolute_url()), page(visitor, form_url(open_event))]
    assert "Paul Lenoir" in pages[0] and "Anne Roux" in pages[0] and "Cercle de Namur" in pages[0]
    for html in pages:
        assert "Marc" not in html  # not confirmed
        for private in (
            "anne@example.be",
            "+32 470 12 34 56",
            "Végétarienne",
            "1990",
            "14/03",
            "paul.lenoir@example.be",
            "010 22 33 44",
            "1970",
        ):
            assert private not in html, private
    html = pages[0]
    assert "20 €" in html and "2 places prises sur 2" in html  # Paul, and Anne's entry


def test_the_calendar_and_tournaments_lead_to_the_form(client: Client, open_event: Event) -> None:
    for url in (reverse("tournaments"), reverse("calendar"), "/"):
        assert f'href="{form_url(open_event)}"' in client.get(url).content.decode(), url
    EntryTerms.objects.filter(event=open_event).update(open=False)
    assert (
        f'href="{form_url(open_event)}"' not in client.get(reverse("tournaments")).content.decode()
    )

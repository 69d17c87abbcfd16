"""The desk's page of an event's online entries: the terms saved (bad ones named, nothing
written), the entries with the entrants' private contact (the desk's only), and the
secretary's decisions through the page: accept (the registration made), waiting list,
refuse, accept all confirmed."""

import re
from datetime import datetime
from html import unescape

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from club.models import ChangeLog, Entry, EntryTerms, Event, Participant
from desk.services.entries import EntryRequest, confirm_address, take_entry
from tests.club.entry_open import (
    BRUSSELS,
    entry_clock,  # noqa: F401 (autouse: the clock stopped)
    entry_open,
)
from tests.club.factories import EventFactory
from tests.task_worker import mailed

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event() -> Event:
    return entry_open(10)


def enter(event: Event, first_name: str, confirmed: bool = True) -> Entry:
    request = EntryRequest(
        email=f"{first_name.lower()}@example.be",
        language="fr",
        first_name=first_name,
        last_name="Roux",
        sex="F",
        birth_year=1990,
        federation="BEL",
        phone="0470 11 22 33",
    )
    entry = take_entry(event.pk, request, lambda path: f"http://testserver{path}")
    if confirmed:
        confirm_address(entry.pk)
    return entry


def page(client: Client, event: Event) -> str:
    return unescape(client.get(reverse("desk:entries", args=[event.pk])).content.decode())


def test_the_desk_lists_the_entries_with_their_contact(
    secretary_client: Client, open_event: Event
) -> None:
    enter(open_event, "Anne")
    enter(open_event, "Berthe", confirmed=False)
    html = page(secretary_client, open_event)
    assert "ROUX Anne" in html and "anne@example.be" in html and "0470 11 22 33" in html
    assert "2 inscriptions à traiter" in html and "1 avec son adresse confirmée" in html
    assert "Accepter l'inscription dont l'adresse est confirmée (1)" in html
    event_page = secretary_client.get(reverse("desk:event", args=[open_event.pk]))
    assert 'id="entries-link"' in event_page.content.decode()


def test_the_terms_are_saved_from_the_desk(secretary_client: Client, open_event: Event) -> None:
    form = {
        "open": "on",
        "closes_at": "2026-09-30T20:00",
        "places": "120",
        "rating": "national",
        "rating_min": "",
        "rating_max": "1800",
        "fee": "15 € (10 € pour les jeunes)",
    }
    response = secretary_client.post(reverse("desk:entry_terms", args=[open_event.pk]), form)
    assert response.status_code == 302
    terms = EntryTerms.objects.get(event=open_event)
    assert (terms.places, terms.rating, terms.rating_max, terms.fee) == (
        120, "national", 1800, "15 € (10 € pour les jeunes)",
    )  # fmt: skip
    assert terms.closes_at == datetime(2026, 9, 30, 20, tzinfo=BRUSSELS)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"rating_min": "2000", "rating_max": "1500"}, "Le classement maximum est inférieur"),
        ({"places": "0"}, "supérieure ou égale à 1"),
        ({"closes_at": "2026-12-01T20:00"}, "clôturer avant la fin"),
    ],
)
def test_bad_terms_are_named_and_nothing_is_saved(
    secretary_client: Client, open_event: Event, change: dict[str, str], said: str
) -> None:
    form = {"open": "on", "rating": "fide", "places": "10", **change}
    response = secretary_client.post(reverse("desk:entry_terms", args=[open_event.pk]), form)
    assert response.status_code == 400 and said in unescape(response.content.decode())
    assert EntryTerms.objects.get(event=open_event).places == 10
    assert not ChangeLog.objects.filter(action="entry_terms").exists()


def test_accepting_at_the_desk_registers_the_player(
    secretary_client: Client, open_event: Event
) -> None:
    entry = enter(open_event, "Anne")
    url = reverse("desk:entry_decision", args=[open_event.pk, entry.pk])
    with mailed():
        response = secretary_client.post(url, {"decision": "accept"}, follow=True)
    assert "Anne Roux est accepté et inscrit." in unescape(response.content.decode())
    participant = Participant.objects.get(event=open_event)
    assert participant.player.name == "Anne Roux" and participant.entry == Entry.objects.get()
    assert mail.outbox[0].subject == "Votre inscription à Open de Wavre est acceptée"
    assert "inscrit" in page(secretary_client, open_event)


def test_waiting_list_and_refusal_at_the_desk(secretary_client: Client, open_event: Event) -> None:
    entry = enter(open_event, "Anne")
    url = reverse("desk:entry_decision", args=[open_event.pk, entry.pk])
    secretary_client.post(url, {"decision": "wait"})
    assert Entry.objects.get().status == Entry.Status.WAITING
    with mailed():
        secretary_client.post(url, {"decision": "refuse"})
    assert Entry.objects.get().status == Entry.Status.REFUSED
    # the refusal says so from its subject on, not as the receipt's words again
    assert mail.outbox[-1].subject == "Votre inscription à Open de Wavre n'a pas pu être acceptée"
    response = secretary_client.post(url, {"decision": "maybe"}, follow=True)
    assert "Choisissez d'accepter" in unescape(response.content.decode())
    assert not Participant.objects.exists()


def test_accept_all_confirmed_at_the_desk(secretary_client: Client, open_event: Event) -> None:
    for name in ("Anne", "Berthe", "Carla"):
        enter(open_event, name)
    enter(open_event, "Dora", confirmed=False)
    url = reverse("desk:accept_confirmed", args=[open_event.pk])
    response = secretary_client.post(url, follow=True)
    assert "3 inscriptions acceptées." in unescape(response.content.decode())
    assert Participant.objects.filter(event=open_event).count() == 3
    assert Entry.objects.get(first_name="Dora").status == Entry.Status.RECEIVED


def test_an_entry_of_another_event_is_not_decided_here(
    secretary_client: Client, open_event: Event
) -> None:
    other = EventFactory(kind=Event.Kind.OPEN, start=datetime(2026, 10, 9, tzinfo=BRUSSELS))
    entry = enter(open_event, "Anne")
    url = reverse("desk:entry_decision", args=[other.pk, entry.pk])
    assert secretary_client.post(url, {"decision": "accept"}).status_code == 404
    assert Entry.objects.get().status == Entry.Status.RECEIVED


def test_refusing_asks_first_and_accepting_does_not(
    secretary_client: Client, open_event: Event
) -> None:
    """Refusing an entry mails the entrant: the form asks first, naming them (with
    JavaScript, desk/confirm.js); accepting or moving to the waiting list does not ask."""
    enter(open_event, "Anne")
    html = page(secretary_client, open_event)
    form = html.split(
        'action="' + reverse("desk:entry_decision", args=[open_event.pk, Entry.objects.get().pk]), 1
    )[1]
    form = form.split("</form>", 1)[0]
    assert "data-confirm-text=\"Refuser l'inscription de Anne Roux\xa0? Un e-mail" in form
    assert re.search(r'value="accept"\s+data-confirm="no"', form)
    assert re.search(r'value="wait"\s+data-confirm="no"', form)
    assert 'value="refuse">' in form
    assert "desk/confirm" in html

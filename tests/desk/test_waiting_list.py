"""The waiting list moving up when a place of an event with a limit frees: an accepted
entry withdrawn by the entrant, a received entry refused, a player withdrawn before the
first round, the limit raised. The first entry waiting (in the order received) whose
rating the terms still take is accepted and registered, its entrant mailed; with no place
free, no limit or the event paired nothing moves; the desk's page names who moved up."""

from datetime import timedelta
from html import unescape

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from club.models import ChangeLog, Entry, EntryTerms, Event, Game, Participant, Round
from desk.services import entry_decisions
from desk.services.entries import EntryRequest, Terms, set_terms, take_entry, withdraw_entry
from tests.club.entry_open import (
    NOW,
    entry_clock,  # noqa: F401 (autouse: the clock stopped)
    entry_open,
    link,
)
from tests.club.factories import PlayerFactory
from tests.task_worker import mailed

pytestmark = pytest.mark.django_db

NAMES = ["Anne", "Berthe", "Chloé", "Denise", "Emma"]


def enter(event: Event, first_name: str) -> Entry:
    request = EntryRequest(
        email=f"{first_name.lower()}@example.be",
        language="en",
        first_name=first_name,
        last_name="Roux",
        sex="F",
        birth_year=1990,
        federation="BEL",
    )
    return take_entry(event.pk, request, link)


def full_open(entries: int) -> tuple[Event, list[Entry]]:
    """The open with 3 places and ``entries`` entries: the first three accepted, the others
    on the waiting list."""
    event = entry_open(3)
    made = [enter(event, name) for name in NAMES[:entries]]
    for entry in made[:3]:
        entry_decisions.accept(entry.pk, None, link)
    return event, made


def statuses(event: Event) -> dict[str, str]:
    return dict(Entry.objects.filter(event=event).values_list("first_name", "status"))


def registered(event: Event) -> list[str]:
    return sorted(
        Participant.objects.filter(event=event)
        .exclude(withdrawn_after_round=0)
        .values_list("player__first_name", flat=True)
    )


def test_a_withdrawal_gives_the_place_to_the_fourth_entry(secretary_client: Client) -> None:
    event, (anne, _b, _c, denise) = full_open(4)
    assert denise.status == Entry.Status.WAITING
    with mailed():
        withdraw_entry(anne.pk, link)
    assert statuses(event) == {
        "Anne": "withdrawn", "Berthe": "accepted", "Chloé": "accepted", "Denise": "accepted",
    }  # fmt: skip
    assert registered(event) == ["Berthe", "Chloé", "Denise"]
    denise.refresh_from_db()
    assert denise.participant is not None and denise.moved_up_at == NOW
    assert [(m.to, m.subject) for m in mail.outbox] == [
        (["anne@example.be"], "Your entry for Open de Wavre is withdrawn"),
        (["denise@example.be"], "A place for you at Open de Wavre: your entry is accepted"),
    ]
    assert "first on the waiting list, is accepted" in mail.outbox[1].body
    assert "to withdraw it if you cannot come" in mail.outbox[1].body
    assert list(ChangeLog.objects.order_by("pk").values_list("action", flat=True))[-5:] == [
        "entry_withdrawn", "create_player", "register", "entry_accepted", "entry_moved_up",
    ]  # fmt: skip
    html = unescape(secretary_client.get(reverse("desk:entries", args=[event.pk])).content.decode())
    assert 'id="moved-up"' in html and "ROUX Denise" in html.split('id="moved-up"')[1][:400]


def test_with_no_place_free_nothing_moves() -> None:
    event, (_a, _b, _c, denise, emma) = full_open(5)
    with mailed():
        withdraw_entry(emma.pk, link)  # a waiting entry frees no place
        entry_decisions.put_on_waiting_list(denise.pk, None, link)  # already there
    assert statuses(event)["Denise"] == "waiting"
    assert registered(event) == ["Anne", "Berthe", "Chloé"]
    assert [m.to for m in mail.outbox] == [["emma@example.be"]]
    assert not Entry.objects.filter(moved_up_at__isnull=False).exists()


def test_a_waiting_entrant_outside_the_rating_bounds_is_skipped_for_the_next() -> None:
    event, (anne, _b, _c, denise, emma) = full_open(5)
    Entry.objects.filter(pk=denise.pk).update(fide_rating=2350)
    Entry.objects.filter(pk=emma.pk).update(fide_rating=1720)
    EntryTerms.objects.filter(event=event).update(rating_max=2200)  # the bounds tightened
    with mailed():
        withdraw_entry(anne.pk, link)
    assert statuses(event)["Denise"] == "waiting" and statuses(event)["Emma"] == "accepted"
    assert registered(event) == ["Berthe", "Chloé", "Emma"]
    assert [m.to for m in mail.outbox] == [["anne@example.be"], ["emma@example.be"]]


def test_a_waiting_entrant_registered_meanwhile_is_skipped_for_the_next() -> None:
    event, (anne, _b, _c, denise, _e) = full_open(5)
    Participant.objects.filter(event=event, player__first_name="Anne").delete()
    player = PlayerFactory(first_name="Denise", last_name="Roux", birth_year=1990)
    Entry.objects.filter(pk=denise.pk).update(player=player)
    event.participants.create(player=player, withdrawn_after_round=0)  # the desk's
    withdraw_entry(anne.pk, link)
    assert statuses(event)["Denise"] == "waiting" and statuses(event)["Emma"] == "accepted"


def test_refusing_a_received_entry_frees_its_place() -> None:
    event = entry_open(3)
    anne, *_rest, denise = [enter(event, name) for name in NAMES[:4]]
    assert (anne.status, denise.status) == ("received", "waiting")
    entry_decisions.refuse(anne.pk, None, link)
    assert statuses(event)["Denise"] == "accepted"
    assert registered(event) == ["Denise"]  # Berthe and Chloé still wait for the secretary


def test_raising_the_limit_moves_up_the_waiting_list_in_the_order_received() -> None:
    event, _made = full_open(5)
    with mailed():
        set_terms(event.pk, Terms(True, places=4), None, link)
    assert statuses(event)["Denise"] == "accepted" and statuses(event)["Emma"] == "waiting"
    assert registered(event) == ["Anne", "Berthe", "Chloé", "Denise"]
    assert [m.to for m in mail.outbox] == [["denise@example.be"]]


def test_without_a_limit_the_waiting_list_is_the_secretarys() -> None:
    event, (anne, *_rest) = full_open(5)
    set_terms(event.pk, Terms(True, places=None), None, link)
    withdraw_entry(anne.pk, link)
    assert statuses(event)["Denise"] == "waiting" and statuses(event)["Emma"] == "waiting"


def test_a_player_withdrawn_before_the_first_round_gives_their_place(
    secretary_client: Client,
) -> None:
    event, (anne, *_rest) = full_open(4)
    anne.refresh_from_db()
    assert anne.participant is not None
    response = secretary_client.post(
        reverse("desk:withdraw", args=[event.pk, anne.participant.pk]), {"after_round": "0"}
    )
    assert response.status_code == 302
    assert statuses(event)["Denise"] == "accepted"
    assert registered(event) == ["Berthe", "Chloé", "Denise"]
    shown = unescape(secretary_client.get(response["Location"]).content.decode())
    assert "Denise Roux" in shown.split('role="alert"')[1]  # the message says who moved up


def test_a_player_withdrawn_after_a_round_gives_no_place() -> None:
    event, (anne, *_rest) = full_open(4)
    anne.refresh_from_db()
    assert anne.participant is not None
    assert entry_decisions.withdraw_participant(anne.participant.pk, 2, None, link) == []
    assert statuses(event)["Denise"] == "waiting"


def test_nothing_moves_once_the_event_is_paired() -> None:
    event, (anne, berthe, *_rest) = full_open(4)
    round_ = Round.objects.create(event=event, number=1, starts_at=event.start)
    anne.refresh_from_db()
    berthe.refresh_from_db()
    assert anne.participant and berthe.participant
    Game.objects.create(
        round=round_, board=1, white=anne.participant.player, black=berthe.participant.player
    )
    entry_decisions.withdraw_participant(anne.participant.pk, 0, None, link)
    assert statuses(event)["Denise"] == "waiting"


def test_an_accepted_entry_is_withdrawn_while_the_rounds_are_only_scheduled() -> None:
    event, (anne, *_rest) = full_open(4)
    Round.objects.create(event=event, number=1, starts_at=event.start + timedelta(hours=1))
    withdraw_entry(anne.pk, link)
    assert statuses(event)["Anne"] == "withdrawn" and statuses(event)["Denise"] == "accepted"


def test_a_player_withdrawn_before_the_first_round_is_not_taken_back_over_the_limit(
    secretary_client: Client,
) -> None:
    """Anne withdraws before round 1, Denise moves up into her place: the 3 places are
    Berthe's, Chloé's and Denise's, and Anne plays again only once a place frees."""
    event, (anne, berthe, *_rest) = full_open(4)
    anne.refresh_from_db()
    berthe.refresh_from_db()
    assert anne.participant is not None and berthe.participant is not None
    entry_decisions.withdraw_participant(anne.participant.pk, 0, None, link)
    url = reverse("desk:withdraw", args=[event.pk, anne.participant.pk])
    response = secretary_client.post(url, {"reinstate": "1"}, follow=True)
    shown = unescape(response.content.decode())
    assert (  # the secretary's page in French, the site's first language
        "Les 3 places sont prises\xa0: Anne Roux rejoue dès qu'une place se libère ou que la "
        "limite est relevée dans les conditions d'inscription." in shown
    )
    anne.participant.refresh_from_db()
    assert anne.participant.withdrawn_after_round == 0
    assert registered(event) == ["Berthe", "Chloé", "Denise"]
    entry_decisions.withdraw_participant(berthe.participant.pk, 0, None, link)
    secretary_client.post(url, {"reinstate": "1"})
    assert registered(event) == ["Anne", "Chloé", "Denise"]


def test_a_player_withdrawn_after_a_round_is_taken_back_whatever_the_places() -> None:
    event, (anne, *_rest) = full_open(4)
    anne.refresh_from_db()
    assert anne.participant is not None
    entry_decisions.withdraw_participant(anne.participant.pk, 2, None, link)
    entry_decisions.withdraw_participant(anne.participant.pk, None, None, link)
    anne.participant.refresh_from_db()
    assert anne.participant.withdrawn_after_round is None
    assert registered(event) == ["Anne", "Berthe", "Chloé"]

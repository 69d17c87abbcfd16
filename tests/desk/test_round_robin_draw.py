"""Round robins at the desk: both cycles of a double round robin (C.05 Annex 1), and
pairing numbers drawn by lot instead of by rating."""

import random

import pytest
from django.test import Client
from django.urls import reverse

from chesslib.berger import berger_round
from club.exceptions import DeskError
from club.models import ChangeLog, Event, Participant
from desk.services import lots, pairing
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def _event(count: int, **fields: object) -> Event:
    event = EventFactory(system=Event.System.ROUND_ROBIN, **fields)
    for n in range(count):
        player = PlayerFactory(first_name=f"P{n + 1}", last_name="Rr")
        Participant.objects.create(event=event, player=player, number=n + 1, rating=2000 - n)
    return event


def _table(event: Event) -> list[list[tuple[int, int]]]:
    numbers = {p: n or 0 for p, n in event.participants.values_list("player_id", "number")}
    return [
        [(numbers[g.white_id], numbers[g.black_id]) for g in r.games.order_by("board")]
        for r in event.rounds.order_by("number")
    ]


def test_a_double_round_robin_pairs_both_cycles() -> None:
    """Six players, two cycles: ten rounds. Rounds 1-3 are the Berger table's, 4 and 5
    its rounds 5 and 4 (the first cycle's last two swapped), 6-10 its rounds 1-5 with
    the colours reversed."""
    event = _event(6, cycles=Event.Cycles.DOUBLE)
    assert pairing.pair_round_robin(event.pk, None) == 10
    table = [berger_round(6, r) for r in range(1, 6)]
    reversed_ = [[(b, w) for w, b in r] for r in table]
    assert _table(event) == [*table[:3], table[4], table[3], *reversed_]


def test_a_single_round_robin_stays_one_cycle() -> None:
    event = _event(4)
    assert pairing.pair_round_robin(event.pk, None) == 3
    assert _table(event) == [berger_round(4, r) for r in range(1, 4)]


def test_the_numbers_are_drawn_by_lot() -> None:
    """With the draw's random source fixed (random.Random(7)), the numbers are the
    shuffle it gives of the players in registration order; any draw is a permutation of
    1..n, and it is recorded in the event's history."""
    event = _event(8)
    before = list(event.participants.order_by("pk"))
    expected = list(before)
    random.Random(7).shuffle(expected)
    lots.draw_lots(event.pk, None, random.Random(7))
    numbers = dict(event.participants.values_list("pk", "number"))
    assert [numbers[p.pk] for p in expected] == list(range(1, 9))
    assert [numbers[p.pk] for p in before] != list(range(1, 9))  # not the rating order
    assert ChangeLog.objects.filter(event=event, action="draw_lots").exists()


def test_no_draw_once_the_event_is_paired() -> None:
    event = _event(4)
    pairing.pair_round_robin(event.pk, None)
    with pytest.raises(DeskError):
        lots.draw_lots(event.pk, None, random.Random(1))
    assert sorted(n or 0 for n in event.participants.values_list("number", flat=True)) == [
        1,
        2,
        3,
        4,
    ]


def test_the_desk_draws_the_lots_until_the_event_is_paired(secretary_client: Client) -> None:
    event = _event(5)
    Participant.objects.filter(event=event).update(number=None)
    page = secretary_client.get(reverse("desk:event", args=[event.pk])).content.decode()
    assert 'id="draw-lots"' in page
    response = secretary_client.post(reverse("desk:draw_lots", args=[event.pk]))
    assert response.status_code == 302
    assert sorted(n or 0 for n in event.participants.values_list("number", flat=True)) == [
        1,
        2,
        3,
        4,
        5,
    ]
    pairing.pair_round_robin(event.pk, None)
    page = secretary_client.get(reverse("desk:event", args=[event.pk])).content.decode()
    assert 'id="draw-lots"' not in page


def test_the_form_refuses_two_cycles_outside_a_round_robin(
    secretary_client: Client, english: None
) -> None:
    from tests.desk.test_events import NEW_EVENT

    response = secretary_client.post(
        reverse("desk:event_new"), {**NEW_EVENT, "system": "swiss", "cycles": "2"}
    )
    assert "Only a round robin can be played in two cycles." in response.content.decode()
    assert not Event.objects.exists()

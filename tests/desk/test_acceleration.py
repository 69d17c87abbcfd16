"""Baku acceleration (FIDE C.04.5.1), checked against the regulation's text:

"The first group (GA) shall contain the first half of the players, rounded up to the
nearest even number [...] if there are 161 players [...] 82." "The 'accelerated rounds'
are the ones in the first half (rounded up) of the tournament. Before pairing the first
half (rounded up) of the accelerated rounds, all the players in GA are assigned [...]
virtual points equal to 1. Such virtual points are reduced to 0.5 before pairing the
remaining accelerated rounds." "In a nine-round tournament, the accelerated rounds are
five. The players in GA are assigned one virtual point in the first three rounds, and
half virtual point in the 4th and 5th rounds." """

from collections.abc import Callable
from decimal import Decimal
from typing import cast

import pytest

from chesslib import swiss
from club.models import Event, Participant, Player
from desk.services import pairing as pairing_services
from desk.services.results import save_result
from tests.club.factories import EventFactory, PlayerFactory

ONE, HALF = Decimal(1), Decimal("0.5")


def test_it_puts_82_of_161_players_in_the_first_group() -> None:
    numbers = {n: n for n in range(1, 162)}
    virtual = swiss.baku_virtual_points(numbers, 161, 1, 9)
    # 161 / 2 = 80.5, the nearest even number above: 82 (2 x ceil(161 / 4) = 2 x 41)
    assert sorted(virtual) == list(range(1, 83))


def test_it_gives_one_point_in_three_rounds_then_a_half_in_two_of_nine() -> None:
    numbers = {n: n for n in range(1, 21)}
    per_round = [swiss.baku_virtual_points(numbers, 20, r, 9).get(1) for r in range(1, 10)]
    assert per_round == [ONE, ONE, ONE, HALF, HALF, None, None, None, None]
    # group B never has any
    assert all(21 - 1 not in swiss.baku_virtual_points(numbers, 20, r, 9) for r in range(1, 10))


def test_five_rounds_accelerate_three_by_hand() -> None:
    # 5 rounds: accelerated rounds ceil(5 / 2) = 3; one point in ceil(3 / 2) = 2 of them
    numbers = {n: n for n in range(1, 11)}
    assert [swiss.baku_virtual_points(numbers, 10, r, 5).get(6) for r in range(1, 6)] == [
        ONE,
        ONE,
        HALF,
        None,
        None,
    ]
    # 10 players: GA = 2 x ceil(10 / 4) = 6, so pairing number 7 is in GB
    assert 7 not in swiss.baku_virtual_points(numbers, 10, 1, 5)


@pytest.fixture
def open_of_ten(db: None) -> Callable[[bool], Event]:
    def make(accelerated: bool) -> Event:
        event = cast(
            Event,
            EventFactory(system=Event.System.SWISS, planned_rounds=5, accelerated=accelerated),
        )
        for n in range(10):
            player = cast(Player, PlayerFactory(national_rating=2300 - 50 * n))
            Participant.objects.create(
                event=event, player=player, number=n + 1, rating=2300 - 50 * n
            )
        return event

    return make


def _boards(event: Event, number: int) -> list[list[int]]:
    numbers = {p.player_id: p.number or 0 for p in event.participants.all()}
    round_ = event.rounds.get(number=number)
    return sorted(sorted((numbers[g.white_id], numbers[g.black_id])) for g in round_.games.all())


def test_an_accelerated_first_round_pairs_each_group_within_itself(
    open_of_ten: Callable[[bool], Event],
) -> None:
    event = open_of_ten(True)
    pairing_services.pair_next_round(event.pk, None)
    # GA 1-6 at one virtual point: 1-4, 2-5, 3-6 (top half against bottom half, C.04.3);
    # GB 7-10 at zero: 7-9, 8-10
    assert _boards(event, 1) == [[1, 4], [2, 5], [3, 6], [7, 9], [8, 10]]


def test_without_acceleration_the_first_round_is_the_usual_split(
    open_of_ten: Callable[[bool], Event],
) -> None:
    event = open_of_ten(False)
    pairing_services.pair_next_round(event.pk, None)
    assert _boards(event, 1) == [[1, 6], [2, 7], [3, 8], [4, 9], [5, 10]]


def test_an_accelerated_second_round_pairs_by_pairing_score(
    open_of_ten: Callable[[bool], Event],
) -> None:
    event = open_of_ten(True)
    first = pairing_services.pair_next_round(event.pk, None)
    for game in first.games.all():  # the higher number loses every board: 1-4 → 1 wins
        numbers = cast(dict[int, int], dict(event.participants.values_list("player_id", "number")))
        key = "1" if numbers[game.white_id] < numbers[game.black_id] else "0"
        save_result(game.pk, key, game.version, None)
    pairing_services.pair_next_round(event.pk, None)
    # pairing scores by hand: 1, 2, 3 have 1 + 1 = 2; 4, 5, 6 and 7, 8 have 1; 9, 10 have 0
    boards = _boards(event, 2)
    top = [b for b in boards if set(b) <= {1, 2, 3}]
    bottom = [b for b in boards if set(b) <= {9, 10}]
    # three players at 2: two of them meet, the third floats down to the bracket of 1
    assert len(top) == 1 and bottom == [[9, 10]]
    middle = [b for b in boards if b not in top and b not in bottom]
    assert all(set(b) <= {1, 2, 3, 4, 5, 6, 7, 8} for b in middle)

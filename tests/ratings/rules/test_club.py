from datetime import date

import pytest

from ratings.rules import club
from ratings.rules.base import Archive, PlayerState, Status
from ratings.rules.club import KRule
from ratings.rules.elo import ExpectedMethod
from tests.ratings.rules.helpers import against

P = club.Params()


def test_a_rated_player_gains_k_times_the_surplus_by_the_logistic_formula() -> None:
    me = club.rate(against(PlayerState(rating=1800, games=100), [(2005, 0.5)]), P)["me"]
    # seed 001: 1800 against 2005, p(D) = 0.235, K = 20: 1800 + 20 × 0.265 = 1805.3
    assert me.k == 20
    assert me.rating_after == 1805.3


@pytest.mark.parametrize(
    ("state", "k"),
    [
        (PlayerState(rating=1500, games=29), 40),
        (PlayerState(rating=1500, games=30), 20),
        (PlayerState(rating=2399.9, games=30), 20),
        (PlayerState(rating=2400, games=30), 10),
    ],
)
def test_the_k_schedule_boundaries(state: PlayerState, k: int) -> None:
    assert P.k_for(state, date(2025, 1, 1)) == k


def test_a_schedule_row_can_match_on_age() -> None:
    params = club.Params(k_schedule=(KRule(30, under_age=16), KRule(15)))
    young = PlayerState(rating=1500, games=100, birth_date=date(2012, 1, 1))
    assert params.k_for(young, date(2025, 1, 1)) == 30
    assert params.k_for(young.replace(birth_date=date(2000, 1, 1)), date(2025, 1, 1)) == 15


def test_the_schedule_is_validated() -> None:
    with pytest.raises(ValueError, match="the last row must have no condition"):
        club.Params(k_schedule=(KRule(40, until_games=30),))
    with pytest.raises(ValueError, match="at least one row"):
        club.Params(k_schedule=())


def test_a_newcomer_is_rated_after_5_games_over_two_events() -> None:
    first = club.rate(against(PlayerState(), [(1500, 1), (1500, 0), (1500, 0.5)]), P)["me"]
    assert first.rating_after is None
    assert first.after.archive == Archive(games=3, opponents_sum=4500, score=1.5)
    second = club.rate(against(first.after, [(1700, 1), (1700, 1)]), P)["me"]
    # 5 games, Rc = 7900 / 5 = 1580, p = 3.5 / 5 = .70, D(.70) = 149: 1729
    assert (second.rating_after, second.after.status) == (1729, Status.RATED)


def test_equal_k_makes_a_zero_sum_exchange() -> None:
    batch = against(PlayerState(rating=1700, games=100), [(1650, 0.5), (1910, 1)])
    result = club.rate(batch, P)
    total = sum(r.rating_exact - r.before.rating for r in result.results.values())  # type: ignore[misc, operator]
    assert total == pytest.approx(0, abs=1e-9)


def test_the_table_method_can_be_chosen() -> None:
    params = club.Params(expected_method=ExpectedMethod.TABLE)
    me = club.rate(against(PlayerState(rating=1500, games=100), [(1600, 1)]), params)["me"]
    assert me.games[0].expected == 0.36


def test_rating_twice_gives_the_same_answer() -> None:
    batch = against(PlayerState(rating=1700, games=10), [(1650, 0.5), (1910, 1)])
    assert club.rate(batch, P) == club.rate(batch, P)

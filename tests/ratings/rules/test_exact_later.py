"""Exact performances owed by many batches and solved together (``common.ExactLater``, as
a replay rates): each figure is the one the batch alone gives, and it is what seed 002
defines, the rating at which the expected total against the opponents equals the
score."""

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from ratings.rules import club, frbe
from ratings.rules.base import Batch, BatchResult, PlayerState
from ratings.rules.common import ExactLater
from ratings.rules.elo import ExpectedMethod
from ratings.rules.performance import exact_performance
from tests.ratings.rules.helpers import against

ME = PlayerState(rating=1800, games=100)
# (opponents' ratings, my scores): a win over weaker players, a loss to stronger ones,
# 100 % and 0 % (no finite answer by formula; the table's edge), an unrated opponent.
EVENTS: list[list[tuple[float | None, float]]] = [
    [(1650, 1), (1720, 0.5), (1905, 0.5), (2010, 0)],
    [(2100, 0), (2200, 0.5), (1500, 1)],
    [(1700, 1), (1750, 1), (1600, 1)],
    [(2300, 0), (2250, 0)],
    [(None, 1), (1810, 0.5), (1790, 1), (1880, 0.5), (1640, 0)],
]
SYSTEMS: list[tuple[Callable[[Batch, Any], BatchResult], Any]] = [
    (club.rate, club.Params()),
    (club.rate, club.Params(expected_method=ExpectedMethod.TABLE)),
    (frbe.rate, frbe.Params()),
]


def rated(
    rate: Callable[[Batch, Any], BatchResult], params: Any, later: ExactLater | None
) -> list[BatchResult]:
    return [
        rate(dataclasses.replace(against(ME, games), exact_later=later), params) for games in EVENTS
    ]


@pytest.mark.parametrize(("rate", "params"), SYSTEMS)
def test_it_gives_each_batch_the_figures_it_gives_alone(
    rate: Callable[[Batch, Any], BatchResult], params: Any
) -> None:
    alone = rated(rate, params, None)
    later = ExactLater()
    together = rated(rate, params, later)
    assert together[0]["me"].performance_exact is None  # owed until solved
    later.solve()
    assert [r.results for r in together] == [r.results for r in alone]
    assert alone[0]["me"].performance_exact is not None


def test_a_solved_figure_makes_the_expected_total_equal_the_score() -> None:
    """Seed 002: the exact performance is the rating whose expected total against the
    opponents is the score. By hand, from the logistic formula: 0.01 below the figure the
    total falls short of the score, 0.01 above it reaches it."""
    later = ExactLater()
    results = rated(club.rate, club.Params(), later)
    later.solve()
    for games, result in zip(EVENTS, results, strict=True):
        me = result["me"]
        counted = [(r, s) for r, s in games if r is not None]
        opponents = [float(r) for r, _s in counted]
        score = sum(s for _r, s in counted)
        if score in (0, len(counted)):
            assert me.performance_exact is None  # no finite answer by the formula
            continue
        assert me.performance_exact is not None

        def total(x: float, opponents: list[float] = opponents) -> float:
            return sum(1 / (1 + 10 ** ((r - x) / 400)) for r in opponents)

        assert total(me.performance_exact - 0.01) < score < total(me.performance_exact + 0.01)
        assert me.performance_exact == exact_performance(opponents, score, ExpectedMethod.LOGISTIC)

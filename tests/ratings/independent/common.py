"""What the independent checks share: the hypothesis profile, the batch strategies and
the door into the engine (the calculator contract of the project brief, completed in
docs/ratings/README.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from ratings.calculator import calculate

from .texts import half_up, table_dp

# A fixed profile: the same 200 examples on every run, so CI is reproducible and fast.
CHECK = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)

SCORES = st.sampled_from([0, 0.5, 1])
RATINGS = st.integers(min_value=1000, max_value=2700)


def batches(
    opponents: st.SearchStrategy[Any] = RATINGS, min_size: int = 1, max_size: int = 12
) -> st.SearchStrategy[list[dict[str, Any]]]:
    """A list of games as the contract writes them: ``{"opponent": R, "score": s}``."""
    game = st.fixed_dictionaries({"opponent": opponents, "score": SCORES})
    return st.lists(game, min_size=min_size, max_size=max_size)


# An opponent's rating, now and then ``None`` (an unrated opponent).
RATED_OR_NOT: st.SearchStrategy[int | None] = st.one_of(RATINGS, RATINGS, RATINGS, st.none())


def engine(request: dict[str, Any]) -> dict[str, Any]:
    """The engine's answer, through the contract's first door."""
    return calculate(request)


def check_games(
    request: dict[str, Any],
    theirs: dict[str, Any],
    counted: list[bool],
    expected: list[float | None],
) -> None:
    """The contract's per-game lines: « one entry per request game, in order: `counted`
    false with a `note` when the rule leaves it out », each with its expected score; and
    « change: rating_after - rating_before »."""
    lines = theirs["games"]
    assert [line["counted"] for line in lines] == counted, (request, theirs)
    assert all(line["note"] for line in lines if not line["counted"]), (request, theirs)
    for line, mine in zip(lines, expected, strict=True):
        if mine is None:
            assert line["expected"] is None, (request, theirs)
        else:
            assert abs(line["expected"] - mine) < 1e-6, (request, theirs, expected)
    if theirs["rating_after"] is None or theirs["rating_before"] is None:
        assert theirs["change"] is None, (request, theirs)
    else:
        change = theirs["rating_after"] - theirs["rating_before"]
        assert abs(theirs["change"] - change) < 1e-6, (request, theirs)


def classical(games: list[dict[str, Any]], flags: list[bool] | None = None) -> int | None:
    """The contract's « performance.classical: average of the counted opponents + D(p) »,
    D read in the seed 000 table (seed 001: « Rp = Rc + D(p) ... Rp = 1 402 + 193 = 1 595 »),
    to the nearest whole number (seed 000: « 1450,5 arrondi à 1451 »). The counted games:
    ``flags`` where given, else every game against a rated opponent (the contract's
    ``status`` « `unrated` (same as `opponent: null` ...) » is not one)."""
    if flags is None:
        flags = [g["opponent"] is not None and g.get("status") != "unrated" for g in games]
    counted = [g for g, kept in zip(games, flags, strict=True) if kept]
    if not counted:
        return None
    average = Fraction(sum(g["opponent"] for g in counted), len(counted))
    score = sum((Fraction(g["score"]) for g in counted), Fraction(0))
    return half_up(average + table_dp(score / len(counted)))

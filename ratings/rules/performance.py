"""Performances: the rating a player's results against their opponents are worth.

The classical performance is the opponents' average plus D(p) (seed 001), with the "one
more draw" heuristic at 100 % and 0 % (seed 002); the exact performance is the rating at
which the expected total equals the score (seed 002), solved by bisection over numpy
arrays for many players at once, or by Newton's method for the normal distribution. The
expected scores and D(p) they read are :mod:`ratings.rules.elo`'s.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import accumulate
from statistics import NormalDist

import numpy as np

from .elo import (
    FIDE_EXPECTED_TABLE,
    NORMAL_SIGMA,
    ExpectedMethod,
    average,
    dp_formula,
    dp_table,
    expected_logistic,
    table_by_distance,
)

_STANDARD_NORMAL = NormalDist()

# Every numeric search stops after this many steps, whatever its input: halving a bracket
# 200 times takes any rating gap far below a hundredth, and a bracket whose floats are
# coarser than the precision asked (ratings from about 5e13) can no longer loop forever.
MAX_STEPS = 200


def classical_performance(
    opponents: Sequence[float],
    score: float,
    dp: str = "table",
    *,
    at_one: float = 800,
    at_zero: float = -800,
) -> float:
    """Average of the opponents + D(p) (seed 001: 1402 + D(0.75) = 1595).

    ``dp`` is ``"table"`` (FIDE table, ±``at_one``/``at_zero`` at 100 % and 0 %) or
    ``"formula"`` (logistic; 100 % and 0 % get the "one more draw against the average"
    heuristic of seed 002).
    """
    n = len(opponents)
    if n == 0:
        raise ValueError("a performance needs at least one game")
    rc = average(opponents)
    p = score / n
    if dp == "table":
        return rc + dp_table(p, at_one, at_zero)
    if p in (0, 1):
        return heuristic_performance(opponents, score)
    return rc + dp_formula(p)


def heuristic_performance(opponents: Sequence[float], score: float) -> float:
    """Seed 002: at 100 % or 0 %, add one draw against the opponents' average."""
    n = len(opponents)
    rc = average(opponents)
    return rc + dp_formula((score + 0.5) / (n + 1))


def exact_performance(
    opponents: Sequence[float],
    score: float,
    method: ExpectedMethod = ExpectedMethod.NORMAL,
    table: Sequence[tuple[int, int]] = FIDE_EXPECTED_TABLE,
    precision: float = 0.01,
) -> float | None:
    """The rating at which the expected total against ``opponents`` equals ``score``
    (seed 002), to ``precision``.

    At 100 % or 0 % the formulas have no finite answer: ``None``. The table reaches 1.00
    beyond a difference of 735, so there the answer is the lowest (highest at 0 %) rating
    that makes every expected score 1 (0): finite and exact.
    """
    n = len(opponents)
    if n == 0:
        raise ValueError("a performance needs at least one game")
    if not 0 <= score <= n:
        raise ValueError(f"a score of {score} is impossible in {n} games")

    return exact_performances([(opponents, score)], method, table, precision)[0]


def exact_performances(
    problems: Sequence[tuple[Sequence[float], float]],
    method: ExpectedMethod = ExpectedMethod.NORMAL,
    table: Sequence[tuple[int, int]] = FIDE_EXPECTED_TABLE,
    precision: float = 0.01,
) -> list[float | None]:
    """:func:`exact_performance` of many (opponents, score) at once: the table and the
    logistic formula are solved together over numpy arrays, which a batch of thousands of
    players needs; the normal distribution one by one."""
    table = tuple(table)
    top_band = table[-1][0] + 1
    answers: list[float | None] = [None] * len(problems)
    open_problems = []
    for index, (opponents, score) in enumerate(problems):
        n = len(opponents)
        if n == 0:
            raise ValueError("a performance needs at least one game")
        if not 0 <= score <= n:
            raise ValueError(f"a score of {score} is impossible in {n} games")
        if score in (0, n):
            if method is ExpectedMethod.TABLE:
                edge = max(opponents) + top_band if score == n else min(opponents) - top_band
                answers[index] = edge
        elif method is ExpectedMethod.NORMAL:
            answers[index] = _formula_performance(opponents, score, method, precision)
        else:
            open_problems.append(index)
    if open_problems:
        solved = _bisect_all([problems[i] for i in open_problems], method, table, precision)
        for index, value in zip(open_problems, solved, strict=True):
            answers[index] = value
    return answers


def _bisect_all(
    problems: Sequence[tuple[Sequence[float], float]],
    method: ExpectedMethod,
    table: tuple[tuple[int, int], ...],
    precision: float,
) -> list[float]:
    """Bisection for every problem at once. With the table, totals are whole hundredths
    and the answer is the lowest rating (up to the hundredth) that reaches the score."""
    counts = [len(opponents) for opponents, _score in problems]
    owner = np.repeat(np.arange(len(problems)), counts)
    ratings = np.array([r for opponents, _s in problems for r in opponents], dtype=np.float64)
    starts = list(accumulate(counts, initial=0))[:-1]  # where each problem's games begin
    lows = np.minimum.reduceat(ratings, starts)
    highs = np.maximum.reduceat(ratings, starts)
    if method is ExpectedMethod.TABLE:
        by_distance = np.array([*table_by_distance(table), 100])  # the last: every distance past
        last = len(by_distance) - 1
        target = np.array([round(s * 100) for _o, s in problems], dtype=np.float64)
        margin, stop = float(table[-1][0] + 2), precision
    else:
        target = np.array([s for _o, s in problems], dtype=np.float64)
        margin, stop = 2000.0, precision / 2
    low, high = lows - margin, highs + margin
    for _step in range(MAX_STEPS):
        active = high - low > stop
        if not active.any():
            break
        mid = (low + high) / 2
        diff = mid[owner] - ratings
        if method is ExpectedMethod.TABLE:
            distance = np.floor(np.abs(np.round(diff, 9)) + 0.5).astype(np.intp)
            higher = by_distance[np.minimum(distance, last)]
            values = np.where(diff >= 0, higher, 100 - higher)
        else:
            values = 1 / (1 + 10 ** (diff / -400))  # -diff / 400, one operation less
        reached = np.bincount(owner, weights=values, minlength=len(problems)) >= target
        moved_high = active & reached
        high = np.where(moved_high, mid, high)
        low = np.where(active ^ moved_high, mid, low)  # active and not reached
    if method is ExpectedMethod.TABLE:
        return [math.ceil(round(float(h) * 100, 6)) / 100 for h in high]
    return [round(float(x), 2) for x in (low + high) / 2]


def _formula_performance(
    opponents: Sequence[float], score: float, method: ExpectedMethod, precision: float
) -> float:
    """Newton's method on the expected total, kept inside a bisection bracket."""
    ln10 = math.log(10) / 400

    def total_and_slope(x: float) -> tuple[float, float]:
        total = slope = 0.0
        for r in opponents:
            if method is ExpectedMethod.NORMAL:
                z = (x - r) / NORMAL_SIGMA
                total += _STANDARD_NORMAL.cdf(z)
                slope += _STANDARD_NORMAL.pdf(z) / NORMAL_SIGMA
            else:
                e = expected_logistic(x - r)
                total += e
                slope += ln10 * e * (1 - e)
        return total, slope

    low, high = min(opponents) - 2000.0, max(opponents) + 2000.0
    x = average(opponents)
    for _step in range(MAX_STEPS):
        total, slope = total_and_slope(x)
        if total < score:
            low = x
        else:
            high = x
        step = (score - total) / slope if slope > 0 else 0.0
        candidate = x + step
        if not low < candidate < high or slope == 0:
            candidate = (low + high) / 2
        if abs(candidate - x) < precision / 10 or high - low < precision / 10:
            x = candidate
            break
        x = candidate
    return round(x, _decimals(precision))


def _decimals(precision: float) -> int:
    """The decimals an answer to ``precision`` is given with: 2 for 0.01, 6 for 1e-6."""
    return max(0, math.ceil(-math.log10(precision)))

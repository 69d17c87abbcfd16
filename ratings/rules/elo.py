"""Elo mathematics shared by every system: expected scores, D(p), caps, rounding, sums.

Sources: the tables of seeds 000 (Wavre club page) and 004 (FQE), Elo's formulas of seed
001, the normal-distribution ("exact") method of seed 002. Performances, classical and
exact, are :mod:`ratings.rules.performance`'s.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from functools import lru_cache
from statistics import NormalDist

# Expected score of the higher-rated player by rating-difference band, in hundredths:
# (highest difference of the band, expected score). Seed 000: "0-3 .50 ... 620-735 .99,
# over 735 1.0". Differences are whole numbers of Elo points.
FIDE_EXPECTED_TABLE: tuple[tuple[int, int], ...] = (
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
)

# D(p) by percentage in hundredths, p = 0.01 .. 0.99 (seeds 000, 001 and 003 print it).
# p = 1.00 and p = 0.00 have no value in the table: each system says what to use.
DP_TABLE: tuple[int, ...] = (
    -677,
    -589,
    -538,
    -501,
    -470,
    -444,
    -422,
    -401,
    -383,
    -366,  # .01 - .10
    -351,
    -336,
    -322,
    -309,
    -296,
    -284,
    -273,
    -262,
    -251,
    -240,  # .11 - .20
    -230,
    -220,
    -211,
    -202,
    -193,
    -184,
    -175,
    -166,
    -158,
    -149,  # .21 - .30
    -141,
    -133,
    -125,
    -117,
    -110,
    -102,
    -95,
    -87,
    -80,
    -72,  # .31 - .40
    -65,
    -57,
    -50,
    -43,
    -36,
    -29,
    -21,
    -14,
    -7,
    0,  # .41 - .50
    7,
    14,
    21,
    29,
    36,
    43,
    50,
    57,
    65,
    72,  # .51 - .60
    80,
    87,
    95,
    102,
    110,
    117,
    125,
    133,
    141,
    149,  # .61 - .70
    158,
    166,
    175,
    184,
    193,
    202,
    211,
    220,
    230,
    240,  # .71 - .80
    251,
    262,
    273,
    284,
    296,
    309,
    322,
    336,
    351,
    366,  # .81 - .90
    383,
    401,
    422,
    444,
    470,
    501,
    538,
    589,
    677,  # .91 - .99
)

# Elo's original model: the difference of two players' performances is normal with
# standard deviation 200·√2 (seed 002, the "exact" method).
NORMAL_SIGMA = 200 * math.sqrt(2)
_STANDARD_NORMAL = NormalDist()


class ExpectedMethod(StrEnum):
    LOGISTIC = "logistic"  # 1 / (1 + 10^(-D/400)), seed 001
    NORMAL = "normal"  # Φ(D / (200·√2)), seed 002
    TABLE = "table"  # the FIDE table by difference bands, seeds 000 and 004


class Rounding(StrEnum):
    HALF_UP = "half_up"  # 1450.5 -> 1451, -0.5 -> 0
    HALF_AWAY = "half_away"  # 0.5 -> 1, -0.5 -> -1
    TEN_HALF_UP = "ten_half_up"  # nearest ten, 5 goes up: 1645 -> 1650
    NONE = "none"


def _clean(x: float) -> float:
    """Drop the binary noise under 1e-9 so that 1450.4999999999998 counts as 1450.5."""
    return round(x, 9)


def round_half_up(x: float, step: float = 1) -> float:
    units = math.floor(round(x / step, 9) + 0.5)  # _clean, inlined: a replay calls it often
    return units * step


def round_half_away(x: float, step: float = 1) -> float:
    units = math.floor(abs(_clean(x / step)) + 0.5)
    return math.copysign(units * step, x) if units else 0.0


def round_decimals(x: float, decimals: int) -> float:
    """Half up to ``decimals`` places: 1507.65 -> 1507.7 with one decimal."""
    return round(round_half_up(x, 10**-decimals), decimals)


def apply_rounding(x: float, mode: Rounding) -> float:
    if mode is Rounding.HALF_UP:
        return round_half_up(x)
    if mode is Rounding.HALF_AWAY:
        return round_half_away(x)
    if mode is Rounding.TEN_HALF_UP:
        return round_half_up(x, 10)
    return x


def cap_difference(diff: float, cap: float | None) -> float:
    """Bring a rating difference back within ±cap (no cap when ``cap`` is None)."""
    if cap is None:
        return diff
    return max(-cap, min(cap, diff))


def expected_logistic(diff: float) -> float:
    return 1 / (1 + 10 ** (-diff / 400))


def expected_normal(diff: float, sigma: float = NORMAL_SIGMA) -> float:
    return _STANDARD_NORMAL.cdf(diff / sigma)


TABLE_MAX_DIFFERENCE = 3500  # no two ratings are further apart


def check_table(table: Sequence[tuple[int, int]]) -> None:
    """A table of bands: differences rising, expected scores rising from 50 to 99."""
    if not table:
        raise ValueError("expected_table needs at least one band")
    edges = [edge for edge, _p in table]
    scores = [p for _edge, p in table]
    if edges != sorted(set(edges)) or edges[0] < 0 or edges[-1] > TABLE_MAX_DIFFERENCE:
        raise ValueError(
            "expected_table: the bands' differences must rise, from 0 to at most "
            f"{TABLE_MAX_DIFFERENCE}"
        )
    if scores != sorted(scores) or scores[0] < 50 or scores[-1] > 99:
        raise ValueError("expected_table: the expected scores must rise from 50 to 99")


@lru_cache(maxsize=16)
def _bands(table: tuple[tuple[int, int], ...]) -> tuple[list[int], list[int]]:
    """The table's band edges and, per band, the higher player's hundredths (100 past it)."""
    return [high for high, _p in table], [p for _high, p in table] + [100]


@lru_cache(maxsize=16)
def table_by_distance(table: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The higher player's hundredths for every whole difference up to the last band's
    edge (past it: 100), read once per table rather than searched once per game."""
    edges, hundredths = _bands(table)
    return tuple(hundredths[bisect_left(edges, d)] for d in range(edges[-1] + 1))


def expected_hundredths(diff: float, table: tuple[tuple[int, int], ...]) -> int:
    """The table's expected score in hundredths: exact integers, for exact sums."""
    return _read_hundredths(diff, table_by_distance(table))


def _read_hundredths(diff: float, by_distance: tuple[int, ...]) -> int:
    """:func:`expected_hundredths` from the table read by distance (:func:`table_by_distance`)."""
    distance = math.floor(abs(round(diff, 9)) + 0.5)
    higher = by_distance[distance] if distance < len(by_distance) else 100
    return higher if diff >= 0 else 100 - higher


def expected_table(diff: float, table: Sequence[tuple[int, int]] = FIDE_EXPECTED_TABLE) -> float:
    """The table's expected score for a player ``diff`` points above (below if negative)
    the opponent; the difference is first rounded to a whole number, half up."""
    return expected_hundredths(diff, tuple(table)) / 100


def expected(
    diff: float,
    method: ExpectedMethod = ExpectedMethod.LOGISTIC,
    table: Sequence[tuple[int, int]] = FIDE_EXPECTED_TABLE,
) -> float:
    """Expected score of a player rated ``diff`` points above the opponent."""
    if method is ExpectedMethod.TABLE:
        return expected_table(diff, table)
    if method is ExpectedMethod.NORMAL:
        return expected_normal(diff)
    return expected_logistic(diff)


_KNOWN_DIFFERENCES = 100_000  # an expectation's memory of differences: a few MiB at most


def expectation(
    method: ExpectedMethod = ExpectedMethod.LOGISTIC,
    table: Sequence[tuple[int, int]] = FIDE_EXPECTED_TABLE,
) -> Callable[[float], float]:
    """:func:`expected` with its method and table fixed: the function a batch calls once
    per game, without choosing the method again each time."""
    if method is ExpectedMethod.TABLE:
        by_distance = table_by_distance(tuple(table))  # read once, not once per game
        # Ratings are mostly whole numbers: the same differences come back game after
        # game, and a dictionary answers faster than the rounding and the reading.
        known: dict[float, float] = {}

        def read_table(diff: float) -> float:
            value = known.get(diff)
            if value is None:
                value = _read_hundredths(diff, by_distance) / 100
                if len(known) < _KNOWN_DIFFERENCES:
                    known[diff] = value
            return value

        return read_table
    if method is ExpectedMethod.NORMAL:
        return expected_normal
    return expected_logistic


def dp_table(p: float, at_one: float = 800, at_zero: float = -800) -> float:
    """D(p) read from the table, ``p`` rounded to two decimals (half up).

    The table has no value at 1.00 and 0.00; FIDE uses ±800 (seed 001).
    """
    hundredths = int(round_half_up(p * 100))
    if not 0 <= hundredths <= 100:
        raise ValueError(f"a percentage is between 0 and 1, not {p}")
    if hundredths == 100:
        return at_one
    if hundredths == 0:
        return at_zero
    return float(DP_TABLE[hundredths - 1])


def dp_formula(p: float, method: ExpectedMethod = ExpectedMethod.LOGISTIC) -> float:
    """D(p) by the inverse of the expected-score formula, for 0 < p < 1."""
    if not 0 < p < 1:
        raise ValueError(f"D(p) by formula needs 0 < p < 1, not {p}")
    if method is ExpectedMethod.NORMAL:
        return _STANDARD_NORMAL.inv_cdf(p) * NORMAL_SIGMA
    return 400 * math.log10(p / (1 - p))


def dp_bounded(p: float, bound: float = 470, low: float = 0.05, high: float = 0.95) -> float:
    """D(p) by the logistic formula, held at ±``bound`` beyond ``low``/``high`` (seed 003:
    "les primes sont bornées à +/- 470 si P > 0,95 ou P < 0,05")."""
    if p > high:
        return bound
    if p < low:
        return -bound
    return dp_formula(p)


def total(values: Iterable[float]) -> float:
    """An exact sum, rid of binary noise: the table's .36 + .64 + .70 + .15 is 1.85."""
    return round(math.fsum(values), 12)


def average(values: Sequence[float]) -> float:
    if not values:
        raise ValueError("an average needs at least one value")
    return math.fsum(values) / len(values)


def expected_total(
    rating: float,
    opponents: Sequence[float],
    method: ExpectedMethod = ExpectedMethod.LOGISTIC,
    table: Sequence[tuple[int, int]] = FIDE_EXPECTED_TABLE,
    cap: float | None = None,
) -> float:
    return math.fsum(expected(cap_difference(rating - r, cap), method, table) for r in opponents)


def band_edges(table: Sequence[tuple[int, int]] = FIDE_EXPECTED_TABLE) -> list[int]:
    """The highest difference of each band (for tests of the edges)."""
    return [high for high, _ in table]

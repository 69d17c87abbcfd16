"""The tables and small formulas the rule texts print, transcribed from the seeds.

Nothing here calls ``ratings``: these are the references the engine is checked against.
Every number is copied from the seed named beside it (``/work/shared/seeds/``).
"""

from __future__ import annotations

import math
from fractions import Fraction

# Seed 000 (000_a562ae3ec984966f.txt), « En pratique, on utilise des tables telles que la
# suivante » : « Sous la colonne H on trouve la probabilité de gain pour le mieux classé,
# et sous la colonne L la probabilité de gain pour le moins bien classé. »
#   0-3 .50 .50 | 4-10 .51 .49 | ... | 560-619 .98 .02 | 620-735 .99 .01 | over 735 1.0 .00
# The upper bound of each band, in order; band i gives H = 0.50 + i/100.
SEED_000_BANDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip

# Seed 004 (004_dac8c27544822231.txt), the FQE table: the same bands, except its last two
# rows « 620--734  99  1 » and « 735 et plus  100  0 ».
SEED_004_BANDS = (*SEED_000_BANDS[:-1], 734)

# Seed 000, « En pratique on utilise une table » (the D(p) table, p from .99 to .51; the
# table is antisymmetric: .49 -7, ..., .01 -677). Seed 003 prints the same table.
SEED_000_DP = {
    99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401, 91: 383,
    90: 366, 89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284, 83: 273, 82: 262,
    81: 251, 80: 240, 79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184, 73: 175,
    72: 166, 71: 158, 70: 149, 69: 141, 68: 133, 67: 125, 66: 117, 65: 110, 64: 102,
    63: 95, 62: 87, 61: 80, 60: 72, 59: 65, 58: 57, 57: 50, 56: 43, 55: 36, 54: 29,
    53: 21, 52: 14, 51: 7, 50: 0,
}  # fmt: skip


def half_up(x: Fraction | float) -> int:
    """Nearest whole number, a half going up (seed 000: « 1450,5 arrondi à 1451 »)."""
    return math.floor(Fraction(x) + Fraction(1, 2))


def half_away(x: Fraction) -> int:
    """Nearest whole number, a half going away from zero."""
    return half_up(x) if x >= 0 else -half_up(-x)


def table_expected(difference: int, bands: tuple[int, ...] = SEED_000_BANDS) -> Fraction:
    """The table's probability for the player ``difference`` points above his opponent
    (negative: below): the H column for the better rated, the L column (1 - H) for the
    other."""
    gap = abs(difference)
    h = Fraction(100, 100)
    for index, upper in enumerate(bands):
        if gap <= upper:
            h = Fraction(50 + index, 100)
            break
    return h if difference >= 0 else 1 - h


def percent(p: Fraction) -> int:
    """p in hundredths, to the nearest hundredth, a half going up (seed 000: P = 0,375,
    « en se référant à la table précédente : D(0.38) = -87 »)."""
    return half_up(p * 100)


def table_dp(p: Fraction, at_extremes: int = 800) -> int:
    """D(p) read in the seed 000 table at p rounded to the hundredth. The table leaves
    1.0 and .00 blank; seed 001 (« Extrait de la table FIDE ») prints 1,00 + 800 and
    0,00 − 800, « les valeurs de 800 et - 800 pour p=1 ou 0 sont arbitraires »."""
    hundredths = percent(p)
    if hundredths >= 100:
        return at_extremes
    if hundredths <= 0:
        return -at_extremes
    if hundredths >= 50:
        return SEED_000_DP[hundredths]
    return -SEED_000_DP[100 - hundredths]


def logistic(difference: float) -> float:
    """Seed 001: « p(D) = 1 / (1 + 10^(-D/400)) »."""
    return 1 / (1 + 10 ** (-difference / 400))

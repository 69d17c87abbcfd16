"""The tables and small formulas the rule texts print, transcribed from the seeds.

Nothing here calls ``ratings``: these are the references the engine is checked against.
Every number is copied from the seed named beside it (the project brief's source
documents, listed in docs/ratings/README.md).
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


# Issue #26: the texts read for the rules per event, per player's past and over the years,
# each with where it was read. The modules quote them again beside the code they decide.
RULE_TEXTS = {
    "FIDE Handbook B.02 of 2003, 6.1 (arbitri.lombardiascacchi.com, B0206)": (
        "If an unrated player scores zero or half in an event, his score and that of his "
        "opponents against him are disregarded. (GA 2003)"
    ),
    "FIDE Handbook B.02 of 2003, 6.42": (
        "For unrated players, results are only counted if the player meets at least three "
        "rated opponents in the event."
    ),
    "FIDE Handbook B.02, 9.14b (arbitri.lombardiascacchi.com, B0209)": (
        "If based on results obtained under 6.4., a minimum of 9 games played against rated "
        "opponents."
    ),
    "FIDE Rating Regulations amended to 2008, 0.6 (docsbay.net)": (
        "Rating floor referred to in the following text is the minimum rating to be "
        "published, after 1.7.2009 the floor will be 1200."
    ),
    "FIDE, Changes to Title and Rating Regulations effective from July 1st 2009": (
        "In the Swiss tournaments, the rating of a previously unrated player is calculated, "
        "if the player plays against at least three rated opponents, scores at least 1 "
        "point against the rated opponents"
    ),
    "FFE, Laurent Vérat to the leagues, 27 June 2014 (lmpe.echecs-occitanie.fr)": (
        "5 parties suffisent (au lieu de 9), et la notion de « tranche Elo » disparaît : "
        "toute partie compatible peut être comptabilisée, sous réserve que le joueur ait "
        "récolté au moins ½ point dans le tournoi contre les classés (au lieu de 1 point). "
        "[...] Tous les jeunes, nouveaux entrants ou pas, bénéficient de k=40 jusqu'au jour "
        "de leur 18e anniversaire, ou jusqu'à ce qu'ils atteignent 2300 Elo."
    ),
    "FIDE Rating Regulations of July 2014, 7.14 (kinabaluchess.com)": (
        "The rating is at least 1000. The rating is calculated using all his results as if "
        "they were played in one tournament (it is not published until he has played at "
        "least 5 games) by using all the rating data available."
    ),
    "FIDE Rating Regulations of July 2014, 8.56 (chessxpose.blogspot.com, samara-chess.ru)": (
        "K = 10 once a player's published rating has reached 2400 and remains at that level "
        "subsequently, even if the rating drops below 2400. K = 40 for all players until "
        "their 18th birthday, as long as their rating remains under 2300."
    ),
    "FIDE Rating Regulations of January 2022, 8.2.1 (docs/ratings/fide.md)": (
        "If an unrated player scores zero in their first event this score is disregarded. "
        "Otherwise, their rating is calculated using all their results as in 7.1.4."
    ),
    "FIDE Rating Regulations of January 2022, 8.3.1 (scalachess Elo.scala, quoting B022022)": (
        "In any tournament, a player may benefit from only one upgrade under this rule, for "
        "the game in which the rating difference is greatest."
    ),
    "FIDE Rating Regulations of January 2022, 8.3.3 (docs/ratings/fide.md)": (
        "K = 40 for all players until the end of the year of their 18th birthday, as long as "
        "their rating remains under 2300"
    ),
    "FIDE Qualification Commission, 1 March 2024 (qc.fide.com)": (
        "the limitation of the 400-points rule to once per event has been abolished"
    ),
    "swisschess.ch, forum Fragen & Antworten": (
        "Nach 7 wertbaren Partien werden diese Spieler in die Führungsliste aufgenommen."
    ),
    "KBSB, Wedstrijdreglement, art. 10.a (cropr/kbsbmgr, tournament-rules.md)": (
        "Elke aangesloten speler die 20 partijen betwistte met geklasseerde spelers, krijgt "
        "een quotering"
    ),
    "KBSB, Wedstrijdreglement, art. 10.e": (
        "Deze voorlopige quotering is van toepassing zolang een speler geen twintig partijen "
        "gespeeld heeft tegen gequoteerde tegenstrevers."
    ),
    "KBSB rating officer, proposal of 2 September 2023 (cropr/kbsb_ui)": (
        "Zodra NC-spelers geklasseerd worden, nemen we hun partijen van het afgelopen "
        "kwartaal immers mee in rekening bij de klassering van hun tegenstanders. Dit is op "
        "zich geen wijziging"
    ),
}

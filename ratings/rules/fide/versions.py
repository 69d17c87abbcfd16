"""FIDE's regulation in dated versions, from the first list of 1971 to the amendment of
October 2025 (sources and quotes in docs/ratings/fide.md), and the one-time adjustment of
March 2024 that is part of the history.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from .. import elo
from ..parameters import Version
from .params import MONTHS, Params

# The regulation's dated versions (sources and quotes in docs/ratings/fide.md). Each
# version is the one before with what changed on its day.
_YEARLY = ("01-01",)
_HALF_YEARLY = ("01-01", "07-01")
_QUARTERLY = ("01-01", "04-01", "07-01", "10-01")
_TWO_MONTHLY = ("01-01", "03-01", "05-01", "07-01", "09-01", "11-01")
_ELO_1970 = Params(
    periods=_YEARLY,
    k_new=25,
    k_default=15,
    junior_below=0,  # no junior rule before July 2014
    k_games_limit=None,
    difference_cap=350,
    rating_floor=2200,
    first_rating_rule="2009",
    first_rating_games=9,
    first_rating_min=2200,
    closing_days=0,
    first_rating_event_points=0,  # no condition per event read before 2004
    first_rating_event_once=False,
    first_rating_pooled=False,  # seed 001: « la moyenne pondérée des Ru de chaque tournoi »
    # No text before 2024 on halves was found; FIDE's list of March 2010 published Anand's
    # −3.5 at Corus 2010 as −3 (2790 → 2787): halves up (docs/ratings/fide.md).
    change_rounding=elo.Rounding.HALF_UP,
)
_TWICE_1981 = replace(_ELO_1970, periods=_HALF_YEARLY)
_FLOOR_1993 = replace(_TWICE_1981, rating_floor=1801, first_rating_min=1801)
_QUARTERLY_2000 = replace(_FLOOR_1993, periods=_QUARTERLY)
# Handbook B.02, 6.1 (GA 2003): « If an unrated player scores zero or half in an event, his
# score and that of his opponents against him are disregarded »; 6.42: « For unrated
# players, results are only counted if the player meets at least three rated opponents in
# the event ». In force on 1 July 2004 (0.11: changes « come into effect on 1st July of the
# year following the decision by the General Assembly »).
_JULY_2004 = replace(_QUARTERLY_2000, first_rating_event_opponents=3, first_rating_event_points=1)
# FIDE, changes effective from 1 July 2009: « the rating of a previously unrated player is
# calculated, if the player plays against at least three rated opponents, scores at least
# 1 point against the rated opponents »; still 9 games (5 only from July 2014).
_JULY_2009 = replace(
    _JULY_2004,
    periods=_TWO_MONTHLY,
    difference_cap=400,
    rating_floor=1200,
    first_rating_min=1200,
    closing_days=7,
)
# July 2011 (8.21, as US Chess's forum read it): « This regulation change will allow a
# player, after they have gained their initial 3 game performance, to pick up additional
# games one at a time instead of in a minimum of 3 game clumps. »
_JULY_2011 = replace(_JULY_2009, k_new=30, first_rating_event_once=True)
# Seed 001: a first rating is published « si toutefois celle-ci dépasse 1000 (seuil
# plancher) »: a whole rating of 1001 or more.
_JULY_2012 = replace(
    _JULY_2011, periods=MONTHS, rating_floor=1000, first_rating_min=1001, closing_days=3
)
# 7.14: « a minimum of 5 games » ... « The rating is at least 1000. » The FFE's letter of
# 27 June 2014: « la notion de « tranche Elo » disparaît : toute partie compatible peut être
# comptabilisée, sous réserve que le joueur ait récolté au moins ½ point dans le tournoi
# contre les classés (au lieu de 1 point) »: no more three opponents; half a point in the
# first event that counts (the 2022 text, 8.2.1: « If an unrated player scores zero in their
# first event this score is disregarded. Otherwise, their rating is calculated using all
# their results »). These are the defaults (first_rating_event_*). 7.14 (kinabaluchess.com):
# « The rating is calculated using all his results as if they were played in one
# tournament » (first_rating_pooled, the default).
_JULY_2014 = Params(
    change_rounding=elo.Rounding.HALF_UP,  # as before: the 2014-2022 text was not found
    rating_floor=1000,
    first_rating_rule="2009",
    first_rating_min=1000,
    junior_until="birthday",  # 8.56: « until their 18th birthday »
)
# The 2022 text (8.3.3): « until the end of the year of their 18th birthday ». The text
# of 1 July 2017 was not found: the change is dated to that revision, the first after 2014
# (docs/ratings/fide.md).
_JULY_2017 = replace(_JULY_2014, junior_until="year_end")
# The 2022 regulation, 8.3.1: the 400-point rule benefits a player in one game per event.
_JANUARY_2022 = replace(_JULY_2017, cap_once_per_event=True)
# 8.3.4 (2024): « 0.5 is rounded away from zero » (December 2025: −2.5 published −3).
_MARCH_2024 = Params()
_OCTOBER_2025 = Params(uncapped_from=2650)

VERSIONS = (
    Version(date(1970, 1, 1), _ELO_1970, "1971–1980: one list a year, K 25/15/10, cap 350"),
    Version(date(1981, 1, 1), _TWICE_1981, "1981: two lists a year (January, July)"),
    Version(date(1993, 1, 1), _FLOOR_1993, "1993: floor lowered from 2200 (1801 in 2002)"),
    Version(date(2000, 7, 1), _QUARTERLY_2000, "July 2000: four lists a year (GA 1999)"),
    Version(date(2004, 7, 1), _JULY_2004, "July 2004: an event counts with 3 rated, 1 point"),
    Version(date(2009, 7, 1), _JULY_2009, "July 2009: lists every two months, cap 400, floor 1200"),
    Version(date(2011, 7, 1), _JULY_2011, "July 2011: K 30 for new players"),
    Version(date(2012, 7, 1), _JULY_2012, "July 2012: monthly lists, floor 1000"),
    Version(date(2014, 7, 1), _JULY_2014, "July 2014: K 40/20/10, juniors 40, K × games ≤ 700"),
    Version(date(2017, 7, 1), _JULY_2017, "July 2017: juniors to the end of the year of 18"),
    Version(date(2022, 1, 1), _JANUARY_2022, "January 2022: the 400 rule once per event"),
    Version(
        date(2024, 3, 1),
        _MARCH_2024,
        "March 2024: new first rating, floor 1400, halves rounded away from zero",
    ),
    Version(date(2025, 10, 1), _OCTOBER_2025, "October 2025: no cap from 2650"),
)


def adjustment_2024(rating: float, params: Params) -> float:
    """March 2024: R + 0.4 × (2000 − R) under 2000, rounded half up (1500 → 1700)."""
    if rating >= params.adjustment_threshold:
        return rating
    raised = rating + params.adjustment_factor * (params.adjustment_threshold - rating)
    return elo.round_half_up(raised)

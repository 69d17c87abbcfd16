"""FIDE: the international rating (seed 001, FIDE's Rating Regulations effective
1 March 2024 with the amendment of 1 October 2025, and the older regulations as dated
versions: see docs/ratings/fide.md for each with its source).

- Rating periods: one list a year to 1980, two from 1981, four from July 2000, six from
  July 2009, monthly since July 2012. An event belongs to the first list whose closing date
  (``closing_days`` before the list: 7 from July 2009, 3 since July 2012) it ends by.
- Every game of the period against a rated opponent counts, at the ratings of the start of
  the period: Rn = Ro + round(Σ K (W − We)), the change rounded half away from zero.
- We from the FIDE table (seed 000); the difference capped at 400 (350 before July 2009),
  and since October 2025 not capped for a player rated 2650 or more.
- K since July 2014: 40 for a player's first 30 games, and for juniors (to their 18th
  birthday; from July 2017 to the end of the year they turn 18) whose rating has never
  reached 2300; 20 under 2400; 10 once 2400 has been reached, for
  good; when K × (games of the period) exceeds 700, K is the largest whole number within
  it. Before: 25 (30 from July 2011) for new players, 15 under 2400, 10 from 2400.
- First rating, before March 2024 (seed 001): Ru = Rc + D(p) below 50 %, Rc + 20 per half
  point above 50 %; to June 2014 the games-weighted average of each tournament's Ru (seed
  001), from July 2014 one calculation on all the counted games « as if they were played
  in one tournament » (2014, 7.14); published once 5 games (9 before July 2014) against
  rated players are played and at the floor or more
  (more than 1000 from July 2012, at least 1000 from July 2014). An event counts only with
  three rated opponents and a point against them (from July 2004; from July 2011 only
  until one event has counted); from July 2014 an event counts once the player has half a
  point in it, or an earlier event has counted (a zero in the first event is disregarded).
  From March 2024: all games so far against rated players plus two hypothetical draws
  against 1800-rated opponents, Ru = Ra + D(p); at least 5 games; a zero score in the
  first event is disregarded; published only at 1400 or more, and at most 2200.
- A rating that drops below the floor (1400 since March 2024; 1000, 1200, 1801, 2200
  before) is not published: the player is unrated on the next list and thereafter treated
  as an unrated player (2024 regulations 7.2.1).
- The one-time adjustment of March 2024 (+0.4 × (2000 − R) under 2000) is
  :func:`adjustment_2024`, part of the default history as a batch of its own
  (``adjustment_applied``).

The period is rated over numpy arrays (:func:`rate_arrays`), which is what makes a
million games a second possible; :func:`rate` builds the readable breakdown from the same
arrays.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from datetime import date

import numpy as np

from . import elo
from .base import (
    N_,
    Archive,
    Batch,
    BatchResult,
    Bounds,
    Game,
    GameLine,
    Note,
    PlayerId,
    PlayerResult,
    PlayerState,
    Status,
    Version,
    check_ranges,
    note,
    param,
)
from .common import unique_notes

KEY = "fide"
NAME = N_("FIDE")
ROLE = "fide"
# the label of the federation's published one-off adjustment, as a history shows it
ADJUSTMENT_LABEL: str | None = N_("FIDE: one-time adjustment of 1 March 2024")
BOUNDS = Bounds()  # the inputs it accepts: ratings 0-3500 (see Bounds)
MONTHS = tuple(f"{month:02d}-01" for month in range(1, 13))
JUNIOR_UNTIL = ("birthday", "year_end")  # the junior's age boundary (``Params.junior_until``)


@dataclass(frozen=True)
class Params:
    k: float | None = param(
        None,
        "Fixed K",
        N_(
            "A K for every player instead of the rules below (the calculator's 'what if'); the "
            "700 limit still applies. Empty: the regulation's K."
        ),
        min=1,
        max=100,
    )
    difference_cap: float = param(
        400,
        "Rating-difference cap",
        N_(
            "Rating Regulations 8.3.1: a difference of more than 400 points counts as 400 "
            "(350 before July 2009)."
        ),
        unit=N_("Elo"),
        min=0,
        max=1000,
    )
    uncapped_from: float | None = param(
        None,
        "No cap from rating",
        N_(
            "Amendment of 1 October 2025: no cap for a player rated 2650 or more. Empty: the "
            "cap applies to everyone."
        ),
        unit=N_("Elo"),
        min=0,
        max=3500,
    )
    k_new: float = param(
        40, "K for new players", N_("K = 40 until 30 games are completed."), min=1, max=100
    )
    new_games: int = param(
        30, "Games of a new player", N_("K = 40 until 30 games."), min=0, max=1000
    )
    k_junior: float = param(
        40, "K for juniors", N_("K = 40 for juniors rated under 2300."), unit="", min=0, max=100
    )
    junior_age: int = param(
        18,
        "Junior age",
        N_("Juniors: until the end of the year of their 18th birthday."),
        unit=N_("years"),
        min=0,
        max=30,
    )
    junior_until: str = param(
        "year_end",
        "Juniors until",
        N_(
            "'year_end': « until the end of the year of their 18th birthday » (2022 and 2024 "
            "regulations, 8.3.3); 'birthday': « until their 18th birthday » (regulations of "
            "1 July 2014, 8.56)."
        ),
    )
    junior_below: float = param(
        2300,
        "Junior K below",
        N_(
            "« as long as their rating remains under 2300 »: K 40 while the highest rating the "
            "junior has reached is under 2300; once 2300 is reached, K 20 even if the rating "
            "falls back."
        ),
        min=0,
        max=3500,
    )
    k_default: float = param(
        20, "K below 2400", N_("K = 20 as long as the rating is under 2400."), min=1, max=100
    )
    k_top: float = param(
        10, "K from 2400", N_("K = 10 once 2400 has been reached, for good."), min=1, max=100
    )
    top_threshold: float = param(
        2400, "Rating for K 10", N_("Once reached, K stays 10."), min=0, max=3500
    )
    k_games_limit: float | None = param(
        700,
        "K × games limit",
        N_(
            "Since July 2014: if K × games of the period exceeds 700, K is the largest whole "
            "number within it. Empty: no limit (before July 2014)."
        ),
        min=1,
        max=10000,
    )
    rating_floor: float = param(
        1400,
        "Rating floor",
        N_(
            "The lowest published rating (2024 regulations 7.2.1: 1400; 1000 from July 2012, "
            "1200 from July 2009). A player whose rating drops below it is shown as unrated on "
            "the next list and is thereafter treated as an unrated player."
        ),
        unit=N_("Elo"),
        min=0,
        max=3500,
    )
    closing_days: int = param(
        3,
        "Closing date (days before the list)",
        N_(
            "The closing date for tournaments for a list is 3 days before the date of the list; "
            "tournaments ending before or on that day may be rated on the list (7 days from "
            "July 2009, 3 from July 2012). 0: an event belongs to the period it ends in."
        ),
        unit=N_("days"),
        min=0,
        max=28,
    )
    first_rating_rule: str = param(
        "2024",
        "First-rating rule",
        N_(
            "'2009': Rc + D(p) below 50 %, + 20 per half point above (seed 001); '2024': two "
            "hypothetical draws against 1800-rated opponents."
        ),
    )
    first_rating_pooled: bool = param(
        True,
        "First rating on all the games as one tournament",
        N_(
            "Since July 2014, 7.14: « The rating is calculated using all his results as if they "
            "were played in one tournament » (2022, 8.2.1: « as in 7.1.4 »). Unticked: the "
            "average of each tournament's Ru weighted by its games (seed 001, before July 2014)."
        ),
    )
    first_rating_games: int = param(
        5, "Games for a first rating", N_("At least 5 games against rated players."), min=1, max=100
    )
    hypothetical_rating: float = param(
        1800,
        "Hypothetical opponents' rating",
        N_("2024: two draws against 1800-rated opponents."),
        min=0,
        max=3500,
    )
    hypothetical_draws: int = param(2, "Hypothetical draws", N_("2024: two draws."), min=0, max=100)
    first_rating_min: float = param(
        1400,
        "Lowest first rating",
        N_(
            "A first rating is published only at this rating or more: 1400 since March 2024; "
            "1000 from July 2014 (7.14: « The rating is at least 1000 »); 1001 from July 2012 "
            "(seed 001: « si toutefois celle-ci dépasse 1000 »); the floor before."
        ),
        unit=N_("Elo"),
        min=0,
        max=3500,
    )
    first_rating_event_opponents: int = param(
        0,
        "Rated opponents needed in an event",
        N_(
            "An event counts towards a first rating only if the player met at least this many "
            "rated opponents in it (2004 to June 2014: « at least three rated opponents »). "
            "0: no such condition."
        ),
        min=0,
        max=100,
    )
    first_rating_event_points: float = param(
        0.5,
        "Points needed in an event",
        N_(
            "An event counts towards a first rating only if the player scored at least this "
            "against rated opponents in it: 1 point to June 2014 (« scores at least 1 point "
            "against the rated opponents »); half a point since July 2014 (« au moins ½ point "
            "dans le tournoi contre les classés »; 8.2.1: « If an unrated player scores zero in "
            "their first event this score is disregarded »). 0: no such condition."
        ),
        min=0,
        max=100,
    )
    first_rating_event_once: bool = param(
        True,
        "Event conditions only until one event counts",
        N_(
            "Since July 2011, the conditions of an event apply only until one event has counted "
            "(« after they have gained their initial 3 game performance, to pick up additional "
            "games one at a time »; since 2014 the first event's zero is disregarded, then all "
            "results count). Unticked: every event must meet them."
        ),
    )
    cap_once_per_event: bool = param(
        False,
        "400-point rule once per event",
        N_(
            "January 2022 to February 2024, 8.3.1: « In any tournament, a player may benefit "
            "from only one upgrade under this rule, for the game in which the rating "
            "difference is greatest »; abolished on 1 March 2024."
        ),
    )
    first_rating_max: float = param(
        2200,
        "Highest first rating",
        N_("2024: a first rating is at most 2200."),
        unit=N_("Elo"),
        min=0,
        max=3500,
    )
    half_point_bonus: float = param(
        20,
        "Points per half point above 50 %",
        N_("Seed 001 (before 2024): Rc + 20 per half point."),
        min=0,
        max=100,
    )
    dp_at_one: float = param(
        800, "D(p) at 100 %", N_("Seed 001: ±800 for p = 1 and p = 0."), min=0, max=1500
    )
    adjustment_day: date = param(
        date(2024, 3, 1),
        "Day of the 2024 adjustment",
        N_("March 2024: every rating under 2000 raised by 0.4 × (2000 − R)."),
    )
    adjustment_threshold: float = param(
        2000, "Adjustment threshold", N_("Under 2000."), min=0, max=3500
    )
    adjustment_factor: float = param(
        0.4, "Adjustment factor", N_("0.4 × (2000 − R)."), min=0, max=1
    )
    adjustment_applied: bool = param(
        True,
        "Apply the March 2024 adjustment",
        N_(
            "FIDE's one-time adjustment of 1 March 2024 is part of the history: untick to replay "
            "the history without it."
        ),
    )
    periods: tuple[str, ...] = param(MONTHS, "Rating periods", N_("Monthly lists since 2012."))

    def __post_init__(self) -> None:
        check_ranges(self)
        if self.first_rating_rule not in ("2009", "2024"):
            raise ValueError("first_rating_rule must be '2009' or '2024'")
        if self.junior_until not in JUNIOR_UNTIL:
            raise ValueError("junior_until must be 'birthday' or 'year_end'")


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
    Version(date(2024, 3, 1), _MARCH_2024, "March 2024: new first rating, floor 1400"),
    Version(date(2025, 10, 1), _OCTOBER_2025, "October 2025: no cap from 2650"),
)

_EDGES = np.array([high for high, _p in elo.FIDE_EXPECTED_TABLE], dtype=np.float64)
_HIGHER = np.array([p / 100 for _high, p in elo.FIDE_EXPECTED_TABLE] + [1.0])


def adjustment_2024(rating: float, params: Params) -> float:
    """March 2024: R + 0.4 × (2000 − R) under 2000, rounded half up (1500 → 1700)."""
    if rating >= params.adjustment_threshold:
        return rating
    raised = rating + params.adjustment_factor * (params.adjustment_threshold - rating)
    return elo.round_half_up(raised)


def is_junior(state: PlayerState, day: date, params: Params) -> bool:
    """On ``day``, to the end of the year of the 18th birthday (``year_end``), or to the
    day before the 18th birthday (``birthday``); ``state.junior`` wins when given."""
    if state.junior is not None:
        return state.junior
    if state.birth_date is None:
        return False
    if params.junior_until == "birthday":
        age = state.age_on(day)
        return age is not None and age < params.junior_age
    return day.year <= state.birth_date.year + params.junior_age


def base_k(state: PlayerState, day: date, params: Params) -> float:
    """K before the 700 limit, from the state at the start of the period."""
    if params.k is not None:
        return params.k
    if state.list_k is not None:
        return state.list_k  # the K the official list gave for the next period
    rating = state.rating or 0
    if (state.peak or 0) >= params.top_threshold:
        return params.k_top
    if state.games < params.new_games:
        return params.k_new
    # « as long as their rating remains under 2300 »: the highest rating reached
    if is_junior(state, day, params) and (state.peak or 0) < params.junior_below:
        return params.k_junior
    if rating < params.top_threshold:
        return params.k_default
    return params.k_top


@dataclass
class PeriodArrays:
    """The rated players' calculation for a period, kept as arrays until someone looks."""

    white: np.ndarray
    black: np.ndarray
    counted: np.ndarray  # games that count for both sides (both rated, played)
    expected_white: np.ndarray
    expected_black: np.ndarray
    change_white: np.ndarray
    change_black: np.ndarray
    k: np.ndarray  # per player
    games: np.ndarray  # counted games per player
    total_change: np.ndarray  # per player, unrounded
    capped_white: np.ndarray
    capped_black: np.ndarray


def rate_arrays(
    ratings: np.ndarray,
    k_base: np.ndarray,
    white: np.ndarray,
    black: np.ndarray,
    white_score: np.ndarray,
    played: np.ndarray,
    params: Params,
    event: np.ndarray | None = None,
) -> PeriodArrays:
    """Rate a period over arrays: ``ratings`` (NaN: unrated) and ``k_base`` per player
    index; per game the players' indices, white's score, whether it was played, and (for
    the rules that apply per event) its event's number."""
    counted = played & ~np.isnan(ratings[white]) & ~np.isnan(ratings[black])
    w, b = white[counted], black[counted]
    diff = ratings[w] - ratings[b]
    cap = params.difference_cap
    capped_w = np.clip(diff, -cap, cap)
    capped_b = -np.clip(diff, -cap, cap)
    if params.cap_once_per_event and event is not None:
        events = event[counted]
        capped_w = _cap_once_per_event(diff, capped_w, w, events, cap)
        capped_b = _cap_once_per_event(-diff, capped_b, b, events, cap)
    if params.uncapped_from is not None:
        capped_w = np.where(ratings[w] >= params.uncapped_from, diff, capped_w)
        capped_b = np.where(ratings[b] >= params.uncapped_from, -diff, capped_b)
    expected_w = _expected(capped_w)
    expected_b = _expected(capped_b)
    n = len(ratings)
    games = np.bincount(w, minlength=n) + np.bincount(b, minlength=n)
    k = k_base.astype(np.float64).copy()
    if params.k_games_limit is not None:
        over = (games > 0) & (k * games > params.k_games_limit)
        k[over] = np.floor(params.k_games_limit / games[over])
    score_w = white_score[counted]
    change_w = k[w] * (score_w - expected_w)
    change_b = k[b] * ((1 - score_w) - expected_b)
    total = np.bincount(w, change_w, minlength=n) + np.bincount(b, change_b, minlength=n)
    return PeriodArrays(
        white=white,
        black=black,
        counted=counted,
        expected_white=expected_w,
        expected_black=expected_b,
        change_white=change_w,
        change_black=change_b,
        k=k,
        games=games,
        total_change=total,
        capped_white=capped_w != diff,
        capped_black=capped_b != -diff,
    )


def _cap_once_per_event(
    own: np.ndarray, capped: np.ndarray, player: np.ndarray, event: np.ndarray, cap: float
) -> np.ndarray:
    """2022, 8.3.1: « In any tournament, a player may benefit from only one upgrade under
    this rule, for the game in which the rating difference is greatest. » ``own`` is each
    game's difference from one side (its player's rating minus the opponent's); the cap
    benefits that player where ``own`` exceeds it (a lower expected score). In each
    (player, event), only the game of the greatest difference keeps the cap (the first of
    equal ones); the others count their real difference. The cap on the lower-rated side is
    no benefit and stays."""
    benefiting = np.flatnonzero(own > cap)
    if not len(benefiting):
        return capped
    best: dict[tuple[int, int], int] = {}
    for g in benefiting.tolist():
        key = (int(player[g]), int(event[g]))
        if key not in best or own[g] > own[best[key]]:
            best[key] = g
    kept = set(best.values())
    result = capped.copy()
    for g in benefiting.tolist():
        if g not in kept:
            result[g] = own[g]
    return result


def _expected(diff: np.ndarray) -> np.ndarray:
    distance = np.floor(np.abs(diff) + 0.5)
    higher = _HIGHER[np.searchsorted(_EDGES, distance, side="left")]
    return np.where(diff >= 0, higher, np.round(1 - higher, 2))


def round_changes(total: np.ndarray) -> np.ndarray:
    """Half away from zero, to whole points (8.3.2)."""
    cleaned = np.round(total, 9)
    return np.sign(cleaned) * np.floor(np.abs(cleaned) + 0.5)


# --- the readable rating of a batch --------------------------------------------------------


def rate(batch: Batch, params: Params) -> BatchResult:
    ids = list(batch.players)
    index = {player: n for n, player in enumerate(ids)}
    states = [batch.players[p] for p in ids]
    ratings = np.array([np.nan if s.rating is None else s.rating for s in states])
    k_base = np.array([base_k(s, batch.day, params) for s in states])
    games = batch.games
    white = np.array([index[g.white] for g in games], dtype=np.int64)
    black = np.array([index[g.black] for g in games], dtype=np.int64)
    arrays = rate_arrays(
        ratings,
        k_base,
        white,
        black,
        np.array([g.score for g in games], dtype=np.float64),
        np.array([g.played for g in games], dtype=bool),
        params,
        _event_numbers(games) if params.cap_once_per_event else None,
    )
    per_game = _per_game_lines(batch, arrays, index)
    rounded = round_changes(arrays.total_change)
    results = {}
    for n, player in enumerate(ids):
        state = states[n]
        lines = per_game.get(player, [])
        if state.rating is None:
            results[player] = _first_rating(batch, params, player, state, lines)
        else:
            results[player] = _rated(batch, params, player, state, lines, arrays, n, rounded[n])
    return BatchResult(batch.day, results)


def _event_numbers(games: tuple[Game, ...]) -> np.ndarray:
    """Each game's event as a number: games of the same ``Game.event`` share it."""
    numbers: dict[Hashable, int] = {}
    return np.array([numbers.setdefault(g.event, len(numbers)) for g in games], dtype=np.int64)


def _per_game_lines(
    batch: Batch, arrays: PeriodArrays, index: dict[PlayerId, int]
) -> dict[PlayerId, list[tuple[GameLine, bool]]]:
    """Each player's games in batch order: the line and whether the difference was capped."""
    lines: dict[PlayerId, list[tuple[GameLine, bool]]] = {p: [] for p in batch.players}
    position = np.cumsum(arrays.counted) - 1
    for g, game in enumerate(batch.games):
        for side, player, opponent in ((0, game.white, game.black), (1, game.black, game.white)):
            score = game.score if side == 0 else 1 - game.score
            opponent_rating = batch.players[opponent].rating
            if arrays.counted[g]:
                c = position[g]
                expected = arrays.expected_white[c] if side == 0 else arrays.expected_black[c]
                change = arrays.change_white[c] if side == 0 else arrays.change_black[c]
                capped = bool(arrays.capped_white[c] if side == 0 else arrays.capped_black[c])
                line = GameLine(opponent, opponent_rating, score, float(expected), float(change))
                lines[player].append((line, capped))
            else:
                why = (
                    N_("not played: not rated")
                    if not game.played
                    else N_("opponent unrated: not counted")
                    if opponent_rating is None
                    else N_("rated against an unrated player: counts for the newcomer only")
                )
                line = GameLine(opponent, opponent_rating, score, counted=False, note=note(why))
                lines[player].append((line, False))
    return lines


def _rated(  # type: ignore[no-untyped-def]
    batch: Batch, params: Params, player, state: PlayerState, lines, arrays, n, rounded
) -> PlayerResult:
    counted_lines = [line for line, _capped in lines if line.counted]
    score = elo.total(line.score for line, _c in lines if line.counted)
    opponents = [line.opponent_rating for line in counted_lines]
    if not counted_lines:
        return PlayerResult(
            player=player,
            before=state,
            after=state,
            rating_exact=state.rating,
            score=score,
            games=tuple(line for line, _c in lines),
            notes=(note(N_("no counted game: rating unchanged")),),
        )
    assert state.rating is not None
    k = float(arrays.k[n])
    notes = [note(N_("K = {k}"), k=k)]
    if k < base_k(state, batch.day, params):
        notes.append(
            note(
                N_("K reduced to {k}: K × {games} games may not exceed {limit}"),
                k=k,
                games=int(arrays.games[n]),
                limit=params.k_games_limit,
            )
        )
    if any(capped for _line, capped in lines):
        notes.append(note(N_("difference capped at {cap}"), cap=params.difference_cap))
    exact_rating = state.rating + float(arrays.total_change[n])
    rating = state.rating + float(rounded)
    expected = elo.total(line.expected or 0 for line in counted_lines)
    classical = elo.round_half_up(
        elo.classical_performance(
            opponents, score, at_one=params.dp_at_one, at_zero=-params.dp_at_one
        )
    )
    exact = elo.exact_performance(opponents, score, elo.ExpectedMethod.TABLE)
    if rating < params.rating_floor:
        # 7.2.1: shown as unrated on the next list, thereafter treated as an unrated player.
        notes.append(
            note(
                N_(
                    "{rating} is below the rating floor {floor}: unrated on the next list, "
                    "then treated as an unrated player"
                ),
                rating=int(rating) if rating.is_integer() else rating,
                floor=params.rating_floor,
            )
        )
        after = state.replace(
            rating=None,
            games=0,
            peak_rating=None,
            status=Status.UNRATED,
            archive=None,
            list_k=None,
        )
    else:
        after = state.replace(
            rating=rating,
            games=state.games + len(counted_lines),
            peak_rating=max(state.peak or rating, rating),
            status=Status.RATED,
            list_k=None,  # the list's K served its period: the rules count again
        )
    return PlayerResult(
        player=player,
        before=state,
        after=after,
        rating_exact=exact_rating,
        k=k,
        score=score,
        expected=expected,
        performance_classical=classical,
        performance_exact=exact,
        games=tuple(line for line, _c in lines),
        notes=unique_notes(notes),
    )


def _first_rating(  # type: ignore[no-untyped-def]
    batch: Batch, params: Params, player, state: PlayerState, lines
) -> PlayerResult:
    """An unrated player's games against rated players, accumulated across periods.

    The rules that read the player's events (``Game.event``) judge each event apart: the
    conditions an event meets to count (three rated opponents and a point before July
    2014, half a point since: the first event's zero is disregarded), and before July
    2014 the Ru of each tournament (seed 001: « la moyenne pondérée des Ru de chaque
    tournoi »); from July 2014 all the counted games are one calculation (7.14: « as if
    they were played in one tournament »). The performances shown are those of the
    counted games only (the contract: « average of the counted opponents + D(p) »)."""
    events = [game.event for _opponent, _score, game in batch.games_of(player)]
    played = [
        (line, event)
        for (line, _c), event in zip(lines, events, strict=True)
        if line.opponent_rating is not None and _was_played(line)
    ]
    archive = state.archive or Archive()
    notes: list[Note] = []
    dropped = _events_not_counted(played, archive, params, notes)
    kept = [line for line, event in played if event not in dropped]
    all_lines = tuple(
        _newcomer_line(line, event in dropped)
        for (line, _c), event in zip(lines, events, strict=True)
    )
    score = elo.total(line.score for line in kept)
    opponents = [line.opponent_rating for line in kept]
    classical = exact = None
    if kept:
        classical = elo.round_half_up(elo.classical_performance(opponents, score))
        exact = elo.exact_performance(opponents, score, elo.ExpectedMethod.TABLE)
    n = archive.games + len(kept)
    if params.first_rating_rule == "2024":
        archive = archive.with_games(opponents, score)
        rating = _first_2024(archive, params) if n >= params.first_rating_games else None
    else:
        counted = [(line, e) for line, e in played if e not in dropped]
        performance = _ru_so_far(archive, counted, params) if n else None
        archive = archive.with_games(opponents, score, performance=performance)
        rating = None
        if n >= params.first_rating_games and archive.performance is not None:
            candidate = elo.round_half_up(archive.performance)
            if candidate >= params.first_rating_min:
                rating = candidate
    if n < params.first_rating_games:
        notes.append(
            note(
                N_("unrated: {games} of the {needed} games needed for a first rating"),
                games=n,
                needed=params.first_rating_games,
            )
        )
    if rating is None:
        if n >= params.first_rating_games:
            notes.append(note(N_("performance too low for a first rating")))
        after = state.replace(archive=archive, games=n)
        return PlayerResult(
            player=player,
            before=state,
            after=after,
            rating_exact=None,
            score=score,
            performance_classical=classical,
            performance_exact=exact,
            games=all_lines,
            notes=unique_notes(notes),
        )
    notes.append(note(N_("first rating {rating} after {games} games"), rating=rating, games=n))
    after = state.replace(
        rating=rating, games=n, status=Status.RATED, archive=None, peak_rating=rating
    )
    return PlayerResult(
        player=player,
        before=state,
        after=after,
        rating_exact=rating,
        score=score,
        performance_classical=classical,
        performance_exact=exact,
        games=all_lines,
        notes=unique_notes(notes),
    )


def _ru_so_far(archive: Archive, counted: list[tuple[GameLine, Hashable]], params: Params) -> float:
    """The first rating before March 2024 over the archived games and this batch's
    ``counted`` games (at least one game in all). From July 2014 (``first_rating_pooled``)
    one calculation on them all, 7.14: « as if they were played in one tournament »; before,
    the average of each tournament's Ru weighted by its games (seed 001)."""
    lines = [line for line, _event in counted]
    ratings = [line.opponent_rating or 0.0 for line in lines]
    n = archive.games + len(lines)
    if params.first_rating_pooled:
        score = archive.score + elo.total(line.score for line in lines)
        return _ru_2009((archive.opponents_sum + sum(ratings)) / n, n, score, params)
    weighted = (archive.performance or 0) * archive.games
    for tournament in _by_event(counted):
        rc = elo.average([line.opponent_rating or 0.0 for line in tournament])
        score = elo.total(line.score for line in tournament)
        weighted += _ru_2009(rc, len(tournament), score, params) * len(tournament)
    return weighted / n


def _by_event(played: list[tuple[GameLine, Hashable]]) -> list[list[GameLine]]:
    """The lines grouped by event, in the order the events are first met."""
    groups: dict[Hashable, list[GameLine]] = {}
    for line, event in played:
        groups.setdefault(event, []).append(line)
    return list(groups.values())


def _events_not_counted(
    played: list[tuple[GameLine, Hashable]], archive: Archive, params: Params, notes: list[Note]
) -> set[Hashable]:
    """The events whose games do not count towards a first rating, each explained in
    ``notes``: an event with fewer rated opponents (``first_rating_event_opponents``) or
    points against them (``first_rating_event_points``) than needed. With
    ``first_rating_event_once`` the conditions apply only until an event has counted
    (earlier periods' counted games, in the archive, or an earlier event of the batch):
    since July 2014, « If an unrated player scores zero in their first event this score is
    disregarded. Otherwise, their rating is calculated using all their results » (8.2.1),
    and an event disregarded leaves the next one the player's first."""
    dropped: set[Hashable] = set()
    groups: dict[Hashable, list[GameLine]] = {}
    for line, event in played:
        groups.setdefault(event, []).append(line)
    needed_games, needed_points = (
        params.first_rating_event_opponents,
        params.first_rating_event_points,
    )
    counted_before = archive.games > 0
    for event, tournament in groups.items():
        if params.first_rating_event_once and counted_before:
            break
        points = elo.total(line.score for line in tournament)
        if len(tournament) >= needed_games and points >= needed_points:
            counted_before = True
            continue
        dropped.add(event)
        if not needed_games and points == 0:
            notes.append(note(N_("a zero score in the first event is disregarded")))
            continue
        notes.append(
            note(
                N_(
                    "an event with {points:g} points against {games} rated opponents "
                    "does not count for a first rating: at least {needed_points:g} "
                    "points against {needed_games} are needed"
                ),
                points=points,
                games=len(tournament),
                needed_points=needed_points,
                needed_games=needed_games,
            )
        )
    return dropped


def _was_played(line: GameLine) -> bool:
    return line.note is None or line.note.template != N_("not played: not rated")


def _newcomer_line(line: GameLine, dropped: bool = False) -> GameLine:
    """A newcomer's game against a rated player counts towards the first rating, unless
    its event does not (``dropped``)."""
    if line.opponent_rating is not None and _was_played(line):
        if dropped:
            why = note(N_("its event does not count for a first rating"))
            return GameLine(
                line.opponent, line.opponent_rating, line.score, counted=False, note=why
            )
        return GameLine(line.opponent, line.opponent_rating, line.score, counted=True)
    return line


def _ru_2009(rc: float, n: int, score: float, params: Params) -> float:
    """Seed 001: Ru = Rc + D(p) below 50 %; Rc + 20 per half point above 50 %, for
    ``score`` points in ``n`` games against opponents averaging ``rc``."""
    p = score / n
    if p > 0.5:
        return rc + params.half_point_bonus * (score - n / 2) / 0.5
    return rc + elo.dp_table(p, params.dp_at_one, -params.dp_at_one)


def _first_2024(archive: Archive, params: Params) -> float | None:
    """2024: with two draws against 1800: Ru = Ra + D(p), published from 1400, at most
    2200."""
    draws = params.hypothetical_draws
    n = archive.games + draws
    ra = (archive.opponents_sum + draws * params.hypothetical_rating) / n
    p = (archive.score + draws / 2) / n
    ru = elo.round_half_up(ra + elo.dp_table(p, params.dp_at_one, -params.dp_at_one))
    if ru < params.first_rating_min:
        return None
    return min(ru, params.first_rating_max)

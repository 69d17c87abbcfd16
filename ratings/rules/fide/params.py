"""FIDE's parameters: every number of the Rating Regulations, each a field with the
current regulation's value as default (the dated versions are in :mod:`.versions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from .. import elo
from ..base import N_
from ..parameters import check_ranges, param

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
    change_rounding: elo.Rounding = param(
        elo.Rounding.HALF_AWAY,
        "Rounding of a period's change",
        N_(
            "Rating Regulations 2024, 8.3.4: « rounded to the nearest whole number. 0.5 is "
            "rounded away from zero » (−2.5 published −3 in December 2025); before March "
            "2024, as FIDE's lists show it: halves up (−3.5 published −3 in March 2010)."
        ),
    )

    def __post_init__(self) -> None:
        check_ranges(self)
        if self.first_rating_rule not in ("2009", "2024"):
            raise ValueError("first_rating_rule must be '2009' or '2024'")
        if self.junior_until not in JUNIOR_UNTIL:
            raise ValueError("junior_until must be 'birthday' or 'year_end'")

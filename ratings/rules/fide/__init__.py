"""FIDE: the international rating (seed 001, FIDE's Rating Regulations effective
1 March 2024 with the amendment of 1 October 2025, and the older regulations as dated
versions: see docs/ratings/fide.md for each with its source).

- Rating periods: one list a year to 1980, two from 1981, four from July 2000, six from
  July 2009, monthly since July 2012. An event belongs to the first list whose closing date
  (``closing_days`` before the list: 7 from July 2009, 3 since July 2012) it ends by.
- Every game of the period against a rated opponent counts, at the ratings of the start of
  the period: Rn = Ro + round(Σ K (W − We)), the change rounded half away from zero since
  March 2024 (8.3.4), halves up before (FIDE's list of March 2010: −3.5 published −3).
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
  :func:`.versions.adjustment_2024`, part of the default history as a batch of its own
  (``adjustment_applied``).

This package is the system's module in :data:`ratings.rules.SYSTEMS`: it holds the
system's names and bounds, and gives the registry its ``Params`` (:mod:`.params`), its
``VERSIONS`` (:mod:`.versions`) and ``rate`` (:mod:`.rating`). K is :mod:`.k_factor`'s;
the period is rated over numpy arrays in :mod:`.period` (:func:`.period.rate_arrays`),
which is what makes a million games a second possible, and :mod:`.rating` builds the
readable breakdown from the same arrays; unrated players' first rating is
:mod:`.first_rating`'s.
"""

from __future__ import annotations

from ..base import N_
from ..parameters import Bounds
from .params import Params
from .rating import rate
from .versions import VERSIONS

# the registry's protocol (ratings.rules.SystemModule) reads these from the package
__all__ = [
    "ADJUSTMENT_LABEL",
    "BOUNDS",
    "EVENT_RATINGS",
    "KEY",
    "NAME",
    "ROLE",
    "VERSIONS",
    "Params",
    "rate",
]

KEY = "fide"
NAME = N_("FIDE")
ROLE = "fide"
# the label of the federation's published one-off adjustment, as a history shows it
ADJUSTMENT_LABEL: str | None = N_("FIDE: one-time adjustment of 1 March 2024")
# Batch.event_ratings read: each event rated from the list in force when it started
EVENT_RATINGS = True
BOUNDS = Bounds()  # the inputs it accepts: ratings 0-3500 (see Bounds)

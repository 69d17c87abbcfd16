"""The club's own Elo, recalculated after every event.

Every rated player of an event gains or loses K × (W − We) per game against a rated
opponent, We by the logistic formula (or the FIDE table, or the normal distribution), the
difference capped at 400 points. K comes from a schedule of rows, the first that matches
wins (default from seed 001: 40 for the first 30 games, 10 once 2400 has been reached,
40 for a junior until the 18th birthday who never reached 2300, 20 below 2400, 10 above).
A player who enters with a known rating (national or FIDE: the web layer seeds the
state) starts from it; one without starts unrated and gets a first rating, their
performance, once they have played enough games against rated players.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import cached_property

from . import elo
from .base import (
    N_,
    Archive,
    Batch,
    BatchResult,
    PlayerResult,
    PlayerState,
    Status,
    note,
    shared_note,
)
from .common import Played, exchange, solve_exact, split_batch, unchanged
from .parameters import Bounds, RangeError, Version, check_range, check_ranges, is_number, param

KEY = "club"
NAME = N_("Club Elo")
ROLE = "club"
ADJUSTMENT_LABEL: str | None = None  # no published one-off adjustment
BOUNDS = Bounds()  # the inputs it accepts: ratings 0-3500 (see Bounds)


# The bounds of a K schedule row's parts (the administrators' form reads them too).
KRULE_BOUNDS: dict[str, tuple[float, float]] = {
    "k": (1, 100),
    "until_games": (0, 100_000),
    "below_rating": (0, 3500),
    "under_age": (0, 120),
    "until_year_of_age": (0, 120),
    "reached_rating": (0, 3500),
    "peak_below": (0, 3500),
}


@dataclass(frozen=True, slots=True)
class KRule:
    """K for a player who matches every condition given:

    - ``until_games``: fewer games played;
    - ``below_rating``: a rating below it;
    - ``under_age``: younger than it on the day, counted from the birth date (the day
      before that birthday still matches, the birthday no longer: « jusqu'à son 18e
      anniversaire »);
    - ``until_year_of_age``: on a day no later than the end of the year of that birthday
      (« until the end of the year of their 18th birthday »);
    - ``reached_rating``: the highest rating ever reached is at least it, even if the
      rating has fallen back since (« K = 10 once ... has reached 2400 ... even if the
      rating drops below 2400 »);
    - ``peak_below``: the highest rating ever reached is below it (« as long as their
      rating remains under 2300 »).

    An age condition never matches a player without a birth date."""

    k: float
    until_games: int | None = None
    below_rating: float | None = None
    under_age: int | None = None
    until_year_of_age: int | None = None
    reached_rating: float | None = None
    peak_below: float | None = None

    def __post_init__(self) -> None:
        for part, (low, high) in KRULE_BOUNDS.items():
            value = getattr(self, part)
            if value is not None and not is_number(value):
                raise RangeError(f"k_schedule: {part} must be a number, not {value!r}", part)
            if value is not None:
                check_range(part, value, low, high)

    def matches(self, state: PlayerState, day: date) -> bool:
        if self.until_games is not None and state.games >= self.until_games:
            return False
        rating = state.rating if state.rating is not None else 0
        if self.below_rating is not None and rating >= self.below_rating:
            return False
        if self.under_age is not None:
            age = state.age_on(day)
            if age is None or age >= self.under_age:
                return False
        if self.until_year_of_age is not None:
            born = state.birth_date
            if born is None or day.year > born.year + self.until_year_of_age:
                return False
        peak = state.peak if state.peak is not None else 0
        if self.reached_rating is not None and peak < self.reached_rating:
            return False
        return self.peak_below is None or peak < self.peak_below

    @property
    def is_catch_all(self) -> bool:
        return all(getattr(self, part) is None for part in KRULE_BOUNDS if part != "k")


# Seed 001: « Ce coefficient est de 40 pour les nouveaux joueurs jusqu'à leur trentième
# partie, puis 20 tant que leur classement reste inférieur à 2400, et enfin 10 pour les
# joueurs ayant atteint 2400 Elo » (« même si leur classement redescend en dessous de
# 2400 »); « K vaut 40 pour tout joueur jusqu'à son 18e anniversaire, tant que son
# classement reste en dessous de 2300 ».
DEFAULT_SCHEDULE = (
    KRule(40, until_games=30),
    KRule(10, reached_rating=2400),
    KRule(40, under_age=18, peak_below=2300),
    KRule(20, below_rating=2400),
    KRule(10),
)


@dataclass(frozen=True)
class Params:
    expected_method: elo.ExpectedMethod = param(
        elo.ExpectedMethod.LOGISTIC,
        "Expected score",
        N_(
            "How a game's expected score is computed: Elo's logistic formula (seed 001), the "
            "FIDE table (seed 000) or the normal distribution (seed 002)."
        ),
    )
    expected_table: tuple[tuple[int, int], ...] = param(
        elo.FIDE_EXPECTED_TABLE,
        "Expected-score table",
        N_(
            "Used when the expected score is read from a table: each row is the highest "
            "rating difference of a band and the higher player's expected score in hundredths "
            "(seed 000: 0-3 .50, 4-10 .51, ... 620-735 .99)."
        ),
    )
    k: float | None = param(
        None,
        "Fixed K",
        N_(
            "A K for every player instead of the schedule (the calculator's 'what if'). Empty: "
            "the schedule."
        ),
        min=1,
        max=100,
    )
    k_schedule: tuple[KRule, ...] = param(
        DEFAULT_SCHEDULE,
        "K schedule",
        N_(
            "Rows tried in order; the first whose conditions the player meets gives K. The last "
            "row has no condition."
        ),
    )
    difference_cap: float | None = param(
        400,
        "Rating-difference cap",
        N_("A larger difference counts as this many points (FIDE: 400). Empty: no cap."),
        unit=N_("Elo"),
        min=0,
        max=2000,
    )
    decimals: int = param(
        1, "Decimals kept", N_("The club rating is kept to this many decimals."), min=0, max=3
    )
    first_rating_games: int = param(
        5,
        "Games for a first rating",
        N_(
            "An unrated player gets their performance as first rating after this many games "
            "against rated players."
        ),
        unit=N_("games"),
        min=1,
        max=50,
    )
    rating_floor: float = param(
        1000, "Rating floor", N_("No first rating is below this."), unit=N_("Elo"), min=0, max=3000
    )
    periods: tuple[str, ...] = param(
        (), "Rating periods", N_("Empty: the club rating is recalculated after every event.")
    )

    def __post_init__(self) -> None:
        check_ranges(self)
        if not self.k_schedule:
            raise ValueError("k_schedule needs at least one row")
        if not self.k_schedule[-1].is_catch_all:
            raise ValueError("k_schedule: the last row must have no condition")
        if any(rule.k <= 0 for rule in self.k_schedule):
            raise ValueError("k_schedule: every K must be positive")
        elo.check_table(self.expected_table)

    @cached_property
    def expect(self) -> Callable[[float], float]:
        """A difference's expected score by this version's method: chosen once, not once
        per player."""
        return elo.expectation(self.expected_method, self.expected_table)

    def k_for(self, state: PlayerState, day: date) -> float:
        if self.k is not None:
            return self.k
        for rule in self.k_schedule:  # the last row matches every player
            if rule.matches(state, day):
                return rule.k
        raise AssertionError("the K schedule ends on a row without condition")


VERSIONS = (Version(date(1970, 1, 1), Params(), "Club Elo"),)


def rate(batch: Batch, params: Params) -> BatchResult:
    split = split_batch(batch, lambda p: batch.players[p].rating)
    solve_exact(split, params.expected_method, params.expected_table, batch.exact_later)
    results = {player: _rate_player(batch, params, split[player]) for player in batch.players}
    return BatchResult(batch.day, results)


def _rate_player(batch: Batch, params: Params, played: Played) -> PlayerResult:
    state = played.before
    if state.rating is None:
        return _newcomer(params, played)
    if not played.counted:
        return unchanged(played)
    k = params.k_for(state, batch.day)
    done = exchange(
        state.rating,
        played.lines,
        k,
        params.difference_cap,
        params.expect,
        shared_note(N_("K = {k}"), k=k),
    )
    exact_rating = state.rating + done.change
    after_rating = elo.round_decimals(exact_rating, params.decimals)
    after = state.replace(
        rating=after_rating,
        games=state.games + played.counted,
        status=Status.RATED,
        peak_rating=max(state.peak or after_rating, after_rating),
    )
    return done.result(played, after, rating_exact=exact_rating, k=k)


def _newcomer(params: Params, played: Played) -> PlayerResult:
    state = played.before
    archive = (state.archive or Archive()).with_games(played.opponents, played.score)
    if archive.games < params.first_rating_games:
        after = state.replace(archive=archive, games=archive.games)
        notes = (
            note(
                N_("unrated: {games} of the {needed} games needed for a first rating"),
                games=archive.games,
                needed=params.first_rating_games,
            ),
        )
        return played.result(after, rating_exact=None, notes=notes)
    n = archive.games
    performance = archive.opponents_sum / n + elo.dp_table(archive.score / n)
    first = max(params.rating_floor, performance)
    rating = elo.round_decimals(first, params.decimals)
    after = state.replace(
        rating=rating, games=n, status=Status.RATED, archive=None, peak_rating=rating
    )
    notes = (note(N_("first rating: performance over {games} games"), games=n),)
    return played.result(after, rating_exact=first, notes=notes)

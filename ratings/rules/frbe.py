"""Belgium: the FRBE-KBSB national Elo (seed 000, the Wavre club's page, and the
federation's current rules).

- Rn = Ro + K (W − We), We from the FIDE table; the difference is capped (350 in the
  seed's version: "la probabilité minimale a été arbitrairement fixée à 0.11 et la
  probabilité maximale à 0.89"; 400 in the current rules).
- K = 32 from the 20th to the 100th game, 24 from the 101st to the 300th, 16 from the
  301st at 2000 or less, 12 above 2000, 10 in all cases above 2200 (currently: only once
  300 games are played). K is read from the games played before the rating period.
- Games against unrated players are not counted, nor, for a rated player, those against a
  newcomer whose rating is still provisional (fewer than 20 games): a provisional rating is
  not yet « la première cote » (``provisional_opponents_count``; the newcomer counts them).
- A newcomer's rating is a performance R = Rc + D(P) over all their games so far (D from
  the table, P rounded to two decimals): provisional from 10 games, the first rating at 20.
- The federation's lists (checked against its published files, 2008-2022; see
  ``docs/ratings/frbe.md``) apply more than the seed says, each a dated version: K 10
  above 2200 only from the 301st game, K read for each game from its own number (game
  100 at K 32, game 101 at K 24), the bands' thresholds themselves in the higher band
  (2000: K 12), a change that crosses 2000 or 2200 counted at each band's K beyond the
  line (where the plain rating, rounded, is in the other band), a floor of 1150 for
  every rated player and every first rating, the 400-point cap from the list of April
  2015; a newcomer's first rating over its first 20 games,
  its later games by K; a game against a provisional newcomer counted for nobody unless
  the newcomer gets its first rating in the same period, then at that rating, after the
  other games (:func:`_rate_lists`); a newcomer's p held within .01/.99 (2008), then
  within the cap's expected scores (.11/.89, .08/.92 with the cap of 400) before D(p)
  is read (:func:`d_of_p`).
- The list is published twice a year in the seed, quarterly from October 2013: dated
  versions.
- The April 2024 adjustment of ratings under 2000 is a one-off: :func:`adjustment_2024`,
  part of the default history as a batch of its own (``adjustment_applied``).
- A period never straddles a change of calendar: the old calendar's period closes the day
  before the new version (the timeline planner, ``ratings.services.timeline``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from . import elo
from .base import (
    N_,
    Archive,
    Batch,
    BatchResult,
    GameLine,
    Note,
    PlayerId,
    PlayerResult,
    PlayerState,
    Status,
    note,
    shared_note,
)
from .common import Played, exchange, solve_exact, split_batch, split_games, unchanged
from .parameters import Bounds, Version, check_ranges, param

KEY = "frbe"
NAME = N_("Belgium (FRBE-KBSB)")
ROLE = "national"
# the label of the federation's published one-off adjustment, as a history shows it
ADJUSTMENT_LABEL: str | None = N_("FRBE-KBSB: one-off adjustment of 1 April 2024")
BOUNDS = Bounds()  # the inputs it accepts: ratings 0-3500 (see Bounds)


@dataclass(frozen=True)
class Params:
    k: float | None = param(
        None,
        "Fixed K",
        N_(
            "A K for every player instead of the schedule below (the calculator's 'what if'). "
            "Empty: the regulation's schedule."
        ),
        min=1,
        max=100,
    )
    difference_cap: float = param(
        400,
        "Rating-difference cap",
        N_(
            "Seed 000: any difference above 350 counts as 350 (expected .11/.89); 400 in the "
            "current rules."
        ),
        unit=N_("Elo"),
        min=0,
        max=1000,
    )
    k_to_100: float = param(
        32, "K to the 100th game", N_("Seed 000: K=32 de la 20e à la 100e partie."), min=1, max=100
    )
    games_k_24: int = param(
        100,
        "Games before K 24",
        N_("Seed 000: K=24 de la 101e à la 300e partie."),
        min=1,
        max=10000,
    )
    k_to_300: float = param(
        24, "K to the 300th game", N_("Seed 000: K=24 de la 101e à la 300e."), min=1, max=100
    )
    games_k_16: int = param(
        300,
        "Games before K 16/12",
        N_("Seed 000: K=16 (or 12) à partir de la 301e partie."),
        min=1,
        max=10000,
    )
    k_low: float = param(
        16,
        "K after 300 games, ≤ 2000",
        N_("Seed 000: K=16 si la cote est <= 2000."),
        min=1,
        max=100,
    )
    k_high: float = param(
        12, "K after 300 games, > 2000", N_("Seed 000: K=12 si la cote est > 2000."), min=1, max=100
    )
    k_high_threshold: float = param(
        2000,
        "Rating for K 12",
        N_("Seed 000: the 12/16 boundary."),
        unit=N_("Elo"),
        min=0,
        max=3500,
    )
    k_top: float = param(
        10, "K above the top threshold", N_("Seed 000: K=10 si la cote est > 2200."), min=1, max=100
    )
    k_top_threshold: float = param(
        2200, "Rating for K 10", N_("Seed 000: > 2200."), unit=N_("Elo"), min=0, max=3500
    )
    k_top_games: int = param(
        300,
        "Games before K 10 applies",
        N_("Current rules: K=10 above 2200 only after 300 games (0 in the seed's version)."),
        min=0,
        max=10000,
    )
    k_by_game: bool = param(
        True,
        "K by each game's number",
        N_(
            "The federation's lists: each game's K is read from its own number (game 100 at "
            "K 32, game 101 at K 24 in one period). Unticked (seed 000): from the games "
            "played before the period."
        ),
    )
    threshold_in_higher_band: bool = param(
        True,
        "Thresholds in the higher band",
        N_(
            "The federation's lists: a rating of exactly 2000 has K 12, of exactly 2200 K 10. "
            "Unticked (seed 000: « si la cote est > 2000 »): the lower band's K."
        ),
    )
    k_split: bool = param(
        True,
        "K split where a change crosses 2000 or 2200",
        N_(
            "The federation's lists, after 300 games: the part of a change beyond 2000 or "
            "2200 counts at the other band's K (1986 at K 16 gaining 20.16: 14 + 6.16 × "
            "12/16, 2005)."
        ),
    )
    k_split_rounded_crossing: bool = param(
        True,
        "K split only where the rounded rating changes band",
        N_(
            "The federation's lists: the change is split at 2000 or 2200 only where the "
            "plain rating, rounded, is in another band (2004 losing 4.44 at K 12: 1999.56, "
            "2000, not split). Unticked: wherever the exact change crosses the line."
        ),
    )
    floor: float = param(
        1150,
        "Rating floor",
        N_(
            "The federation's lists: a rated player's new rating is never below the floor "
            "(1150; 1050 or 1099 before are raised to it). 0: no floor (seed 000)."
        ),
        unit=N_("Elo"),
        min=0,
        max=3500,
    )
    same_run_newcomers: bool = param(
        True,
        "Newcomers rated in the period count at their first rating",
        N_(
            "The federation's lists: a rated player's games against a newcomer who reaches 20 "
            "games in the period count, after the player's other games, at the newcomer's "
            "first rating (its performance over its first 20 games). Unticked (seed 000): "
            "they do not count."
        ),
    )
    elo_after_first_rating: bool = param(
        True,
        "K after the 20th game of a newcomer",
        N_(
            "The federation's lists: a newcomer's first rating is the performance over its "
            "first 20 games; its later games of the period are rated with K from that rating. "
            "Unticked (seed 000): the performance over every game so far."
        ),
    )
    provisional_games: int = param(
        10,
        "Games for a provisional rating",
        N_("Seed 000: on ne calcule de cote provisoire qu'avec au moins 10 parties jouées."),
        min=1,
        max=1000,
    )
    first_rating_games: int = param(
        20,
        "Games for the first rating",
        N_("Seed 000: à 20 parties, la première cote."),
        min=1,
        max=1000,
    )
    provisional_opponents_count: bool = param(
        False,
        "Games against provisional newcomers count",
        N_(
            "Seed 000: « Les parties contre des joueurs non classés ne sont pas prises en "
            "compte » and « A 20 parties, le calcul [...] fournit la première cote »: a newcomer "
            "with a provisional rating (fewer than 20 games) is not yet rated, so the game does "
            "not count for the rated player (it counts for the newcomer). Ticked: it counts."
        ),
    )
    first_p_bound: float = param(
        0.08,
        "Bound of p in a first rating",
        N_(
            "The federation's lists: a newcomer's score p is held between this and 1 minus "
            "it before D(p) is read (0.01 in the lists of 2008, then the cap's expected "
            "score: 0.11 with the cap of 350 from July 2009, 0.08 with 400). 0: none (seed "
            "000)."
        ),
        min=0,
        max=0.5,
    )
    dp_at_one: float = param(
        800,
        "D(p) at 100 %",
        N_("The table has no value at p = 1; FIDE's convention (seed 001) is +800 (−800 at 0)."),
        unit=N_("Elo"),
        min=0,
        max=1500,
    )
    periods: tuple[str, ...] = param(
        ("01-01", "04-01", "07-01", "10-01"),
        "Rating periods",
        N_("Seed 000: the Belgian list is recalculated twice a year; quarterly now."),
    )
    adjustment_day: date = param(
        date(2024, 4, 1),
        "Day of the 2024 adjustment",
        N_("April 2024: ratings under 2000 raised, like FIDE's adjustment of March 2024."),
    )
    adjustment_threshold: float = param(
        2000,
        "Adjustment threshold",
        N_("Only ratings under this are raised."),
        unit=N_("Elo"),
        min=0,
        max=3500,
    )
    adjustment_factor: float = param(
        0.4, "Adjustment factor", N_("R + factor × (threshold − R)."), min=0, max=1
    )
    adjustment_applied: bool = param(
        True,
        "Apply the April 2024 adjustment",
        N_(
            "The federation's one-off adjustment of 1 April 2024 is part of the history: untick "
            "to replay the history without it."
        ),
    )

    def __post_init__(self) -> None:
        check_ranges(self)
        if self.provisional_games > self.first_rating_games:
            raise ValueError("provisional_games must not exceed first_rating_games")
        if self.games_k_24 > self.games_k_16:
            raise ValueError("games_k_24 must not exceed games_k_16")

    def k_for(self, state: PlayerState) -> tuple[float, str]:
        """K and the rule's words, for the rating and the games played before."""
        return self.k_at(state.rating or 0, state.games)

    def k_at(self, rating: float, games: int) -> tuple[float, str]:
        """K and the rule's words for a player of ``rating`` with ``games`` played before."""
        if self.k is not None:
            return self.k, N_("K = {k}: fixed")
        if self._band(rating) == 2 and games >= self.k_top_games:
            return self.k_top, N_("K = {k}: rating above {top}")
        if games < self.games_k_24:
            return self.k_to_100, N_("K = {k}: up to the 100th game")
        if games < self.games_k_16:
            return self.k_to_300, N_("K = {k}: from the 101st to the 300th game")
        if self._band(rating) >= 1:
            return self.k_high, N_("K = {k}: after 300 games, rating above 2000")
        return self.k_low, N_("K = {k}: after 300 games, rating 2000 or less")

    def _band(self, rating: float) -> int:
        """0 up to the K 12 threshold, 1 up to the K 10 threshold, 2 above it (the
        thresholds themselves in the higher band with ``threshold_in_higher_band``)."""
        if self.threshold_in_higher_band:
            return (rating >= self.k_high_threshold) + (rating >= self.k_top_threshold)
        return (rating > self.k_high_threshold) + (rating > self.k_top_threshold)

    def splits(self, rating: float, plain: float) -> bool:
        """Whether a change from ``rating`` to the plain ``plain`` is split at the bands'
        lines: with ``k_split_rounded_crossing``, only where ``plain``, rounded half up,
        is in another band (201704: 2004 to 1999.56, 2000, is not split); otherwise
        always (:meth:`split_change` finds whether a line is crossed)."""
        if not self.k_split_rounded_crossing:
            return True
        return self._band(elo.round_half_up(plain)) != self._band(rating)

    def split_change(self, rating: float, change: float, games: int) -> tuple[float, float]:
        """The rating after ``change``, computed at the K of ``rating``'s band, where the
        part beyond 2000 or 2200 counts at the next band's K (``k_split``; a player with
        ``games`` past the 300th, whose K follows the rating), and the line crossed (0
        where none is)."""
        band = self._band(rating)
        ks = (self.k_low, self.k_high, self.k_top if games >= self.k_top_games else self.k_high)
        edges = (self.k_high_threshold, self.k_top_threshold)
        units, now, crossed = change / ks[band], rating, 0.0
        while True:
            k = ks[band]
            if units > 0 and band < 2 and now + units * k >= edges[band]:
                units -= (edges[band] - now) / k
                now, band, crossed = edges[band], band + 1, edges[band]
            elif units < 0 and band > 0 and now + units * k < edges[band - 1]:
                units -= (edges[band - 1] - now) / k
                now, band, crossed = edges[band - 1], band - 1, edges[band - 1]
            else:
                return now + units * k, crossed


SEED_VERSION = Params(
    first_p_bound=0,
    same_run_newcomers=False,
    elo_after_first_rating=False,
    difference_cap=350,
    k_top_games=0,
    periods=("01-01", "07-01"),
    k_by_game=False,
    threshold_in_higher_band=False,
    k_split=False,
    k_split_rounded_crossing=False,
    floor=0,
)
LISTS_2008 = Params(difference_cap=350, periods=("01-01", "07-01"), first_p_bound=0.01)
LISTS_2009 = dataclasses.replace(LISTS_2008, first_p_bound=0.11)
VERSIONS = (
    Version(date(2000, 1, 1), SEED_VERSION, "Wavre club page (seed 000): cap 350, two lists"),
    Version(
        date(2007, 7, 1),
        LISTS_2008,
        "The federation's lists from January 2008: K 10 from the 301st game, K by game "
        "number, K split at 2000/2200, floor 1150; cap 350, two lists; a first rating's "
        "p within .01/.99",
    ),
    Version(
        date(2009, 1, 1),
        LISTS_2009,
        "The federation's lists from July 2009: a first rating's p within the cap's .11/.89",
    ),
    Version(
        date(2013, 7, 1),
        dataclasses.replace(LISTS_2009, periods=("01-01", "04-01", "07-01", "10-01")),
        "The federation's lists from October 2013: quarterly",
    ),
    Version(
        date(2015, 1, 1),
        dataclasses.replace(
            LISTS_2009,
            difference_cap=400,
            first_p_bound=0.08,
            periods=("01-01", "04-01", "07-01", "10-01"),
        ),
        "The federation's lists from April 2015: cap 400 (.08/.92), a first rating's p "
        "within .08/.92",
    ),
    Version(date(2024, 4, 1), Params(), "Current rules: cap 400, quarterly lists"),
)


def adjustment_2024(rating: float, params: Params) -> float:
    """The one-off raise of April 2024: R + factor × (threshold − R) under the threshold,
    rounded half up (1500 → 1700)."""
    if rating >= params.adjustment_threshold:
        return rating
    raised = rating + params.adjustment_factor * (params.adjustment_threshold - rating)
    return elo.round_half_up(raised)


EXPECTED = elo.expectation(elo.ExpectedMethod.TABLE)  # the FIDE table (seed 000)


PROVISIONAL_NOT_COUNTED = N_("opponent provisional (not rated before {needed} games): not counted")


def rate(batch: Batch, params: Params) -> BatchResult:
    if params.same_run_newcomers:
        return _rate_lists(batch, params)
    provisional = {} if params.provisional_opponents_count else _provisional(batch, params)
    if provisional:
        ratings = {player: _rating_used(batch, player) for player in batch.players}
        split = {
            player: split_games(
                batch,
                player,
                ratings.__getitem__,
                not_counted=provisional if state.status is Status.RATED else None,
            )
            for player, state in batch.players.items()
        }
    else:
        split = split_batch(batch, lambda p: _rating_used(batch, p))
    solve_exact(split, elo.ExpectedMethod.TABLE, later=batch.exact_later)
    results = {player: _rate_player(params, split[player]) for player in batch.players}
    return BatchResult(batch.day, results)


def _rate_lists(batch: Batch, params: Params) -> BatchResult:
    """The federation's lists (``same_run_newcomers``): a game against a provisional
    newcomer counts for nobody, unless the newcomer reaches its first rating in the batch
    (:func:`_first_ratings`): then it counts for both, at that rating, after the other
    games (the federation's second run)."""
    ratings = {player: _rating_used(batch, player) for player in batch.players}
    provisional = {} if params.provisional_opponents_count else _provisional(batch, params)
    first = _first_ratings(batch, params, ratings, provisional)
    for player in first:
        provisional.pop(player, None)
    rating_of = {**ratings, **first}.__getitem__
    split = {
        player: split_games(batch, player, rating_of, not_counted=provisional)
        for player in batch.players
    }
    solve_exact(split, elo.ExpectedMethod.TABLE, later=batch.exact_later)
    results = {player: _rate_player(params, split[player], first) for player in batch.players}
    return BatchResult(batch.day, results)


def _first_ratings(
    batch: Batch,
    params: Params,
    ratings: dict[PlayerId, float | None],
    provisional: dict[PlayerId, Note],
) -> dict[PlayerId, float]:
    """The first rating of each newcomer who reaches ``first_rating_games`` in the batch:
    the performance over its archived games and the batch's counted games up to that
    number, those against rated players first, then those against newcomers rated
    before it in the batch, at their first rating (the lists of 202201: 14302 reaches 20
    games against rated players, 13808 with the game against 14302)."""
    first: dict[PlayerId, float] = {}
    needed = params.first_rating_games
    waiting = {
        player: state.archive or Archive()
        for player, state in batch.players.items()
        if state.status is not Status.RATED
        and (state.archive is None or state.archive.games < needed)
    }
    while True:
        rating_of = {**ratings, **first}.__getitem__
        left = {p: n for p, n in provisional.items() if p not in first}
        found = {}
        for player, archive in waiting.items():
            if player in first:
                continue
            played = split_games(batch, player, rating_of, not_counted=left)
            lines = _second_run_last(played, first)
            taken = needed - archive.games
            if len(lines) < taken:
                continue
            found[player] = _performance(_archived(archive, lines[:taken]), params)
        if not found:
            return first
        first.update(found)


def _second_run_last(played: Played, first: Mapping[PlayerId, float]) -> list[GameLine]:
    """The counted lines, those against newcomers rated in the batch (``first``) last."""
    counted = [line for line in played.lines if line.counted]
    return [line for line in counted if line.opponent not in first] + [
        line for line in counted if line.opponent in first
    ]


def _archived(archive: Archive, lines: list[GameLine]) -> Archive:
    opponents = [line.opponent_rating for line in lines]
    assert None not in opponents  # counted lines have their opponent's rating
    return archive.with_games(
        [r for r in opponents if r is not None], elo.total(line.score for line in lines)
    )


def _performance(archive: Archive, params: Params) -> float:
    """Seed 000: R = Rc + D(P) over the archived games, rounded half up."""
    return first_rating(archive.opponents_sum, archive.games, archive.score, params)


def first_rating(opponents_sum: float, games: int, score: float, params: Params) -> float:
    """Seed 000: R = Rc + D(P) over ``games`` (a first or a provisional rating), rounded
    half up, P to two decimals held within ``first_p_bound`` and 1 minus it
    (:func:`d_of_p`)."""
    return elo.round_half_up(opponents_sum / games + d_of_p(score / games, params))


def d_of_p(p: float, params: Params) -> float:
    """D(p) from the table, p rounded to two decimals then held within ``first_p_bound``
    and 1 minus it (the lists of 2013: 12563, 0 of 20 against 1473.15 on average,
    first rating 1122 = 1473.15 + D(0.11), not 673 = 1473.15 − 800)."""
    hundredths = elo.round_half_up(p, 0.01)
    if params.first_p_bound:
        bound = params.first_p_bound
        hundredths = min(max(hundredths, bound), 1 - bound)
    return elo.dp_table(hundredths, params.dp_at_one, -params.dp_at_one)


def _provisional(batch: Batch, params: Params) -> dict[PlayerId, Note]:
    """The batch's provisional newcomers, whose games do not count for a rated player
    (seed 000: « Les parties contre des joueurs non classés ne sont pas prises en
    compte »; a provisional rating is not yet « la première cote »), each with the note
    that says so."""
    return {
        player: note(PROVISIONAL_NOT_COUNTED, needed=params.first_rating_games)
        for player, state in batch.players.items()
        if state.status is Status.PROVISIONAL and state.rating is not None
    }


def _rating_used(batch: Batch, player: PlayerId) -> float | None:
    return batch.players[player].rating


def _rate_player(
    params: Params, played: Played, first: Mapping[PlayerId, float] | None = None
) -> PlayerResult:
    state = played.before
    if state.status is not Status.RATED:
        return _newcomer(params, played, first)
    if not played.counted:
        return unchanged(played)
    assert state.rating is not None
    rating_before = state.rating
    k, k_text = params.k_for(state)
    ks = _ks(params, rating_before, state.games, played, first or {})
    notes: list[Note] = []
    if ks is not None and len(set(ks)) > 1:
        k = ks[-1]
        notes.append(note(K_BY_GAME, ks=_ks_text(ks, state.games)))
    done = exchange(
        rating_before,
        played.lines,
        k,
        params.difference_cap,
        EXPECTED,
        shared_note(k_text, k=ks[0] if ks else k, top=params.k_top_threshold),
        ks,
    )
    exact_rating = rating_before + done.change
    if (
        params.k_split
        and params.k is None
        and state.games >= params.games_k_16
        and params.splits(rating_before, exact_rating)
    ):
        exact_rating, crossed = params.split_change(rating_before, done.change, state.games)
        if crossed:
            notes.append(note(K_SPLIT, line=crossed))
    rating = elo.round_half_up(exact_rating)
    if params.floor and rating < params.floor:
        rating = exact_rating = params.floor
        notes.append(note(FLOOR, floor=params.floor))
    after = state.replace(
        rating=rating, games=state.games + played.counted, peak_rating=max(state.peak or 0, rating)
    )
    if notes:
        done.notes = (*done.notes, *notes)
    return done.result(played, after, rating_exact=exact_rating, k=k)


K_BY_GAME = N_("K by each game's number: {ks}")
K_SPLIT = N_("the change crosses {line}: the part beyond it counts at the other band's K")
FLOOR = N_("the rating does not go below the floor of {floor}")


def _same_run_last(played: Played, first: Mapping[PlayerId, float]) -> list[int]:
    """Each counted game's place in the player's count: the games against newcomers
    rated in the same batch (``first``) after the others (the federation's second run)."""
    counted = [line for line in played.lines if line.counted]
    later = [line.opponent in first for line in counted]
    others = later.count(False)
    places, plain, second = [], 0, others
    for is_later in later:
        if is_later:
            places.append(second)
            second += 1
        else:
            places.append(plain)
            plain += 1
    return places


def _ks(
    params: Params, rating: float, games: int, played: Played, first: Mapping[PlayerId, float]
) -> list[float] | None:
    """Each counted game's K from its own number (``k_by_game``), else None; each game's
    number is its place in the period's count (:func:`_same_run_last`). K changes with
    the number of games only at the schedule's steps: where the period's games cross
    none, every game has the K of the first."""
    if not params.k_by_game or params.k is not None:
        return None
    last = games + played.counted - 1
    steps = (params.games_k_24, params.games_k_16, params.k_top_games)
    if not any(games < step <= last for step in steps):
        return [params.k_at(rating, games)[0]] * played.counted
    return [params.k_at(rating, games + n)[0] for n in _same_run_last(played, first)]


def _ks_text(ks: list[float], games: int) -> str:
    """The K of each run of games, e.g. ``32 (games 99-100), 24 (games 101-103)``."""
    runs: list[tuple[float, int, int]] = []
    for number, k in enumerate(ks, start=games + 1):
        if runs and runs[-1][0] == k:
            runs[-1] = (k, runs[-1][1], number)
        else:
            runs.append((k, number, number))
    return ", ".join(f"{k:g} ({first}-{last})" for k, first, last in runs)


def _newcomer(
    params: Params, played: Played, first: Mapping[PlayerId, float] | None = None
) -> PlayerResult:
    """Seed 000: R = Rc + D(P) over every game so far; provisional from 10, first at 20.
    The federation's lists (``elo_after_first_rating``): the first rating over the first
    20 games, the later ones rated with K from it."""
    state = played.before
    before = state.archive or Archive()
    taken = params.first_rating_games - before.games
    if params.elo_after_first_rating and 0 < taken < played.counted:
        return _first_then_elo(params, played, before, taken, first or {})
    archive = before.with_games(played.opponents, played.score)
    n = archive.games
    if n < params.provisional_games:
        after = state.replace(archive=archive, games=n, status=Status.UNRATED)
        notes = (
            note(
                N_("unrated: a provisional rating needs {needed} games, {games} played"),
                needed=params.provisional_games,
                games=n,
            ),
        )
        return played.result(after, rating_exact=None, notes=notes)
    rc = archive.opponents_sum / n
    p = archive.score / n
    performance = rc + d_of_p(p, params)
    rating = elo.round_half_up(performance)
    rated = n >= params.first_rating_games
    if rated and params.floor and rating < params.floor:
        rating = params.floor
    status = Status.RATED if rated else Status.PROVISIONAL
    after = state.replace(
        rating=rating,
        games=n,
        status=status,
        archive=None if rated else archive,
        peak_rating=rating,
    )
    text = (
        N_("first rating after {games} games: {rc} + D({p}) = {rating}")
        if rated
        else N_("provisional rating after {games} games: {rc} + D({p}) = {rating}")
    )
    notes = (note(text, games=n, rc=round(rc, 1), p=round(p, 2), rating=rating),)
    return played.result(after, rating_exact=performance, notes=notes)


def _first_then_elo(
    params: Params, played: Played, before: Archive, taken: int, first: Mapping[PlayerId, float]
) -> PlayerResult:
    """The federation's lists: the first rating over the first ``taken`` counted games of
    the batch (with the archived ones; those against newcomers rated in the batch last),
    then the batch's later games by K (W − We)."""
    counted = _second_run_last(played, first)
    archive = _archived(before, counted[:taken])
    first_rating = _performance(archive, params)
    n = archive.games
    rest = counted[taken:]
    later = len(rest)
    ks = [params.k_at(first_rating, n + i)[0] for i in range(later)]
    k_text = params.k_at(first_rating, n)[1]
    done = exchange(
        first_rating,
        rest,
        ks[-1],
        params.difference_cap,
        EXPECTED,
        shared_note(k_text, k=ks[0], top=params.k_top_threshold),
        ks,
    )
    exact = first_rating + done.change
    rating = elo.round_half_up(exact)
    if params.floor and rating < params.floor:
        rating = exact = params.floor
    after = played.before.replace(
        rating=rating,
        games=n + later,
        status=Status.RATED,
        archive=None,
        peak_rating=rating,
    )
    notes = (
        note(
            N_("first rating after {games} games: {rc} + D({p}) = {rating}"),
            games=n,
            rc=round(archive.opponents_sum / n, 1),
            p=round(archive.score / n, 2),
            rating=first_rating,
        ),
        *done.notes,
    )
    return played.result(
        after,
        rating_exact=exact,
        notes=notes,
        k=ks[-1],
        expected=done.expected,
        games=tuple(played.lines),
    )

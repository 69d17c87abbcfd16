"""Switzerland: the FSE (Schweizerischer Schachbund) national rating, as seed 002
describes it.

- The expected score is Elo's original model, the normal distribution ("la méthode
  exacte"): G = Φ(D / (200·√2)). W = K (R − G) per game, K 24 in the seed's example.
- The performance is the exact one of seed 002: the rating at which the expected total
  equals the score.
- Games against unrated players are not counted; a newcomer's first rating is their exact
  performance once they have played enough games against rated players.
- From 2026 the Swiss national list follows FIDE's system: that version hands the batch
  to :mod:`ratings.rules.fide` with FIDE's rules in force on the batch's day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from . import elo
from .base import N_, Archive, Batch, BatchResult, PlayerId, PlayerResult, Status, note
from .common import Played, exchange, solve_exact, split_games, unchanged
from .parameters import Bounds, Version, check_ranges, param, version_on
from .performance import exact_performance

KEY = "fse"
NAME = N_("Switzerland (FSE)")
ROLE = "national"
ADJUSTMENT_LABEL: str | None = None  # no published one-off adjustment
BOUNDS = Bounds()  # the inputs it accepts: ratings 0-3500 (see Bounds)
FIRST_RATING_PRECISION = 1e-6  # a newcomer's exact performance, before the final rounding


@dataclass(frozen=True)
class Params:
    k: float = param(
        24,
        "K",
        N_("Seed 002: 'un joueur de 1880 Elo perdrait 16.3 Elo (avec un coeff. de 24)'."),
        min=1,
        max=100,
    )
    difference_cap: float | None = param(
        None,
        "Rating-difference cap",
        N_("Seed 002 applies none. Empty: no cap."),
        unit=N_("Elo"),
        min=0,
        max=1000,
    )
    decimals: int = param(
        1, "Decimals kept", N_("Seed 002 shows changes to a tenth (16.3)."), min=0, max=2
    )
    first_rating_games: int = param(
        7,
        "Games for a first rating",
        N_(
            "A newcomer's first rating is their exact performance after this many games against "
            "rated players. The federation: « Nach 7 wertbaren Partien werden diese Spieler in "
            "die Führungsliste aufgenommen »."
        ),
        min=1,
        max=1000,
    )
    follows_fide: bool = param(
        False,
        "Follows FIDE's system",
        N_("From 2026 the Swiss national list is calculated with FIDE's rules."),
    )
    periods: tuple[str, ...] = param(
        (), "Rating periods", N_("Empty: recalculated after every event (the club's choice).")
    )

    def __post_init__(self) -> None:
        check_ranges(self)
        if self.k <= 0:
            raise ValueError("k must be positive")


VERSIONS = (
    Version(date(1990, 1, 1), Params(), "FSE exact method (seed 002)"),
    Version(date(2026, 1, 1), Params(follows_fide=True), "From 2026: FIDE's system"),
)


def rate(batch: Batch, params: Params) -> BatchResult:
    if params.follows_fide:
        from . import fide

        return fide.rate(batch, version_on(fide.VERSIONS, batch.day).params)
    results = {player: _rate_player(batch, params, player) for player in batch.players}
    return BatchResult(batch.day, results)


def _rate_player(batch: Batch, params: Params, player: PlayerId) -> PlayerResult:
    played = split_games(batch, player, lambda p: batch.players[p].rating, dp="formula")
    solve_exact({player: played}, elo.ExpectedMethod.NORMAL)
    state = played.before
    if state.rating is None:
        return _newcomer(params, played)
    if not played.counted:
        return unchanged(played)
    done = exchange(
        state.rating,
        played.lines,
        params.k,
        params.difference_cap,
        elo.expected_normal,
        note(N_("K = {k}"), k=params.k),
    )
    exact_rating = state.rating + done.change
    rating = elo.round_decimals(exact_rating, params.decimals)
    after = state.replace(rating=rating, games=state.games + played.counted)
    return done.result(played, after, rating_exact=exact_rating, k=params.k)


def _newcomer(params: Params, played: Played) -> PlayerResult:
    # Every opponent is kept one by one: the first rating is the exact performance over
    # all the games (seed 002), not the one against n copies of the average opponent.
    state = played.before
    archive = (state.archive or Archive()).with_each_opponent(played.opponents, played.score)
    n, total_score = archive.games, archive.score
    opponents, opponents_sum = list(archive.opponents), archive.opponents_sum
    if n < params.first_rating_games:
        notes = (
            note(
                N_("unrated: {games} of the {needed} games needed for a first rating"),
                games=n,
                needed=params.first_rating_games,
            ),
        )
        after = state.replace(archive=archive, games=n)
        return played.result(after, rating_exact=None, notes=notes)
    # Solved well below the tenth the rating keeps, then rounded once: X = 1420.146 is
    # 1420.1 (the display's hundredths would round it twice, 1420.15 -> 1420.2).
    first = exact_performance(
        opponents, total_score, elo.ExpectedMethod.NORMAL, precision=FIRST_RATING_PRECISION
    )
    if first is None:
        # 100 % or 0 %: "une partie de plus, à considérer comme un match nul contre un
        # joueur de niveau égal à la moyenne des adversaires" (seed 002).
        average = opponents_sum / n
        first = exact_performance(
            [*opponents, average],
            total_score + 0.5,
            elo.ExpectedMethod.NORMAL,
            precision=FIRST_RATING_PRECISION,
        )
        assert first is not None
    rating = elo.round_decimals(first, params.decimals)
    after = state.replace(rating=rating, games=n, status=Status.RATED, archive=None)
    notes = (note(N_("first rating: performance over {games} games"), games=n),)
    return played.result(after, rating_exact=first, notes=notes)

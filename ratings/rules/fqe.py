"""Québec: the FQE rating (seed 004, "Le calcul de la cote").

- Three classes, rated in this order within a competition: players without a rating,
  then provisional ones (24 games or fewer before it), then permanent ones; a class rated
  later sees the new ratings of the classes rated before it.
- Without a rating: performance Cm + 400 × (V − D) / N, unrated opponents counted at
  1100; under 1200, half the difference is added (800 → 1000, 900 → 1050). The 1100 is
  for "un joueur sans cote [qui] affronte d'autres joueurs sans cote": a provisional or
  permanent player meets an unrated opponent at the rating the opponent has just received
  (docs/ratings/fqe.md).
- Provisional: the average of the old rating and the performance, weighted by their
  games ((12 × 1462 + 4 × 1630) / 16); no adjustment under 1200.
- Permanent (from the competition after the one containing the 25th game):
  Ca + 32 × (R − Rp), Rp from the FQE table, which ends "620–734: 99, 735 et plus: 100".
- Bonus: a gain above 24 points for 4 rounds, 26 for 5, 28 for 6 … earns one more point
  per point above it (Daniel: 1876 + 84 + 52 = 2012).
- Above 2300, before or during the competition, changes count half.
- A match cannot earn more than 50 points. Byes and forfeits are not counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from . import elo
from .base import (
    N_,
    Batch,
    BatchResult,
    GameLine,
    Note,
    PlayerId,
    PlayerResult,
    PlayerState,
    Status,
    note,
)
from .common import unique_notes
from .parameters import Bounds, Version, check_ranges, param
from .performance import exact_performance

KEY = "fqe"
NAME = N_("Québec (FQE)")
ROLE = "national"
ADJUSTMENT_LABEL: str | None = None  # no published one-off adjustment
BOUNDS = Bounds()  # the inputs it accepts: ratings 0-3500 (see Bounds)

FQE_TABLE = (*elo.FIDE_EXPECTED_TABLE[:-1], (734, 99))


@dataclass(frozen=True)
class Params:
    k: float = param(32, "K", N_("Seed 004: Cote = Ca + 32 × (R − Rp)."), min=1, max=100)
    provisional_games: int = param(
        24,
        "Games of a provisional rating",
        N_("Seed 004: provisoire à 24 parties ou moins."),
        min=0,
        max=1000,
    )
    unrated_opponent: float = param(
        1100,
        "Unrated opponents count as",
        N_("Seed 004: une cote de 1100."),
        unit=N_("Elo"),
        min=0,
        max=3500,
    )
    performance_step: float = param(
        400,
        "Points per net win",
        N_("Seed 004: Cm + 400 × (V − D) / N."),
        unit=N_("Elo"),
        min=0,
        max=1000,
    )
    adjustment_below: float = param(
        1200,
        "Adjustment under",
        # xgettext:no-python-format
        N_("Seed 004: under 1200, 50 % of the difference is added (800 → 1000)."),
        unit=N_("Elo"),
        min=0,
        max=3500,
    )
    adjustment_share: float = param(0.5, "Adjustment share", N_("Seed 004: 50 %."), min=0, max=1)
    bonus_base: float = param(
        24, "Bonus threshold for 4 rounds", N_("Seed 004: 24 points."), min=0, max=1000
    )
    bonus_base_rounds: int = param(
        4, "Rounds of the base threshold", N_("Seed 004: 4 rondes."), min=1, max=100
    )
    bonus_per_round: float = param(
        2, "Threshold per extra round", N_("26 for 5, 28 for 6 …"), min=0, max=100
    )
    halving_above: float = param(
        2300,
        "Changes halved above",
        N_("Seed 004: au-dessus de 2300, divisés par deux."),
        min=0,
        max=3500,
    )
    match_gain_cap: float = param(
        50, "Largest gain in a match", N_("Seed 004: ne peut excéder 50 points."), min=0, max=1000
    )
    periods: tuple[str, ...] = param(
        (), "Rating periods", N_("Seed 004: la cote est recalculée après chaque tournoi.")
    )

    def __post_init__(self) -> None:
        check_ranges(self)

    def bonus_threshold(self, rounds: int) -> float | None:
        """24 for 4 rounds, 26 for 5 …; None below 4 rounds (no bonus)."""
        if rounds < self.bonus_base_rounds:
            return None
        return self.bonus_base + self.bonus_per_round * (rounds - self.bonus_base_rounds)


VERSIONS = (Version(date(1976, 1, 1), Params(), "FQE rules (seed 004)"),)


def player_class(state: PlayerState, params: Params) -> Status:
    if state.rating is None:
        return Status.UNRATED
    if state.games <= params.provisional_games:
        return Status.PROVISIONAL
    return Status.RATED


def rate(batch: Batch, params: Params) -> BatchResult:
    ratings = {player: state.rating for player, state in batch.players.items()}
    results: dict[PlayerId, PlayerResult] = {}
    for rated_class in (Status.UNRATED, Status.PROVISIONAL, Status.RATED):
        members = [
            (player, state)
            for player, state in batch.players.items()
            if player_class(state, params) is rated_class
        ]
        # Each class sees the ratings as the earlier classes left them.
        seen = dict(ratings)
        for player, state in members:
            results[player] = _rate(batch, params, player, state, rated_class, seen)
        for player, _state in members:
            ratings[player] = results[player].rating_after
    return BatchResult(batch.day, {p: results[p] for p in batch.players})


def _rate(  # type: ignore[no-untyped-def]
    batch: Batch, params: Params, player, state: PlayerState, rated_class: Status, seen
) -> PlayerResult:
    lines: list[GameLine] = []
    played: list[tuple[float, float]] = []
    for opponent, score, game in batch.games_of(player):
        rating = seen[opponent]
        if not game.played:
            lines.append(
                GameLine(
                    opponent, rating, score, counted=False, note=note(N_("not played: not rated"))
                )
            )
            continue
        used = params.unrated_opponent if rating is None else rating
        line_note = None
        if rating is None:
            line_note = note(N_("unrated opponent counted at {r}"), r=params.unrated_opponent)
        elif batch.players[opponent].rating is None:
            # "on cote les joueurs dans l'ordre suivant: sans cote; avec une cote
            # provisoire; avec une cote permanente": rated first, met at the new rating.
            text = N_("unrated opponent, rated first in this competition: counted at {r}")
            line_note = note(text, r=rating)
        lines.append(GameLine(opponent, used, score, note=line_note))
        played.append((used, score))
    score = elo.total(s for _r, s in played)
    if not played:
        notes = (note(N_("no counted game: rating unchanged")),)
        return PlayerResult(
            player=player,
            before=state,
            after=state,
            rating_exact=state.rating,
            score=score,
            games=tuple(lines),
            notes=notes,
        )
    performance = _performance(played, params)
    classical = elo.round_half_up(performance)
    opponents = [r for r, _s in played]
    exact = exact_performance(opponents, score, elo.ExpectedMethod.TABLE, FQE_TABLE)
    n = len(played)
    if rated_class is Status.UNRATED:
        return _unrated(params, player, state, performance, n, score, classical, exact, lines)
    if rated_class is Status.PROVISIONAL:
        assert state.rating is not None
        new = (state.games * state.rating + n * performance) / (state.games + n)
        rating = elo.round_half_up(new)
        after = _after(state, rating, n, params)
        notes = (
            note(
                N_("provisional: ({games} × {old} + {n} × {perf}) / {total}"),
                games=state.games,
                old=state.rating,
                n=n,
                perf=classical,
                total=state.games + n,
            ),
        )
        return PlayerResult(
            player=player,
            before=state,
            after=after,
            rating_exact=new,
            score=score,
            performance_classical=classical,
            performance_exact=exact,
            games=tuple(lines),
            notes=notes,
        )
    return _permanent(batch, params, player, state, lines, played, score, classical, exact)


def _performance(played: list[tuple[float, float]], params: Params) -> float:
    n = len(played)
    wins = sum(1 for _r, s in played if s == 1)
    losses = sum(1 for _r, s in played if s == 0)
    return elo.average([r for r, _s in played]) + params.performance_step * (wins - losses) / n


def _after(state: PlayerState, rating: float, n: int, params: Params) -> PlayerState:
    games = state.games + n
    status = Status.PROVISIONAL if games <= params.provisional_games else Status.RATED
    return state.replace(rating=rating, games=games, status=status)


def _unrated(  # type: ignore[no-untyped-def]
    params: Params, player, state, performance, n, score, classical, exact, lines
) -> PlayerResult:
    notes = [note(N_("first rating: performance {perf}"), perf=classical)]
    rating = performance
    if performance < params.adjustment_below:
        rating = performance + params.adjustment_share * (params.adjustment_below - performance)
        notes.append(
            note(
                N_("under {limit}: half the difference added, {perf} becomes {rating}"),
                limit=params.adjustment_below,
                perf=classical,
                rating=elo.round_half_up(rating),
            )
        )
    after = _after(state, elo.round_half_up(rating), n, params)
    return PlayerResult(
        player=player,
        before=state,
        after=after,
        rating_exact=rating,
        score=score,
        performance_classical=classical,
        performance_exact=exact,
        games=tuple(lines),
        notes=tuple(notes),
    )


def _permanent(  # type: ignore[no-untyped-def]
    batch: Batch, params: Params, player, state, lines, played, score, classical, exact
) -> PlayerResult:
    notes = [note(N_("K = {k}"), k=params.k)]
    filled = []
    expectations = []
    pending = iter(played)
    for line in lines:
        if line.counted:
            opponent_rating, game_score = next(pending)
            we = elo.expected_table(state.rating - opponent_rating, FQE_TABLE)
            expectations.append(we)
            line = GameLine(
                line.opponent,
                line.opponent_rating,
                line.score,
                we,
                params.k * (game_score - we),
                note=line.note,
            )
        filled.append(line)
    expected = elo.total(expectations)
    change = elo.round_half_up(params.k * (score - expected))
    rounds = batch.rounds or len(played)
    threshold = params.bonus_threshold(rounds)
    if threshold is not None and change > threshold:
        bonus = change - threshold
        notes.append(
            note(
                N_("bonus of {bonus}: gain above {limit} points in {rounds} rounds"),
                bonus=bonus,
                limit=threshold,
                rounds=rounds,
            )
        )
        change += bonus
    change = _halved_above(state.rating, change, params, notes)
    if batch.is_match and change > params.match_gain_cap:
        notes.append(note(N_("a match earns at most {cap} points"), cap=params.match_gain_cap))
        change = params.match_gain_cap
    exact_rating = state.rating + change
    rating = elo.round_half_up(exact_rating)
    after = _after(state, rating, len(played), params)
    return PlayerResult(
        player=player,
        before=state,
        after=after,
        rating_exact=exact_rating,
        k=params.k,
        score=score,
        expected=expected,
        performance_classical=classical,
        performance_exact=exact,
        games=tuple(filled),
        notes=unique_notes(notes),
    )


def _halved_above(rating: float, change: float, params: Params, notes: list[Note]) -> float:
    """Seed 004: above 2300, before or during the competition, changes count half."""
    limit = params.halving_above
    if rating > limit:
        notes.append(note(N_("above {limit}: the change counts half"), limit=limit))
        return change / 2
    if rating + change > limit:
        notes.append(note(N_("above {limit}: the change counts half"), limit=limit))
        return (limit - rating) + (rating + change - limit) / 2
    return change

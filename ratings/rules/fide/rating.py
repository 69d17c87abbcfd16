"""A FIDE batch rated with its readable breakdown: the period's arrays (:mod:`.period`) read
back into each rated player's games, K, notes and new rating; unrated players go to
:mod:`.first_rating`.
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np

from .. import elo
from ..base import (
    N_,
    Batch,
    BatchResult,
    Game,
    GameLine,
    PlayerId,
    PlayerResult,
    PlayerState,
    Status,
    note,
)
from ..common import unique_notes
from ..performance import classical_performance, exact_performance
from .first_rating import rate_unrated
from .k_factor import base_k
from .params import Params
from .period import PeriodArrays, rate_arrays, round_changes


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
        _game_ratings(batch, ratings, white, black),
    )
    per_game = _per_game_lines(batch, arrays, index)
    rounded = round_changes(arrays.total_change, params.change_rounding)
    results = {}
    for n, player in enumerate(ids):
        state = states[n]
        lines = per_game.get(player, [])
        if state.rating is None:
            results[player] = rate_unrated(batch, params, player, state, lines)
        else:
            results[player] = _rated(batch, params, player, state, lines, arrays, n, rounded[n])
    return BatchResult(batch.day, results)


def _game_ratings(
    batch: Batch, ratings: np.ndarray, white: np.ndarray, black: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """White's and black's rating in each game where an event is rated from the list in
    force when it started (``Batch.event_ratings``); None when every game uses the
    players' ratings."""
    if not batch.event_ratings:
        return None
    own_white, own_black = ratings[white].copy(), ratings[black].copy()
    for g, game in enumerate(batch.games):
        own_white[g] = batch.event_ratings.get((game.white, game.event), own_white[g])
        own_black[g] = batch.event_ratings.get((game.black, game.event), own_black[g])
    return own_white, own_black


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
    for (who, _event), own in sorted((batch.event_ratings or {}).items(), key=str):
        if who == player and own != state.rating:
            notes.append(
                note(
                    N_("an event rated from {rating}: the list in force when it started"),
                    rating=int(own) if float(own).is_integer() else own,
                )
            )
    exact_rating = state.rating + float(arrays.total_change[n])
    rating = state.rating + float(rounded)
    expected = elo.total(line.expected or 0 for line in counted_lines)
    classical = elo.round_half_up(
        classical_performance(opponents, score, at_one=params.dp_at_one, at_zero=-params.dp_at_one)
    )
    exact = exact_performance(opponents, score, elo.ExpectedMethod.TABLE)
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

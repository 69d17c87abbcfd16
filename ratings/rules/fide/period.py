"""A FIDE rating period over numpy arrays: every counted game's expected score at the capped
difference, K within the 700 limit, each player's total change and its rounding (8.3.2).
This is what makes a million games a second possible; :mod:`.rating` reads the breakdown
from the same arrays.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import elo
from .params import Params

_EDGES = np.array([high for high, _p in elo.FIDE_EXPECTED_TABLE], dtype=np.float64)
_HIGHER = np.array([p / 100 for _high, p in elo.FIDE_EXPECTED_TABLE] + [1.0])


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
    game_ratings: tuple[np.ndarray, np.ndarray] | None = None,
) -> PeriodArrays:
    """Rate a period over arrays: ``ratings`` (NaN: unrated) and ``k_base`` per player
    index; per game the players' indices, white's score, whether it was played, (for
    the rules that apply per event) its event's number, and (``game_ratings``) white's
    and black's ratings in it where an event is rated from another list than the
    period's."""
    counted = played & ~np.isnan(ratings[white]) & ~np.isnan(ratings[black])
    w, b = white[counted], black[counted]
    if game_ratings is None:
        own_w, own_b = ratings[w], ratings[b]
    else:
        own_w, own_b = game_ratings[0][counted], game_ratings[1][counted]
    diff = own_w - own_b
    cap = params.difference_cap
    capped_w = np.clip(diff, -cap, cap)
    capped_b = -np.clip(diff, -cap, cap)
    if params.cap_once_per_event and event is not None:
        events = event[counted]
        capped_w = _cap_once_per_event(diff, capped_w, w, events, cap)
        capped_b = _cap_once_per_event(-diff, capped_b, b, events, cap)
    if params.uncapped_from is not None:
        capped_w = np.where(own_w >= params.uncapped_from, diff, capped_w)
        capped_b = np.where(own_b >= params.uncapped_from, -diff, capped_b)
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


def round_changes(total: np.ndarray, mode: elo.Rounding = elo.Rounding.HALF_AWAY) -> np.ndarray:
    """Each player's change to whole points as ``mode`` rounds it (``Params.change_rounding``):
    halves away from zero (2024, 8.3.4: −2.5 → −3) or up (the lists before March 2024:
    −3.5 → −3)."""
    cleaned = np.round(total, 9)
    if mode is elo.Rounding.HALF_UP:
        return np.floor(cleaned + 0.5)
    if mode is elo.Rounding.TEN_HALF_UP:
        return np.floor(cleaned / 10 + 0.5) * 10
    if mode is elo.Rounding.NONE:
        return cleaned
    return np.sign(cleaned) * np.floor(np.abs(cleaned) + 0.5)

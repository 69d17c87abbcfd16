"""France's performance (seed 003 §2): D(P) held beyond .05 and .95, the compatible games,
Pj = Ea + D(P) over them, and the notes that show it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

from .. import elo
from ..base import N_, Note, note
from .params import Params
from .unrated import Performance, shown

_NORMAL = NormalDist()


def held_beyond(params: Params) -> tuple[float, float]:
    """The P below and above which D(P) is held: (.05, .95), free of binary noise."""
    return round(1 - params.dp_bound_from, 9), params.dp_bound_from


def dp(p: float, params: Params) -> float:
    """D(P): ±``dp_bound`` beyond ``dp_bound_from``, else by ``dp_function``."""
    low, high = held_beyond(params)
    if p > high:
        return params.dp_bound
    if p < low:
        return -params.dp_bound
    if params.dp_function is elo.ExpectedMethod.NORMAL:
        return params.dp_sigma * _NORMAL.inv_cdf(p)
    if params.dp_function is elo.ExpectedMethod.TABLE:
        return _dp_interpolated(p)
    return elo.dp_bounded(p, params.dp_bound, low, high)


def _dp_interpolated(p: float) -> float:
    """The seed's table between two hundredths: 'une interpolation est indispensable'."""
    hundredths = p * 100
    below = min(max(math.floor(round(hundredths, 9)), 1), len(elo.DP_TABLE) - 1)
    low, high = elo.DP_TABLE[below - 1], elo.DP_TABLE[below]
    return low + (hundredths - below) * (high - low)


def compatible(own: float, opponent: float, score: float, window: float) -> bool:
    """Seed 003 §2.2: a win against an opponent less than ``window`` below ``own``, a loss
    against one less than ``window`` above; every draw."""
    if score == 1:
        return own - opponent < window
    if score == 0:
        return opponent - own < window
    return True


def performance(
    own: float | None, games: Sequence[tuple[float, float]], params: Params
) -> Performance | None:
    """Pj = Ea + D(P) over the games compatible with ``own`` (every game when ``own`` is
    None: the iterative method's first pass); None without a compatible game."""
    kept = [(r, s) for r, s in games if own is None or compatible(own, r, s, params.window)]
    if not kept:
        return None
    n = len(kept)
    average = math.fsum(r for r, _s in kept) / n
    score = elo.total(s for _r, s in kept)
    bonus = dp(score / n, params)
    return Performance(n, average, score, bonus, max(params.performance_floor, average + bonus))


def performance_notes(perf: Performance | None, params: Params) -> list[Note]:
    if perf is None:
        return []
    text = N_("Pj = Ea + D(P) = {ea} + D({p}) = {ea} {sign} {dp} = {pj}, over {n} compatible games")
    sign, bonus = ("−", -perf.dp) if perf.dp < 0 else ("+", perf.dp)
    figures = {"ea": shown(perf.average), "p": shown(perf.p), "dp": shown(bonus)}
    notes = [note(text, sign=sign, pj=shown(perf.average + perf.dp), n=perf.games, **figures)]
    low, high = held_beyond(params)
    if not low <= perf.p <= high:
        text = N_("D(P) held at ±{bound}: P beyond {low} – {high}")
        notes.append(note(text, bound=params.dp_bound, low=low, high=high))
    if perf.average + perf.dp < params.performance_floor:
        floor = params.performance_floor
        notes.append(note(N_("performance below {floor} brought to {floor}"), floor=floor))
    return notes

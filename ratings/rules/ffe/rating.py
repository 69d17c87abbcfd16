"""France: a batch rated. The unrated players are estimated together first
(:mod:`.unrated`); then each player's games are read around their rating or estimate, and
a rated player's new rating follows §3.1 (the brake, the quota of a youth or a senior, the
barycentre).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from .. import elo
from ..base import (
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
from ..common import unique_notes
from ..performance import exact_performance
from .params import Params
from .performance import compatible, performance, performance_notes
from .unrated import (
    Estimation,
    Performance,
    counts_as_rated,
    estimate_unrated,
    publish,
    shown,
    unrated_outcome,
)


def season_january(day: date, params: Params) -> date:
    """The 1 January inside the season that holds ``day``."""
    month, dd = (int(part) for part in params.season_start.split("-"))
    start_year = day.year if (day.month, day.day) >= (month, dd) else day.year - 1
    return date(start_year if (month, dd) == (1, 1) else start_year + 1, 1, 1)


def is_youth(state: PlayerState, day: date, params: Params) -> bool | None:
    """``junior`` when given, else under ``youth_age`` on 1 January of the season; None
    when neither is known (the player counts as a senior)."""
    if state.junior is not None:
        return state.junior
    age = state.age_on(season_january(day, params))
    return None if age is None else age < params.youth_age


# --- a calculation --------------------------------------------------------------------------


def ratings_of(batch: Batch) -> dict[Any, float]:
    """Ei of the batch's rated players."""
    return {p: s.rating for p, s in batch.players.items() if counts_as_rated(s)}  # type: ignore[misc]


def estimation(batch: Batch, params: Params) -> Estimation:
    """Seed 003 §4.2: the batch's unrated players estimated together."""

    def perform(own: float | None, games: Sequence[tuple[float, float]]) -> float | None:
        found = performance(own, games, params)
        return None if found is None else found.value

    return estimate_unrated(batch, ratings_of(batch), perform, params)


def rate(batch: Batch, params: Params) -> BatchResult:
    estimated = estimation(batch, params)
    used: dict[Any, float] = {**estimated.values, **ratings_of(batch)}
    results = {}
    for player, state in batch.players.items():
        lines, kept = _lines(batch, params, player, used.get(player), used)
        perf = performance(used.get(player), kept, params) if kept else None
        if counts_as_rated(state):
            after, exact, notes = _rated(batch.day, state, perf, params)
        else:
            after, exact, notes = unrated_outcome(player, state, perf, estimated, params)
        results[player] = _result(player, state, after, exact, lines, kept, perf, notes, params)
    return BatchResult(batch.day, results)


def _lines(
    batch: Batch, params: Params, player: PlayerId, own: float | None, used: Mapping[Any, float]
) -> tuple[list[GameLine], list[tuple[float, float]]]:
    """A line per game of ``player``; the compatible games as (opponent's value, score)."""
    lines: list[GameLine] = []
    kept: list[tuple[float, float]] = []
    for opponent, score, game in batch.games_of(player):
        rating = used.get(opponent)
        why = None
        if not game.played or rating is None or own is None:
            why = note(N_("not played: not rated"))
        elif not compatible(own, rating, score, params.window):
            why = note(
                N_("win against {opponent}, {window} points or more below: not compatible")
                if score == 1
                else N_("loss against {opponent}, {window} points or more above: not compatible"),
                opponent=shown(rating),
                window=params.window,
            )
        if why is not None or rating is None:
            lines.append(GameLine(opponent, rating, score, counted=False, note=why))
            continue
        kept.append((rating, score))
        estimated = None
        if not counts_as_rated(batch.players[opponent]):
            estimated = note(N_("opponent unrated: counted at the estimate {e}"), e=shown(rating))
        lines.append(GameLine(opponent, rating, score, note=estimated))
    return lines, kept


def _result(
    player: PlayerId,
    state: PlayerState,
    after: PlayerState,
    exact: float | None,
    lines: list[GameLine],
    kept: list[tuple[float, float]],
    perf: Performance | None,
    notes: list[Note],
    params: Params,
) -> PlayerResult:
    score = elo.total(s for _r, s in kept)
    opponents = [r for r, _s in kept]
    return PlayerResult(
        player=player,
        before=state,
        after=after,
        rating_exact=exact,
        score=score,
        performance_classical=None if perf is None else publish(perf.value, params),
        performance_exact=exact_performance(opponents, score, params.dp_function) if kept else None,
        games=tuple(lines),
        notes=unique_notes(performance_notes(perf, params) + notes),
    )


def _rated(
    day: date, state: PlayerState, perf: Performance | None, params: Params
) -> tuple[PlayerState, float | None, list[Note]]:
    ei = state.rating
    assert ei is not None
    if perf is None:
        return state, ei, [note(N_("no compatible game: rating unchanged"))]
    pj, nj = perf.value, perf.games
    figures = {"ei": shown(ei), "pj": shown(pj), "n": nj}
    if pj < ei:
        b = params.brake_games
        ej = (b * ei + nj * pj) / (b + nj)
        text = N_("1.a Pj below Ei, the brake: Ej = ({b} × {ei} + {n} × {pj}) / ({b} + {n}) = {ej}")
        notes = [note(text, b=b, ej=shown(ej), **figures)]
    else:
        youth = is_youth(state, day, params)
        quota = params.youth_quota if youth else params.senior_quota
        notes = [
            note(N_("youth: quota of {q} compatible games"), q=quota)
            if youth
            else note(N_("senior: quota of {q} compatible games"), q=quota)
        ]
        if youth is None:
            notes.append(note(N_("no birth date nor junior flag: counted as a senior")))
        if nj >= quota:
            ej = pj
            notes.append(note(N_("1.b Pj above Ei over {n} compatible games: Ej = Pj"), n=nj))
        else:
            b = params.barycentre_games
            ej = (pj * nj + (b - nj) * ei) / b
            text = N_(
                "1.c barycentre completed to {b}: Ej = ({pj} × {n} + {rest} × {ei}) / {b} = {ej}"
            )
            notes.append(note(text, b=b, rest=b - nj, ej=shown(ej), **figures))
    after = state.replace(rating=publish(ej, params), games=state.games + nj, status=Status.RATED)
    return after, ej, notes

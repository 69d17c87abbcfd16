"""France: the national Elo, a performance-based system (seed 003, "Le classement
national Élo").

- Three calculations a year: games of 1 September–31 December, 1 January–30 April,
  1 May–31 August.
- Only compatible games count: a win against an opponent less than 350 points below Ei, a
  loss against an opponent less than 350 points above, every draw.
- Pj = Ea + D(P) over the Nj compatible games, D from the normal distribution that
  generates the seed's table, held at ±470 beyond P > .95 / P < .05; Pj at least 1000.
- 1.a Pj < Ei: Ej = (16 Ei + Nj Pj) / (16 + Nj), the downward brake.
  1.b Pj > Ei with at least 8 (youth) or 16 (senior) compatible games: Ej = Pj.
  1.c otherwise: Ej = (Pj Nj + (16 − Nj) Ei) / 16, the barycentre completed to 16.
- No rating but archives Pa/Na: 2.a Nj > 7: Ej = Pj; 2.b Nj + Na < 8: new archives;
  2.c Ej = (Pj Nj + Pa Na) / (Nj + Na). No rating nor archives: 3.a Nj < 8: archived;
  3.b Ej = Pj. A player enters with at least 8 compatible games.
- Unrated players are estimated together, iteratively: a first performance without the
  window, then with it; an estimate within 20 points of the new performance holds, else
  the average becomes the next estimate; up to 25 rounds, every unrated player of the
  batch re-estimated each round. Rated players' opponents who are unrated count at their
  final estimate.
- Ratings are rounded to the nearest ten, 5 going up; an estimate is shown ending in 9.
- :func:`convert` turns INGO, BRIDIER, BCR and Swiss ratings into Elo (end of seed 003).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from statistics import NormalDist

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
    Version,
    check_ranges,
    note,
    param,
)
from .common import unique_notes

KEY = "ffe"
NAME = "France (FFE national)"
_NORMAL = NormalDist()


class Scale(StrEnum):
    INGO = "ingo"
    BRIDIER = "bridier"
    BCR = "bcr"
    SWISS = "swiss"


@dataclass(frozen=True)
class Params:
    window: float = param(
        350, "Compatibility window", "Seed 003 §2: à moins de 350 points.", unit="Elo", min=0
    )
    dp_sigma: float = param(
        2000 / 7,
        "D(P) scale",
        "Seed 003: 'la fonction exponentielle qui génère' the table: the normal distribution "
        "whose standard deviation, 2000/7, gives D(.75) = 193 and D(.95) = 470.",
        min=1,
    )
    dp_bound: float = param(
        470, "D(P) bound", "Seed 003: primes bornées à +/- 470 si P > 0,95 ou P < 0,05."
    )
    dp_bound_from: float = param(0.95, "Bound beyond", "P > 0.95 or P < 0.05.", min=0.5, max=1)
    performance_floor: float = param(
        1000, "Performance floor", "Seed 003: une performance inférieure à 1000 est ramenée à 1000."
    )
    brake_games: int = param(
        16, "Brake weight", "Seed 003: un frein incorporant seize fois le Élo initial.", min=1
    )
    youth_quota: int = param(8, "Youth quota", "Seed 003: 8 parties compatibles (jeune).", min=1)
    senior_quota: int = param(
        16, "Senior quota", "Seed 003: 16 parties compatibles (senior).", min=1
    )
    entry_games: int = param(
        8, "Games to enter", "Seed 003: au moins 8 parties compatibles.", min=1
    )
    youth_age: int = param(
        20,
        "Youth under",
        "A youth ('jeune') is under this age on the day of the calculation (FFE categories "
        "up to U20); PlayerState.junior wins when given.",
        unit="years",
        min=1,
    )
    start_estimate: float = param(
        1500,
        "First estimate",
        "Seed 003: 'à partir d'une valeur quelconque': the start of the iterative method.",
    )
    convergence: float = param(
        20, "Convergence", "Seed 003: moins de 20 points de la première estimation.", min=0
    )
    max_rounds: int = param(25, "Estimation rounds", "Seed 003: jusqu'à 25 fois.", min=1)
    ingo_base: float = param(2842, "INGO base", "Seed 003: Élo = 2842 − 8 INGO.")
    ingo_factor: float = param(8, "INGO factor", "Seed 003: Élo = 2842 − 8 INGO.")
    bridier_factor: float = param(3, "BRIDIER factor", "Seed 003: Élo = 3 BRIDIER + 150.")
    bridier_offset: float = param(150, "BRIDIER offset", "Seed 003: Élo = 3 BRIDIER + 150.")
    bcr_factor: float = param(8, "BCR factor", "Seed 003: Élo = 8 BCR + 600.")
    bcr_offset: float = param(600, "BCR offset", "Seed 003: Élo = 8 BCR + 600.")
    swiss_factor: float = param(2, "Swiss factor", "Seed 003: Élo = 2 CS + 1000.")
    swiss_offset: float = param(1000, "Swiss offset", "Seed 003: Élo = 2 CS + 1000.")
    periods: tuple[str, ...] = param(
        ("09-01", "01-01", "05-01"),
        "Rating periods",
        "Seed 003: 1er septembre–31 décembre, 1er janvier–30 avril, 1er mai–31 août.",
    )

    def __post_init__(self) -> None:
        check_ranges(self)
        if self.youth_quota > self.senior_quota:
            raise ValueError("youth_quota must not exceed senior_quota")


VERSIONS = (Version(date(1990, 1, 1), Params(), "FFE national Elo (seed 003)"),)


def convert(value: float, scale: Scale, params: Params) -> float:
    """Seed 003's conversions: INGO, BRIDIER, BCR (British) and Swiss ratings to Elo."""
    if scale is Scale.INGO:
        return params.ingo_base - params.ingo_factor * value
    if scale is Scale.BRIDIER:
        return params.bridier_factor * value + params.bridier_offset
    if scale is Scale.BCR:
        return params.bcr_factor * value + params.bcr_offset
    return params.swiss_factor * value + params.swiss_offset


def dp(p: float, params: Params) -> float:
    """D(P) by the normal distribution behind the table, held at ±470 at the ends."""
    if p > params.dp_bound_from:
        return params.dp_bound
    if p < 1 - params.dp_bound_from:
        return -params.dp_bound
    return params.dp_sigma * _NORMAL.inv_cdf(p)


def compatible(own: float, opponent: float, score: float, window: float) -> bool:
    """Seed 003 §2: a win against less than 350 below, a loss against less than 350
    above; every draw."""
    if score == 1:
        return own - opponent < window
    if score == 0:
        return opponent - own < window
    return True


@dataclass(frozen=True)
class Performance:
    games: int  # Nj
    average: float | None  # Ea
    score: float  # Sc
    value: float | None  # Pj, floored


def performance(own: float | None, games: list[tuple[float, float]], params: Params) -> Performance:
    """Pj over the compatible games (all games when ``own`` is None: no window)."""
    kept = [(r, s) for r, s in games if own is None or compatible(own, r, s, params.window)]
    if not kept:
        return Performance(0, None, 0.0, None)
    n = len(kept)
    average = math.fsum(r for r, _s in kept) / n
    score = elo.total(s for _r, s in kept)
    value = max(params.performance_floor, average + dp(score / n, params))
    return Performance(n, average, score, value)


def is_youth(state: PlayerState, day: date, params: Params) -> bool:
    if state.junior is not None:
        return state.junior
    age = state.age_on(day)
    return age is not None and age < params.youth_age


def publish(value: float) -> float:
    """Nearest ten, 5 going up (seed 003: 'Le 5 devient 10')."""
    return elo.round_half_up(value, 10)


def estimate_shown(value: float) -> float:
    """An estimate ends in 9 (seed 003: 'Un Élo terminé par 9 indique une valeur estimée')."""
    return publish(value) - 1


# --- a calculation --------------------------------------------------------------------------


def rate(batch: Batch, params: Params) -> BatchResult:
    estimates, rounds = estimate_unrated(batch, params)
    ratings = {p: s.rating for p, s in batch.players.items()}

    def used(player: PlayerId) -> float:
        rating = ratings[player]
        return rating if rating is not None else estimates[player]

    results = {}
    for player, state in batch.players.items():
        results[player] = _rate_player(batch, params, player, state, used, estimates, rounds)
    return BatchResult(batch.day, results)


def _played(batch: Batch, player: PlayerId, used) -> list[tuple[float, float]]:  # type: ignore[no-untyped-def]
    return [(used(o), s) for o, s, game in batch.games_of(player) if game.played]


def estimate_unrated(batch: Batch, params: Params) -> tuple[dict[PlayerId, float], int]:
    """Seed 003 §4: every unrated player of the batch estimated together. Returns the
    estimates and the number of rounds it took."""
    unrated = [p for p, s in batch.players.items() if s.rating is None]
    estimates = dict.fromkeys(unrated, params.start_estimate)
    if not unrated:
        return estimates, 0

    def used(player: PlayerId) -> float:
        rating = batch.players[player].rating
        return rating if rating is not None else estimates[player]

    games = {p: _played(batch, p, used) for p in unrated}
    for p in unrated:
        first = performance(None, games[p], params).value
        estimates[p] = first if first is not None else params.start_estimate
    for round_number in range(1, params.max_rounds + 1):
        games = {p: _played(batch, p, used) for p in unrated}
        performances = {p: performance(estimates[p], games[p], params).value for p in unrated}
        moving = [
            p
            for p in unrated
            if performances[p] is not None
            and abs(performances[p] - estimates[p]) >= params.convergence  # type: ignore[operator]
        ]
        if not moving:
            return estimates, round_number
        for p in moving:
            estimates[p] = (estimates[p] + performances[p]) / 2  # type: ignore[operator]
    return estimates, params.max_rounds


def _rate_player(  # type: ignore[no-untyped-def]
    batch: Batch, params: Params, player, state: PlayerState, used, estimates, rounds
) -> PlayerResult:
    own = state.rating if state.rating is not None else estimates[player]
    lines: list[GameLine] = []
    played: list[tuple[float, float]] = []
    for opponent, score, game in batch.games_of(player):
        rating = used(opponent)
        if not game.played:
            text = N_("not played: not rated")
            lines.append(GameLine(opponent, rating, score, counted=False, note=note(text)))
        elif not compatible(own, rating, score, params.window):
            text = N_("outside the {window}-point window: not compatible")
            lines.append(
                GameLine(
                    opponent, rating, score, counted=False, note=note(text, window=params.window)
                )
            )
        else:
            lines.append(GameLine(opponent, rating, score))
            played.append((rating, score))
    perf = performance(own, played, params)
    score = elo.total(s for _r, s in played)
    classical = None if perf.value is None else publish(perf.value)
    exact = (
        elo.exact_performance([r for r, _s in played], score, elo.ExpectedMethod.NORMAL)
        if played
        else None
    )
    notes: list[Note] = []
    if perf.value is not None:
        notes.append(
            note(
                N_("Pj = Ea + D(P) = {ea} + D({p}) = {pj} over {n} compatible games"),
                ea=round(perf.average or 0, 1),
                p=round(perf.score / perf.games, 3),
                pj=round(perf.value, 1),
                n=perf.games,
            )
        )
    if state.rating is None:
        notes.append(note(N_("unrated: estimated together in {rounds} rounds"), rounds=rounds))
        after, exact_rating = _unrated(state, perf, params, notes)
    else:
        after, exact_rating = _rated(batch.day, state, perf, params, notes)
    return PlayerResult(
        player,
        state,
        after,
        exact_rating,
        None,
        score,
        None,
        classical,
        exact,
        tuple(lines),
        unique_notes(notes),
    )


def _rated(
    day: date, state: PlayerState, perf: Performance, params: Params, notes: list[Note]
) -> tuple[PlayerState, float | None]:
    ei = state.rating
    assert ei is not None
    if perf.value is None:
        notes.append(note(N_("no compatible game: rating unchanged")))
        return state, ei
    pj, nj = perf.value, perf.games
    quota = params.youth_quota if is_youth(state, day, params) else params.senior_quota
    if pj < ei:
        brake = params.brake_games
        ej = (brake * ei + nj * pj) / (brake + nj)
        notes.append(note(N_("1.a performance below the rating: brake of {b} × Ei"), b=brake))
    elif nj >= quota:
        ej = pj
        notes.append(note(N_("1.b performance above the rating over {q} games or more"), q=quota))
    else:
        ej = (pj * nj + (params.senior_quota - nj) * ei) / params.senior_quota
        notes.append(note(N_("1.c barycentre completed to {q} games"), q=params.senior_quota))
    rating = publish(ej)
    return state.replace(rating=rating, games=state.games + nj, status=Status.RATED), ej


def _unrated(
    state: PlayerState, perf: Performance, params: Params, notes: list[Note]
) -> tuple[PlayerState, float | None]:
    archive = state.archive
    nj, pj = perf.games, perf.value
    if pj is None:
        notes.append(note(N_("no compatible game")))
        return state, None
    if nj >= params.entry_games:
        rule = N_("2.a first rating: the past is forgotten") if archive else N_("3.b first rating")
        notes.append(note(rule))
        return _entered(state, pj, nj), pj
    if archive is None or archive.performance is None:
        notes.append(note(N_("3.a fewer than {n} games: archived"), n=params.entry_games))
        notes.append(note(N_("estimated rating {e}"), e=estimate_shown(pj)))
        return state.replace(archive=Archive(performance=pj, games=nj), games=nj), None
    na, pa = archive.games, archive.performance
    combined = (pj * nj + pa * na) / (nj + na)
    if nj + na < params.entry_games:
        notes.append(
            note(N_("2.b fewer than {n} games in all: new archives"), n=params.entry_games)
        )
        notes.append(note(N_("estimated rating {e}"), e=estimate_shown(combined)))
        return state.replace(
            archive=Archive(performance=combined, games=nj + na), games=nj + na
        ), None
    notes.append(note(N_("2.c first rating with the archives: (Pj Nj + Pa Na) / (Nj + Na)")))
    return _entered(state, combined, nj + na), combined


def _entered(state: PlayerState, value: float, games: int) -> PlayerState:
    return state.replace(rating=publish(value), games=games, status=Status.RATED, archive=None)

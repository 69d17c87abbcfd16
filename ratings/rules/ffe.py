"""France: the national Elo, a performance-based system (seed 003, "Le classement national
Élo"; docs/ratings/ffe.md).

- Three calculations a year: games of 1 September–31 December, 1 January–30 April,
  1 May–31 August (``periods``).
- Only compatible games count: a win against an opponent less than 350 points below Ei, a
  loss against an opponent less than 350 points above, every draw.
- Pj = Ea + D(P) over the Nj compatible games; D by "la fonction exponentielle qui [génère
  le tableau]" (the logistic inverse, :func:`ratings.rules.elo.dp_bounded`; the normal
  law that reproduces the table, or the table itself, as options), held at ±470 when
  P > .95 or P < .05; a performance under 1000 counts as 1000.
- Rated players: 1.a Pj < Ei: Ej = (16 Ei + Nj Pj) / (16 + Nj), the brake; 1.b Pj > Ei over
  at least 8 (youth) or 16 (senior) compatible games: Ej = Pj; 1.c below the quota, the
  barycentre completed to 16: Ej = (Pj Nj + (16 − Nj) Ei) / 16. A youth is under 20 on
  1 January of the season (``youth_age``), unless ``PlayerState.junior`` says otherwise; a
  player of unknown age is a senior. Without a compatible game the rating stays.
- Unrated players with archives Pa/Na: 2.a Nj > 7: Ej = Pj; 2.b Nj + Na < 8: new archives;
  2.c Ej = (Pj Nj + Pa Na) / (Nj + Na). Without archives: 3.a Nj < 8: Pj/Nj archived;
  3.b Ej = Pj.
- The unrated players of a batch are estimated together by the iterative method
  (:mod:`ratings.rules.ffe_unrated`) before anyone is rated; everyone, rated or not, meets
  them at their final estimate, unrounded.
- Ratings are rounded to the nearest ten, 5 going up. An estimate ends in 9: a player left
  with archives gets ``status=provisional`` and ``rating`` = the archived performance
  rounded to ten, minus one (1414.286 → 1409). Such a rating is never used in a
  calculation: the player still counts as unrated (seed 003 §4.1).
- :func:`convert` turns INGO, BRIDIER, BCR and Swiss ratings into Elo (end of seed 003).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from statistics import NormalDist
from typing import Any

from . import elo
from .base import (
    N_,
    Batch,
    BatchResult,
    Bounds,
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
from .ffe_unrated import (
    Estimation,
    Performance,
    counts_as_rated,
    estimate_unrated,
    shown,
    unrated_outcome,
)
from .ffe_unrated import estimate_shown as estimate_shown
from .ffe_unrated import publish as publish
from .performance import exact_performance

KEY = "ffe"
NAME = N_("France (FFE national)")
ROLE = "national"
ADJUSTMENT_LABEL: str | None = None  # no published one-off adjustment
BOUNDS = Bounds()  # the inputs it accepts: ratings 0-3500 (see Bounds)
_NORMAL = NormalDist()


class Scale(StrEnum):
    INGO = "ingo"
    BRIDIER = "bridier"
    BCR = "bcr"
    SWISS = "swiss"


@dataclass(frozen=True)
class Params:
    window: float = param(
        350,
        "Compatibility window",
        N_(
            "Seed 003 §2.2: a win counts against an opponent 'à moins de 350 points au-dessous' "
            "of Ei, a loss against one less than 350 above; every draw counts."
        ),
        unit=N_("Elo"),
        min=0,
        max=3500,
    )
    dp_function: elo.ExpectedMethod = param(
        elo.ExpectedMethod.NORMAL,
        "D(P) function",
        N_(
            "Seed 003 §2.4: 'la machine n'utilise pas ce tableau mais directement la fonction "
            "exponentielle qui le génère': logistic 400 log10(P/(1−P)); normal, the law that "
            "reproduces the table; table, interpolated as in a manual calculation."
        ),
    )
    dp_sigma: float = param(
        2000 / 7,
        "Scale of the normal D(P)",
        N_(
            "With 'normal': D(P) = scale × Φ⁻¹(P); 2000/7 gives the table's 193 at .75, 470 at .95."
        ),
        unit=N_("Elo"),
        min=1,
        max=1000,
    )
    dp_bound: float = param(
        470,
        "D(P) bound",
        N_("Seed 003 §2.4: 'les primes sont bornées à +/- 470'."),
        unit=N_("Elo"),
        min=0,
        max=1500,
    )
    dp_bound_from: float = param(
        0.95,
        "D(P) held beyond",
        N_("Seed 003 §2.4: '... si P > 0,95 ou P < 0,05' (1 − this value)."),
        min=0.5,
        max=0.99,
    )
    performance_floor: float = param(
        1000,
        "Performance floor",
        N_("Seed 003 §2.5: 'inférieure à 1000 est ramenée à 1000'."),
        min=0,
        max=3500,
    )
    brake_games: int = param(
        16,
        "Weight of the brake",
        N_("Seed 003 §3 1.a: Ej = (16 Ei + Nj Pj) / (16 + Nj)."),
        min=1,
        max=1000,
    )
    youth_quota: int = param(
        8,
        "Youth quota",
        N_("Seed 003 §3 1.b: Ej = Pj when 'Nj > 7 et Jeune'."),
        unit=N_("games"),
        min=1,
        max=1000,
    )
    senior_quota: int = param(
        16,
        "Senior quota",
        N_("Seed 003 §3 1.b: 'Nj > 15 et Senior'."),
        unit=N_("games"),
        min=1,
        max=1000,
    )
    barycentre_games: int = param(
        16,
        "Barycentre completed to",
        N_("Seed 003 §3 1.c: Ej = (Pj Nj + (16 − Nj) Ei) / 16, 'un barycentre complété à 16'."),
        unit=N_("games"),
        min=1,
        max=1000,
    )
    entry_games: int = param(
        8,
        "Games to enter",
        N_("Seed 003 §1: 'au moins 8 parties compatibles sur une ou plusieurs saisons' (2.a–3.b)."),
        unit=N_("games"),
        min=1,
        max=1000,
    )
    youth_age: int = param(
        20,
        "Youth: under this age",
        N_(
            "Seed 003 names 'jeune' without an age; the FFE youth categories end with the U20: "
            "the age on 1 January of the season. A junior status given for the player wins."
        ),
        unit=N_("years"),
        min=1,
        max=30,
    )
    season_start: str = param(
        "09-01", "Season starts (MM-DD)", N_("The FFE season: 1 September to 31 August.")
    )
    start_estimate: float = param(
        1500,
        "First value of the iterative method",
        N_("Seed 003 §4.2: 'à partir d'une valeur quelconque et sans plage de compatibilité'."),
        min=0,
        max=3500,
    )
    convergence: float = param(
        20,
        "Convergence",
        N_(
            "Seed 003 §4.2: an estimate holds when the new performance 'diffère de moins de 20 "
            "points'; otherwise the average is the next estimate."
        ),
        min=0,
        max=1000,
    )
    max_rounds: int = param(
        25,
        "Rounds of the iterative method",
        N_("Seed 003 §4.2: 'repris jusqu'à 25 fois'."),
        min=1,
        max=100,
    )
    rounding_step: float = param(
        10, "Rounding", N_("Seed 003 §1: 'arrondis à la dizaine la plus proche'."), min=1, max=100
    )
    estimate_digit: int = param(
        9, "Last digit of an estimate", N_("Seed 003 §1: 'un Élo terminé par 9'."), min=0, max=9
    )
    ingo_base: float = param(
        2842, "INGO: base", N_("Seed 003 §5: Élo = 2842 − 8 INGO."), min=0, max=5000
    )
    ingo_factor: float = param(
        8, "INGO: factor", N_("Seed 003 §5: Élo = 2842 − 8 INGO."), min=0, max=100
    )
    bridier_factor: float = param(
        3, "BRIDIER: factor", N_("Seed 003 §5: Élo = 3 BRIDIER + 150."), min=0, max=100
    )
    bridier_offset: float = param(
        150, "BRIDIER: offset", N_("Seed 003 §5: Élo = 3 BRIDIER + 150."), min=-3500, max=3500
    )
    bcr_factor: float = param(
        8, "BCR: factor", N_("Seed 003 §5: Élo = 8 BCR + 600 (British)."), min=0, max=100
    )
    bcr_offset: float = param(
        600, "BCR: offset", N_("Seed 003 §5: Élo = 8 BCR + 600 (British)."), min=-3500, max=3500
    )
    swiss_factor: float = param(
        2, "Swiss: factor", N_("Seed 003 §5: Élo = 2 CS + 1000."), min=0, max=100
    )
    swiss_offset: float = param(
        1000, "Swiss: offset", N_("Seed 003 §5: Élo = 2 CS + 1000."), min=-3500, max=3500
    )
    periods: tuple[str, ...] = param(
        ("09-01", "01-01", "05-01"),
        "Rating periods",
        N_("Seed 003 §1: 'calculé 3 fois par an': from 1 September, 1 January and 1 May."),
    )

    def __post_init__(self) -> None:
        check_ranges(self)
        try:
            object.__setattr__(self, "dp_function", elo.ExpectedMethod(self.dp_function))
        except ValueError:
            raise ValueError("dp_function must be logistic, normal or table") from None
        if self.youth_quota > self.senior_quota:
            raise ValueError("youth_quota must not exceed senior_quota")
        if self.senior_quota > self.barycentre_games:
            raise ValueError("senior_quota must not exceed barycentre_games")
        if self.estimate_digit >= self.rounding_step:
            raise ValueError("estimate_digit must be less than rounding_step")
        try:
            date.fromisoformat(f"2024-{self.season_start}")
        except ValueError:
            raise ValueError("season_start must be a day of the year, MM-DD") from None


VERSIONS = (Version(date(1990, 1, 1), Params(), "FFE national Elo (seed 003)"),)
REGULATION: Params = VERSIONS[-1].params


# --- conversions (seed 003 §5) -------------------------------------------------------------


def from_ingo(value: float, params: Params = REGULATION) -> float:
    """Élo = 2842 − 8 INGO (the German rating): INGO 100 is 2042."""
    return params.ingo_base - params.ingo_factor * value


def from_bridier(value: float, params: Params = REGULATION) -> float:
    """Élo = 3 BRIDIER + 150: BRIDIER 500 is 1650."""
    return params.bridier_factor * value + params.bridier_offset


def from_bcr(value: float, params: Params = REGULATION) -> float:
    """Élo = 8 BCR + 600 (British Chess Rating): BCR 200 is 2200."""
    return params.bcr_factor * value + params.bcr_offset


def from_swiss(value: float, params: Params = REGULATION) -> float:
    """Élo = 2 CS + 1000 (Classement suisse): CS 500 is 2000."""
    return params.swiss_factor * value + params.swiss_offset


_CONVERSIONS = {
    Scale.INGO: from_ingo,
    Scale.BRIDIER: from_bridier,
    Scale.BCR: from_bcr,
    Scale.SWISS: from_swiss,
}


def convert(value: float, scale: Scale | str, params: Params = REGULATION) -> float:
    """A rating on ``scale`` as an Elo (seed 003 §5)."""
    return _CONVERSIONS[Scale(scale)](value, params)


# --- the performance (seed 003 §2) ---------------------------------------------------------


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


# --- players --------------------------------------------------------------------------------


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


# --- rated players (seed 003 §3.1) ---------------------------------------------------------


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

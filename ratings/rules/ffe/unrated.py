"""France: the players without a rating (seed 003 §3.2–3.3 and §4; docs/ratings/ffe.md).

The iterative method (§4.2): "les performances des non-classés sont calculées une première
fois à partir d'une valeur quelconque et sans plage de compatibilité": every unrated
player's first estimate is their performance over all their played games, unrated
opponents counting at ``params.start_estimate``. Then, round after round, each unrated
player's performance is computed again *with* the compatibility window around their
current estimate: "si cette performance diffère de moins de 20 points [...] cette
estimation est conservée", otherwise "une moyenne arithmétique est calculée et sert de
nouvelle estimation". "Jusqu'à 25 fois et d'une façon dynamique": every unrated player of
the batch is checked again in every round, all at once with the estimates of the round
before, so that a player who held at round x moves again later if their unrated opponents
moved. The method stops at the first round in which nobody moves, or after
``params.max_rounds`` rounds: it always ends. A player left without a compatible game
keeps their estimate: there is nothing to compare it with; their archives, if any, stay
(2.b with Nj = 0).

Then the rules for a player without Ei, on Pj and Nj: Pj is their final estimate ("cette
estimation est conservée et considérée comme un premier classement"), Nj their compatible
games around it (docs/ratings/ffe.md, "Premier classement"). With archives Pa/Na, 2.a
Nj > 7: Ej = Pj; 2.b Nj + Na < 8: new archives (Pj Nj + Pa Na) / (Nj + Na) over Nj + Na
games; 2.c Ej = (Pj Nj + Pa Na) / (Nj + Na). Without archives, 3.a Nj < 8: Pj and Nj
archived; 3.b Ej = Pj.

A player left with archives is published as an estimate, ending in 9 ("un Élo terminé par
9 indique une valeur estimée"): ``status=provisional``, ``rating`` = the archived
performance rounded to ten, minus one. Such a rating is never used in a calculation
(§4.1: the estimates "ne sont jamais incorporées dans les calculs"): the player still
counts as unrated, with their archives.

This module is the lower layer of :mod:`ratings.rules.ffe`: it imports none of the
package's other modules at run time, and the performance formula comes in as ``perform``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .. import elo
from ..base import N_, Archive, Batch, Note, PlayerId, PlayerState, Status, note


class Params(Protocol):
    """The numbers of :class:`ratings.rules.ffe.Params` these rules read: this module
    depends on them, not on the package's other modules (which import this one)."""

    @property
    def entry_games(self) -> int: ...
    @property
    def start_estimate(self) -> float: ...
    @property
    def convergence(self) -> float: ...
    @property
    def max_rounds(self) -> int: ...
    @property
    def rounding_step(self) -> float: ...
    @property
    def estimate_digit(self) -> int: ...


@dataclass(frozen=True)
class Performance:
    """Pj over the Nj compatible games: Ea, Sc, P, D(P) and Pj (floored)."""

    games: int
    average: float
    score: float
    dp: float
    value: float

    @property
    def p(self) -> float:
        return self.score / self.games


SHOWN_DECIMALS = 3  # the breakdown's figures: "en conservant au moins 3 décimales"

# A performance over (opponent's value, score) pairs with the window around the first
# argument, or with no window when it is None; None without a compatible game.
Perform = Callable[[float | None, Sequence[tuple[float, float]]], float | None]


def shown(x: float) -> float:
    """A figure of the breakdown, to three decimals."""
    return round(x, SHOWN_DECIMALS)


def publish(value: float, params: Params) -> float:
    """To the nearest ten, 5 going up (seed 003 §1: 'le 5 devient 10'): 1645 → 1650."""
    return elo.round_half_up(value, params.rounding_step)


def estimate_shown(value: float, params: Params) -> float:
    """An estimate as published, ending in 9: 1414.286 → 1410 → 1409."""
    return publish(value, params) - params.rounding_step + params.estimate_digit


def counts_as_rated(state: PlayerState) -> bool:
    """A rating with ``status=rated``; an estimate (provisional, ending in 9) is not Ei."""
    return state.rating is not None and state.status is Status.RATED


# --- the iterative method (§4.2) -----------------------------------------------------------


@dataclass(frozen=True)
class Estimation:
    """The outcome of the iterative method for the unrated players of a batch.

    ``values``: each unrated player's final estimate (players with a played game only).
    ``history``: the estimates at the start of each round; ``history[0]`` holds the first
    estimates, made without the window. ``rounds``: the rounds run (0 without unrated
    players). ``unsettled``: the players still moving in the last round, when the method
    stopped at ``max_rounds`` rather than by convergence.
    """

    values: Mapping[Any, float]
    history: tuple[Mapping[Any, float], ...]
    rounds: int
    unsettled: frozenset[Any]

    @property
    def converged(self) -> bool:
        return not self.unsettled

    def first(self, player: PlayerId) -> float | None:
        return self.history[0].get(player) if self.history else None


def estimate_unrated(
    batch: Batch, ratings: Mapping[Any, float], perform: Perform, params: Params
) -> Estimation:
    """Seed 003 §4.2 for every player of ``batch`` who is not in ``ratings`` (the rated
    players' Ei) and has at least one played game."""
    unrated = [
        player
        for player in batch.players
        if player not in ratings and any(game.played for _o, _s, game in batch.games_of(player))
    ]
    if not unrated:
        return Estimation({}, (), 0, frozenset())

    def games(player: PlayerId, values: Mapping[Any, float]) -> list[tuple[float, float]]:
        return [
            (ratings[o] if o in ratings else values[o], score)
            for o, score, game in batch.games_of(player)
            if game.played
        ]

    start = dict.fromkeys(unrated, params.start_estimate)
    values: dict[Any, float] = {}
    for player in unrated:
        first = perform(None, games(player, start))
        values[player] = params.start_estimate if first is None else first
    history: list[Mapping[Any, float]] = []
    moving: list[Any] = []
    for round_number in range(1, params.max_rounds + 1):
        history.append(dict(values))
        performances = {p: perform(values[p], games(p, values)) for p in unrated}
        moving = [
            p
            for p in unrated
            if (value := performances[p]) is not None
            and abs(value - values[p]) >= params.convergence
        ]
        if not moving:
            return Estimation(values, tuple(history), round_number, frozenset())
        for p in moving:
            values[p] = (values[p] + performances[p]) / 2  # type: ignore[operator]
    return Estimation(values, tuple(history), params.max_rounds, frozenset(moving))


def estimation_notes(player: PlayerId, state: PlayerState, estimation: Estimation) -> list[Note]:
    notes = []
    if state.rating is not None:
        text = N_("the estimate {e} is never used in a calculation: counted as unrated")
        notes.append(note(text, e=state.rating))
    first, final = estimation.first(player), estimation.values.get(player)
    if first is None or final is None:
        return notes
    text = N_("iterative method: first estimate {first} without the window, {e} after {n} round(s)")
    notes.append(note(text, first=shown(first), e=shown(final), n=estimation.rounds))
    if player in estimation.unsettled:
        text = N_("still moving after {n} round(s): the last average is kept")
        notes.append(note(text, n=estimation.rounds))
    return notes


# --- the rules 2.a–3.b ---------------------------------------------------------------------


def unrated_outcome(
    player: PlayerId,
    state: PlayerState,
    perf: Performance | None,
    estimation: Estimation,
    params: Params,
) -> tuple[PlayerState, float | None, list[Note]]:
    """The state after the batch of a player without Ei, its value before rounding (the
    archived performance when the player stays unrated), and the notes."""
    notes = estimation_notes(player, state, estimation)
    archive = state.archive if state.archive and state.archive.performance is not None else None
    if perf is None:
        if archive is None:
            notes.append(note(N_("no compatible game: nothing archived")))
            return state, None, notes
        return _archives_alone(state, archive, params, notes)
    pj, nj, entry = perf.value, perf.games, params.entry_games
    estimate = estimation.values.get(player)
    if estimate is not None:
        # §4.2: "cette estimation est conservée et considérée comme un premier classement
        # (qui ne sera publié que si le quota de 8 parties compatibles est atteint)".
        text = N_("the estimate {e} is kept as Pj (the performance around it is {pj})")
        notes.append(note(text, e=shown(estimate), pj=shown(pj)))
        pj = estimate
    games = state.games + nj
    if nj >= entry:
        if archive is None:
            notes.append(note(N_("3.b {n} compatible games: first rating Ej = Pj"), n=nj))
        else:
            notes.append(note(N_("2.a {n} compatible games: the archives are forgotten"), n=nj))
        return _entered(state, pj, games, params), pj, notes
    if archive is None:
        notes.append(
            note(N_("3.a fewer than {entry} compatible games: Pj and Nj archived"), entry=entry)
        )
        return _estimate(state, pj, nj, games, params, notes), pj, notes
    pa, na = archive.performance, archive.games
    assert pa is not None
    combined = (pj * nj + pa * na) / (nj + na)
    figures = {"pj": shown(pj), "n": nj, "pa": shown(pa), "na": na, "e": shown(combined)}
    if nj + na < entry:
        text = N_(
            "2.b {n} + {na} games, fewer than {entry}: new archives "
            "({pj} × {n} + {pa} × {na}) / {total} = {e}"
        )
        notes.append(note(text, entry=entry, total=nj + na, **figures))
        return _estimate(state, combined, nj + na, games, params, notes), combined, notes
    text = N_("2.c with the archives: Ej = ({pj} × {n} + {pa} × {na}) / {total} = {e}")
    notes.append(note(text, total=nj + na, **figures))
    return _entered(state, combined, games, params), combined, notes


def _archives_alone(
    state: PlayerState, archive: Archive, params: Params, notes: list[Note]
) -> tuple[PlayerState, float | None, list[Note]]:
    """Rules 2.b and 2.c with Nj = 0: (Pj × 0 + Pa × Na) / (0 + Na) = Pa. With fewer than
    8 games "de nouvelles archives sont formées et conservées pour le prochain calcul":
    the archives stay as they were (the player enters "au moins 8 parties compatibles sur
    une ou plusieurs saisons", a period without a compatible game takes none away)."""
    pa, na, entry = archive.performance, archive.games, params.entry_games
    assert pa is not None
    if na < entry:
        text = N_(
            "2.b no compatible game: 0 + {na} games, fewer than {entry}: "
            "the archives {pa} over {na} games are kept"
        )
        notes.append(note(text, na=na, entry=entry, pa=shown(pa)))
        return _estimate(state, pa, na, state.games, params, notes), pa, notes
    text = N_("2.c no compatible game: the {na} archived games give Ej = Pa = {pa}")
    notes.append(note(text, na=na, pa=shown(pa)))
    return _entered(state, pa, state.games, params), pa, notes


def _entered(state: PlayerState, value: float, games: int, params: Params) -> PlayerState:
    rating = publish(value, params)
    return state.replace(rating=rating, games=games, status=Status.RATED, archive=None)


def _estimate(
    state: PlayerState, value: float, na: int, games: int, params: Params, notes: list[Note]
) -> PlayerState:
    shown_rating = estimate_shown(value, params)
    notes.append(note(N_("estimated rating {e}: an estimate ends in 9"), e=shown_rating))
    return state.replace(
        rating=shown_rating,
        games=games,
        status=Status.PROVISIONAL,
        archive=Archive(performance=value, games=na),
    )

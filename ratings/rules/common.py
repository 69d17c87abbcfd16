"""Pieces several Elo systems share: reading a player's games of a batch, and the
performance figures of a breakdown."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from . import elo
from .base import (
    N_,
    Batch,
    GameLine,
    Note,
    PlayerId,
    PlayerResult,
    PlayerState,
    shared_note,
)
from .performance import classical_performance, exact_performances

Table = tuple[tuple[int, int], ...]


@dataclass(slots=True)
class Played:
    """A player's games of a batch, read once, and the outcome's builder.

    ``lines`` has a line per game (the uncounted ones already explained: forfeits,
    unrated opponents); over the counted games, ``opponents`` holds the opponents'
    ratings as used, ``score`` the player's total (:func:`elo.total`), ``classical`` and
    ``exact`` the performances (``exact`` solved for the whole batch by
    :func:`solve_exact`, or owed: the result built is then added to ``owed``, for
    :class:`ExactLater` to complete). Not frozen, which would make it slower to build, once
    per player and batch of a replay."""

    player: PlayerId
    before: PlayerState
    lines: list[GameLine]
    opponents: list[float]
    score: float
    classical: float | None
    exact: float | None = None
    owed: _Owed | None = None

    @property
    def counted(self) -> int:
        """How many games count."""
        return len(self.opponents)

    def result(
        self,
        after: PlayerState,
        *,
        rating_exact: float | None,
        notes: tuple[Note, ...],
        k: float | None = None,
        expected: float | None = None,
        games: tuple[GameLine, ...] | None = None,
    ) -> PlayerResult:
        """The player's outcome: the state ``after`` the batch, with this batch's score,
        performances and game lines (``games``: the lines filled in by an exchange)."""
        result = PlayerResult(
            player=self.player,
            before=self.before,
            after=after,
            rating_exact=rating_exact,
            score=self.score,
            k=k,
            expected=expected,
            performance_classical=self.classical,
            performance_exact=self.exact,
            games=tuple(self.lines) if games is None else games,
            notes=notes,
        )
        if self.owed is not None:
            self.owed.append((result, self.opponents, self.score))
        return result


def split_games(
    batch: Batch,
    player: PlayerId,
    rating_of: Callable[[PlayerId], float | None],
    dp: str = "table",
    not_counted: Mapping[PlayerId, Note] | None = None,
) -> Played:
    """The player's games of ``batch`` (see :class:`Played`; ``dp``: how the classical
    performance reads D(p), see :func:`.performance.classical_performance`). The games against
    the opponents of ``not_counted`` are not counted, explained by the opponent's note
    (a rule that leaves out an opponent who has a rating: the Belgian provisional
    newcomer)."""
    lines: list[GameLine] = []
    opponents: list[float] = []
    scores: list[float] = []
    line, opponent_rated, scored = lines.append, opponents.append, scores.append
    for opponent, score, game in batch.games_of(player):
        rating = rating_of(opponent)
        if not game.played:
            line(_skipped(opponent, rating, score, N_("not played: not rated")))
        elif rating is None:
            line(_skipped(opponent, None, score, N_("opponent unrated: not counted")))
        elif not_counted and opponent in not_counted:
            line(GameLine(opponent, rating, score, counted=False, note=not_counted[opponent]))
        else:
            opponent_rated(rating)
            scored(score)
            line(GameLine(opponent, rating, score))
    total = elo.total(scores)
    return Played(
        player, batch.players[player], lines, opponents, total, classical(opponents, total, dp)
    )


def _skipped(opponent: PlayerId, rating: float | None, score: float, text: str) -> GameLine:
    return GameLine(opponent, rating, score, counted=False, note=shared_note(text))


def classical(opponents: list[float], score: float, dp: str = "table") -> float | None:
    """The classical performance over the counted games, rounded half up; None without."""
    if not opponents:
        return None
    return elo.round_half_up(classical_performance(opponents, score, dp))


Split = dict[PlayerId, Played]


def split_batch(batch: Batch, rating_of: Callable[[PlayerId], float | None]) -> Split:
    """Every player's games (see :func:`split_games`), each player's rating read once."""
    ratings = {player: rating_of(player) for player in batch.players}
    return {player: split_games(batch, player, ratings.__getitem__) for player in batch.players}


_Owed = list[tuple[PlayerResult, list[float], float]]  # results, opponents and scores


class ExactLater:
    """Exact performances owed by many batches, solved together. Solving them over numpy
    arrays (:func:`.performance.exact_performances`) is mostly numpy's cost per call: 0.3 ms for
    one event's 60 players, 0.8 ms for five events' 300. A replay of a club's 1,300
    events spent a fifth of its rating there, once per event. A replay gives one to each
    batch (``Batch.exact_later``); the results built meanwhile carry
    ``performance_exact=None`` until :meth:`solve` writes it in, the same figure
    :func:`solve_exact` would have given at once."""

    def __init__(self) -> None:
        self._owed: defaultdict[tuple[elo.ExpectedMethod, Table], _Owed] = defaultdict(list)

    def owe(self, played: list[Played], method: elo.ExpectedMethod, table: Table) -> None:
        """``played``'s exact performances, by ``method``, are owed: each result built
        from them will be completed by :meth:`solve`."""
        owed = self._owed[method, table]
        for each in played:
            each.owed = owed

    def solve(self) -> None:
        """Write every owed exact performance into its result."""
        for (method, table), owed in self._owed.items():
            problems = [(opponents, score) for _result, opponents, score in owed]
            solved = exact_performances(problems, method, table)
            for (result, _opponents, _score), exact in zip(owed, solved, strict=True):
                result.performance_exact = exact
        self._owed.clear()


def solve_exact(
    split: Split,
    method: elo.ExpectedMethod,
    table: Table = elo.FIDE_EXPECTED_TABLE,
    later: ExactLater | None = None,
) -> None:
    """Every player's exact performance over their counted games, solved all at once,
    into their :class:`Played`; with ``later``, owed to it instead (for a system that
    only shows the exact performance: one that rates by it needs it now)."""
    played = [p for p in split.values() if p.opponents]
    if later is not None:
        later.owe(played, method, table)
        return
    solved = exact_performances([(p.opponents, p.score) for p in played], method, table)
    for each, exact in zip(played, solved, strict=True):
        each.exact = exact


def no_games_note() -> Note:
    return shared_note(N_("no counted game: rating unchanged"))


def unique_notes(notes: list[Note]) -> tuple[Note, ...]:
    """The notes in order, each sentence once."""
    if len(notes) < 2:
        return tuple(notes)
    seen: set[str] = set()
    kept = []
    for item in notes:
        if str(item) not in seen:
            seen.add(str(item))
            kept.append(item)
    return tuple(kept)


def unchanged(played: Played) -> PlayerResult:
    """A rated player with no counted game: the rating stays as it was."""
    before = played.before
    return played.result(before, rating_exact=before.rating, notes=(no_games_note(),))


@dataclass(slots=True)
class Exchange:
    """A rated player's games by K × (W − We): the lines filled in, the expected total,
    the change before rounding, and the notes (K, caps). Not frozen: built for every rated
    player of every batch, and a frozen one is built three times as slowly."""

    lines: tuple[GameLine, ...]
    expected: float
    change: float
    notes: tuple[Note, ...]

    def result(
        self, played: Played, after: PlayerState, *, rating_exact: float, k: float
    ) -> PlayerResult:
        """The outcome of a rated player whose games were rated by this exchange."""
        return played.result(
            after,
            rating_exact=rating_exact,
            notes=self.notes,
            k=k,
            expected=self.expected,
            games=self.lines,
        )


def exchange(
    rating: float,
    lines: list[GameLine],
    k: float,
    cap: float | None,
    expect: Callable[[float], float],
    k_note: Note,
    ks: Sequence[float] | None = None,
) -> Exchange:
    """Rate a rated player's counted ``lines`` (those of :func:`split_games`): each game's
    difference held within ±``cap``, its expected score and its change K × (W − We),
    written into its line (built once: a replay has hundreds of thousands). ``ks``, when
    given, holds each counted game's own K in order (a K by game number), instead of
    ``k`` for all."""
    capped = False  # the same sentence for every capped game: written once
    expectations: list[float] = []
    changes: list[float] = []
    expected, changed = expectations.append, changes.append
    counted = 0
    for line in lines:
        if line.counted:
            if ks is not None:
                k, counted = ks[counted], counted + 1
            opponent_rating = line.opponent_rating
            assert opponent_rating is not None  # a counted game has its opponent's rating
            diff = rating - opponent_rating
            if cap is not None and not -cap <= diff <= cap:
                diff, capped = (cap if diff > cap else -cap), True
            line.expected = we = expect(diff)
            line.change = change = k * (line.score - we)
            expected(we)
            changed(change)
    if capped:
        notes: tuple[Note, ...] = (k_note, shared_note(N_("difference capped at {cap}"), cap=cap))
    else:
        notes = (k_note,)
    return Exchange(tuple(lines), elo.total(expectations), elo.total(changes), notes)

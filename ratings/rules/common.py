"""Pieces several Elo systems share: reading a player's games of a batch, and the
performance figures of a breakdown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import elo
from .base import N_, Batch, GameLine, Note, PlayerId, PlayerResult, PlayerState, note


@dataclass(frozen=True, slots=True)
class Counted:
    """A game of the batch that the rule counts: the opponent's rating as used."""

    opponent: PlayerId
    opponent_rating: float
    score: float


def split_games(
    batch: Batch,
    player: PlayerId,
    rating_of: Callable[[PlayerId], float | None],
) -> tuple[list[Counted], list[GameLine]]:
    """The player's games of ``batch``: the counted ones, and a line per game with the
    uncounted ones already explained (forfeits, unrated opponents)."""
    counted: list[Counted] = []
    lines: list[GameLine] = []
    count, line = counted.append, lines.append
    for opponent, score, game in batch.games_of(player):
        rating = rating_of(opponent)
        if not game.played:
            line(_skipped(opponent, rating, score, N_("not played: not rated")))
        elif rating is None:
            line(_skipped(opponent, None, score, N_("opponent unrated: not counted")))
        else:
            count(Counted(opponent, rating, score))
            line(GameLine(opponent, rating, score))
    return counted, lines


def _skipped(opponent: PlayerId, rating: float | None, score: float, text: str) -> GameLine:
    return GameLine(opponent, rating, score, counted=False, note=note(text))


def classical(counted: list[Counted], dp: str = "table") -> float | None:
    """The classical performance over the counted games, rounded half up; None without."""
    if not counted:
        return None
    opponents = [c.opponent_rating for c in counted]
    score = elo.total(c.score for c in counted)
    return elo.round_half_up(elo.classical_performance(opponents, score, dp))


Split = dict[PlayerId, tuple[list[Counted], list[GameLine]]]


def split_batch(batch: Batch, rating_of: Callable[[PlayerId], float | None]) -> Split:
    """Every player's counted games and lines (see :func:`split_games`)."""
    return {player: split_games(batch, player, rating_of) for player in batch.players}


def exact_by_player(
    split: Split,
    method: elo.ExpectedMethod,
    table: tuple[tuple[int, int], ...] = elo.FIDE_EXPECTED_TABLE,
) -> dict[PlayerId, float | None]:
    """Every player's exact performance over their counted games, solved all at once."""
    players = [p for p, (counted, _lines) in split.items() if counted]
    problems = [
        ([c.opponent_rating for c in split[p][0]], elo.total(c.score for c in split[p][0]))
        for p in players
    ]
    solved = elo.exact_performances(problems, method, table)
    exact: dict[PlayerId, float | None] = dict.fromkeys(split)
    exact.update(zip(players, solved, strict=True))
    return exact


def rating_of_states(states: dict[PlayerId, PlayerState]) -> Callable[[PlayerId], float | None]:
    return lambda player: states[player].rating


def no_games_note() -> Note:
    return note(N_("no counted game: rating unchanged"))


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


def unchanged(
    player: PlayerId,
    state: PlayerState,
    score: float,
    classical: float | None,
    exact: float | None,
    lines: list[GameLine],
) -> PlayerResult:
    """A rated player with no counted game: the rating stays as it was."""
    return PlayerResult(
        player=player,
        before=state,
        after=state,
        rating_exact=state.rating,
        score=score,
        performance_classical=classical,
        performance_exact=exact,
        games=tuple(lines),
        notes=(no_games_note(),),
    )


@dataclass(frozen=True)
class Exchange:
    """A rated player's games by K × (W − We): the lines filled in, the expected total,
    the change before rounding, and the notes (K, caps)."""

    lines: tuple[GameLine, ...]
    expected: float
    change: float
    notes: tuple[Note, ...]

    def result(
        self,
        player: PlayerId,
        before: PlayerState,
        after: PlayerState,
        *,
        rating_exact: float,
        k: float,
        score: float,
        performances: tuple[float | None, float | None],
    ) -> PlayerResult:
        """The outcome of a rated player whose games were rated by this exchange
        (``performances``: classical, exact)."""
        return PlayerResult(
            player=player,
            before=before,
            after=after,
            rating_exact=rating_exact,
            k=k,
            score=score,
            expected=self.expected,
            performance_classical=performances[0],
            performance_exact=performances[1],
            games=self.lines,
            notes=self.notes,
        )


def exchange(
    rating: float,
    counted: list[Counted],
    lines: list[GameLine],
    k: float,
    cap: float | None,
    expect: Callable[[float], float],
    k_note: Note,
) -> Exchange:
    capped_note = None  # the same sentence for every capped game: written once
    filled: list[GameLine] = []
    pending = iter(counted)
    expectations, changes = [], []
    cap_difference = elo.cap_difference
    for line in lines:
        if line.counted:
            game = next(pending)
            diff = rating - game.opponent_rating
            capped = cap_difference(diff, cap)
            if capped != diff and capped_note is None:
                capped_note = note(N_("difference capped at {cap}"), cap=cap)
            we = expect(capped)
            change = k * (game.score - we)
            expectations.append(we)
            changes.append(change)
            line = GameLine(line.opponent, line.opponent_rating, line.score, we, change)
        filled.append(line)
    notes = [k_note] if capped_note is None else [k_note, capped_note]
    return Exchange(tuple(filled), elo.total(expectations), elo.total(changes), unique_notes(notes))

"""Pieces several Elo systems share: reading a player's games of a batch, and the
performance figures of a breakdown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import elo
from .base import N_, Batch, GameLine, Note, PlayerId, PlayerResult, PlayerState, note


@dataclass(slots=True)
class Played:
    """A player's games of a batch, read once: a line per game (the uncounted ones
    already explained: forfeits, unrated opponents) and, over the counted games, the
    opponents' ratings as used, the player's scores and their total (:func:`elo.total`).
    Values the rules read and never change; not frozen, which would make them slower to
    build, once per player and batch of a replay."""

    lines: list[GameLine]
    opponents: list[float]
    scores: list[float]
    score: float

    @property
    def counted(self) -> int:
        """How many games count."""
        return len(self.opponents)


def split_games(
    batch: Batch,
    player: PlayerId,
    rating_of: Callable[[PlayerId], float | None],
) -> Played:
    """The player's games of ``batch`` (see :class:`Played`)."""
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
        else:
            opponent_rated(rating)
            scored(score)
            line(GameLine(opponent, rating, score))
    return Played(lines, opponents, scores, elo.total(scores))


def _skipped(opponent: PlayerId, rating: float | None, score: float, text: str) -> GameLine:
    return GameLine(opponent, rating, score, counted=False, note=note(text))


def classical(played: Played, dp: str = "table") -> float | None:
    """The classical performance over the counted games, rounded half up; None without."""
    if not played.opponents:
        return None
    return elo.round_half_up(elo.classical_performance(played.opponents, played.score, dp))


Split = dict[PlayerId, Played]


def split_batch(batch: Batch, rating_of: Callable[[PlayerId], float | None]) -> Split:
    """Every player's games (see :func:`split_games`), each player's rating read once."""
    ratings = {player: rating_of(player) for player in batch.players}
    return {player: split_games(batch, player, ratings.__getitem__) for player in batch.players}


def exact_by_player(
    split: Split,
    method: elo.ExpectedMethod,
    table: tuple[tuple[int, int], ...] = elo.FIDE_EXPECTED_TABLE,
) -> dict[PlayerId, float | None]:
    """Every player's exact performance over their counted games, solved all at once."""
    players = [p for p, played in split.items() if played.opponents]
    problems = [(split[p].opponents, split[p].score) for p in players]
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
    lines: list[GameLine],
    k: float,
    cap: float | None,
    expect: Callable[[float], float],
    k_note: Note,
) -> Exchange:
    """Rate a rated player's counted ``lines`` (those of :func:`split_games`): each game's
    difference held within ±``cap``, its expected score and its change K × (W − We)."""
    capped = False  # the same sentence for every capped game: written once
    filled: list[GameLine] = []
    expectations: list[float] = []
    changes: list[float] = []
    fill, expected, changed = filled.append, expectations.append, changes.append
    for line in lines:
        if line.counted:
            opponent_rating = line.opponent_rating
            assert opponent_rating is not None  # a counted game has its opponent's rating
            diff = rating - opponent_rating
            if cap is not None and not -cap <= diff <= cap:
                diff, capped = (cap if diff > cap else -cap), True
            we = expect(diff)
            change = k * (line.score - we)
            expected(we)
            changed(change)
            line = GameLine(line.opponent, opponent_rating, line.score, we, change)
        fill(line)
    notes = (k_note, note(N_("difference capped at {cap}"), cap=cap)) if capped else (k_note,)
    return Exchange(tuple(filled), elo.total(expectations), elo.total(changes), notes)

"""The vocabulary shared by every rating system: players' states, games, batches, results.

A *batch* is what a system rates at once: one event (systems that rate per event) or one
rating period (systems that rate per period). A system is given the players' states
before the batch and the games of the batch, and returns each player's state after it
with a breakdown a person can read. Nothing here reads a database, the clock or
settings: everything comes in as arguments, so the same input always gives the same
output. How a system declares, bounds and dates its parameters is
:mod:`ratings.rules.parameters`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .common import ExactLater

PlayerId = Hashable


def N_(text: str) -> str:
    """Mark a note's text for translation without importing Django (``makemessages -k N_``)."""
    return text


class Status(StrEnum):
    UNRATED = "unrated"
    PROVISIONAL = "provisional"
    RATED = "rated"


@dataclass(frozen=True, slots=True)
class Archive:
    """What a not-yet-rated player has accumulated from earlier batches.

    ``performance``/``games`` are the archived performance Pa over Na games (France);
    ``opponents_sum``/``score`` let systems that rate a newcomer on all their games so far
    (Belgium, FIDE) rebuild the average of opponents and the percentage; ``opponents``
    keeps the opponents' ratings one by one for a system that solves the exact
    performance over all those games (Switzerland, seed 002). Archived games without
    their opponent's rating count at the average of the others (``opponents_sum``).
    """

    performance: float | None = None
    games: int = 0
    opponents_sum: float = 0.0
    score: float = 0.0
    opponents: tuple[float, ...] = ()

    def every_opponent(self) -> list[float]:
        """The archived games' opponents: those kept one by one, then the missing ones at
        the average of ``opponents_sum`` that is left."""
        known = list(self.opponents)
        missing = self.games - len(known)
        if missing <= 0:
            return known
        return known + [(self.opponents_sum - sum(known)) / missing] * missing

    def with_games(
        self, opponents: Sequence[float], score: float, *, performance: float | None = None
    ) -> Archive:
        """The archive after a batch's ``opponents`` (their ratings) and ``score`` (the
        player's total in them) are added: the shared newcomer's archive of the systems
        that rate a newcomer on every game so far. ``performance`` is the archived
        performance Pa, where the system keeps one."""
        return Archive(
            performance=performance,
            games=self.games + len(opponents),
            opponents_sum=self.opponents_sum + sum(opponents),
            score=self.score + score,
        )

    def with_each_opponent(self, opponents: Sequence[float], score: float) -> Archive:
        """Like :meth:`with_games`, keeping every opponent one by one (a system that
        solves the exact performance over all the games, Switzerland)."""
        every = self.every_opponent() + list(opponents)
        return Archive(
            games=self.games + len(opponents),
            opponents_sum=math.fsum(every),
            score=self.score + score,
            opponents=tuple(every),
        )


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player's standing in one system before (or after) a batch."""

    rating: float | None = None
    games: int = 0
    status: Status | None = None
    birth_date: date | None = None
    junior: bool | None = None
    peak_rating: float | None = None
    archive: Archive | None = None
    # the K an official list gives (FIDE's): the rules rate the player's next batch with
    # it, then count again (see ``ratings.services.replay``)
    list_k: float | None = None

    def __post_init__(self) -> None:
        if self.status is None:
            status = Status.UNRATED if self.rating is None else Status.RATED
            object.__setattr__(self, "status", status)

    @property
    def is_rated(self) -> bool:
        return self.rating is not None

    @property
    def peak(self) -> float | None:
        """The highest rating ever reached, the current one when unknown."""
        if self.peak_rating is None:
            return self.rating
        if self.rating is None:
            return self.peak_rating
        return max(self.peak_rating, self.rating)

    def age_on(self, day: date) -> int | None:
        if self.birth_date is None:
            return None
        before_birthday = (day.month, day.day) < (self.birth_date.month, self.birth_date.day)
        return day.year - self.birth_date.year - before_birthday

    def replace(self, **changes: Any) -> PlayerState:
        """A copy with ``changes`` (what ``dataclasses.replace`` does, without reading the
        fields' descriptions on every call: a replay makes one per player and batch)."""
        values: dict[str, Any] = {
            "rating": self.rating,
            "games": self.games,
            "status": self.status,
            "birth_date": self.birth_date,
            "junior": self.junior,
            "peak_rating": self.peak_rating,
            "archive": self.archive,
            "list_k": self.list_k,
        }
        values.update(changes)
        return PlayerState(**values)


@dataclass(slots=True)
class Game:
    """One game of a batch, seen from white: ``score`` is white's (1, 0.5 or 0).

    ``played`` is false for forfeits, byes and other games that were not played over the
    board: systems record them in the breakdown as not counted. ``event`` names the
    game's event (any hashable value: the club's event id, the calculator's ``event``):
    games with the same value are one event, for the rules that apply per event inside a
    rating period (FIDE's 400-point rule once per tournament, first-rating conditions in
    an event); None for every game of a batch: the batch is one event. A value never
    changed once built, but not a frozen dataclass: a replay reads hundreds of thousands,
    and a frozen one is built three times as slowly."""

    white: PlayerId
    black: PlayerId
    score: float
    played: bool = True
    round: int | None = None
    event: Hashable | None = None

    def __post_init__(self) -> None:
        if self.score not in (0, 0.5, 1):
            raise ValueError(f"a game's score is 1, 0.5 or 0, not {self.score!r}")
        if self.white == self.black:
            raise ValueError(f"player {self.white!r} cannot play themself")

    def seen_by(self, player: PlayerId) -> tuple[PlayerId, float]:
        """The opponent and the score from ``player``'s side."""
        if player == self.white:
            return self.black, self.score
        return self.white, 1 - self.score


@dataclass(frozen=True, slots=True)
class Batch:
    """What a system rates at once: an event or a rating period.

    ``players`` holds the state before the batch of everyone who plays in it.
    ``rounds`` is the number of rounds of the event (rules such as the Québec bonus
    depend on it); ``is_match`` marks a match between two players. ``event_ratings``
    gives a player's rating for one event's games where it is not their state's (the
    systems that read it say so: ``EVENT_RATINGS``). With ``exact_later``,
    a system that shows the exact performance without rating by it leaves it to be solved
    with other batches' (a replay's; see :class:`~.common.ExactLater`).
    """

    day: date
    players: Mapping[Any, PlayerState]  # keyed by PlayerId (invariant keys: Any)
    games: tuple[Game, ...]
    rounds: int | None = None
    is_match: bool = False
    exact_later: ExactLater | None = field(default=None, compare=False, repr=False)
    # (player, Game.event) -> the rating the player's games of that event are rated from,
    # where it is not their state's: FIDE rates each event from the list in force when it
    # started (an event of October rated in December's period from October's list)
    event_ratings: Mapping[tuple[Any, Hashable], float] | None = None

    # each player's games as (opponent, score, the game's place in ``games``): tuples of
    # keys and numbers only, which Python's collector stops following once it has seen
    # them (a national period holds ten thousand for as long as it is rated)
    _by_player: dict[Any, list[tuple[Any, float, int]]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        by_player: dict[Any, list[tuple[Any, float, int]]] = {p: [] for p in self.players}
        for index, game in enumerate(self.games):
            white, black, score = game.white, game.black, game.score
            if white not in by_player or black not in by_player:
                player = white if white not in by_player else black
                raise ValueError(f"player {player!r} plays in the batch but has no state")
            by_player[white].append((black, score, index))
            by_player[black].append((white, 1 - score, index))
        object.__setattr__(self, "_by_player", by_player)

    def games_of(self, player: PlayerId) -> list[tuple[PlayerId, float, Game]]:
        """Each game of ``player`` in batch order, as (opponent, score, game)."""
        games = self.games
        return [
            (opponent, score, games[index]) for opponent, score, index in self._by_player[player]
        ]


@dataclass(frozen=True)  # no slots: the history's writer encodes those four times as slowly
class Note:
    """A sentence of the breakdown: a template in English, marked with ``N_``, and its
    values. ``str(note)`` gives the English text; the web layer translates the template."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.template.format(**self.params)


def note(template: str, **params: Any) -> Note:
    return Note(template, params)


@lru_cache(maxsize=1024, typed=True)
def shared_note(template: str, **params: Any) -> Note:
    """A note that many players' breakdowns give alike (a K, a cap, a game not counted),
    built once and shared: a replay gives one to every player of every batch, and each
    object kept for the length of a batch is one more for Python's collector to walk.
    Values of different types are different notes (``K = 40`` is not ``K = 40.0``)."""
    return Note(template, params)


@dataclass
class GameLine:
    """One game in a player's breakdown, built when the player's games are read
    (``common.split_games``), its expected score and change written in by the rating
    (``common.exchange``), then never changed. A replay builds one per game and player,
    and the history's writer encodes each (``ratings.services.replay.encode_json``): a
    plain dataclass is built three times as fast as a frozen one, and encoded four times
    as fast as one with slots."""

    opponent: PlayerId
    opponent_rating: float | None
    score: float
    expected: float | None = None
    change: float | None = None
    counted: bool = True
    note: Note | None = None


@dataclass(slots=True, kw_only=True)
class PlayerResult:
    """A player's outcome of a batch, with the calculation that led to it (built with
    keywords: eleven numbers and states in a row are too easy to swap). Never changed once
    built, but not frozen: a replay builds one per player and batch, and a frozen one is
    built three times as slowly."""

    player: PlayerId
    before: PlayerState
    after: PlayerState
    rating_exact: float | None
    score: float
    k: float | None = None  # None: no K (a first rating, a performance-based system)
    expected: float | None = None
    performance_classical: float | None = None
    performance_exact: float | None = None
    games: tuple[GameLine, ...] = ()
    notes: tuple[Note, ...] = ()

    @property
    def rating_before(self) -> float | None:
        return self.before.rating

    @property
    def rating_after(self) -> float | None:
        return self.after.rating

    @property
    def change(self) -> float | None:
        if self.before.rating is None or self.after.rating is None:
            return None
        return self.after.rating - self.before.rating


@dataclass(frozen=True, slots=True)
class BatchResult:
    day: date
    results: Mapping[PlayerId, PlayerResult]

    def __getitem__(self, player: PlayerId) -> PlayerResult:
        return self.results[player]

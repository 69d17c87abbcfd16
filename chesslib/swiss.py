"""What a Swiss pairing engine takes and gives: each player's history (``Entrant``), the
boards of the round (``Pairing``), the refusal when no pairing satisfies the absolute
criteria (``Unpairable``), and the virtual points of Baku acceleration (C.04.5.1) the
desk gives each round.

The engine is ``chesslib.dutch``, the club's own FIDE Dutch system (C.04.3 of 2026);
``desk.services.pairing`` hands it the event's players in these terms.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal


@dataclass
class Entrant:
    id: int
    rating: int
    number: int  # starting rank = pairing number
    scores: list[Decimal] = field(default_factory=list)  # points per past round
    colours: list[str] = field(default_factory=list)  # "white", "black" or "none" per round
    opponents: list[int | None] = field(default_factory=list)  # None: no game
    played: list[bool] = field(default_factory=list)  # False: bye, forfeit, absence
    absent: bool = False  # not to be paired this round (withdrawn, bye asked, not entered)


@dataclass(frozen=True)
class Pairing:
    white: int
    black: int | None  # None: the pairing-allocated bye
    board: int


class Unpairable(Exception):
    """No pairing of the round satisfies the absolute criteria (no repeat, colours)."""


def baku_virtual_points(
    numbers: Mapping[int, int], entered: int, round_number: int, total_rounds: int
) -> dict[int, Decimal]:
    """Baku acceleration (FIDE C.04.5.1): the virtual points of round ``round_number``.
    ``numbers``: each player's pairing number; ``entered``: how many players the first
    round's list had. Group A is the first 2 x ceil(entered / 4) pairing numbers (half
    the players, rounded up to an even number; late entries keep the last A player).
    The accelerated rounds are the first half of the rounds, rounded up; A players get
    1 virtual point in the first half of those (rounded up), then 0.5; B players none."""
    accelerated = -(-total_rounds // 2)
    if round_number > accelerated:
        return {}
    points = Decimal(1) if round_number <= -(-accelerated // 2) else Decimal("0.5")
    last_a = 2 * -(-entered // 4)
    return {player: points for player, number in numbers.items() if 0 < number <= last_a}

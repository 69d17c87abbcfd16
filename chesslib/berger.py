"""Round-robin pairings by the FIDE Berger tables (Handbook C.05, Annex 1)."""

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def berger_round(n: int, round_number: int) -> list[tuple[int, int]]:
    """The pairs (white, black) of round ``round_number`` for ``n`` players (``n`` even),
    players numbered 1..n as in the Berger tables."""
    if n < 2 or n % 2:
        raise ValueError(f"Berger tables are for an even number of players, not {n}")
    if not 1 <= round_number <= n - 1:
        raise ValueError(f"{n} players play rounds 1 to {n - 1}, not {round_number}")
    m = n - 1
    a = (round_number - 1) * (n // 2) % m + 1  # the last player's opponent
    pairs = [(a, n) if round_number % 2 else (n, a)]
    for k in range(1, n // 2):
        pairs.append(((a - 1 + k) % m + 1, (a - 1 - k) % m + 1))
    return pairs


def round_robin(players: Sequence[T]) -> list[list[tuple[T, T]]]:
    """Every round of a single round robin among ``players`` in their given order (the
    draw); with an odd number, the player paired with the missing last number is bye."""
    seats: list[T | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds = []
    for number in range(1, n):
        pairs = [(seats[w - 1], seats[b - 1]) for w, b in berger_round(n, number)]
        rounds.append([(w, b) for w, b in pairs if w is not None and b is not None])
    return rounds


def double_round_robin(players: Sequence[T]) -> list[list[tuple[T, T]]]:
    """Every round of a double round robin (FIDE C.05, Annex 1): the Berger table's
    rounds, then the same rounds again with the colours reversed; in the first cycle the
    last two rounds are swapped, so that no player has the same colour three times in a
    row where the cycles meet."""
    first = round_robin(players)
    second = [[(black, white) for white, black in pairs] for pairs in first]
    if len(first) >= 2:
        first = [*first[:-2], first[-1], first[-2]]
    return [*first, *second]

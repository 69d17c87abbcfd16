"""Scheveningen pairings: two sides, every player of one meets every player of the other.

FIDE's Handbook publishes no Scheveningen table (C.05 Annex 1 holds the Berger tables
only); the tables arbiters use are the "standard Scheveningen tables" printed in
Wikipedia's article "Scheveningen system" (2 to 5 and 7 boards) and by Swiss-Manager's
author (rimassoft.eu/Scheveningen_Tables.aspx, 8 boards). ``scheveningen_round`` is the
rule that gives those tables, board by board and colour by colour
(``tests/chesslib/test_scheveningen.py`` holds them as published):

- opponents: with an odd number of boards n, B's players move up one board a round
  (A1-B1, A1-B2, ...); with an even number, each half of B turns within itself, and the
  halves change over after n/2 rounds;
- colours: with an even number, A's first half has White in the odd rounds and its
  second half in the even ones (on 2 boards, both A players have White in round 1);
  with an odd number (m = (n+1)/2), A1 has White in the odd rounds, A2..Am start with
  White and A(m+1)..An with Black, each alternating but for one colour repeated, in
  round 2(m+1-k) for Ak and A(k+m-1).
"""

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def scheveningen_round(n: int, round_number: int) -> list[tuple[int, int, bool]]:
    """Round ``round_number`` of a Scheveningen match on ``n`` boards: one
    ``(a, b, a_white)`` a board, A's players in order, numbered 1..n on each side."""
    if n < 1:
        raise ValueError(f"A Scheveningen match needs at least one board, not {n}")
    if not 1 <= round_number <= n:
        raise ValueError(f"{n} boards play rounds 1 to {n}, not {round_number}")
    odd_round = round_number % 2 == 1
    boards = []
    for a in range(1, n + 1):
        if n % 2:
            b = (a + round_number - 2) % n + 1
            m = (n + 1) // 2
            if a == 1:
                white = odd_round
            else:
                k = a if a <= m else a - (m - 1)
                white = odd_round != (round_number >= 2 * (m + 1 - k))
                if a > m:
                    white = not white
        else:
            half = n // 2
            shift, swap = (round_number - 1) % half, (round_number - 1) // half
            block, offset = divmod(a - 1, half)
            b = (block ^ swap) * half + (offset + shift) % half + 1
            white = odd_round == (a <= max(half, 2))
        boards.append((a, b, white))
    return boards


def scheveningen(side_a: Sequence[T], side_b: Sequence[T]) -> list[list[tuple[T, T]]]:
    """Every round of a Scheveningen event between two sides in their given order, as
    (white, black) pairs. Sides of unequal size: the shorter one is completed with
    empty places, and whoever meets one has no game that round."""
    n = max(len(side_a), len(side_b))
    a_seats: list[T | None] = [*side_a, *[None] * (n - len(side_a))]
    b_seats: list[T | None] = [*side_b, *[None] * (n - len(side_b))]
    rounds = []
    for number in range(1, n + 1):
        pairs = []
        for a, b, a_white in scheveningen_round(n, number):
            x, y = a_seats[a - 1], b_seats[b - 1]
            if x is not None and y is not None:
                pairs.append((x, y) if a_white else (y, x))
        rounds.append(pairs)
    return rounds

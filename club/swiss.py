"""Swiss pairings by the FIDE Dutch system, through caissify-pairings.

caissify-pairings is a stateless engine cross-checked against bbpPairings (the
FIDE-endorsed reference) for FIDE C.04.3 conformance; it asks its caller for each
player's history: score, colours, floats, byes, and the pairs already played. This module
builds that history from plain data and returns the engine's pairs.
"""

from __future__ import annotations

import warnings
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from caissify_pairings import generate_pairings


@dataclass
class Entrant:
    id: int
    rating: int
    number: int
    scores: list[Decimal] = field(default_factory=list)  # points per past round
    colours: list[str] = field(default_factory=list)  # "white", "black" or "none"
    opponents: list[int | None] = field(default_factory=list)
    byes: int = 0


@dataclass(frozen=True)
class Pairing:
    white: int
    black: int | None  # None: the pairing-allocated bye
    board: int


def pair(entrants: Sequence[Entrant], round_number: int, total_rounds: int) -> list[Pairing]:
    """The pairs of ``round_number`` for the players given (those to pair this round)."""
    totals = {e.id: sum(e.scores, Decimal(0)) for e in entrants}
    before = {e.id: _running(e.scores) for e in entrants}
    previous: set[tuple[Hashable, Hashable]] = set()
    players = []
    for entrant in entrants:
        floats = []
        for n, opponent in enumerate(entrant.opponents):
            if opponent is None or opponent not in before:
                floats.append("none")
                continue
            mine, theirs = before[entrant.id][n], before[opponent][n]
            floats.append("down" if mine > theirs else "up" if mine < theirs else "none")
            previous.add((min(entrant.id, opponent), max(entrant.id, opponent)))
        players.append(
            {
                "id": entrant.id,
                "name": str(entrant.id),
                "score": float(totals[entrant.id]),
                "rating": entrant.rating,
                "starting_number": entrant.number,
                "color_hist": entrant.colours,
                "float_history": floats,
                "bye_count": entrant.byes,
            }
        )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a contract warning of the engine is our bug
        result = generate_pairings(
            system="dutch",
            players=players,
            previous_pairings=previous,
            round_number=round_number,
            total_rounds=total_rounds,
        )
    return [Pairing(p["white_id"], p.get("black_id"), p["table"]) for p in result]


def _running(scores: list[Decimal]) -> list[Decimal]:
    """The score before each round."""
    totals, total = [], Decimal(0)
    for points in scores:
        totals.append(total)
        total += points
    return totals

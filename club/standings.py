"""Standings with the usual tiebreaks, from plain data (FIDE Handbook C.07).

A player's record is the list of their rounds: the opponent (None for a bye or an
unplayed round) and the points scored. In Buchholz-type tiebreaks a round without an
opponent counts the player's own final score, a simple form of FIDE's "virtual opponent".
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any

ZERO = Decimal(0)


class Tiebreak(StrEnum):
    BUCHHOLZ = "buchholz"
    BUCHHOLZ_CUT1 = "buchholz_cut1"
    MEDIAN = "median"
    SONNEBORN_BERGER = "sonneborn_berger"
    PROGRESSIVE = "progressive"
    WINS = "wins"
    DIRECT_ENCOUNTER = "direct_encounter"


@dataclass(frozen=True)
class Round:
    opponent: Hashable | None
    points: Decimal
    played: bool = True


@dataclass
class Row:
    player: Hashable
    points: Decimal
    tiebreaks: dict[Tiebreak, Decimal] = field(default_factory=dict)
    rank: int = 0


def parse_tiebreaks(text: str) -> list[Tiebreak]:
    """``"buchholz_cut1,sonneborn_berger"`` to the tiebreaks, unknown keys refused."""
    keys = [part.strip() for part in text.split(",") if part.strip()]
    try:
        return [Tiebreak(key) for key in keys]
    except ValueError as error:
        raise ValueError(f"unknown tiebreak: {error}") from None


def standings(records: Mapping[Any, Sequence[Round]], order: Sequence[Tiebreak]) -> list[Row]:
    """The players ranked by points, then by each tiebreak of ``order`` in turn."""
    points = {p: sum((r.points for r in rounds), ZERO) for p, rounds in records.items()}
    rows = []
    for player, rounds in records.items():
        row = Row(player, points[player])
        for tiebreak in order:
            if tiebreak is not Tiebreak.DIRECT_ENCOUNTER:
                row.tiebreaks[tiebreak] = _value(tiebreak, player, rounds, points)
        rows.append(row)
    rows.sort(key=lambda r: (-r.points, *(-r.tiebreaks.get(t, ZERO) for t in order)))
    if Tiebreak.DIRECT_ENCOUNTER in order:
        rows = _direct_encounter(rows, records, order)
    _rank(rows, order)
    return rows


def _opponent_scores(player: Hashable, rounds: Sequence[Round], points: dict) -> list[Decimal]:  # type: ignore[type-arg]
    return [points[r.opponent] if r.opponent is not None else points[player] for r in rounds]


def _value(tiebreak: Tiebreak, player: Hashable, rounds: Sequence[Round], points: dict) -> Decimal:  # type: ignore[type-arg]
    scores = sorted(_opponent_scores(player, rounds, points))
    if tiebreak is Tiebreak.BUCHHOLZ:
        return sum(scores, ZERO)
    if tiebreak is Tiebreak.BUCHHOLZ_CUT1:
        return sum(scores[1:], ZERO)
    if tiebreak is Tiebreak.MEDIAN:
        return sum(scores[1:-1], ZERO) if len(scores) > 2 else ZERO
    if tiebreak is Tiebreak.SONNEBORN_BERGER:
        return sum(
            (points[r.opponent] * r.points for r in rounds if r.opponent is not None and r.played),
            ZERO,
        )
    if tiebreak is Tiebreak.PROGRESSIVE:
        total = running = ZERO
        for r in rounds:
            running += r.points
            total += running
        return total
    return Decimal(sum(1 for r in rounds if r.played and r.points == 1))  # wins


def _direct_encounter(
    rows: list[Row], records: Mapping[Any, Sequence[Round]], order: Sequence[Tiebreak]
) -> list[Row]:
    """Among players level on points and the tiebreaks before it, the points they scored
    against each other decide."""
    position = list(order).index(Tiebreak.DIRECT_ENCOUNTER)
    before = order[:position]

    def level(row: Row) -> tuple:  # type: ignore[type-arg]
        return (row.points, *(row.tiebreaks.get(t, ZERO) for t in before))

    result: list[Row] = []
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and level(rows[j]) == level(rows[i]):
            j += 1
        group = rows[i:j]
        members = {r.player for r in group}
        for row in group:
            row.tiebreaks[Tiebreak.DIRECT_ENCOUNTER] = sum(
                (r.points for r in records[row.player] if r.opponent in members), ZERO
            )
        after = order[position:]
        group.sort(key=lambda r: tuple(-r.tiebreaks.get(t, ZERO) for t in after))
        result.extend(group)
        i = j
    return result


def _rank(rows: list[Row], order: Sequence[Tiebreak]) -> None:
    previous = None
    for index, row in enumerate(rows, 1):
        key = (row.points, *(row.tiebreaks.get(t, ZERO) for t in order))
        row.rank = rows[index - 2].rank if key == previous else index
        previous = key


def crosstable(
    players: Sequence[Hashable], games: Sequence[tuple[Hashable, Hashable, Decimal, Decimal]]
) -> dict[Hashable, dict[Hashable, list[Decimal]]]:
    """For a round robin: each player's points against each opponent (a list, for double
    round robins). ``games`` are (white, black, white's points, black's points)."""
    table: dict[Hashable, dict[Hashable, list[Decimal]]] = {p: {} for p in players}
    for white, black, white_points, black_points in games:
        table[white].setdefault(black, []).append(white_points)
        table[black].setdefault(white, []).append(black_points)
    return table

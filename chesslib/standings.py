"""Standings with FIDE tie-breaks, from plain data (FIDE Handbook C.07, the tie-break
regulations of 2024), pure Python.

A player's record is the list of their rounds: the opponent (None for a bye), the points
scored and what kind of round it was (played over the board, won or lost by forfeit, a
pairing-allocated bye, a requested bye). The tie-breaks themselves are computed by
tiebreak-core (ruleset ``fide-2024``), which implements Article 16 of the regulations for
unplayed rounds: a player's own unplayed round counts as a game against a dummy opponent
with the player's own score (16.4), a requested bye at the end counts as a draw for the
opponents' Buchholz (16.3), and cuts take such virtual rounds first (16.5). It was kept
over this module's former arithmetic because it gets the regulations' worked examples
right where ours did not (tests/club/test_standings.py quotes them).

What a result or a bye scores is not decided here: the caller gives the points (the
model's choices hold them, ``club.models.Result`` and ``club.models.Bye.Kind``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any

from tiebreak_core import GameRecord, PlayerTiebreakData, rank_standings_strict

ZERO = Decimal(0)
RULESET = "fide-2024"


class Tiebreak(StrEnum):
    BUCHHOLZ = "buchholz"
    BUCHHOLZ_CUT1 = "buchholz_cut1"
    MEDIAN = "median"
    SONNEBORN_BERGER = "sonneborn_berger"
    PROGRESSIVE = "progressive"
    WINS = "wins"
    DIRECT_ENCOUNTER = "direct_encounter"


# Our keys to tiebreak-core's criteria: wins are games won over the board (C.07 7.2, WON).
_CRITERION = {
    Tiebreak.BUCHHOLZ: "buchholz",
    Tiebreak.BUCHHOLZ_CUT1: "buchholz_cut1",
    Tiebreak.MEDIAN: "median_buchholz",
    Tiebreak.SONNEBORN_BERGER: "sonneborn_berger",
    Tiebreak.PROGRESSIVE: "progressive",
    Tiebreak.WINS: "won",
    Tiebreak.DIRECT_ENCOUNTER: "direct_encounter",
}
# The TRF-2026 (MTB26) code of each tiebreak, for the tie-break record of a TRF file.
TRF_CODE = {
    Tiebreak.BUCHHOLZ: "BH",
    Tiebreak.BUCHHOLZ_CUT1: "BH/C1",
    Tiebreak.MEDIAN: "BH/M1",
    Tiebreak.SONNEBORN_BERGER: "SB",
    Tiebreak.PROGRESSIVE: "PS",
    Tiebreak.WINS: "WON",
    Tiebreak.DIRECT_ENCOUNTER: "DE",
}


class Kind(StrEnum):
    """What happened in a player's round (C.07 16.2)."""

    PLAYED = "played"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    PAIRING_BYE = "pairing_bye"  # also a full-point bye
    REQUESTED_BYE = "requested_bye"  # a half- or zero-point bye, or a round not paired


_VIRTUAL = {Kind.PAIRING_BYE, Kind.REQUESTED_BYE}


@dataclass(frozen=True)
class Round:
    opponent: Hashable | None
    points: Decimal
    kind: Kind = Kind.PLAYED
    number: int = 0  # the round's number; 0: its place in the record

    @property
    def played(self) -> bool:
        return self.kind is Kind.PLAYED


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


def standings(
    records: Mapping[Any, Sequence[Round]],
    order: Sequence[Tiebreak],
    rounds: int | None = None,
    ruleset: str = RULESET,
) -> list[Row]:
    """The players ranked by points, then by each tiebreak of ``order`` in turn; players
    level on points and every tiebreak share a rank. ``records`` hold each player's rounds
    in round order; ``rounds`` is the number of rounds played so far (the longest record
    when not given). ``ruleset``: tiebreak-core's edition of the regulations (the 2024
    one; ``fide-2026`` caps the dummy opponents of 16.4)."""
    players = list(records)
    number = {player: index for index, player in enumerate(players, 1)}
    total = rounds or max(
        (max(r.number or i for i, r in enumerate(rs, 1)) for rs in records.values() if rs),
        default=0,
    )
    data = {number[p]: _data(number[p], rounds_, number) for p, rounds_ in records.items()}
    criteria = [_CRITERION[t] for t in order]
    ranked = rank_standings_strict(
        data,
        criteria,
        total_rounds=max(total, 1),
        deterministic_keys={n: n for n in data},
        ruleset=ruleset,
    )
    points = {p: sum((r.points for r in rounds_), ZERO) for p, rounds_ in records.items()}
    rows = []
    for result in ranked.players:
        player = players[result.player_id - 1]
        row = Row(player, points[player])
        for tiebreak in order:
            if tiebreak is not Tiebreak.DIRECT_ENCOUNTER:
                row.tiebreaks[tiebreak] = _decimal(result.values[_CRITERION[tiebreak]])
        rows.append(row)
    if Tiebreak.DIRECT_ENCOUNTER in order:
        _direct_encounter(rows, records, order)
    _rank(rows, order)
    return rows


def _data(pid: int, rounds: Sequence[Round], number: Mapping[Any, int]) -> PlayerTiebreakData:
    games = []
    for index, entry in enumerate(rounds, 1):
        virtual = entry.kind in _VIRTUAL or entry.opponent is None
        kind = entry.kind
        if entry.opponent is None and kind not in _VIRTUAL:
            kind = Kind.PAIRING_BYE if entry.points == 1 else Kind.REQUESTED_BYE
        games.append(
            GameRecord(
                opponent_id=-1 if virtual else number[entry.opponent],
                opponent_rating=0,
                score=float(entry.points),
                color="white",
                round_number=entry.number or index,
                kind=str(kind),
            )
        )
    return PlayerTiebreakData(pid, 0, float(sum((r.points for r in rounds), ZERO)), games)


def _decimal(value: float) -> Decimal:
    """Tie-break values are sums of quarter points: exact in binary, kept exact."""
    return Decimal(value).quantize(Decimal("0.01")).normalize() + ZERO


def _direct_encounter(
    rows: list[Row], records: Mapping[Any, Sequence[Round]], order: Sequence[Tiebreak]
) -> None:
    """The value shown under "direct encounter": among the players level on points and on
    the tiebreaks before it, the points each scored against the others over the board
    (C.07 6.1; the order itself is tiebreak-core's)."""
    before = order[: list(order).index(Tiebreak.DIRECT_ENCOUNTER)]

    def level(row: Row) -> tuple[Decimal, ...]:
        return (row.points, *(row.tiebreaks.get(t, ZERO) for t in before))

    groups: dict[tuple[Decimal, ...], set[Hashable]] = {}
    for row in rows:
        groups.setdefault(level(row), set()).add(row.player)
    for row in rows:
        members = groups[level(row)] - {row.player}
        row.tiebreaks[Tiebreak.DIRECT_ENCOUNTER] = sum(
            (r.points for r in records[row.player] if r.played and r.opponent in members), ZERO
        )


def _rank(rows: list[Row], order: Sequence[Tiebreak]) -> None:
    """Equal players share a rank: the same points and the same value of every tiebreak."""
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

"""The Belgian federation's (FRBE-KBSB) Elo report: the file a club sends for its games to
be rated, pure Python.

The layout is the one the federation's own software writes for the national interclubs
(FRBE-KBSB-KSB/kbsb, ``src/kbsb/interclubs/elo.py``, ``generate_belgian_report``): Latin-1
text, lines ended by CR LF, six ``00A``-``00F`` lines saying what is sent and by whom, the
TRF-16 header records ``012``-``102`` and ``132`` (the round dates), then one ``001`` line
a player: number in columns 5-8, name 15-47, Belgian rating 49-52, Belgian ID (matricule)
ending in column 68, points from column 82, then one 10-column block a round from column
92: opponent's number, colour (``w``/``b``), result (``1``, ``=``, ``0``).

Only played games are sent: the federation's writer leaves forfeits out, and a bye or an
unplayed round is not a game. An interclub round is written as that writer writes it, each
game as two players of their own numbered in board order; an individual event writes each
player once with every round in its block, as TRF-16 does.

Names are written in plain ASCII, as the federation's player file holds them (its writer
receives names it has already folded), and cut to the 33 columns the name has: the
federation's writer lets a longer name run into the rating's columns.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

RESULTS = {"1-0": ("1", "0"), "½-½": ("=", "="), "0-1": ("0", "1")}
POINTS = {"1": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0)}
NAME_COLUMNS = 33
LINE_END = "\r\n"


@dataclass(frozen=True)
class Side:
    """A player as the federation knows them."""

    name: str  # "Last, First"
    rating: int  # Belgian rating, 0 when none
    national_id: int  # matricule, 0 when none


@dataclass(frozen=True)
class ReportGame:
    white: Side
    black: Side
    result: str  # "1-0", "½-½" or "0-1" (anything else is not sent)
    round: int = 1


@dataclass(frozen=True)
class Sender:
    """Who sends the report: the club's number and address, the arbiter."""

    email: str
    club_number: str
    arbiter: str


@dataclass
class Report:
    title: str  # 00A, after "### "
    name: str  # 012
    place: str  # 022
    start: date
    end: date
    round_dates: list[date]
    sender: Sender
    first_round: int = 1
    federation: str = "BEL"  # 032
    games: list[ReportGame] = field(default_factory=list)


def ascii_name(name: str) -> str:
    """The name with its accents taken off, as the federation's player file writes it."""
    decomposed = unicodedata.normalize("NFKD", name)
    return decomposed.encode("ascii", "ignore").decode("ascii")


def _at(line: str, column: int, text: str) -> str:
    """``line`` with ``text`` written from 1-based ``column`` on."""
    start = column - 1
    line = line.ljust(start)
    return line[:start] + text + line[start + len(text) :]


@dataclass
class _Line:
    number: int
    side: Side
    blocks: dict[int, tuple[int, str, str]] = field(default_factory=dict)  # round -> block

    @property
    def points(self) -> Decimal:
        return sum((POINTS[result] for _o, _c, result in self.blocks.values()), Decimal(0))


def _rated(games: Sequence[ReportGame]) -> list[ReportGame]:
    return [game for game in games if game.result in RESULTS]


def _lines_by_game(games: Sequence[ReportGame]) -> list[_Line]:
    lines: list[_Line] = []
    for game in _rated(games):
        white, black = RESULTS[game.result]
        n = len(lines) + 1
        lines.append(_Line(n, game.white, {1: (n + 1, "w", white)}))
        lines.append(_Line(n + 1, game.black, {1: (n, "b", black)}))
    return lines


def _lines_by_player(games: Sequence[ReportGame], first_round: int) -> list[_Line]:
    numbers: dict[Side, _Line] = {}

    def line_of(side: Side) -> _Line:
        if side not in numbers:
            numbers[side] = _Line(len(numbers) + 1, side)
        return numbers[side]

    for game in _rated(games):
        white, black = line_of(game.white), line_of(game.black)
        white_result, black_result = RESULTS[game.result]
        index = game.round - first_round + 1
        white.blocks[index] = (black.number, "w", white_result)
        black.blocks[index] = (white.number, "b", black_result)
    return list(numbers.values())


def _counts(lines: list[_Line]) -> tuple[int, int, int]:
    results = [result for line in lines for _o, _c, result in line.blocks.values()]
    return results.count("1"), results.count("="), results.count("0")


def _player_line(line: _Line) -> str:
    text = " " * 100
    text = _at(text, 1, "001")
    text = _at(text, 5, f"{line.number:4d}")
    text = _at(text, 15, f"{ascii_name(line.side.name)[:NAME_COLUMNS]:32s}")
    text = _at(text, 49, f"{line.side.rating:4d}")
    text = _at(text, 64, f"{line.side.national_id:5d}")
    text = _at(text, 82, f"{line.points:3.1f}")
    for index, (opponent, colour, result) in sorted(line.blocks.items()):
        column = 92 + 10 * (index - 1)
        text = _at(text, column, f"{opponent:4d}")
        text = _at(text, column + 5, colour)
        text = _at(text, column + 7, result)
    return text


def write(report: Report, *, by_game: bool) -> bytes:
    """The report's bytes. ``by_game``: an interclub round (each game two lines of its
    own, in board order); otherwise an individual event (each player once)."""
    if by_game:
        lines = _lines_by_game(report.games)
    else:
        lines = _lines_by_player(report.games, report.first_round)
    won, drawn, lost = _counts(lines)
    rounds = len(report.round_dates)
    last_round = report.first_round + rounds - 1
    header = [
        f"00A ### {report.title}",
        f"00B {rounds} rondes",
        f"00C Envoi des rondes {report.first_round} à {last_round}",
        f"00D Envoi par : {report.sender.email}",
        f"00E Envoi par le club : {report.sender.club_number}",
        f"00F P={len(lines)} R={rounds} S={report.start:%d/%m/%y} E={report.end:%d/%m/%y}"
        f" +{won} ={drawn} -{lost}",
        f"012 {report.name}",
        f"022 {report.place}",
        f"032 {report.federation}",
        f"042 {report.start.isoformat()}",
        f"052 {report.end.isoformat()}",
        f"062 {len(lines)}",
        f"102 {report.sender.arbiter}",
    ]
    dates = " " * 100
    dates = _at(dates, 1, "132")
    for index, day in enumerate(report.round_dates):
        dates = _at(dates, 92 + 10 * index, f"{day:%y.%m.%d}")
    body = [*header, dates, *(_player_line(line) for line in lines)]
    return "".join(line + LINE_END for line in body).encode("latin-1", "replace")

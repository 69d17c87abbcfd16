"""FIDE TRF-16 tournament files: a strict reader and a writer, pure Python.

Player lines (``001``) are fixed-width: start rank 5-8, sex 10, title 11-13, name 15-47,
rating 49-52, federation 54-56, FIDE ID 58-68, birth date 70-79, points 81-84, rank 86-89,
then one 10-character block a round from column 92: opponent (4), colour (w/b/-), result
(1 0 = + - W D L H F U Z). Header records: 012 name, 022 city, 032 federation, 042 start
and 052 end dates, 092 type, 102 chief arbiter, 122 time control, 132 round dates; the
TRF(x) extensions XXR (rounds), XXC (colour of the first board) and XXA (a player's
acceleration: the virtual points added to their pairing score in each round, as JaVaFo
and bbpPairings read them: the start rank in columns 5-8, then one 4-column field a round
from column 10, 5 columns apart, "1.0", "0.5" or blank for none). The writer adds the
counts of players (062, 072), the rank column and the tie-breaks (202, TRF-2026 codes).
Errors name the line and what is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

RESULT_CODES = set("10=+-WDLHFUZ")
BYE_CODES = {"H": Decimal("0.5"), "F": Decimal(1), "U": Decimal(1), "Z": Decimal(0)}


class TrfError(ValueError):
    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


@dataclass(frozen=True)
class RoundEntry:
    opponent: int | None  # start rank; None for a bye or an unpaired round
    colour: str  # "w", "b" or "-"
    result: str  # one of RESULT_CODES, or "" when not yet played


@dataclass
class TrfPlayer:
    line: int
    rank: int  # start rank (pairing number)
    name: str
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: int | None = None
    birth: str = ""
    points: Decimal = Decimal(0)
    rounds: list[RoundEntry] = field(default_factory=list)
    place: int | None = None  # the rank in the standings (columns 86-89), when written


@dataclass
class Tournament:
    name: str = ""
    city: str = ""
    federation: str = ""
    start: str = ""
    end: str = ""
    kind: str = ""
    round_dates: list[str] = field(default_factory=list)
    rounds: int | None = None
    first_colour: str = ""
    players: list[TrfPlayer] = field(default_factory=list)
    chief_arbiter: str = ""  # 102
    time_control: str = ""  # 122
    tiebreaks: list[str] = field(default_factory=list)  # 202, TRF-2026 (MTB26) codes
    # XXA: start rank -> virtual points in rounds 1, 2, ... (a player without a line: none)
    accelerations: dict[int, list[Decimal]] = field(default_factory=dict)

    @property
    def played_rounds(self) -> int:
        return max((len(p.rounds) for p in self.players), default=0)


def _number(text: str, line: int, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):  # "²".isdigit() is true
        raise TrfError(line, f"{what} {text!r} is not a whole number")
    return int(text)


def read(text: str) -> Tournament:
    tournament = Tournament()
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.rstrip("\n")
        if not line.strip():
            continue
        code, content = line[:3], line[4:]
        if code == "001":
            tournament.players.append(_player(line, number))
        elif code == "012":
            tournament.name = content.strip()
        elif code == "022":
            tournament.city = content.strip()
        elif code == "032":
            tournament.federation = content.strip()
        elif code == "042":
            tournament.start = content.strip()
        elif code == "052":
            tournament.end = content.strip()
        elif code == "092":
            tournament.kind = content.strip()
        elif code == "102":
            tournament.chief_arbiter = content.strip()
        elif code == "122":
            tournament.time_control = content.strip()
        elif code == "132":
            tournament.round_dates = content.split()
        elif code == "XXR":
            tournament.rounds = _number(content, number, "the number of rounds")
        elif code == "XXC":
            tournament.first_colour = content.strip()
        elif code == "XXA":
            rank, points = _acceleration(line, number)
            if rank in tournament.accelerations:
                raise TrfError(number, f"a second XXA line for start rank {rank}")
            tournament.accelerations[rank] = points
    _check(tournament)
    return tournament


def _player(line: str, number: int) -> TrfPlayer:
    if len(line) < 89:
        raise TrfError(number, f"a player line has at least 89 characters, this one {len(line)}")
    rank = _number(line[4:8], number, "the start rank")
    if rank is None:
        raise TrfError(number, "the start rank (columns 5-8) is missing")
    points = line[80:84].strip() or "0"
    try:
        total = Decimal(points)
    except ArithmeticError:
        raise TrfError(number, f"the points {points!r} are not a number") from None
    player = TrfPlayer(
        line=number,
        rank=rank,
        name=line[14:47].strip(),
        sex=line[9:10].strip(),
        title=line[10:13].strip(),
        rating=_number(line[48:52], number, "the rating") or None,
        federation=line[53:56].strip(),
        fide_id=_number(line[57:68], number, "the FIDE ID") or None,
        birth=line[69:79].strip(),
        points=total,
    )
    if not player.name:
        raise TrfError(number, "the name (columns 15-47) is empty")
    rest = line[91:]
    for index in range(0, len(rest), 10):
        player.rounds.append(_round(rest[index : index + 10], number, index // 10 + 1))
    while player.rounds and player.rounds[-1] == RoundEntry(None, "-", ""):
        player.rounds.pop()
    return player


def _acceleration(line: str, number: int) -> tuple[int, list[Decimal]]:
    """An XXA line: the start rank (columns 5-8) and the virtual points of each round
    (4 columns from column 10, every 5 columns; blank: none)."""
    rank = _number(line[4:8], number, "the start rank")
    if rank is None:
        raise TrfError(number, "the start rank (columns 5-8) of the XXA line is missing")
    if line[8:9].strip():
        raise TrfError(number, "column 9 of an XXA line is blank")
    points: list[Decimal] = []
    for start in range(9, len(line.rstrip()), 5):
        text = line[start : start + 4].strip()
        if line[start + 4 : start + 5].strip():
            raise TrfError(number, f"column {start + 5} of an XXA line is blank")
        if text and not re.fullmatch(r"[0-9]{1,2}(\.[0-9])?", text):
            raise TrfError(number, f"round {len(points) + 1}: {text!r} is not points")
        points.append(Decimal(text) if text else Decimal(0))
    while points and not points[-1]:
        points.pop()
    return rank, points


def _round(block: str, number: int, round_number: int) -> RoundEntry:
    block = block.ljust(8)
    opponent_text, colour, result = block[0:4].strip(), block[5:6].strip(), block[7:8].strip()
    where = f"round {round_number}"
    if not opponent_text and not colour and not result:
        return RoundEntry(None, "-", "")
    if result and result not in RESULT_CODES:
        raise TrfError(number, f"{where}: result {result!r} is not a TRF result code")
    opponent = _number(opponent_text, number, f"{where}: the opponent") if opponent_text else 0
    if opponent:
        if colour not in ("w", "b"):
            raise TrfError(number, f"{where}: colour {colour!r} is not w or b")
        return RoundEntry(opponent, colour, result)
    if result and result not in BYE_CODES and result not in "+-":
        raise TrfError(number, f"{where}: a round without an opponent cannot be {result!r}")
    return RoundEntry(None, "-", result)


def _check(tournament: Tournament) -> None:
    if not tournament.players:
        raise TrfError(None, "no player line (001)")
    by_rank: dict[int, TrfPlayer] = {}
    for player in tournament.players:
        if player.rank in by_rank:
            raise TrfError(player.line, f"start rank {player.rank} is used twice")
        by_rank[player.rank] = player
    for rank in tournament.accelerations:
        if rank not in by_rank:
            raise TrfError(None, f"an XXA line names start rank {rank}, which has no 001 line")
    mirror = {
        "1": "0",
        "0": "1",
        "=": "=",
        "+": "-",
        "-": "+",
        "W": "L",
        "L": "W",
        "D": "D",
        "": "",
    }
    for player in tournament.players:
        for number, entry in enumerate(player.rounds, 1):
            if entry.opponent is None:
                continue
            other = by_rank.get(entry.opponent)
            if other is None:
                raise TrfError(
                    player.line, f"round {number}: opponent {entry.opponent} has no line"
                )
            back = other.rounds[number - 1] if len(other.rounds) >= number else None
            colour = "b" if entry.colour == "w" else "w"
            allowed = {RoundEntry(player.rank, colour, mirror.get(entry.result, "?"))}
            if entry.result == "-":  # a double forfeit
                allowed.add(RoundEntry(player.rank, colour, "-"))
            if back not in allowed:
                raise TrfError(
                    player.line,
                    f"round {number}: this line and line {other.line} disagree about the game",
                )


def write(tournament: Tournament) -> str:
    """The tournament as TRF-16 text (CRLF line ends, as the federations' tools write),
    with the header lines a rating report needs: the players and rated players (062,
    072), the arbiter (102), the time control (122), the round dates (132), and the
    tie-breaks in TRF-2026 codes (202); then XXR, XXC and a player's acceleration (XXA)."""
    rated = sum(1 for p in tournament.players if p.rating)
    lines = [f"012 {tournament.name}"]
    for code, value in (
        ("022", tournament.city),
        ("032", tournament.federation),
        ("042", tournament.start),
        ("052", tournament.end),
        ("062", str(len(tournament.players)) if tournament.players else ""),
        ("072", str(rated) if tournament.players else ""),
        ("092", tournament.kind),
        ("102", tournament.chief_arbiter),
        ("122", tournament.time_control),
    ):
        if value:
            lines.append(f"{code} {value}")
    if tournament.round_dates:
        # round 1 in columns 92-99, round 2 in 102-109, ...
        lines.append("132" + " " * 88 + "  ".join(f"{d:<8}" for d in tournament.round_dates))
    if tournament.tiebreaks:
        lines.append(f"202 {','.join(tournament.tiebreaks)}")
    for p in sorted(tournament.players, key=lambda p: p.rank):
        head = (
            f"001 {p.rank:>4} {p.sex:1}{p.title:>3} {p.name[:33]:<33} {p.rating or '':>4} "
            f"{p.federation:<3} {p.fide_id or '':>11} {p.birth:<10} {p.points:>4} "
            f"{p.place or '':>4}"
        )
        blocks = "".join(_block(entry) for entry in p.rounds)
        lines.append(f"{head}  {blocks}".rstrip())
    if tournament.rounds:
        lines.append(f"XXR {tournament.rounds}")
    if tournament.first_colour:
        lines.append(f"XXC {tournament.first_colour}")
    for rank, points in sorted(tournament.accelerations.items()):
        fields = "".join(f" {_points(p):>4}" if p else "     " for p in points)
        lines.append(f"XXA {rank:>4}{fields}".rstrip())
    return "\r\n".join(lines) + "\r\n"


def _points(value: Decimal) -> str:
    return f"{value.quantize(Decimal('0.1'))}"


def _block(entry: RoundEntry) -> str:
    opponent = f"{entry.opponent:>4}" if entry.opponent else "0000"
    return f"{opponent} {entry.colour} {entry.result or ' '}  "

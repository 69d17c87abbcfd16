"""FIDE TRF-16 tournament files: the tournament a file holds, and a strict reader; pure
Python (the writer is :mod:`chesslib.trf_write`).

Player lines (``001``) are fixed-width: start rank 5-8, sex 10, title 11-13, name 15-47,
rating 49-52, federation 54-56, FIDE ID 58-68, birth date 70-79, points 81-84, rank 86-89,
then one 10-character block a round from column 92: opponent (4), colour (w/b/-), result
(1 0 = + - W D L H F U Z). A round without an opponent is "0000 -" (a bye, or not paired
when its result is blank); a forfeit may have "-" for its colour (FIDE's own example does);
a block left all blank is kept apart from "0000 -". Header records: 012 name, 022 city, 032
federation, 042 start and 052 end dates, 062/072/082 counts, 092 type, 102 chief arbiter,
112 deputy arbiters (one line each), 122 time control, 132 round dates, 202 tie-breaks; the
TRF(x) extensions XXR (rounds), XXC (colour of the first board) and XXA (a player's
acceleration: the virtual points added to their pairing score in each round, as JaVaFo
and bbpPairings read them: the start rank in columns 5-8, then one 4-column field a round
from column 10, 5 columns apart, "1.0", "0.5" or blank for none). Every other line
(XXS, 013, codes this reader does not know) is kept in ``records`` as it was written, and
each player line's columns and round blocks as written (``TrfPlayer.columns``/``blocks``),
so that a program can write back what it did not change. The writer adds the counts of
players (062, 072), the rank column and the tie-breaks (202, TRF-2026 codes), and writes
every player line full width: one 10-column block a round, none cut short.
Errors name the line and what is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

RESULT_CODES = set("10=+-WDLHFUZ")
BYE_CODES = {"H": Decimal("0.5"), "F": Decimal(1), "U": Decimal(1), "Z": Decimal(0)}


def gettext_noop(message: str) -> str:
    """A message marked for the site's catalogues (their extraction reads this name);
    chesslib imports no Django, so a site shows ``TrfError.template`` translated."""
    return message


class TrfError(ValueError):
    """A file refused: its line (None: the whole file), and why, as a template marked for
    translation and its values; ``str()`` is the English text."""

    def __init__(self, line: int | None, template: str, **values: object) -> None:
        self.line = line
        self.template = template
        self.values = values
        message = template % values if values else template
        super().__init__(f"line {line}: {message}" if line else message)


START_RANK_NOT_A_NUMBER = gettext_noop("the start rank “%(text)s” is not a whole number")


@dataclass(frozen=True)
class RoundEntry:
    opponent: int | None  # start rank; None for a bye or an unpaired round
    colour: str  # "w", "b" or "-" ("-" with an opponent: a forfeit); "" for a blank block
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
    # as written in the file: each column's text (COLUMNS' names) and each round's 8 columns
    columns: dict[str, str] = field(default_factory=dict)
    blocks: list[str] = field(default_factory=list)


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
    deputy_arbiters: list[str] = field(default_factory=list)  # 112, one line each
    time_control: str = ""  # 122
    tiebreaks: list[str] = field(default_factory=list)  # 202, TRF-2026 (MTB26) codes
    # XXA: start rank -> virtual points in rounds 1, 2, ... (a player without a line: none)
    accelerations: dict[int, list[Decimal]] = field(default_factory=dict)
    # every line other than a player's, as written, and whether it came after the first
    # player line (XXR, XXC, XXA and 013 are often written after them)
    records: list[tuple[str, bool]] = field(default_factory=list)

    @property
    def played_rounds(self) -> int:
        return max((len(p.rounds) for p in self.players), default=0)


def _number(text: str, line: int, what: str, **values: object) -> int | None:
    """The whole number written in ``text`` (None if blank); ``what``: the message, a
    marked template given the text and ``values``."""
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):  # "²".isdigit() is true
        raise TrfError(line, what, text=text, **values)
    return int(text)


def read(text: str) -> Tournament:
    tournament = Tournament()
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.rstrip("\n")
        if not line.strip():
            continue
        code, content = line[:3], line[4:]
        if code != "001":
            tournament.records.append((line, bool(tournament.players)))
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
        elif code == "112":
            if content.strip():
                tournament.deputy_arbiters.append(content.strip())
        elif code == "202":
            tournament.tiebreaks = [c for c in re.split(r"[,\s]+", content) if c]
        elif code == "122":
            tournament.time_control = content.strip()
        elif code == "132":
            tournament.round_dates = _round_dates(line)
        elif code == "XXR":
            tournament.rounds = _number(
                content,
                number,
                gettext_noop("the number of rounds “%(text)s” is not a whole number"),
            )
        elif code == "XXC":
            tournament.first_colour = content.strip()
        elif code == "XXA":
            rank, points = _acceleration(line, number)
            if rank in tournament.accelerations:
                raise TrfError(
                    number, gettext_noop("a second XXA line for start rank %(rank)s"), rank=rank
                )
            tournament.accelerations[rank] = points
    _check(tournament)
    return tournament


def _player(line: str, number: int) -> TrfPlayer:
    if len(line) < 89:
        raise TrfError(
            number,
            gettext_noop("a player line has at least 89 characters, this one %(length)s"),
            length=len(line),
        )
    rank = _number(line[4:8], number, START_RANK_NOT_A_NUMBER)
    if rank is None:
        raise TrfError(number, gettext_noop("the start rank (columns 5-8) is missing"))
    points = line[80:84].strip() or "0"
    try:
        total = Decimal(points)
    except ArithmeticError:
        raise TrfError(
            number, gettext_noop("the points “%(points)s” are not a number"), points=points
        ) from None
    columns = {name: line[first - 1 : last] for name, (first, last) in COLUMNS.items()}
    player = TrfPlayer(
        line=number,
        columns=columns,
        rank=rank,
        name=line[14:47].strip(),
        sex=line[9:10].strip(),
        title=line[10:13].strip(),
        rating=_number(
            line[48:52], number, gettext_noop("the rating “%(text)s” is not a whole number")
        )
        or None,
        federation=line[53:56].strip(),
        fide_id=_number(
            line[57:68], number, gettext_noop("the FIDE ID “%(text)s” is not a whole number")
        )
        or None,
        birth=line[69:79].strip(),
        points=total,
        place=_number(
            line[85:89], number, gettext_noop("the rank “%(text)s” is not a whole number")
        ),
    )
    if not player.name:
        raise TrfError(number, gettext_noop("the name (columns 15-47) is empty"))
    rest = line[91:]
    for index in range(0, len(rest), 10):
        block = rest[index : index + 10]
        if block[8:].strip():
            raise TrfError(
                number,
                gettext_noop(
                    "round %(round)s: columns %(first)s-%(last)s are blank between two rounds"
                ),
                round=index // 10 + 1,
                first=index + 100,
                last=index + 101,
            )
        player.blocks.append(block[:8])
        player.rounds.append(_round(block, number, index // 10 + 1))
    while player.rounds and player.rounds[-1] == BLANK:
        player.rounds.pop()
    return player


# A player line's columns (1-based, inclusive), as TRF-16 numbers them.
COLUMNS = {
    "rank": (5, 8),
    "sex": (10, 10),
    "title": (11, 13),
    "name": (15, 47),
    "rating": (49, 52),
    "federation": (54, 56),
    "fide_id": (58, 68),
    "birth": (70, 79),
    "points": (81, 84),
    "place": (86, 89),
}
BLANK = RoundEntry(None, "", "")  # a round's block left blank


def _round_dates(line: str) -> list[str]:
    """132: round 1's date in columns 92-99, round 2's in 102-109, ... (a file that writes
    them elsewhere on the line: its words in order)."""
    if len(line) > 91 and not line[4:91].strip():
        return [line[start : start + 8].strip() for start in range(91, len(line), 10)]
    return line[4:].split()


def _acceleration(line: str, number: int) -> tuple[int, list[Decimal]]:
    """An XXA line: the start rank (columns 5-8) and the virtual points of each round
    (4 columns from column 10, every 5 columns; blank: none)."""
    rank = _number(line[4:8], number, START_RANK_NOT_A_NUMBER)
    if rank is None:
        raise TrfError(
            number, gettext_noop("the start rank (columns 5-8) of the XXA line is missing")
        )
    if line[8:9].strip():
        raise TrfError(number, gettext_noop("column 9 of an XXA line is blank"))
    points: list[Decimal] = []
    for start in range(9, len(line.rstrip()), 5):
        text = line[start : start + 4].strip()
        if line[start + 4 : start + 5].strip():
            raise TrfError(
                number, gettext_noop("column %(column)s of an XXA line is blank"), column=start + 5
            )
        if text and not re.fullmatch(r"[0-9]{1,2}(\.[0-9])?", text):
            raise TrfError(
                number,
                gettext_noop("round %(round)s: “%(text)s” is not points"),
                round=len(points) + 1,
                text=text,
            )
        points.append(Decimal(text) if text else Decimal(0))
    while points and not points[-1]:
        points.pop()
    return rank, points


def _round(block: str, number: int, round_number: int) -> RoundEntry:
    block = block.ljust(8)
    opponent_text, colour, result = block[0:4].strip(), block[5:6].strip(), block[7:8].strip()
    if not opponent_text and not colour and not result:
        return BLANK
    if result and result not in RESULT_CODES:
        raise TrfError(
            number,
            gettext_noop("round %(round)s: result “%(result)s” is not a TRF result code"),
            round=round_number,
            result=result,
        )
    opponent = (
        _number(
            opponent_text,
            number,
            gettext_noop("round %(round)s: the opponent “%(text)s” is not a whole number"),
            round=round_number,
        )
        if opponent_text
        else 0
    )
    if opponent:
        if colour == "-" and result in ("+", "-", ""):
            return RoundEntry(opponent, colour, result)  # a forfeit, its colour unknown
        if colour not in ("w", "b"):
            raise TrfError(
                number,
                gettext_noop("round %(round)s: colour “%(colour)s” is not w or b"),
                round=round_number,
                colour=colour,
            )
        return RoundEntry(opponent, colour, result)
    if result and result not in BYE_CODES and result not in "+-":
        raise TrfError(
            number,
            gettext_noop("round %(round)s: a round without an opponent cannot be “%(result)s”"),
            round=round_number,
            result=result,
        )
    return RoundEntry(None, "-", result)


def _check(tournament: Tournament) -> None:
    if not tournament.players:
        raise TrfError(None, gettext_noop("no player line (001)"))
    by_rank: dict[int, TrfPlayer] = {}
    for player in tournament.players:
        if player.rank in by_rank:
            raise TrfError(
                player.line, gettext_noop("start rank %(rank)s is used twice"), rank=player.rank
            )
        by_rank[player.rank] = player
    for rank in tournament.accelerations:
        if rank not in by_rank:
            raise TrfError(
                None,
                gettext_noop("an XXA line names start rank %(rank)s, which has no 001 line"),
                rank=rank,
            )
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
                    player.line,
                    gettext_noop("round %(round)s: opponent %(opponent)s has no line"),
                    round=number,
                    opponent=entry.opponent,
                )
            back = other.rounds[number - 1] if len(other.rounds) >= number else None
            colour = {"w": "b", "b": "w"}.get(entry.colour, entry.colour)
            allowed = {RoundEntry(player.rank, colour, mirror.get(entry.result, "?"))}
            if entry.result == "-":  # a double forfeit
                allowed.add(RoundEntry(player.rank, colour, "-"))
            if back not in allowed:
                raise TrfError(
                    player.line,
                    gettext_noop(
                        "round %(round)s: this line and line %(other)s disagree about the game"
                    ),
                    round=number,
                    other=other.line,
                )

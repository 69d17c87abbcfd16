"""FIDE TRF-16 tournament files: the tournament a file holds, the description of each of
its fields, and a strict reader; pure Python (the writer is :mod:`chesslib.trf_write`).

Each field is declared once: a player line's columns in ``PLAYER_COLUMNS`` (name,
columns, how the text is read and written), the other records in ``RECORDS`` (code, the
``Tournament``'s attribute, how a line is read and the lines written); the reader and the
writer go through them, so that a new field is one line there, plus its attribute.

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
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

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
    """The tournament ``text`` holds, each record read as ``RECORDS`` describes it and
    each player line as ``PLAYER_COLUMNS`` do; a file TRF-16 does not allow is refused
    (``TrfError``, naming its line)."""
    tournament = Tournament()
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.rstrip("\n")
        if not line.strip():
            continue
        code = line[:3]
        if code == "001":
            tournament.players.append(_player(line, number))
            continue
        tournament.records.append((line, bool(tournament.players)))
        record = RECORD_OF_CODE.get(code)
        if record is not None:
            record.read_into(tournament, line, number)
    _check(tournament)
    return tournament


def _player(line: str, number: int) -> TrfPlayer:
    if len(line) < 89:
        raise TrfError(
            number,
            gettext_noop("a player line has at least 89 characters, this one %(length)s"),
            length=len(line),
        )
    columns = {c.name: line[c.first - 1 : c.last] for c in PLAYER_COLUMNS}
    player = TrfPlayer(
        line=number,
        columns=columns,
        **{c.name: c.read(columns[c.name], number) for c in PLAYER_COLUMNS},
    )
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


def _text(value: str, number: int) -> str:
    return value.strip()


def _whole(what: str, required: str = "") -> Callable[[str, int], int | None]:
    """A column's whole number (None if blank, or ``required``'s refusal); ``what``: the
    refusal of one that is not."""

    def read(value: str, number: int) -> int | None:
        found = _number(value, number, what)
        if found is None and required:
            raise TrfError(number, required)
        return found

    return read


def _nonzero(read: Callable[[str, int], int | None]) -> Callable[[str, int], int | None]:
    """``read``'s number, None for 0 (a rating or a FIDE ID of 0: none)."""
    return lambda value, number: read(value, number) or None


def _name(value: str, number: int) -> str:
    if not value.strip():
        raise TrfError(number, gettext_noop("the name (columns 15-47) is empty"))
    return value.strip()


def _total(value: str, number: int) -> Decimal:
    points = value.strip() or "0"
    try:
        return Decimal(points)
    except ArithmeticError:
        raise TrfError(
            number, gettext_noop("the points “%(points)s” are not a number"), points=points
        ) from None


@dataclass(frozen=True)
class Column:
    """One column of a player line (``001``): the ``TrfPlayer`` attribute it holds, its
    first and last character (1-based, inclusive, as TRF-16 numbers them), how its text
    is read (the text, the line's number: the value, or ``TrfError``) and written (the
    value: the text, at most the column's width). ``digits``: a number a reader may find
    written with other digits than 0-9, named by ``label`` (marked for translation)."""

    name: str
    first: int
    last: int
    read: Callable[[str, int], Any]
    write: Callable[[Any], str]
    label: str = ""
    digits: bool = False


# The player line, column by column: adding a column is adding its line here (and its
# attribute to ``TrfPlayer``).
PLAYER_COLUMNS: tuple[Column, ...] = (
    Column(
        "rank",
        5,
        8,
        _whole(START_RANK_NOT_A_NUMBER, gettext_noop("the start rank (columns 5-8) is missing")),
        lambda v: f"{v:>4}",
        gettext_noop("start rank"),
        digits=True,
    ),
    Column("sex", 10, 10, _text, lambda v: f"{v:1}"[:1]),
    Column("title", 11, 13, _text, lambda v: f"{v:>3}"[:3]),
    Column("name", 15, 47, _name, lambda v: f"{v[:33]:<33}"),
    Column(
        "rating",
        49,
        52,
        _nonzero(_whole(gettext_noop("the rating “%(text)s” is not a whole number"))),
        lambda v: f"{v or '':>4}",
        gettext_noop("rating"),
        digits=True,
    ),
    Column("federation", 54, 56, _text, lambda v: f"{v:<3}"[:3]),
    Column(
        "fide_id",
        58,
        68,
        _nonzero(_whole(gettext_noop("the FIDE ID “%(text)s” is not a whole number"))),
        lambda v: f"{v or '':>11}",
        gettext_noop("FIDE ID"),
        digits=True,
    ),
    Column("birth", 70, 79, _text, lambda v: f"{v:<10}"[:10]),
    Column("points", 81, 84, _total, lambda v: f"{v:>4}"),
    Column(
        "place",
        86,
        89,
        _whole(gettext_noop("the rank “%(text)s” is not a whole number")),
        lambda v: f"{v or '':>4}",
    ),
)
# Each column's first and last character, by name.
COLUMNS = {c.name: (c.first, c.last) for c in PLAYER_COLUMNS}
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


def _one_line(code: str, attribute: str) -> Callable[[Tournament], list[str]]:
    """A one-line record's writer: the code and the attribute's text, when it has one."""

    def write(tournament: Tournament) -> list[str]:
        value = getattr(tournament, attribute)
        return [f"{code} {value}"] if value else []

    return write


def _read_deputy(tournament: Tournament, line: str, number: int) -> None:
    if line[4:].strip():
        tournament.deputy_arbiters.append(line[4:].strip())


def _read_round_dates(tournament: Tournament, line: str, number: int) -> None:
    tournament.round_dates = _round_dates(line)


def _write_round_dates(tournament: Tournament) -> list[str]:
    """132: round 1's date in columns 92-99, round 2's in 102-109, ..."""
    if not tournament.round_dates:
        return []
    return ["132" + " " * 88 + "  ".join(f"{d:<8}" for d in tournament.round_dates)]


def _read_tiebreaks(tournament: Tournament, line: str, number: int) -> None:
    tournament.tiebreaks = [c for c in re.split(r"[,\s]+", line[4:]) if c]


def _read_rounds(tournament: Tournament, line: str, number: int) -> None:
    tournament.rounds = _number(
        line[4:], number, gettext_noop("the number of rounds “%(text)s” is not a whole number")
    )


def _read_acceleration(tournament: Tournament, line: str, number: int) -> None:
    rank, points = _acceleration(line, number)
    if rank in tournament.accelerations:
        raise TrfError(number, gettext_noop("a second XXA line for start rank %(rank)s"), rank=rank)
    tournament.accelerations[rank] = points


def _virtual_points(value: Decimal) -> str:
    return f"{value.quantize(Decimal('0.1'))}"


def _write_accelerations(tournament: Tournament) -> list[str]:
    """XXA: the start rank in columns 5-8, each round's virtual points in 4 columns from
    column 10, 5 columns apart (blank: none)."""
    lines = []
    for rank, points in sorted(tournament.accelerations.items()):
        fields = "".join(f" {_virtual_points(p):>4}" if p else "     " for p in points)
        lines.append(f"XXA {rank:>4}{fields}".rstrip())
    return lines


@dataclass(frozen=True)
class Record:
    """A record other than a player line: its code, the ``Tournament`` attribute it
    fills, how a line of it is read into the tournament (by default the text after the
    code, stripped) and how the tournament writes it (by default the code and the
    attribute's text, when it has one: the writer's lines, none for nothing to say);
    ``after_players``: written after the player lines (TRF(x)'s XXR, XXC, XXA)."""

    code: str
    attribute: str = ""  # empty: nothing read (the reader keeps the line in ``records``)
    read: Callable[[Tournament, str, int], None] | None = None
    write: Callable[[Tournament], list[str]] | None = None
    after_players: bool = False

    def read_into(self, tournament: Tournament, line: str, number: int) -> None:
        if self.read is not None:
            self.read(tournament, line, number)
        elif self.attribute:
            setattr(tournament, self.attribute, line[4:].strip())

    def lines(self, tournament: Tournament) -> list[str]:
        if self.write is not None:
            return self.write(tournament)
        return _one_line(self.code, self.attribute)(tournament)


# The records a tournament reads and writes, in the order they are written: adding a
# record is adding its line here (and its attribute to ``Tournament``). 062 and 072 are
# counted from the player lines; 012 is written even empty.
RECORDS: tuple[Record, ...] = (
    Record("012", "name", write=lambda t: [f"012 {t.name}"]),
    Record("022", "city"),
    Record("032", "federation"),
    Record("042", "start"),
    Record("052", "end"),
    Record("062", write=lambda t: [f"062 {len(t.players)}"] if t.players else []),
    Record(
        "072", write=lambda t: [f"072 {sum(1 for p in t.players if p.rating)}"] if t.players else []
    ),
    Record("092", "kind"),
    Record("102", "chief_arbiter"),
    Record(
        "112", "deputy_arbiters", _read_deputy, lambda t: [f"112 {n}" for n in t.deputy_arbiters]
    ),
    Record("122", "time_control"),
    Record("132", "round_dates", _read_round_dates, _write_round_dates),
    Record(
        "202",
        "tiebreaks",
        _read_tiebreaks,
        lambda t: [f"202 {','.join(t.tiebreaks)}"] if t.tiebreaks else [],
    ),
    Record("XXR", "rounds", _read_rounds, _one_line("XXR", "rounds"), after_players=True),
    Record("XXC", "first_colour", after_players=True),
    Record("XXA", "accelerations", _read_acceleration, _write_accelerations, after_players=True),
)
RECORD_OF_CODE = {record.code: record for record in RECORDS}


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

"""Readers of the official rating lists: FIDE's TXT and XML downloads, and the Belgian
federation's list. Pure functions of the file's text: they return rows or raise
:class:`ListError` naming the line and what is wrong.

FIDE TXT lists are fixed-width, with a header line naming the columns ("ID Number",
"Name", "Fed", "Sex", "Tit", ..., "SRtng"/"RRtng"/"BRtng", "SGm", "SK", "B-day", "Flag"):
each column starts where its label starts, which is how the reader cuts the lines. FIDE
XML lists are ``<playerslist><player><fideid/><name/><country/><rating/><games/>…``. The
Belgian list is a delimited text file (``;`` or ``,``) with a header row; the columns it
needs are the national ID (``Matricule``/``ID``), the name and the rating (``Elo``), and
it takes the FIDE ID where given.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass
from xml.etree import ElementTree

MAX_RATING = 3500


class ListError(ValueError):
    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line else message)


@dataclass(frozen=True)
class ListRow:
    line: int
    name: str
    rating: int
    fide_id: int | None = None
    national_id: str = ""
    federation: str = ""
    games: int | None = None


def read_list(kind: str, text: str) -> list[ListRow]:
    """The rows of a list of ``kind`` ``"fide"`` (TXT or XML, told apart by content) or
    ``"frbe"``."""
    if kind == "fide":
        return read_fide_xml(text) if text.lstrip().startswith("<") else read_fide_txt(text)
    if kind == "frbe":
        return read_frbe(text)
    raise ListError(None, f"unknown list kind {kind!r}: choose fide or frbe")


# --- FIDE TXT -----------------------------------------------------------------------------

_RATING_LABELS = ("SRtng", "RRtng", "BRtng", "Rtng")
_GAMES_LABELS = ("SGm", "RGm", "BGm", "Gms")


def read_fide_txt(text: str) -> list[ListRow]:
    lines = text.splitlines()
    if not lines or not lines[0].startswith("ID Number"):
        raise ListError(1, "a FIDE TXT list starts with a header line beginning 'ID Number'")
    columns = _columns(lines[0])
    rating_label = next((label for label in _RATING_LABELS if label in columns), None)
    if rating_label is None or "Name" not in columns:
        raise ListError(1, "the header has no rating column (SRtng, RRtng or BRtng) or no Name")
    games_label = next((label for label in _GAMES_LABELS if label in columns), None)
    rows = []
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        fields = {label: line[start:end].strip() for label, (start, end) in columns.items()}
        fide_id = _whole(fields.get("ID Number", ""), number, "FIDE ID")
        rating_text = fields[rating_label]
        if not rating_text:
            continue  # listed without a rating in this category
        rows.append(
            ListRow(
                line=number,
                name=_name(fields["Name"], number),
                rating=_rating(rating_text, number),
                fide_id=fide_id,
                federation=fields.get("Fed", ""),
                games=_whole(fields[games_label], number, "games") if games_label else None,
            )
        )
    return rows


def _columns(header: str) -> dict[str, tuple[int, int | None]]:
    """Each label of the header with the span it heads: from its first character to the
    next label's."""
    spans = [(m.group(0).strip(), m.start()) for m in re.finditer(r"ID Number|\S+", header)]
    columns: dict[str, tuple[int, int | None]] = {}
    for index, (label, start) in enumerate(spans):
        end = spans[index + 1][1] if index + 1 < len(spans) else None
        columns[label] = (start, end)
    return columns


# --- FIDE XML -----------------------------------------------------------------------------


def read_fide_xml(text: str) -> list[ListRow]:
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        line, _column = error.position
        raise ListError(line, f"the XML does not parse: {error}") from None
    if root.tag != "playerslist":
        raise ListError(1, f"a FIDE XML list has a <playerslist> root, not <{root.tag}>")
    rows = []
    for number, player in enumerate(root.iter("player"), 1):
        where = f"player {number}"
        fide_id = (player.findtext("fideid") or "").strip()
        rating = (player.findtext("rating") or "").strip()
        if not rating:
            continue
        try:
            rows.append(
                ListRow(
                    line=number,
                    name=_name(player.findtext("name") or "", number),
                    rating=_rating(rating, number),
                    fide_id=_whole(fide_id, number, "FIDE ID"),
                    federation=(player.findtext("country") or "").strip(),
                    games=_whole((player.findtext("games") or "").strip(), number, "games"),
                )
            )
        except ListError as error:
            raise ListError(None, f"{where}: {error.args[0].split(': ', 1)[1]}") from None
    return rows


# --- FRBE ---------------------------------------------------------------------------------

_FRBE_ID = ("matricule", "id", "idnumber", "stamnummer")
_FRBE_NAME = ("nom", "name", "naam", "nomprenom")
_FRBE_RATING = ("elo", "rating", "eloactuel", "elobelge")
_FRBE_FIDE = ("fide", "fideid", "idfide", "matriculefide")


def read_frbe(text: str) -> list[ListRow]:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:
        return _read_frbe(text)
    except csv.Error as error:
        raise ListError(None, f"the file is not a readable CSV: {error}") from None


def _read_frbe(text: str) -> list[ListRow]:
    sample = text[:4096]
    delimiter = ";" if sample.count(";") >= sample.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = [_key(h) for h in next(reader)]
    except StopIteration:
        raise ListError(1, "the file is empty") from None
    id_col = _find(header, _FRBE_ID, "national ID (Matricule)")
    name_col = _find(header, _FRBE_NAME, "name (Nom)")
    rating_col = _find(header, _FRBE_RATING, "rating (Elo)")
    fide_col = next((header.index(k) for k in _FRBE_FIDE if k in header), None)
    rows = []
    for number, record in enumerate(reader, 2):
        if not any(cell.strip() for cell in record):
            continue
        if len(record) < len(header):
            raise ListError(number, f"{len(record)} columns where the header has {len(header)}")
        rating = record[rating_col].strip()
        if not rating or rating == "0":
            continue
        national_id = record[id_col].strip()
        if not national_id.isdigit():
            raise ListError(number, f"the national ID {national_id!r} is not a number")
        rows.append(
            ListRow(
                line=number,
                name=_name(record[name_col], number),
                rating=_rating(rating, number),
                national_id=national_id,
                fide_id=_whole(record[fide_col].strip(), number, "FIDE ID")
                if fide_col is not None
                else None,
                federation="BEL",
            )
        )
    return rows


def _key(label: str) -> str:
    plain = unicodedata.normalize("NFKD", label).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", plain.lower())


def _find(header: list[str], names: tuple[str, ...], what: str) -> int:
    for name in names:
        if name in header:
            return header.index(name)
    raise ListError(1, f"the header has no {what} column")


# --- fields -------------------------------------------------------------------------------


def _whole(text: str, line: int, what: str) -> int | None:
    if not text or (text == "0" and what == "FIDE ID"):
        return None
    if not text.isdigit():
        raise ListError(line, f"the {what} {text!r} is not a whole number")
    return int(text)


def _rating(text: str, line: int) -> int:
    if not text.isdigit() or not 0 < int(text) <= MAX_RATING:
        raise ListError(line, f"the rating {text!r} is not a rating (1 to {MAX_RATING})")
    return int(text)


def _name(text: str, line: int) -> str:
    name = " ".join(text.split())
    if not name:
        raise ListError(line, "the name is empty")
    return name

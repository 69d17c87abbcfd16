"""The Belgian federation's list (FRBE-KBSB-KSB): ``PLAYER.DBF`` (dBase III, what the
federation gives to pairing programs) and its exports as CSV (``;`` or ``,``).

The columns are those of the federation's player table (``p_playerYYYYMM`` in its
database, the source of both): ``Matricule`` (the national ID), ``NomPrenom``, ``Sexe``,
``Club``, ``Dnaiss`` (birth date), ``Elo``, ``NbPart`` (games), ``Titre``, ``Federation``
(the Belgian wing: F, V or D), ``Nat``, ``Fide`` (FIDE ID, 0 for none), ``Arbitre``,
``NatFide`` (FIDE federation). They are found by name, in any case and accents; exports
that name them otherwise (``Nom``, ``ID``, ``Rating``) are read too. ``Elo`` 0 is "not
rated".
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import struct
import tempfile
import unicodedata
from collections.abc import Iterator, Mapping
from datetime import date
from pathlib import Path
from typing import Any

from dbfread import DBF
from django.utils.translation import gettext_noop

from ratings.official_lists import (
    GAMES,
    ListError,
    ListInfo,
    ListRow,
    Rated,
    birth_year,
    fide_id,
    name,
    rating,
    whole,
)

# the column each field is read from, by its plain lower-case name
_ID = ("matricule", "id", "idnumber", "stamnummer")
_NAME = ("nomprenom", "nom", "name", "naam")
_RATING = ("elo", "rating", "eloactuel", "elobelge")
_FIDE = ("fide", "fideid", "idfide", "matfide", "matriculefide")
_GAMES = ("nbpart", "games", "partijen")
_SEX = ("sexe", "sex", "gender")
_BORN = ("dnaiss", "birthdate", "naissance", "geboortedatum")
_TITLE = ("titre", "title", "titel")
_FEDERATION = ("natfide", "nat", "nationality")
DBASE_VERSIONS = (0x03, 0x83, 0x8B)  # dBase III, with memo; dBase IV with memo


def read(stream: io.BufferedIOBase, *, name: str, info: ListInfo) -> Iterator[ListRow]:
    if not hasattr(stream, "peek"):
        stream = io.BufferedReader(stream)
    first = stream.peek(1)[:1]
    if (first and first[0] in DBASE_VERSIONS) or name.lower().endswith(".dbf"):
        info.layout = "DBF"
        return _read_dbf(stream)
    info.layout = "CSV"
    return _read_csv(stream)


# --- DBF ----------------------------------------------------------------------------------


def _read_dbf(stream: io.BufferedIOBase) -> Iterator[ListRow]:
    """dbfread reads a file by its path: a stream that is not a file on disk (a ZIP's
    member, an upload) is copied to a temporary file first, in chunks."""
    path = getattr(stream, "name", None)
    if isinstance(path, str) and Path(path).is_file():
        yield from _dbf_rows(Path(path))
        return
    with tempfile.NamedTemporaryFile(suffix=".dbf") as copy:
        shutil.copyfileobj(stream, copy, 1 << 20)
        copy.flush()
        yield from _dbf_rows(Path(copy.name))


def _dbf_rows(path: Path) -> Iterator[ListRow]:
    try:
        table = DBF(str(path), encoding="cp850", char_decode_errors="replace")
        header = [_key(f) for f in table.field_names]
    except (ValueError, OSError, UnicodeDecodeError, struct.error) as error:
        raise ListError(
            None, gettext_noop("the file is not a readable dBase file: %(error)s"), error=str(error)
        ) from None
    columns = _columns(header)
    number = 0
    try:
        for number, record in enumerate(table, 1):
            values = list(record.values())
            yield _row(number, values, columns)
    except ListError:
        raise
    except (ValueError, struct.error) as error:
        raise ListError(
            number + 1, gettext_noop("the record cannot be read: %(error)s"), error=str(error)
        ) from None


# --- CSV ----------------------------------------------------------------------------------


def _read_csv(stream: io.BufferedIOBase) -> Iterator[ListRow]:
    text = io.TextIOWrapper(stream, encoding="utf-8-sig", errors="replace", newline="")  # type: ignore[type-var]
    first = text.readline()
    if not first.strip():
        raise ListError(1, gettext_noop("the file is empty"))
    delimiter = ";" if first.count(";") >= first.count(",") else ","
    try:
        header = [_key(h) for h in next(csv.reader([first], delimiter=delimiter))]
        columns = _columns(header)
        reader = csv.reader(text, delimiter=delimiter)
        for number, record in enumerate(reader, 2):
            if not any(cell.strip() for cell in record):
                yield ListRow(line=number, name="")
                continue
            if len(record) < len(header):
                raise ListError(
                    number,
                    gettext_noop("%(found)s columns where the header has %(header)s"),
                    found=len(record),
                    header=len(header),
                )
            yield _row(number, record, columns)
    except csv.Error as error:
        raise ListError(
            None, gettext_noop("the file is not a readable CSV: %(error)s"), error=str(error)
        ) from None


# --- both ---------------------------------------------------------------------------------


def _columns(header: list[str]) -> Mapping[str, int | None]:
    def find(names: tuple[str, ...], what: str | None) -> int | None:
        for candidate in names:
            if candidate in header:
                return header.index(candidate)
        if what:
            raise ListError(1, gettext_noop("the header has no %(what)s column"), what=what)
        return None

    return {
        "id": find(_ID, gettext_noop("national ID (Matricule)")),
        "name": find(_NAME, gettext_noop("name (NomPrenom)")),
        "rating": find(_RATING, gettext_noop("rating (Elo)")),
        "fide": find(_FIDE, None),
        "games": find(_GAMES, None),
        "sex": find(_SEX, None),
        "born": find(_BORN, None),
        "title": find(_TITLE, None),
        "federation": find(_FEDERATION, None),
    }


def _row(number: int, values: list[Any], columns: Mapping[str, int | None]) -> ListRow:
    def cell(key: str) -> str:
        index = columns[key]
        if index is None:
            return ""
        value = values[index]
        if value is None:
            return ""
        if isinstance(value, date):
            return value.isoformat()
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return str(value).strip()

    national_id = cell("id")
    if not national_id.isdigit():
        raise ListError(
            number, gettext_noop("the national ID “%(text)s” is not a number"), text=national_id
        )
    value = rating(cell("rating"), number)
    games = whole(cell("games"), number, GAMES)
    sex = cell("sex")[:1].upper()
    return ListRow(
        line=number,
        name=name(cell("name"), number),
        national_id=str(int(national_id)),
        fide_id=fide_id(cell("fide"), number),
        federation=cell("federation").upper()[:3],
        sex={"H": "M", "V": "F"}.get(sex, sex),  # French "homme", Dutch "vrouw"
        title=cell("title"),
        birth_year=birth_year(cell("born"), number),
        ratings={"standard": Rated(value, games)} if value is not None else {},
    )


def _key(label: str) -> str:
    plain = unicodedata.normalize("NFKD", label).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", plain.lower())

"""The Belgian federation's list (FRBE-KBSB-KSB) as the federation publishes it and as
other software exports it, zipped or not:

- ``PLAYER.DBF`` (dBase III, in the federation's ``PLAYER_YYYYMM.ZIP``): ``MATRICULE``
  (the national ID), ``NOM_PRENOM``, ``SEXE``, ``DATE_NAISS``, ``ELO_CALCUL`` (the list's
  rating; ``ELO_PRECE`` is the one before the period), ``PART_CALCU`` (games),
  ``TITRE``, ``ARBITRE`` (arbiter's grade), ``FIDE`` (FIDE ID, 0 for none), ``NATFIDE``
  (FIDE federation; lists before 2015 have none) and ``FEDERATION`` (the Belgian wing:
  F, V or D, not read).
- CSV exports, ``;`` or ``,``, UTF-8 or Latin-1: Swiss-Manager's (``ID_No``, ``Name``,
  ``Sex``, ``Fed``, ``Birthday`` as dd/mm/yyyy, ``Rtg_Nat``, ``Fide_No``, ``Title``;
  ``Rtg_Int`` is the FIDE rating, not the list's), one with the name in parts (``id``,
  ``lname``, ``fname``, ``mname``, ``gender``, ``federation``, ``birthyear``,
  ``rating``, ``fide_id``, ``fide_title``), and the federation's database table's
  (``Matricule``, ``NomPrenom``, ``Dnaiss``, ``Elo``, ``NbPart``, ``Titre``, ``NatFide``).

Columns are found by name, in any case, accents and punctuation. A rating of 0 or none
is "not rated".
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import struct
import tempfile
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from datetime import date
from pathlib import Path
from typing import Any

from dbfread import DBF
from django.utils.translation import gettext_noop

from ratings.official_lists import (
    FIRST_BORN,
    GAMES,
    LAST_BORN,
    ListError,
    ListInfo,
    ListRow,
    Rated,
    decode,
    fide_id,
    name,
    rating,
    whole,
)

# the column each field is read from, by its plain lower-case name, the first one found
_ID = ("matricule", "idno", "id", "idnumber", "stamnummer")
_NAME = ("nomprenom", "nom", "name", "naam")
_LAST_NAME = ("lname", "lastname", "surname")  # a name in parts: last, first, middle
_FIRST_NAME = ("fname", "firstname")
_MIDDLE_NAME = ("mname", "middlename")
_RATING = ("elocalcul", "elo", "rating", "rtgnat", "eloactuel", "elobelge")
_FIDE = ("fide", "fideid", "fideno", "idfide", "matfide", "matriculefide")
_GAMES = ("partcalcu", "nbpart", "games", "partijen")
_SEX = ("sexe", "sex", "gender")
_BORN = ("datenaiss", "dnaiss", "birthdate", "birthday", "birthyear", "naissance",
         "geboortedatum")  # fmt: skip
_TITLE = ("titre", "title", "titel", "fidetitle")
_ARBITER = ("arbitre", "arbiter")
# the FIDE federation; ``federation`` last: the DBF's is the Belgian wing (F, V, D), which
# no three-letter code matches
_FEDERATION = ("natfide", "nat", "nationality", "fed", "federation")
_CODE = re.compile(r"[A-Z]{3}")
_DAY_FIRST = re.compile(r"\d{1,2}[-/.]\d{1,2}[-/.](\d{4})")  # 24/12/1990
_YEAR_FIRST = re.compile(r"(\d{4})(?:[-/.]\d{1,2}[-/.]\d{1,2})?")  # 1990-12-24, 1990
DBASE_VERSIONS = (0x03, 0x83, 0x8B)  # dBase III, with memo; dBase IV with memo


def read(stream: io.BufferedIOBase, *, name: str, info: ListInfo) -> Iterator[ListRow]:
    if not hasattr(stream, "peek"):
        stream = io.BufferedReader(stream)
    first = stream.peek(1)[:1]
    info.categories.add("standard")
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
    """Each line decoded alone, UTF-8 or Latin-1 where it is not (Swiss-Manager writes
    Latin-1), and handed to the CSV reader."""
    lines = (decode(raw) for raw in stream)
    first = next(lines, "").lstrip("\ufeff")
    if not first.strip():
        raise ListError(1, gettext_noop("the file is empty"))
    delimiter = ";" if first.count(";") >= first.count(",") else ","
    try:
        header = [_key(h) for h in next(csv.reader([first], delimiter=delimiter))]
        columns = _columns(header)
        reader = csv.reader(lines, delimiter=delimiter)
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
    def find(names: tuple[str, ...], what: str | None = None) -> int | None:
        for candidate in names:
            if candidate in header:
                return header.index(candidate)
        if what:
            raise ListError(1, gettext_noop("the header has no %(what)s column"), what=what)
        return None

    last_name = find(_LAST_NAME)
    return {
        "id": find(_ID, gettext_noop("national ID (Matricule)")),
        "name": find(_NAME, None if last_name is not None else gettext_noop("name (NomPrenom)")),
        "last": last_name,
        "first": find(_FIRST_NAME),
        "middle": find(_MIDDLE_NAME),
        "rating": find(_RATING, gettext_noop("rating (Elo)")),
        "fide": find(_FIDE),
        "games": find(_GAMES),
        "sex": find(_SEX),
        "born": find(_BORN),
        "title": find(_TITLE),
        "arbiter": find(_ARBITER),
        "federation": find(_FEDERATION),
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
    federation = cell("federation").upper()
    return ListRow(
        line=number,
        name=_name(cell, number),
        national_id=str(int(national_id)),
        fide_id=fide_id(cell("fide"), number),
        federation=federation if _CODE.fullmatch(federation) else "",
        sex={"H": "M", "V": "F"}.get(sex, sex),  # French "homme", Dutch "vrouw"
        title=cell("title"),
        other_titles=cell("arbiter"),
        birth_year=_birth_year(cell("born"), number),
        ratings={"standard": Rated(value, games)} if value is not None else {},
    )


def _name(cell: Callable[[str], str], number: int) -> str:
    """The list's name, "Last, First": one column, or the parts an export writes apart
    (``lname``, ``fname``, ``mname``)."""
    whole_name = cell("name")
    if whole_name:
        return name(whole_name, number)
    last = cell("last")
    first = " ".join(part for part in (cell("first"), cell("middle")) if part)
    return name(f"{last}, {first}" if last and first else last or first, number)


def _birth_year(text: str, number: int) -> int | None:
    """The year of a birth date as the files write it: ``1990-12-24`` (the DBF's date),
    ``24/12/1990`` (Swiss-Manager), ``1990`` (a year alone). A date that is no birth
    date (``00/00/0000``; the federation's lists of 2010-2011 and 2015-2016 hold
    ``0996-…``, ``0200-…`` and ``8200-…``) is none: a typing slip in one player's record
    does not refuse the federation's list."""
    found = _DAY_FIRST.fullmatch(text) or _YEAR_FIRST.fullmatch(text)
    if found:
        year = int(found.group(1))
        return year if FIRST_BORN <= year <= LAST_BORN else None
    if not text:
        return None
    raise ListError(number, gettext_noop("the birth date “%(text)s” is not a date"), text=text)


def _key(label: str) -> str:
    plain = unicodedata.normalize("NFKD", label).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", plain.lower())

"""Readers of the official rating lists, as the federations publish them: FIDE's TXT
(combined or one category) and XML, the Belgian federation's ``PLAYER.DBF`` and its CSV
exports, zipped or not.

The readers stream: they yield one :class:`ListRow` a player, read from a binary stream
line by line (TXT, CSV), element by element (XML) or record by record (DBF), so that a
list of 1.2 million players is never held in memory. A line that is not a player line
raises :class:`ListError` naming the line and the field; a line that is a player's but
gives no rating is still yielded (with no ``ratings``), so that the importer can count
it.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.utils.translation import gettext, gettext_noop

CATEGORIES = ("standard", "rapid", "blitz")  # the values of club's Event.TimeControl
KINDS = ("fide", "frbe")
MAX_RATING = 3500
FIRST_BORN, LAST_BORN = 1850, 2100  # the birth years a list may give
# the fields a refusal names, marked once (the readers' loops run once a line)
FIDE_ID = gettext_noop("FIDE ID")
BIRTH_YEAR = gettext_noop("birth year")
GAMES = gettext_noop("games")
K_FACTOR = gettext_noop("K factor")


class ListError(ValueError):
    """A list that cannot be read: ``line`` is the line (TXT, CSV) or record (DBF) where
    it went wrong, or the player (XML) when ``where`` is ``"player"``; None when it is
    the file as a whole. ``template`` is the reason, marked for translation
    (``gettext_noop``), with its ``values``; a value under ``what`` is a marked term too.
    ``str()`` is the English text; :func:`refusal_text` writes it in the page's
    language."""

    def __init__(
        self, line: int | None, template: str, *, where: str = "line", **values: object
    ) -> None:
        self.line = line
        self.where = where
        self.template = template
        self.values = values
        message = template % values if values else template
        super().__init__(f"{where} {line}: {message}" if line else message)

    def as_dict(self) -> dict[str, object]:
        """What a list's row keeps of the refusal, to write it in a reader's language."""
        values = {k: v if isinstance(v, int | str) else str(v) for k, v in self.values.items()}
        return {"line": self.line, "where": self.where, "template": self.template, "values": values}


def refusal_text(refusal: dict[str, Any]) -> str:
    """A refusal kept by :meth:`ListError.as_dict`, in the active language."""
    values = dict(refusal.get("values") or {})
    if isinstance(values.get("what"), str):
        values["what"] = gettext(values["what"])
    template = gettext(refusal.get("template", ""))
    text = template % values if values else template
    line = refusal.get("line")
    if not line:
        return text
    if refusal.get("where") == "player":
        return gettext("player %(line)s: %(message)s") % {"line": line, "message": text}
    return gettext("line %(line)s: %(message)s") % {"line": line, "message": text}


@dataclass(slots=True)
class Rated:
    """A player's rating in one category, with the games of the last period and the K
    factor the list gives."""

    rating: int
    games: int | None = None
    k: int | None = None


@dataclass(slots=True)
class ListRow:
    line: int
    name: str
    fide_id: int | None = None
    national_id: str = ""
    federation: str = ""  # the player's federation as the list gives it (FIDE's code)
    sex: str = ""
    title: str = ""
    women_title: str = ""
    other_titles: str = ""
    birth_year: int | None = None
    inactive: bool = False  # FIDE's flag "i" or "wi"
    ratings: dict[str, Rated] = field(default_factory=dict)  # by category


@dataclass
class ListInfo:
    """What the file says about itself, known once its header is read."""

    layout: str = ""  # "combined TXT", "standard TXT", "XML", "DBF", "CSV"
    list_date: date | None = None  # from the header's month column (``OCT26``)
    # the categories the list gives: its header's (TXT), those its players' lines name
    # (XML), standard (the Belgian list); a category it does not give is left alone
    categories: set[str] = field(default_factory=set)


def read_rows(
    kind: str, stream: io.BufferedIOBase, *, name: str = "", info: ListInfo | None = None
) -> Iterator[ListRow]:
    """The players of a list of ``kind`` (``"fide"`` or ``"frbe"``) read from ``stream``,
    an open binary file; ``name`` is the file's name (FIDE's single-category lists are
    told apart by it: ``standard_…``, ``rapid_…``, ``blitz_…``). ``info`` is filled in
    with what the header says."""
    from ratings.official_lists import fide, frbe

    info = info if info is not None else ListInfo()
    if kind == "fide":
        return fide.read(stream, name=name, info=info)
    if kind == "frbe":
        return frbe.read(stream, name=name, info=info)
    raise ListError(
        None,
        gettext_noop("unknown list kind “%(kind)s”: choose one of %(kinds)s"),
        kind=kind,
        kinds=", ".join(KINDS),
    )


def read_list(kind: str, text: str, name: str = "") -> list[ListRow]:
    """Every player of a small list given as text (tests, the command's checks)."""
    return list(read_rows(kind, io.BytesIO(text.encode("utf-8")), name=name))


def category_of_name(name: str) -> str | None:
    """The category FIDE's file name announces (``rapid_oct26frl.txt``), None if none."""
    lowered = name.lower().rsplit("/", 1)[-1]
    for category in CATEGORIES:
        if lowered.startswith(category):
            return category
    return None


# --- fields -------------------------------------------------------------------------------


def whole(text: str, line: int, what: str) -> int | None:
    """A whole number, None when empty."""
    if not text:
        return None
    if not text.isdigit():
        raise ListError(
            line,
            gettext_noop("the %(what)s “%(text)s” is not a whole number"),
            what=what,
            text=text,
        )
    return int(text)


def fide_id(text: str, line: int) -> int | None:
    number = whole(text, line, FIDE_ID)
    return number or None  # FIDE and the federations write 0 for "none"


def rating(text: str, line: int) -> int | None:
    """A rating; empty or ``0`` is "not rated in this category" (FIDE writes both)."""
    if not text or text == "0":
        return None
    if not text.isdigit() or not 0 < int(text) <= MAX_RATING:
        raise ListError(
            line,
            gettext_noop("the rating “%(text)s” is not a rating (1 to %(max)s)"),
            text=text,
            max=MAX_RATING,
        )
    return int(text)


def birth_year(text: str, line: int) -> int | None:
    """FIDE's ``B-day`` (a year, ``0000`` when unknown) or a date's year."""
    text = text[:4]
    if not text or text == "0000":
        return None
    year = whole(text, line, BIRTH_YEAR)
    if year is None or year == 0:
        return None
    if not FIRST_BORN <= year <= LAST_BORN:
        raise ListError(line, gettext_noop("the birth year “%(text)s” is not a year"), text=text)
    return year


def name(text: str, line: int) -> str:
    cleaned = " ".join(text.split())
    if not cleaned:
        raise ListError(line, gettext_noop("the name is empty"))
    return cleaned


def decode(raw: bytes) -> str:
    """A line as UTF-8, or Latin-1 where it is not (FIDE's older lists)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")

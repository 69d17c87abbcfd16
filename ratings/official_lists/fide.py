"""FIDE's lists (ratings.fide.com/download_lists.phtml), TXT and XML.

TXT lists are fixed-width, with a header line naming the columns: each column starts
where its label starts. The combined list (``players_list_foa.txt``) has
``ID Number Name Fed Sex Tit WTit OTit FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day
Flag``; a single-category list (``standard_oct26frl.txt``, ``rapid_…``, ``blitz_…``) has
one rating column labelled by its month (``OCT26``) followed by ``Gms K``. ``Flag`` is
``i`` (inactive), ``w`` (woman) or ``wi``. XML lists are ``<playerslist><player>`` with
``fideid name country sex title w_title o_title foa_title rating games k`` (and
``rapid_…``, ``blitz_…`` in the combined list), ``birthday flag``.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import date
from xml.etree import ElementTree

from django.utils.translation import gettext_noop

from ratings.official_lists import (
    CATEGORIES,
    GAMES,
    K_FACTOR,
    ListError,
    ListInfo,
    ListRow,
    Rated,
    birth_year,
    category_of_name,
    decode,
    fide_id,
    name,
    rating,
    whole,
)

MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
_MONTH_LABEL = re.compile("(" + "|".join(MONTHS) + r")(\d\d)$")
# the combined list's columns of each category: rating, games, K
_COMBINED = {"standard": ("SRtng", "SGm", "SK"), "rapid": ("RRtng", "RGm", "Rk"),
             "blitz": ("BRtng", "BGm", "BK")}  # fmt: skip


def read(stream: io.BufferedIOBase, *, name: str, info: ListInfo) -> Iterator[ListRow]:
    if not hasattr(stream, "peek"):
        stream = io.BufferedReader(stream)
    start = stream.peek(64)[:64]
    if start.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        info.layout = "XML"
        return _read_xml(stream, name, info)
    return _read_txt(stream, name, info)


# --- TXT ----------------------------------------------------------------------------------


def _read_txt(stream: io.BufferedIOBase, file_name: str, info: ListInfo) -> Iterator[ListRow]:
    header = decode(stream.readline()).lstrip("\ufeff").rstrip("\r\n")
    if not header.startswith("ID Number"):
        raise ListError(
            1, gettext_noop("a FIDE TXT list starts with a header line beginning “ID Number”")
        )
    columns = _columns(header)
    if "Name" not in columns:
        raise ListError(1, gettext_noop("the header has no Name column"))
    categories = _categories(columns, file_name, info)
    return _txt_rows(stream, columns, categories)


def _txt_rows(
    stream: io.BufferedIOBase,
    columns: dict[str, tuple[int, int | None]],
    categories: list[tuple[str, tuple[Span, Span, Span]]],
) -> Iterator[ListRow]:
    """The player lines. Cut with slices made once (a column the header lacks cuts
    nothing); the common cases (a number, an empty field) are read inline: 1.2 million
    lines go through here."""

    def cut(label: str) -> slice:
        return _slice(columns.get(label))

    id_, name_, fed, sex, tit, wtit, otit, born, flag = map(
        cut, ("ID Number", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", "B-day", "Flag")
    )
    cuts = [(category, _slice(r), _slice(g), _slice(k)) for category, (r, g, k) in categories]
    for number, raw in enumerate(stream, 2):
        line = decode(raw).rstrip("\r\n")
        if not line.strip():
            yield ListRow(line=number, name="")  # a blank line: counted, not a player
            continue
        ratings = {}
        for category, r_cut, g_cut, k_cut in cuts:
            text = line[r_cut].strip()
            if not text or text == "0":
                continue
            value = rating(text, number)
            assert value is not None
            games = line[g_cut].strip()
            k = line[k_cut].strip()
            ratings[category] = Rated(
                value,
                int(games) if games.isdigit() else whole(games, number, GAMES),
                (int(k) or None) if k.isdigit() else _k(k, number),
            )
        flags = line[flag].strip()
        yield ListRow(
            line=number,
            name=name(line[name_], number),
            fide_id=_required_id(line[id_].strip(), number),
            federation=line[fed].strip(),
            sex=line[sex].strip()[:1],
            title=line[tit].strip(),
            women_title=line[wtit].strip(),
            other_titles=line[otit].strip(),
            birth_year=birth_year(line[born].strip(), number),
            inactive="i" in flags,
            ratings=ratings,
        )


Span = tuple[int, int | None] | None


def _slice(span: Span) -> slice:
    return slice(span[0], span[1]) if span else slice(0, 0)


def _categories(columns, file_name: str, info: ListInfo):  # type: ignore[no-untyped-def]
    """For each category the header gives: its rating, games and K spans."""
    found = []
    for category, (r, g, k) in _COMBINED.items():
        if r in columns:
            found.append((category, (columns[r], columns.get(g), columns.get(k))))
    if found:
        info.layout = "combined TXT"
        info.categories.update(category for category, _spans in found)
        return found
    month = next((label for label in columns if _MONTH_LABEL.match(label)), None)
    if month is None:
        labels = ", ".join(v for c in _COMBINED.values() for v in c[:1])
        raise ListError(
            1,
            gettext_noop("the header has no rating column (%(labels)s or a month, e.g. OCT26)"),
            labels=labels,
        )
    named = category_of_name(file_name)
    if named is None:
        raise ListError(
            None,
            gettext_noop("a list of one category (column %(month)s) is named after it: %(names)s"),
            month=month,
            names=", ".join(f"{c}_…" for c in CATEGORIES),
        )
    matched = _MONTH_LABEL.match(month)
    assert matched
    info.list_date = date(2000 + int(matched.group(2)), MONTHS.index(matched.group(1)) + 1, 1)
    info.layout = f"{named} TXT"
    info.categories.add(named)
    return [(named, (columns[month], columns.get("Gms"), columns.get("K")))]


def _columns(header: str) -> dict[str, tuple[int, int | None]]:
    """Each label of the header with the span it heads: from its first character to the
    next label's."""
    spans = [(m.group(0), m.start()) for m in re.finditer(r"ID Number|\S+", header)]
    columns: dict[str, tuple[int, int | None]] = {}
    for index, (label, start) in enumerate(spans):
        end = spans[index + 1][1] if index + 1 < len(spans) else None
        columns[label] = (start, end)
    return columns


def _required_id(text: str, line: int) -> int:
    number = fide_id(text, line)
    if number is None:
        raise ListError(line, gettext_noop("the FIDE ID is missing"))
    return number


def _k(text: str, line: int) -> int | None:
    return whole(text, line, K_FACTOR) or None  # 0: no K (not rated)


# --- XML ----------------------------------------------------------------------------------

_XML_CATEGORIES = {"standard": "", "rapid": "rapid_", "blitz": "blitz_"}


def _read_xml(stream: io.BufferedIOBase, file_name: str, info: ListInfo) -> Iterator[ListRow]:
    plain = category_of_name(file_name) or "standard"  # <rating> of a single-category list
    events = ElementTree.iterparse(stream, events=("start", "end"))
    number = 0
    try:
        _event, root = next(events)
        if root.tag != "playerslist":
            raise ListError(
                1,
                gettext_noop("a FIDE XML list has a <playerslist> root, not <%(tag)s>"),
                tag=root.tag,
            )
        for event, element in events:
            if event != "end" or element.tag != "player":
                continue
            number += 1
            row = _xml_row(element, number, plain)
            info.categories.update(row.ratings)
            yield row
            root.clear()  # what was read is let go: memory stays bounded
    except ElementTree.ParseError as error:
        line, _column = error.position
        raise ListError(
            line, gettext_noop("the XML does not parse: %(error)s"), error=str(error)
        ) from None


def _xml_row(player: ElementTree.Element, number: int, plain: str) -> ListRow:
    def text(tag: str) -> str:
        return (player.findtext(tag) or "").strip()

    try:
        ratings = {}
        for category, prefix in _XML_CATEGORIES.items():
            value = rating(text(f"{prefix}rating"), number)
            if value is not None:
                key = plain if prefix == "" else category
                ratings[key] = Rated(
                    value,
                    whole(text(f"{prefix}games"), number, GAMES),
                    _k(text(f"{prefix}k"), number),
                )
        return ListRow(
            line=number,
            name=name(text("name"), number),
            fide_id=_required_id(text("fideid"), number),
            federation=text("country"),
            sex=text("sex")[:1],
            title=text("title"),
            women_title=text("w_title"),
            other_titles=text("o_title"),
            birth_year=birth_year(text("birthday"), number),
            inactive="i" in text("flag"),
            ratings=ratings,
        )
    except ListError as error:
        raise ListError(number, error.template, where="player", **error.values) from None

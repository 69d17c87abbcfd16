"""The players of the loaded official lists (``ListedPlayer``: every line of the newest
list of each kind) found by name, FIDE ID or national ID, and the one way a listed player
becomes the club's ``Player``: found again by the list's IDs if known already, else
created once with the list's IDs, federation, title, sex, birth year and ratings (the
FIDE rating from FIDE's list, the national rating from the federation's). A national
ID is the one the list's federation issued (``Player.national_id_federation``), whatever
federation the player plays for: the Belgian list's French players hold Belgian
matricules.

Registration, interclub line-ups and the TRF import all go through
:func:`player_from_list`, so that a player picked twice is one record."""

from __future__ import annotations

import re
import unicodedata
from datetime import date, timedelta
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Collate
from django.utils import timezone

from club.models import Player
from lib.limits import MAX_FIDE_ID, whole_number
from ratings.models import ListedPlayer, OfficialList
from ratings.official_lists import ListRow
from ratings.services.rows import analyse, rows_writer

FEDERATION_OF_LIST = {"frbe": "BEL"}  # the federation that issued the national IDs a list gives
LINES_BATCH = 5000
_WORD = re.compile(r"[a-z0-9]+")
# letters Unicode does not decompose into an ASCII letter and an accent
_LETTERS = str.maketrans(
    {"Ø": "O", "ø": "o", "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Æ": "AE", "æ": "ae",
     "Œ": "OE", "œ": "oe", "ß": "ss", "Þ": "TH", "þ": "th", "ı": "i"}
)  # fmt: skip
BEAT_EVERY = timedelta(seconds=5)


def search_key(text: str) -> str:
    """``text`` in lower-case ASCII, its words kept in order, one space between them:
    "Van den Bossche, Anne-Sophie" is "van den bossche anne sophie"."""
    if not text.isascii():
        text = text.translate(_LETTERS)
        text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return " ".join(_WORD.findall(text.lower()))


class ListedLines:
    """The lines of a list being imported, written to ``ListedPlayer`` ``LINES_BATCH`` at
    a time as they are read (``ratings.services.rows``: a ``COPY`` on PostgreSQL). Each
    write is its own, outside the import's transaction, so that the worker's progress
    stays visible; the lines are invisible to the searches until :meth:`make_current`
    (in the import's transaction) makes them the searched ones, and :meth:`discard`
    deletes them when the import fails. Each write is also the list's sign of life
    (``OfficialList.beat_at``)."""

    def __init__(self, official_list: OfficialList) -> None:
        self.official_list = official_list
        self.pending: list[dict[str, Any]] = []
        self.written = 0
        self.beat = timezone.now()
        # a run killed before leaves its lines: this one writes them again
        ListedPlayer.objects.filter(official_list=official_list).delete()

    def add(self, kind: str, row: ListRow) -> None:
        ratings = row.ratings
        standard, rapid, blitz = ratings.get("standard"), ratings.get("rapid"), ratings.get("blitz")
        self.pending.append(
            {
                "official_list_id": self.official_list.pk,
                "kind": kind,
                "fide_id": row.fide_id,
                "national_id": row.national_id[:20],
                "federation": row.federation[:3],
                "name": row.name[:100],
                "search_name": search_key(row.name)[:100],
                "sex": row.sex[:1],
                "title": row.title[:3],
                "birth_year": row.birth_year,
                "standard": standard.rating if standard else None,
                "rapid": rapid.rating if rapid else None,
                "blitz": blitz.rating if blitz else None,
                "inactive": row.inactive,
            }
        )
        if len(self.pending) >= LINES_BATCH:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            with rows_writer(ListedPlayer) as write:  # PostgreSQL: one COPY a batch
                write(self.pending)
            self.written += len(self.pending)
            self.pending = []
        now = timezone.now()
        if now - self.beat >= BEAT_EVERY:
            self.beat = now
            OfficialList.objects.filter(pk=self.official_list.pk).update(beat_at=now)

    def make_current(self, day: date) -> bool:
        """The list's lines become the searched ones of its kind, the older list's
        deleted; unless a newer list of the kind is searched already: then this list's
        are. Returns whether they became the searched ones."""
        kind = self.official_list.kind
        mine = ListedPlayer.objects.filter(official_list=self.official_list)
        others = OfficialList.objects.filter(kind=kind, listed=True).exclude(
            pk=self.official_list.pk
        )
        if others.filter(list_date__gt=day).exists():
            mine.delete()
            return False
        ListedPlayer.objects.filter(official_list__in=others).delete()
        others.update(listed=False)
        OfficialList.objects.filter(pk=self.official_list.pk).update(listed=True, list_date=day)
        return True

    def analyse(self) -> None:
        """PostgreSQL's statistics of the table brought up to date once its lines have
        changed (a sample, not a read of every line): without them the planner, counting
        on few names in a prefix's range, sorts every name of a common prefix instead of
        reading the key's index in order."""
        analyse(ListedPlayer)  # the bulk writer's: statistics after a bulk load

    def discard(self) -> None:
        self.pending = []
        ListedPlayer.objects.filter(official_list=self.official_list).delete()


def listed() -> QuerySet[ListedPlayer]:
    """The lines of the lists the searches read (the newest of each kind)."""
    return ListedPlayer.objects.filter(official_list__listed=True)


def name_starts(prefix: str) -> QuerySet[ListedPlayer]:
    """The listed players whose ``search_name`` starts with ``prefix``, in its order
    (``key``), as a range of the key in byte order: the key is ASCII below 0x7f, so the
    range is exactly the prefix. PostgreSQL compares in its database's collation, in
    which a range is not a prefix: the key is compared as ``COLLATE "C"``, the index of
    migration 0009 (an index in byte order, read for the range and the order alike, so
    that a prefix a hundred thousand names share gives its first names at once); SQLite
    compares in byte order and reads the plain index."""
    return listed().alias(key=byte_order()).filter(key__gte=prefix, key__lt=prefix + "\x7f")


def byte_order() -> Collate | F:
    """The search key compared in byte order (see :func:`name_starts`)."""
    if connection.vendor == "postgresql":
        return Collate(F("search_name"), "C")
    return F("search_name")


def by_id_query(query: str) -> Q | None:
    """The listed players whose FIDE ID or national ID is ``query`` (None: it is no ID)."""
    number = whole_number(query.strip())
    if number is None:
        return None
    # the index's own condition repeated: SQLite reads a partial index only for it
    condition = Q(national_id=str(number)) & ~Q(national_id="")
    if number <= MAX_FIDE_ID:
        condition |= Q(fide_id=number)
    return condition


def search_listed(query: str, limit: int) -> list[ListedPlayer]:
    """Listed players the club does not know yet (by FIDE ID or national ID) whose FIDE or
    national ID is ``query``, or whose name holds a word starting with each word typed,
    one of them its first (the list writes the last name first); in name order, a player
    in both lists offered once (FIDE's line)."""
    by_id = by_id_query(query)
    if by_id is not None:
        rows = list(listed().filter(by_id).select_related("official_list").order_by("kind", "pk"))
    else:
        rows = _by_words(search_key(query).split(), limit * 3)
    known_fide = set(
        Player.objects.filter(fide_id__in=[r.fide_id for r in rows if r.fide_id]).values_list(
            "fide_id", flat=True
        )
    )
    national = Player.objects.filter(
        national_id__in=[r.national_id for r in rows if r.national_id]
    ).values_list("national_id_federation", "national_id", "last_name")
    known_national = {(issuer, number) for issuer, number, _name in national}
    # an ID recorded with another issuer, or none, and the line's last name (known_player)
    named_by_id = {(number, last_name) for _issuer, number, last_name in national}
    found: list[ListedPlayer] = []
    seen: set[int] = set()
    for row in rows:
        if row.fide_id in known_fide or (issuer_of(row), row.national_id) in known_national:
            continue
        if any(
            number == row.national_id and same_last_name(row.name, last_name)
            for number, last_name in named_by_id
        ):
            continue
        if row.fide_id is not None:
            if row.fide_id in seen:
                continue
            seen.add(row.fide_id)
        found.append(row)
        if len(found) == limit:
            break
    return found


def _by_words(words: list[str], limit: int) -> list[ListedPlayer]:
    """Up to ``limit`` listed players, in name order, whose name holds a word starting
    with each of ``words``, one of them its first: one query a word taken as the first,
    each reading the key's index in order and stopping at ``limit``."""
    every = Q()
    for word in words:
        every &= Q(search_name__startswith=word) | Q(search_name__contains=f" {word}")
    rows: dict[int, ListedPlayer] = {}
    for first in dict.fromkeys(words):
        found = name_starts(first).filter(every).select_related("official_list")
        rows |= {row.pk: row for row in found.order_by(byte_order(), "kind", "pk")[:limit]}
    return sorted(rows.values(), key=lambda row: (row.search_name, row.kind, row.pk))[:limit]


def known_player(row: ListedPlayer) -> Player | None:
    """The club's player the list's line names, found by its FIDE ID or national ID
    (with its issuer, or recorded with another issuer and the same last name:
    ``named_by_id``)."""
    if row.fide_id is not None:
        player = Player.objects.filter(fide_id=row.fide_id).first()
        if player is not None:
            return player
    if row.national_id:
        player = Player.objects.filter(
            national_id_federation=issuer_of(row), national_id=row.national_id
        ).first()
        return player or _issued_elsewhere(row)
    return None


def same_last_name(listed_name: str, last_name: str) -> bool:
    """Whether a list's name ("Last, First"; or one text, the last name first) has
    ``last_name`` as its last name, capitals, accents and hyphens aside."""
    last, comma, _first = listed_name.partition(",")
    listed, recorded = search_key(last), search_key(last_name)
    return bool(recorded) and (
        listed == recorded or (not comma and listed.startswith(f"{recorded} "))
    )


def _issued_elsewhere(row: ListedPlayer) -> Player | None:
    """The one player whose national ID is the line's but recorded with another issuer,
    or none, and whose last name is the line's: the records made before the issuer was
    kept apart took the federation the player plays for as issuer (club migration 0024).
    None when no player, or more than one, is."""
    named = [
        player
        for player in Player.objects.filter(national_id=row.national_id).exclude(
            national_id_federation=issuer_of(row)
        )
        if same_last_name(row.name, player.last_name)
    ]
    return named[0] if len(named) == 1 else None


def issuer_of(row: ListedPlayer) -> str:
    """The federation that issued the line's national ID: its list's ("" for FIDE's,
    which gives none), not the federation the player plays for."""
    return FEDERATION_OF_LIST.get(row.kind, "")


def lists_issued_by(federation: str) -> list[str]:
    """The kinds of list whose national IDs ``federation`` issued; every national list's
    when the issuer is not known (""), as for an ID recorded without it."""
    return [kind for kind, issuer in FEDERATION_OF_LIST.items() if federation in ("", issuer)]


def _federation(row: ListedPlayer) -> str:
    """The federation the line's player plays for: the list's column, else the list's
    own federation."""
    return row.federation or FEDERATION_OF_LIST.get(row.kind, "")


def _other_lines(row: ListedPlayer) -> list[ListedPlayer]:
    """The same player's lines in the other kinds of list (by FIDE ID)."""
    if row.fide_id is None:
        return []
    return list(listed().filter(fide_id=row.fide_id).exclude(kind=row.kind))


@transaction.atomic
def player_from_list(row: ListedPlayer) -> tuple[Player, bool]:
    """The club's player for the list's line ``row``: the one known by its IDs, else a
    new one made from the list (and from the same player's line in the other list, by
    FIDE ID). Returns (player, created)."""
    player = known_player(row)
    if player is not None:
        issuer = issuer_of(row)
        taken = Player.objects.filter(national_id_federation=issuer, national_id=row.national_id)
        if (
            issuer
            and row.national_id
            and player.national_id == row.national_id
            and player.national_id_federation != issuer
            and not taken.exists()
        ):
            # the line's ID kept with another issuer (known_player): the list's it is
            Player.objects.filter(pk=player.pk).update(national_id_federation=issuer)
            player.national_id_federation = issuer
        return player, False
    lines = [row, *_other_lines(row)]
    last, _comma, first = row.name.partition(",")
    values: dict[str, Any] = {
        "first_name": (first.strip() or "?")[:80],
        "last_name": (last.strip() or "?")[:80],
    }
    for line in lines:
        if line.fide_id is not None:
            values["fide_id"] = line.fide_id
        if line.kind == "fide":
            values["fide_rating"] = line.standard
            if line.federation:
                values["federation"] = line.federation  # FIDE's code wins
        elif line.national_id:
            values["national_id"] = line.national_id
            values["national_id_federation"] = issuer_of(line)
            values["national_rating"] = line.standard
            if not values.get("federation"):
                values["federation"] = _federation(line)
        for field in ("title", "sex", "birth_year"):
            value = getattr(line, field)
            if value and not values.get(field):
                values[field] = value
    if values.get("sex") not in ("M", "F"):
        values.pop("sex", None)
    try:
        with transaction.atomic():
            return Player.objects.create(**values), True
    except IntegrityError:  # made meanwhile by another request: that one
        player = known_player(row)
        if player is None:
            raise
        return player, False


def listed_by_id(query: str) -> ListedPlayer | None:
    """The one listed player whose FIDE ID or national ID is ``query`` (FIDE's line
    first), None when none is."""
    condition = by_id_query(query)
    if condition is None:
        return None
    return listed().filter(condition).order_by("kind", "pk").first()


def listed_by_name(first_name: str, last_name: str) -> ListedPlayer | None:
    """The only listed player of that name (case, accents and punctuation aside; the
    same player in both lists counts once), None when none or several are."""
    key = search_key(f"{last_name} {first_name}")
    if not key:
        return None
    rows = list(listed().alias(key=byte_order()).filter(key=key).order_by("kind", "pk")[:10])
    people = {row.fide_id if row.fide_id is not None else ("n", row.pk) for row in rows}
    return rows[0] if len(people) == 1 else None

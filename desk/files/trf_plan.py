"""A TRF-16 file planned before its import: read, checked against what the club holds,
its players matched (``plan_import``); and the readers of its names and dates that the
preview and the import share."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

from django.db.models import Q
from django.utils.translation import gettext as _

from chesslib import swiss, trf
from club.models import ChangeLog, Event, Player
from desk.files.common import TrfRefusal, plain
from lib.inputs import year_problem
from lib.limits import (
    MAX_FIDE_ID,
    MAX_ROUNDS,
    MAX_TITLE_LENGTH,
)


@dataclass
class Plan:
    tournament: trf.Tournament
    matched: dict[int, Player] = field(default_factory=dict)  # start rank -> our player
    unmatched: list[trf.TrfPlayer] = field(default_factory=list)
    digest: str = ""  # the file's SHA-256, kept in the import's audit line
    already: list[Event] = field(default_factory=list)  # this tournament, imported before
    # XXA lines other than Baku's: the results are imported, the acceleration left out
    acceleration_left_out: bool = False


def _already_imported(tournament: trf.Tournament, digest: str) -> list[Event]:
    """Events imported from this very file, or of the same name starting the same day."""
    same_file = ChangeLog.objects.filter(action="import_trf", details__sha256=digest).values(
        "event"
    )
    query = Q(pk__in=same_file)
    day = day_of(tournament.start)
    if tournament.name and day:
        query |= Q(title=tournament.name, start__date=day)
    return list(Event.objects.filter(query).order_by("-start", "-pk")[:5])


def _line_of(text: str, code: str) -> int | None:
    """The number of the (last) line starting with ``code``, as the reader counts them."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return next((n for n in range(len(lines), 0, -1) if lines[n - 1].startswith(code)), None)


def refuse(line: int | None, message: str) -> TrfRefusal:
    """An error whose translated message already names its line."""
    return TrfRefusal(line, message)


def check_fits(text: str, tournament: trf.Tournament) -> None:
    """What the TRF reader accepts but the club does not hold: a title or venue too long,
    FIDE IDs out of range or on two lines, more rounds than an event has. Refused with the
    line named, before anything is saved."""
    for code, value in (("012", tournament.name), ("022", tournament.city)):
        if len(value) > MAX_TITLE_LENGTH:
            raise refuse(
                _line_of(text, code),
                _("line %(line)s: the name has %(length)s characters; at most %(max)s.")
                % {"line": _line_of(text, code), "length": len(value), "max": MAX_TITLE_LENGTH},
            )
    seen: dict[int, int] = {}
    for player in tournament.players:
        if player.fide_id is None:
            continue
        if player.fide_id > MAX_FIDE_ID:
            raise refuse(
                player.line,
                _("line %(line)s: the FIDE ID %(id)s is not a FIDE ID (at most %(max)s).")
                % {"line": player.line, "id": player.fide_id, "max": MAX_FIDE_ID},
            )
        if player.fide_id in seen:
            raise refuse(
                player.line,
                _("line %(line)s: the FIDE ID %(id)s is already on line %(other)s.")
                % {"line": player.line, "id": player.fide_id, "other": seen[player.fide_id]},
            )
        seen[player.fide_id] = player.line
    if tournament.rounds is not None and tournament.rounds > MAX_ROUNDS:
        line = _line_of(text, "XXR")
        raise refuse(
            line,
            _("line %(line)s: %(n)s rounds; an event has at most %(max)s.")
            % {"line": line, "n": tournament.rounds, "max": MAX_ROUNDS},
        )
    longest = max(tournament.players, key=lambda p: len(p.rounds))
    if len(longest.rounds) > MAX_ROUNDS:
        raise refuse(
            longest.line,
            _("line %(line)s: %(n)s rounds; an event has at most %(max)s.")
            % {"line": longest.line, "n": len(longest.rounds), "max": MAX_ROUNDS},
        )


def baku_lines(tournament: trf.Tournament) -> dict[int, list[Decimal]]:
    """The XXA lines of Baku acceleration (FIDE C.04.5.1) for the file's players, all of
    them in the first round's list: what an import can take as the event's acceleration."""
    total = max(tournament.rounds or 0, tournament.played_rounds)
    ranks = {p.rank: p.rank for p in tournament.players}
    by_round = [swiss.baku_virtual_points(ranks, len(ranks), n, total) for n in range(1, total + 1)]
    lines = {rank: [virtual.get(rank, Decimal(0)) for virtual in by_round] for rank in ranks}
    for points in lines.values():
        while points and not points[-1]:
            points.pop()
    return {rank: points for rank, points in lines.items() if points}


def check_acceleration(text: str, tournament: trf.Tournament) -> bool:
    """XXA lines are taken as the event's Baku acceleration; other virtual points cannot
    be (the desk would pair the next rounds differently from the file): True when the
    file has such lines, which the import leaves out after the preview says so."""
    return bool(tournament.accelerations) and tournament.accelerations != baku_lines(tournament)


# The numeric columns of a player line (``trf.PLAYER_COLUMNS``) where digits other than
# 0-9 ("²", "٣") are told apart from the reader's other errors.
_NUMBER_COLUMNS = [c for c in trf.PLAYER_COLUMNS if c.digits]


def check_digits(text: str) -> None:
    """Numbers written with other digits than 0-9 are refused naming the line and the
    column, in the site's language."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, 1):
        if not line.startswith("001") or line.isascii():
            continue
        for column in _NUMBER_COLUMNS:
            value = line[column.first - 1 : column.last].strip()
            if value and not value.isascii():
                raise refuse(
                    number,
                    _(
                        "line %(line)s: %(column)s (columns %(first)s-%(last)s): %(value)s is "
                        "not written with the digits 0 to 9."
                    )
                    % {
                        "line": number,
                        "column": _(column.label),
                        "first": column.first,
                        "last": column.last,
                        "value": value,
                    },
                )


def plan_import(text: str) -> Plan:
    """Read the file and match its players: by FIDE ID, then by name. The plan says
    whether this tournament was imported before."""
    check_digits(text)
    tournament = trf.read(text)
    check_fits(text, tournament)
    digest = hashlib.sha256(text.encode()).hexdigest()
    plan = Plan(tournament, digest=digest, already=_already_imported(tournament, digest))
    plan.acceleration_left_out = check_acceleration(text, tournament)
    ids = [p.fide_id for p in tournament.players if p.fide_id]
    by_fide = {p.fide_id: p for p in Player.objects.filter(fide_id__in=ids)}
    by_name: dict[str, list[Player]] = {}
    for player in Player.objects.only("first_name", "last_name", "fide_id"):
        by_name.setdefault(plain(player.name), []).append(player)
    for entry in tournament.players:
        found = by_fide.get(entry.fide_id) if entry.fide_id else None
        if found is None:
            candidates = by_name.get(plain(entry.name), [])
            found = candidates[0] if len(candidates) == 1 else None
        if found is None:
            plan.unmatched.append(entry)
        else:
            plan.matched[entry.rank] = found
    return plan


def split_name(name: str) -> tuple[str, str, bool]:
    """(last name, first name, sure): TRF-16 writes "Lastname, Firstname"; a name without
    a comma is split at its last space, and not sure (the preview asks)."""
    last, comma, first = name.partition(",")
    if comma:
        return last.strip(), first.strip(), True
    words = name.split()
    if len(words) < 2:
        return name.strip(), "", False
    return words[-1], " ".join(words[:-1]), False


# Day formats read without a doubt (TRF-16: YYYY/MM/DD; 132: YY/MM/DD), and those read
# with one (day and month may be swapped, a month's name): shown in the preview to confirm.
_SURE_DATES = ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d")
_UNSURE_DATES = (
    "%d.%m.%Y", "%d/%m/%Y", "%d-%m-%Y", "%d. %m. %Y", "%b %d, %Y", "%B %d, %Y", "%d %b %Y",
    "%d %B %Y", "%d.%m.%y",
)  # fmt: skip


def read_date(text: str) -> tuple[date | None, bool]:
    """(the day, read without a doubt); (None, False) when it is no day the reader knows."""
    text = " ".join(text.split())
    short = ("%y/%m/%d",) if len(text) == 8 else ()
    for patterns, sure in (((*short, *_SURE_DATES), True), (_UNSURE_DATES, False)):
        for pattern in patterns:
            try:
                return datetime.strptime(text, pattern).date(), sure  # noqa: DTZ007 (a day)
            except ValueError:
                continue
    return None, False


def day_of(text: str) -> date | None:
    """A day as TRF files write it; round dates (132) are YY/MM/DD."""
    day = read_date(text)[0]
    return None if day is None or year_problem(day) else day  # no club's date: none

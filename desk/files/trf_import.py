"""A TRF-16 file read into an event: the plan shown in the preview, then the import in
one transaction (a file with any error saves nothing)."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from dataclasses import dataclass, field
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chesslib import swiss, trf
from chesslib.standings import TRF_CODE
from club import pages
from club.models import Bye, ChangeLog, Event, Game, Participant, Player, Result, Round
from desk.files import trf_keep
from desk.files.common import FileError, TrfRefusal, lock_event, plain, write
from desk.files.trf_export import (
    KIND_WORDS,
    SYSTEM_WORDS,
    TIME_CONTROL_WORDS,
    event_tournament,
)
from desk.services.events import log_change
from lib.inputs import year_problem
from lib.limits import (
    MAX_FIDE_ID,
    MAX_ROUNDS,
    MAX_TITLE_LENGTH,
)
from ratings.services.listed import listed, player_from_list


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
    day = _date(tournament.start)
    if tournament.name and day:
        query |= Q(title=tournament.name, start__date=day)
    return list(Event.objects.filter(query).order_by("-start", "-pk")[:5])


def _line_of(text: str, code: str) -> int | None:
    """The number of the (last) line starting with ``code``, as the reader counts them."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return next((n for n in range(len(lines), 0, -1) if lines[n - 1].startswith(code)), None)


def _refuse(line: int | None, message: str) -> TrfRefusal:
    """An error whose translated message already names its line."""
    return TrfRefusal(line, message)


def check_fits(text: str, tournament: trf.Tournament) -> None:
    """What the TRF reader accepts but the club does not hold: a title or venue too long,
    FIDE IDs out of range or on two lines, more rounds than an event has. Refused with the
    line named, before anything is saved."""
    for code, value in (("012", tournament.name), ("022", tournament.city)):
        if len(value) > MAX_TITLE_LENGTH:
            raise _refuse(
                _line_of(text, code),
                _("line %(line)s: the name has %(length)s characters; at most %(max)s.")
                % {"line": _line_of(text, code), "length": len(value), "max": MAX_TITLE_LENGTH},
            )
    seen: dict[int, int] = {}
    for player in tournament.players:
        if player.fide_id is None:
            continue
        if player.fide_id > MAX_FIDE_ID:
            raise _refuse(
                player.line,
                _("line %(line)s: the FIDE ID %(id)s is not a FIDE ID (at most %(max)s).")
                % {"line": player.line, "id": player.fide_id, "max": MAX_FIDE_ID},
            )
        if player.fide_id in seen:
            raise _refuse(
                player.line,
                _("line %(line)s: the FIDE ID %(id)s is already on line %(other)s.")
                % {"line": player.line, "id": player.fide_id, "other": seen[player.fide_id]},
            )
        seen[player.fide_id] = player.line
    if tournament.rounds is not None and tournament.rounds > MAX_ROUNDS:
        line = _line_of(text, "XXR")
        raise _refuse(
            line,
            _("line %(line)s: %(n)s rounds; an event has at most %(max)s.")
            % {"line": line, "n": tournament.rounds, "max": MAX_ROUNDS},
        )
    longest = max(tournament.players, key=lambda p: len(p.rounds))
    if len(longest.rounds) > MAX_ROUNDS:
        raise _refuse(
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


# The numeric columns of a player line (TRF-16, 1-based, as trf.py's docstring gives them)
# where digits other than 0-9 ("²", "٣") are told apart from the reader's other errors.
_NUMBER_COLUMNS = (
    (gettext_lazy("start rank"), 5, 8),
    (gettext_lazy("rating"), 49, 52),
    (gettext_lazy("FIDE ID"), 58, 68),
)


def check_digits(text: str) -> None:
    """Numbers written with other digits than 0-9 are refused naming the line and the
    column, in the site's language."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, 1):
        if not line.startswith("001") or line.isascii():
            continue
        for name, first, last in _NUMBER_COLUMNS:
            value = line[first - 1 : last].strip()
            if value and not value.isascii():
                raise _refuse(
                    number,
                    _(
                        "line %(line)s: %(column)s (columns %(first)s-%(last)s): %(value)s is "
                        "not written with the digits 0 to 9."
                    )
                    % {
                        "line": number,
                        "column": name,
                        "first": first,
                        "last": last,
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


def _birth_of(text: str) -> tuple[date | None, int | None]:
    """A birth date as TRF files write it: a whole date, or a year only ("1985",
    "1985/00/00", "1985.00.00")."""
    day, _sure = read_date(text)
    if day is not None:
        return day, day.year
    year = re.fullmatch(r"((?:19|20)\d\d)(?:[/.\-]00[/.\-]00)?", text.strip())
    return None, int(year.group(1)) if year else None


def _new_player(entry: trf.TrfPlayer, names: dict[int, tuple[str, str]]) -> Player:
    """The record of a player the club does not know: made from the loaded FIDE list when
    the line's FIDE ID is in it (``ratings.services.listed``), else from the line."""
    if entry.fide_id:
        row = listed().filter(kind="fide", fide_id=entry.fide_id).first()
        if row is not None:
            return player_from_list(row)[0]
    last, first, _sure = split_name(entry.name)
    last, first = names.get(entry.rank, (last, first))
    birth, year = _birth_of(entry.birth)
    return Player.objects.create(
        first_name=first.strip() or "?",
        last_name=last.strip() or "?",
        fide_id=entry.fide_id,
        federation=entry.federation,
        title=entry.title[:3],
        fide_rating=entry.rating if entry.fide_id else None,
        national_rating=None if entry.fide_id else entry.rating,
        sex={"m": "M", "w": "F", "f": "F"}.get(entry.sex.lower(), ""),
        birth_date=birth,
        birth_year=year,
    )


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


def _date(text: str) -> date | None:
    """A day as TRF files write it; round dates (132) are YY/MM/DD."""
    day = read_date(text)[0]
    return None if day is None or year_problem(day) else day  # no club's date: none


def _white_result(t: trf.Tournament, played: trf.RoundEntry, index: int) -> Result:
    """The game's result from the white player's round ``index`` (0 for the first)."""
    result = Result.from_trf(played.result)
    if played.result == "-":
        other = next(p for p in t.players if p.rank == played.opponent)
        both = other.rounds[index].result == "-"
        result = Result.DOUBLE_FORFEIT if both else Result.BLACK_WINS_FORFEIT
    return result


@transaction.atomic
def update_results(plan: Plan, event: Event, user: Any) -> int:
    """The file's results written into ``event``, the tournament imported from it before:
    each game is found by round and by the players' pairing numbers, and its result goes
    through the desk's one write path (a closed event is refused: reopen it first).
    Returns the number of results changed; a game the event does not have names its line
    and changes nothing."""
    lock_event(event)
    numbers = dict(event.participants.exclude(number=None).values_list("number", "player_id"))
    games = {
        (g.round.number, g.white_id, g.black_id): g
        for g in Game.objects.filter(round__event=event).select_related("round")
    }
    changed = 0
    for entry in sorted(plan.tournament.players, key=lambda e: e.rank):
        for n, played in enumerate(entry.rounds):
            colourless_white = played.colour == "-" and entry.rank < (played.opponent or 0)
            if played.opponent is None or (played.colour != "w" and not colourless_white):
                continue
            key = (n + 1, numbers.get(entry.rank), numbers.get(played.opponent))
            game = games.get(key)  # type: ignore[arg-type]
            where = f"line {entry.line}"
            if game is None:
                raise FileError(f"{where}: round {n + 1}: this event has no such game")
            result = _white_result(plan.tournament, played, n)
            if result != game.result:
                write(game.pk, user, where, result=result, source="trf")
                changed += 1
    log_change(user, event, "update_from_trf", results=changed, sha256=plan.digest)
    return changed


def _said(text: str, words: dict[Any, str]) -> Any:
    """The choice whose words the file's line says (092: "Swiss System - Open
    Tournament"), or None."""
    said = _words(text)
    return next((choice for choice, word in words.items() if _words(word) in said), None)


def _words(text: str) -> str:
    return " " + " ".join(re.findall(r"[a-z0-9]+", text.casefold())) + " "


def _time_control(text: str) -> Event.TimeControl | None:
    """122 in words (Standard, Rapid, Blitz) or in minutes: FIDE's categories (Laws of
    Chess, appendices A and B): 10 minutes or less is blitz, less than 60 rapid."""
    found = _said(text, TIME_CONTROL_WORDS)
    if found is None and ("classical" in text.casefold() or "standard" in text.casefold()):
        return Event.TimeControl.STANDARD
    if found is not None:
        return found
    minutes = re.match(r"\s*([0-9]{1,6})", text)
    if not minutes:
        return None
    base = int(minutes.group(1))
    if base <= 10:
        return Event.TimeControl.BLITZ
    return Event.TimeControl.RAPID if base < 60 else Event.TimeControl.STANDARD


def _check_one_line_a_player(tournament: trf.Tournament, players: dict[int, Player]) -> None:
    """Two lines of the file cannot be the same player of the club (two namesakes matched
    to one player, or one player chosen twice)."""
    lines: dict[int, int] = {}
    for entry in tournament.players:
        player = players.get(entry.rank)
        if player is None:
            continue
        if player.pk in lines:
            raise _refuse(
                entry.line,
                _("line %(line)s: %(name)s is already the player of line %(other)s.")
                % {"line": entry.line, "name": player.name, "other": lines[player.pk]},
            )
        lines[player.pk] = entry.line


@dataclass(frozen=True)
class ImportedEvent:
    """What the event of an import will be, as read from the file; the secretary can
    correct the title, kind, time control and dates before anything is saved."""

    title: str
    kind: str
    time_control: str
    start: date
    end: date
    system: str
    rounds: int
    tiebreaks: str = ""  # 202 in the desk's keys, when it names only tie-breaks it knows


_TIEBREAK_OF_CODE = {code: key for key, code in TRF_CODE.items()}


def read_event(plan: Plan) -> ImportedEvent:
    """The event as the file describes it (012 name, 042/052 dates, 092 kind, 122 time
    control, 202 tie-breaks), with the defaults where the file says nothing (a date it
    writes but the reader cannot read: the day of import, and ``notes`` say so)."""
    t = plan.tournament
    start_day = _date(t.start) or timezone.localdate()
    end_day = _date(t.end) or start_day
    rounds_count = max(t.rounds or 0, t.played_rounds)
    all_meet = rounds_count == len(t.players) - 1 + len(t.players) % 2
    paired = {k: SYSTEM_WORDS[k] for k in (Event.System.SWISS, *Event.System.paired_at_once())}
    system = _said(t.kind, paired) or (Event.System.ROUND_ROBIN if all_meet else Event.System.SWISS)
    known = [_TIEBREAK_OF_CODE.get(code) for code in t.tiebreaks]
    return ImportedEvent(
        title=t.name or "Tournoi importé",
        kind=_said(t.kind, KIND_WORDS) or Event.Kind.OPEN,
        time_control=_time_control(t.time_control) or Event.TimeControl.STANDARD,
        start=start_day,
        end=max(end_day, start_day),
        system=system,
        rounds=rounds_count,
        tiebreaks=",".join(str(k) for k in known) if known and None not in known else "",
    )


@dataclass(frozen=True)
class Note:
    """What the preview must tell before the import: ``confirm`` when the secretary has
    to check it (a date or a name read with a doubt), not only read it."""

    text: str
    confirm: bool = False
    answer: str = ""  # the preview's field whose posting confirms it


def plan_notes(plan: Plan) -> list[Note]:
    """What the import reads with a doubt, or leaves out: said in the preview (and by
    the import command) before anything is saved."""
    t = plan.tournament
    notes: list[Note] = []
    for code, text, what in (
        ("042", t.start, _("the first day")),
        ("052", t.end, _("the last day")),
    ):
        day, sure = read_date(text)
        if not text.strip():
            notes.append(
                Note(
                    _("%(code)s: the file gives no date; %(what)s is the day of import.")
                    % {"code": code, "what": what}
                )
            )
        elif day is None:
            notes.append(
                Note(
                    _("%(code)s: “%(text)s” is not a date the reader knows: give %(what)s.")
                    % {"code": code, "text": text, "what": what},
                    confirm=True,
                    answer="event-start",
                )
            )
        elif not sure:
            notes.append(
                Note(
                    _("%(code)s: “%(text)s” is read as %(day)s: check %(what)s.")
                    % {"code": code, "text": text, "day": day.isoformat(), "what": what},
                    confirm=True,
                    answer="event-start",
                )
            )
    unread = [d for d in t.round_dates if d and _date(d) is None]
    if unread:
        notes.append(
            Note(
                _(
                    "132: round dates the reader does not know (%(dates)s): those rounds take "
                    "the first day."
                )
                % {"dates": ", ".join(unread)}
            )
        )
    unknown = [code for code in t.tiebreaks if code not in _TIEBREAK_OF_CODE]
    if unknown:
        notes.append(
            Note(
                _(
                    "202: tie-breaks the desk does not compute (%(codes)s): the event keeps "
                    "the desk's default order; the file's line is written back unchanged."
                )
                % {"codes": ", ".join(unknown)}
            )
        )
    if plan.acceleration_left_out:
        notes.append(
            Note(
                _(
                    "XXA: these virtual points are not the Baku acceleration (FIDE C.04.5.1) "
                    "the desk pairs with. The results are imported, the acceleration is left "
                    "out: the event is not accelerated and its export has no XXA line."
                )
            )
        )
    for entry in plan.unmatched:
        last, first, sure = split_name(entry.name)
        if not sure:
            notes.append(
                Note(
                    _(
                        "line %(line)s: “%(name)s” has no comma between last and first name: "
                        "read as last name “%(last)s”, first name “%(first)s”; check it below."
                    )
                    % {"line": entry.line, "name": entry.name, "last": last, "first": first},
                    confirm=True,
                    answer=f"last-{entry.rank}",
                )
            )
    return notes


def _keep_file(plan: Plan, event: Event, ids: dict[int, int], retyped: set[int]) -> None:
    """What the file writes otherwise than the desk would, kept to be written back
    (``trf_keep``); left-out XXA lines are not kept, nor the names the secretary typed
    otherwise in the preview (``retyped``: start ranks)."""
    t = plan.tournament
    if plan.acceleration_left_out:
        t = dataclasses.replace(t, records=[r for r in t.records if not r[0].startswith("XXA")])
    tournament, desk_ids = event_tournament(event)
    desk = trf_keep.DeskFile.of(tournament, desk_ids)
    kept = trf_keep.kept(t, desk, ids)
    for rank in retyped:
        kept["players"].get(str(ids[rank]), {}).get("columns", {}).pop("name", None)
    event.trf_kept = kept
    event.save(update_fields=["trf_kept"])


def _round_day(text: str, start: date, end: date, corrected: bool) -> date:
    """A round's date from the file (132); the event's first day when the file gives
    none, or, the dates being corrected, one outside them."""
    day = _date(text)
    if day is None or (corrected and not start <= day <= end):
        return start
    return day


@transaction.atomic
def import_plan(
    plan: Plan,
    user: Any,
    choices: dict[int, Player | None] | None = None,
    corrected: ImportedEvent | None = None,
    names: dict[int, tuple[str, str]] | None = None,
) -> Event:
    """Create the event of a planned import. ``choices``: the players the secretary chose
    in the preview by start rank (None: a new player), for the lines the import did not
    match and for those whose match they corrected; a line neither matched nor chosen is
    a new player. ``corrected``: the event's title, kind, time control and dates as the
    secretary corrected them in the preview (as read from the file when None)."""
    t = plan.tournament
    choices = choices or {}
    players = {rank: p for rank, p in plan.matched.items() if rank not in choices}
    players |= {rank: p for rank, p in choices.items() if p is not None}
    _check_one_line_a_player(t, players)
    for entry in t.players:
        if entry.rank not in players:
            players[entry.rank] = _new_player(entry, names or {})
    read = read_event(plan)
    fields = corrected or read
    start_day, end_day = fields.start, fields.end
    zone = timezone.get_current_timezone()
    rounds_count = read.rounds
    event = Event.objects.create(
        title=fields.title,
        kind=fields.kind,
        venue=t.city,
        start=datetime.combine(start_day, time(10), tzinfo=zone),
        end=datetime.combine(end_day, time(20), tzinfo=zone),
        system=read.system,
        time_control=fields.time_control,
        chief_arbiter=t.chief_arbiter[:120],
        status=Event.Status.ONGOING,
        updated_by=user,
        planned_rounds=rounds_count,
        accelerated=bool(t.accelerations)
        and not plan.acceleration_left_out
        and read.system == Event.System.SWISS,
        tiebreaks=read.tiebreaks,
        federation=t.federation[:3],
        deputy_arbiters="\n".join(t.deputy_arbiters),
    )
    rounds = Round.objects.bulk_create(
        Round(
            event=event,
            number=n,
            starts_at=datetime.combine(
                _round_day(d, start_day, end_day, corrected is not None), time(10), tzinfo=zone
            ),
        )
        for n, d in zip(
            range(1, rounds_count + 1), t.round_dates + [""] * rounds_count, strict=False
        )
    )
    Participant.objects.bulk_create(
        Participant(event=event, player=players[e.rank], number=e.rank, rating=e.rating)
        for e in t.players
    )
    games, byes = [], []
    for entry in sorted(t.players, key=lambda e: e.rank):
        for n, played in enumerate(entry.rounds):
            if played.opponent is None:
                if played.result:
                    kind = Bye.Kind.from_trf(played.result)
                    byes.append(
                        Bye(
                            round=rounds[n],
                            player=players[entry.rank],
                            kind=kind,
                            points=Bye.Kind(kind).points,
                        )
                    )
            elif played.colour == "w" or (played.colour == "-" and entry.rank < played.opponent):
                # a forfeit whose colour the file does not say: the lower rank as white
                result = _white_result(t, played, n)
                rated = played.result not in ("W", "D", "L")
                games.append((rounds[n], entry.rank, played.opponent, result, rated))
    boards: dict[int, int] = {}
    made = []
    for round_, white, black, result, rated in games:
        boards[round_.number] = boards.get(round_.number, 0) + 1
        made.append(
            Game(
                round=round_,
                board=boards[round_.number],
                white=players[white],
                black=players[black],
                result=result,
                rated=rated,
                updated_by=user,
            )
        )
    Game.objects.bulk_create(made)
    Bye.objects.bulk_create(byes)
    retyped = {  # names the secretary typed otherwise than the file's: written as typed
        e.rank
        for e in plan.unmatched
        if e.rank in (names or {}) and names[e.rank] != split_name(e.name)[:2]  # type: ignore[index]
    }
    _keep_file(plan, event, {rank: player.pk for rank, player in players.items()}, retyped)
    log_change(
        user, event, "import_trf", players=len(t.players), rounds=rounds_count, sha256=plan.digest
    )
    pages.event_written(event, rounds_or_status=True)  # a new event, its players' games
    return event

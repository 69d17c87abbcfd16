"""What the preview of a TRF import shows: the event as the file describes it
(``read_event``), and what the import reads with a doubt or leaves out (``plan_notes``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from chesslib.standings import TRF_CODE
from club.models import Event
from desk.files.trf_export import (
    KIND_WORDS,
    SYSTEM_WORDS,
    TIME_CONTROL_WORDS,
)
from desk.files.trf_plan import Plan, day_of, read_date, split_name


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
    start_day = day_of(t.start) or timezone.localdate()
    end_day = day_of(t.end) or start_day
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
    unread = [d for d in t.round_dates if d and day_of(d) is None]
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

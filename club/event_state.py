"""An event's state machine: which status may follow which (``TRANSITIONS``), and which
writes each status allows (``WRITES``). Every write that touches an event asks it here,
under the event's row lock (``lock_row``), before anything is written.

Only an announced or ongoing event is changed: a closed event's games are rated, so
changing anything in it (its form, registrations, numbers, check-in, pairings, results,
files) first reopens it, which recalculates the ratings without it until it is closed
again; a cancelled event is restored first. The lock (``lock_row``) is the event's row
and then the rows of all its games: a result's save (``desk.services.results.write_result``)
locks its board's row alone, so a write into the event waits for the saves under way and
a save waits for the write. On PostgreSQL two writes on one event wait for each other as
SQLite's immediate transactions make them, and the later one sees what the earlier one
did. (The public pages a write changes are forgotten by the rows it writes:
``club.pages``.)
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from club.exceptions import DeskError
from club.models import Event, Game

Status = Event.Status


class Write(StrEnum):
    """What a desk write does to an event."""

    FORM = "form"  # the event's form: title, kind, time control, rounds and their dates
    REGISTER = "register"
    WITHDRAW = "withdraw"
    NUMBER = "number"  # pairing numbers
    CHECK_IN = "check_in"
    PAIR = "pair"  # a round's pairing changed by hand (results kept or dropped), an interclub's
    NEW_ROUND = "new_round"  # a round paired by the engine or taken back: no result in it
    RESULT = "result"
    FILE = "file"  # results or games from a file
    PRIZES = "prizes"  # the categories, the prizes and their rules


class Transition(StrEnum):
    """An event's life: the moves between statuses (``desk.services.lifecycle``)."""

    START = "start"  # the first pairing
    CLOSE = "close"
    REOPEN = "reopen"
    CANCEL = "cancel"
    RESTORE = "restore"
    DELETE = "delete"


# Which writes each status allows.
WRITES: dict[str, frozenset[Write]] = {
    Status.ANNOUNCED: frozenset(Write),
    Status.ONGOING: frozenset(Write),
    Status.CLOSED: frozenset(),
    Status.CANCELLED: frozenset(),
}

# Each transition: the statuses it leaves from, and those it may lead to (restoring: ongoing
# when the event has pairings, announced otherwise; deleting leaves no status).
TRANSITIONS: dict[Transition, tuple[frozenset[str], frozenset[str]]] = {
    Transition.START: (frozenset({Status.ANNOUNCED, Status.ONGOING}), frozenset({Status.ONGOING})),
    Transition.CLOSE: (frozenset({Status.ANNOUNCED, Status.ONGOING}), frozenset({Status.CLOSED})),
    Transition.REOPEN: (frozenset({Status.CLOSED}), frozenset({Status.ONGOING})),
    Transition.CANCEL: (
        frozenset({Status.ANNOUNCED, Status.ONGOING, Status.CLOSED}),
        frozenset({Status.CANCELLED}),
    ),
    Transition.RESTORE: (
        frozenset({Status.CANCELLED}),
        frozenset({Status.ANNOUNCED, Status.ONGOING}),
    ),
    Transition.DELETE: (frozenset(Status.values), frozenset()),
}


class EventRefused(DeskError):
    """A write or a transition the event's status does not allow."""


def refusal(event: Event) -> str:
    """Why ``event`` cannot be changed as it is, and what to do first."""
    if event.status == Status.CLOSED:
        return _(
            "“%(title)s” is closed: reopen it to change it (reopening recalculates the "
            "ratings without it until it is closed again)."
        ) % {"title": event.title}
    return _("“%(title)s” is cancelled: restore it before changing anything in it.") % {
        "title": event.title
    }


def allows(event: Event, write: Write) -> bool:
    return write in WRITES[event.status]


def check(event: Event, write: Write) -> None:
    """Refuse ``write`` if ``event``'s status does not allow it (``EventRefused``)."""
    if not allows(event, write):
        raise EventRefused(refusal(event))


_TRANSITION_REFUSALS: dict[tuple[Transition, str | None], Callable[[], str]] = {
    (Transition.CLOSE, Status.CLOSED): lambda: _("The event is already closed."),
    (Transition.REOPEN, None): lambda: _("Only a closed event can be reopened."),
    (Transition.CANCEL, Status.CANCELLED): lambda: _("The event is already cancelled."),
    (Transition.RESTORE, None): lambda: _("Only a cancelled event can be restored."),
}


def check_transition(event: Event, transition: Transition, target: str | None = None) -> None:
    """Refuse ``transition`` (to ``target``, when it may lead to several statuses) if the
    table does not allow it from ``event``'s status."""
    sources, targets = TRANSITIONS[transition]
    if target is not None and target not in targets:
        raise ValueError(f"{transition} does not lead to {target}")
    if event.status in sources:
        return
    said = _TRANSITION_REFUSALS.get((transition, event.status)) or _TRANSITION_REFUSALS.get(
        (transition, None)
    )
    raise EventRefused(said() if said else refusal(event))


def lock_row(pk: int, write: Write | None = None) -> Event:
    """The event ``pk`` read under its lock (``_locked``, then its games' rows), which holds
    until the transaction ends (so called inside one); then ``write`` refused as ``check``
    refuses it. An event deleted meanwhile is refused with a message. The services take ids
    and read the event here themselves, never trusting an object their caller holds (the
    event's form: its changes are not saved yet)."""
    found = _locked().filter(pk=pk).first()
    if found is None:
        raise DeskError(_("This event was deleted meanwhile."))
    _lock_games(pk)
    if write is not None:
        check(found, write)
    return found


def _locked() -> QuerySet[Event]:
    """Events read under their row's lock, taken alone against every other write into the
    event (``FOR NO KEY UPDATE`` on PostgreSQL: a row written meanwhile that refers to the
    event, such as a save's audit line, does not wait for it)."""
    return Event.objects.select_for_update(no_key=True)


def _lock_games(pk: int) -> None:
    """Lock the rows of the event ``pk``'s games, in the order of their keys, after the
    event's: a result's save holds its board's row (``write_result``), so the write waits
    here for the saves under way, and a save that comes later waits until the write ends,
    then reads the event as the write left it."""
    list(
        Game.objects.select_for_update(of=("self",))
        .filter(round__event=pk)
        .order_by("pk")
        .only("pk")  # instances: ``of`` names the games' table, not the rounds' joined
    )

"""An event's life, each move allowed by the table of ``club.event_state``
(``TRANSITIONS``), taken under the event's row lock:

- closed (every board has a result): the ratings count it; reopened (with a reason) to
  change anything in it, and they are recalculated without it until it closes again;
- cancelled (kept, shown as cancelled, out of the ratings; it can be restored);
- deleted (gone with its rounds, games and registrations).

Each queues the replay of the ratings it changes in the same transaction
(``ratings.tasks``): the change and its jobs are committed together, and the task worker
recalculates from the event's day, off the secretary's request. Each is one line of the
desk's history; a deleted event's line outlives it (``event`` empty, its title and id in
the details)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from club.event_state import Transition, check_transition, lock_row
from club.exceptions import DeskError
from club.models import Event
from desk.services.events import log_change
from desk.services.results import missing_results
from ratings.models import RatingSystem
from ratings.services import event_day, systems_to_replay
from ratings.tasks import queue_event_replays, queue_replays


def _locked(event_id: int, transition: Transition, target: str | None = None) -> Event:
    """The event's row under its lock (an event deleted meanwhile: a message), if the
    table lets ``transition`` leave its status."""
    locked = lock_row(event_id)
    check_transition(locked, transition, target)
    return locked


def _move(locked: Event, status: str, user: User | None) -> None:
    locked.status = status
    locked.updated_by = user
    locked.save(update_fields=["status", "updated_by", "updated_at"])


@transaction.atomic
def close_event(event_id: int, user: User | None) -> Event:
    """Close the event ``event_id`` when every board of every round has a result; the
    ratings' recalculation is queued with it. Returns the event as closed."""
    locked = _locked(event_id, Transition.CLOSE)
    problems = missing_results(locked)
    if problems:
        raise DeskError(" ".join(problems))
    _move(locked, Event.Status.CLOSED, user)
    log_change(user, locked, "close")
    queue_event_replays(locked, user)
    return locked


@transaction.atomic
def reopen_event(event_id: int, reason: str, user: User | None) -> Event:
    """Reopen a closed event to correct it, saying why; the ratings are recalculated
    without it (queued) until it is closed again. Returns the event as reopened."""
    if not reason.strip():
        raise DeskError(_("Say why the event is reopened."))
    locked = _locked(event_id, Transition.REOPEN)
    _move(locked, Event.Status.ONGOING, user)
    log_change(user, locked, "reopen", reason=reason.strip())
    queue_event_replays(locked, user)
    return locked


def _has_results(event: Event) -> bool:
    return (
        event.rounds.filter(games__isnull=False).exists()
        or event.rounds.filter(byes__isnull=False).exists()
    )


@transaction.atomic
def cancel_event(event_id: int, reason: str, user: User | None) -> Event:
    """Cancel the event ``event_id``, saying why. A closed event leaves the ratings: they
    are recalculated without it. Returns the event as cancelled."""
    if not reason.strip():
        raise DeskError(_("Say why the event is cancelled."))
    locked = _locked(event_id, Transition.CANCEL)
    was_closed = locked.status == Event.Status.CLOSED
    _move(locked, Event.Status.CANCELLED, user)
    log_change(user, locked, "cancel", reason=reason.strip(), was_closed=was_closed)
    if was_closed:
        queue_event_replays(locked, user)
    return locked


@transaction.atomic
def restore_event(event_id: int, user: User | None) -> Event:
    """Take a cancellation back: the event is ongoing again when it has pairings,
    announced otherwise (closing it again puts it back in the ratings). Returns the
    event as restored."""
    locked = _locked(event_id, Transition.RESTORE)
    status = Event.Status.ONGOING if _has_results(locked) else Event.Status.ANNOUNCED
    check_transition(locked, Transition.RESTORE, status)
    _move(locked, status, user)
    log_change(user, locked, "restore")
    return locked


@transaction.atomic
def delete_event(event_id: int, reason: str, user: User | None) -> list[str]:
    """Delete the event ``event_id`` with its rounds, games, byes and registrations,
    saying why; the systems that rated it are recalculated from its day. Returns their
    names."""
    if not reason.strip():
        raise DeskError(_("Say why the event is deleted."))
    locked = _locked(event_id, Transition.DELETE)
    closed = locked.status == Event.Status.CLOSED
    systems = systems_to_replay(locked) if closed else _systems_with_batches(locked)
    day = event_day(locked)
    details = {
        "event_id": locked.pk,
        "title": locked.title,
        "status": locked.status,
        "reason": reason.strip(),
        "replayed": [s.name for s in systems],
    }
    locked.delete()
    log_change(user, None, "delete_event", **details)
    queue_replays(systems, day, user)
    return [s.name for s in systems]


def _systems_with_batches(event: Event) -> list[RatingSystem]:
    return list(RatingSystem.objects.filter(batches__event=event).distinct())

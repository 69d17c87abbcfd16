"""An event's end other than closing: cancelled (kept, shown as cancelled, out of the
ratings; it can be restored) or deleted (gone with its rounds, games and registrations).
Either way the replay of the ratings that counted it is queued in the same transaction, as
closing and reopening do (``ratings.tasks``). Each is one line of the desk's history; a
deleted event's line outlives it (``event`` empty, its title and id in the details)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from club.models import Event
from desk.services.events import DeskError, log_change
from ratings.models import RatingSystem
from ratings.services import event_day, systems_to_replay
from ratings.tasks import queue_event_replays, queue_replays


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def _has_results(event: Event) -> bool:
    return (
        event.rounds.filter(games__isnull=False).exists()
        or event.rounds.filter(byes__isnull=False).exists()
    )


@transaction.atomic
def cancel_event(event: Event, reason: str, user: Any) -> None:
    """Cancel ``event``, saying why. A closed event leaves the ratings: they are
    recalculated without it."""
    if not reason.strip():
        raise DeskError(_("Say why the event is cancelled."))
    locked = _locked(event)
    if locked.status == Event.Status.CANCELLED:
        raise DeskError(_("The event is already cancelled."))
    was_closed = locked.status == Event.Status.CLOSED
    locked.status = Event.Status.CANCELLED
    locked.updated_by = user
    locked.save(update_fields=["status", "updated_by", "updated_at"])
    log_change(user, locked, "cancel", reason=reason.strip(), was_closed=was_closed)
    if was_closed:
        queue_event_replays(locked, user)
    event.status, event.updated_by = locked.status, locked.updated_by


@transaction.atomic
def restore_event(event: Event, user: Any) -> None:
    """Take a cancellation back: the event is ongoing again when it has pairings,
    announced otherwise (closing it again puts it back in the ratings)."""
    locked = _locked(event)
    if locked.status != Event.Status.CANCELLED:
        raise DeskError(_("Only a cancelled event can be restored."))
    locked.status = Event.Status.ONGOING if _has_results(locked) else Event.Status.ANNOUNCED
    locked.updated_by = user
    locked.save(update_fields=["status", "updated_by", "updated_at"])
    log_change(user, locked, "restore")
    event.status, event.updated_by = locked.status, locked.updated_by


@transaction.atomic
def delete_event(event: Event, reason: str, user: Any) -> list[str]:
    """Delete ``event`` with its rounds, games, byes and registrations, saying why; the
    systems that rated it are recalculated from its day. Returns their names."""
    if not reason.strip():
        raise DeskError(_("Say why the event is deleted."))
    locked = _locked(event)
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

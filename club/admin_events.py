"""Events in ``/admin/`` obey the event's state machine (``club.desk.event_state``): a
closed or cancelled event, its rounds, games, byes and registrations are shown read-only
there (nothing else changes a closed event's rated games: the desk reopens it first, which
recalculates the ratings), and an event's status is never typed: it moves by the desk's
transitions only."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from club.desk.event_state import Write, allows
from club.models import Bye, Event, Game, Participant, Round


def event_of(obj: Any) -> Event | None:
    """The event an admin object belongs to (None for a new object)."""
    if isinstance(obj, Event):
        return obj
    if isinstance(obj, Round | Participant):
        return obj.event
    if isinstance(obj, Game | Bye):
        return obj.round.event
    return None


def changeable(obj: Any) -> bool:
    event = event_of(obj)
    return event is None or allows(event, Write.FORM)


class FollowsEventState:
    """For a ``ModelAdmin`` or an inline: no change, addition or deletion in an event its
    status keeps as it is (``obj``: the object, or an inline's parent)."""

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return changeable(obj) and super().has_change_permission(request, obj)  # type: ignore[misc]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return changeable(obj) and super().has_delete_permission(request, obj)  # type: ignore[misc]


class InlineFollowsEventState(FollowsEventState):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return changeable(obj) and super().has_add_permission(request, obj)  # type: ignore[misc]

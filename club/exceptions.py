"""What the desk refuses, with a message for the secretary (``desk.services.events`` and the
event's state machine, ``club.event_state``, raise them; the views show them)."""

from __future__ import annotations

from typing import Any


class DeskError(ValueError):
    """A request the desk refuses, with a message for the secretary."""


class Conflict(DeskError):
    """Someone else saved the same board meanwhile."""

    def __init__(self, message: str, game: Any) -> None:
        super().__init__(message)
        self.game = game


class RoundChanged(DeskError):
    """Someone else changed the round (paired it, re-paired it, checked players in)
    between the page the secretary saw and their request: nothing is written, and the
    round is shown as it is now (``round_id``, or the event's page when None)."""

    def __init__(self, message: str, event_id: int, round_id: int | None = None) -> None:
        super().__init__(message)
        self.event_id = event_id
        self.round_id = round_id

"""Recalculation: turns closed events into rating history (the ratings issue fills this)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from club.models import Event


def event_results_changed(event: Event) -> None:
    """Recalculate every rating system that rates ``event`` after it was closed, reopened
    or corrected. Called by the secretary's desk inside its transaction."""

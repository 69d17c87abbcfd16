from __future__ import annotations

from typing import Any

from django import template
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from club.models import Event, Game
from lib.numbers import number
from ratings.models import RatingBatch, RatingChange, ReplayJob
from ratings.services import LOOKBACK, rating_period

register = template.Library()


@register.inclusion_tag("ratings/_event_rating_changes.html")
def event_rating_changes(event: Event) -> dict[str, Any]:
    """Each participant's rating change from ``event``, per system that rates it (enabled,
    of the event's kind and time control): the event's own batch, or (the running estimate
    of) the period that rates it. A public page showing them says it shows the ratings
    (``club.pages.RATINGS``, forgotten at each replay)."""
    day = timezone.localdate(event.end)
    nearby = RatingBatch.objects.filter(
        Q(event=event) | Q(period_start__lte=day + LOOKBACK, period_end__gte=day),
        system__enabled=True,
    ).select_related("system")
    # only the systems that rate the event: another system's period holds its players'
    # changes from other events (an FRBE period around a club-Elo-only evening); a list's
    # closing date may send the event to the period after the one it ends in
    batches = [
        b
        for b in nearby
        if b.system.rates(event)
        and (
            b.event_id == event.pk or (b.period_start, b.period_end) == rating_period(b.system, day)
        )
    ]
    pairs = Game.objects.filter(round__event=event).values_list("white_id", "black_id")
    players = {player for pair in pairs for player in pair}
    changes = (
        RatingChange.objects.filter(batch__in=batches, player__in=players)
        .select_related("player")
        .order_by("player__last_name", "player__first_name", "pk")
    )
    by_batch: dict[int, list[RatingChange]] = {}
    for change in changes:
        by_batch.setdefault(change.batch_id, []).append(change)
    today = timezone.localdate()
    sections = [
        {"batch": b, "estimated": b.is_estimated(today), "changes": by_batch.get(b.pk, [])}
        for b in sorted(batches, key=lambda b: b.system.name)
        if b.pk in by_batch
    ]
    return {"sections": sections}


class _InPageFormat(float):
    """A number of a note, written as ``lib.numbers.number`` writes it in the page's
    language (a comma in French, "20" not "20.0"), whatever the format its template gives
    it (``{score:g}``, ``{k}``); a fixed number of places (``{e:.2f}``) is kept."""

    def __format__(self, spec: str) -> str:
        if spec.startswith(".") and spec.endswith("f") and spec[1:-1].isdigit():
            return number(float(self), int(spec[1:-1]))
        return number(float(self))


@register.filter
def note_text(note: Any) -> str:
    """A note of the breakdown in the page's language: its template is translated (the
    rules mark them with ``N_``), then filled with its values (floats to two places at
    most)."""
    if not note:
        return ""
    if not isinstance(note, dict):  # a Note of the rules
        note = {"template": note.template, "params": dict(note.params)}
    params = {
        key: (_InPageFormat(round(value, 2)) if isinstance(value, float) else value)
        for key, value in note.get("params", {}).items()
    }
    try:
        return gettext(note["template"]).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(note["template"])


@register.filter
def config_in_words(change: Any) -> list[str]:
    """A configuration change (``ConfigChange``) as sentences, one a parameter."""
    from ratings.config import change_in_words

    day = timezone.localtime(change.at).date() if change.at else timezone.localdate()
    return change_in_words(change.system.engine, change.old or {}, change.new or {}, day)


@register.inclusion_tag("ratings/_recalculating.html")
def recalculating(pending: bool | None = None) -> dict[str, Any]:
    """A notice while a replay is queued or running: the ratings shown are about to change.
    ``pending`` when the page has read it already (a member's page, with the systems).
    A public page showing it says it shows the replays (``club.pages.REPLAYS``, forgotten
    when one is queued, starts or ends)."""
    return {"pending": ReplayJob.objects.pending().exists() if pending is None else pending}

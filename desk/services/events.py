"""An event and its rounds, created and edited at the desk; and the audit line that every
desk write leaves (``log_change``). The desk's other writes are in the modules beside this
one (registration, pairing, check-in, results, lifecycle), written the same way: each a
typed function in one transaction, each logged.

Every change records who made it and when: ``updated_by`` on the row where the model has
it, and a ``ChangeLog`` row through ``log_change``.

Every write on an event first takes the event's row lock and asks its state machine
(``club.event_state``): a closed event changes only once reopened
(``desk.services.lifecycle.reopen_event``, with a reason, logged, which recalculates the
ratings without it), a cancelled one once restored. A result never changes under ratings
computed without it, since only a closed event counts and a closed event cannot change.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from club import event_state, pages
from club.exceptions import DeskError
from club.models import Bye, ChangeLog, Event, Game, Round

DEFAULT_INTERVAL = timedelta(days=7)
# Rounds are renumbered through this offset when one is removed (numbers are unique).
_RENUMBER_OFFSET = 1000


def _jsonable(value: Any) -> Any:
    if isinstance(value, Decimal | date | datetime):
        return str(value)
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def log_change(user: User | None, event: Event | None, action: str, **details: Any) -> ChangeLog:
    """One line of the desk's audit log: who (``user``), when (now), what."""
    return ChangeLog.objects.create(
        user=user if user is not None and user.is_authenticated else None,
        event=event,
        action=action,
        details={key: _jsonable(value) for key, value in details.items()},
    )


# Events and their rounds


def create_rounds(
    event: Event, count: int, first: datetime | None, interval: timedelta = DEFAULT_INTERVAL
) -> list[Round]:
    """``count`` rounds after the event's last one, the first at ``first`` (else one
    interval after the last round, else at the event's start), one every ``interval``."""
    last = event.rounds.order_by("-number").first()
    if first is None:
        first = last.starts_at + interval if last and last.starts_at else event.start
    after = last.number if last else 0
    rounds = Round.objects.bulk_create(
        Round(event=event, number=after + n, starts_at=first + (n - 1) * interval)
        for n in range(1, count + 1)
    )
    pages.written(*rounds)
    return rounds


@transaction.atomic
def save_event(
    event: Event,
    user: User | None,
    *,
    changed: Collection[str] = (),
    round_dates: Mapping[int, datetime | None] | None = None,
    remove_rounds: Collection[int] = (),
    add_rounds: int = 0,
    first_round: datetime | None = None,
    interval: timedelta = DEFAULT_INTERVAL,
) -> Event:
    """Save ``event`` (new or changed) and its rounds: new dates by round id, rounds to
    remove (only rounds nobody is paired in yet; the others are renumbered), and
    ``add_rounds`` more after the last one. An existing event changes only while its
    state allows it (its row locked first, its status as stored: the form has none)."""
    created = event.pk is None
    if not created:
        stored = event_state.lock_row(event.pk, event_state.Write.FORM)
        event.status = stored.status  # as it is now, not as the form's page read it
    event.updated_by = user
    event.save()
    rounds = {r.pk: r for r in event.rounds.all()}
    removed = [rounds[pk] for pk in remove_rounds if pk in rounds]
    if removed:
        _remove_rounds(event, removed)
    for pk, starts_at in (round_dates or {}).items():
        round_ = rounds.get(pk)
        if round_ is not None and round_ not in removed and round_.starts_at != starts_at:
            Round.objects.filter(pk=pk).update(starts_at=starts_at)
            pages.written(round_, fields=["starts_at"])
    if add_rounds:
        create_rounds(event, add_rounds, first_round, interval)
    count = event.rounds.count()
    if count and event.planned_rounds != count:
        event.planned_rounds = count
        event.save(update_fields=["planned_rounds", "updated_at"])
    log_change(
        user,
        event,
        "create" if created else "edit",
        fields=sorted(changed),
        rounds_added=add_rounds,
        rounds_removed=[r.number for r in removed],
    )
    return event


def _remove_rounds(event: Event, removed: list[Round]) -> None:
    busy = sorted(
        r.number
        for r in removed
        if Game.objects.filter(round=r).exists() or Bye.objects.filter(round=r).exists()
    )
    if busy:
        raise DeskError(
            _("Rounds with pairings cannot be removed: %(rounds)s.")
            % {"rounds": ", ".join(map(str, busy))}
        )
    Round.objects.filter(pk__in=[r.pk for r in removed]).delete()
    remaining = list(event.rounds.order_by("number"))
    Round.objects.filter(event=event).update(number=F("number") + _RENUMBER_OFFSET)
    for number, round_ in enumerate(remaining, 1):
        round_.number = number
    Round.objects.bulk_update(remaining, ["number"])
    pages.written(*remaining, fields=["number"])

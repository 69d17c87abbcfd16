"""The timeline planner: which batches a system's history holds, in which order, with
their games.

A system's history is a timeline of batches in date order: its events (systems that rate
per event) or its rating periods (systems that rate per period), the official lists
imported for it and the one-off adjustments. :func:`timeline` plans it from a day on (or
whole); :mod:`ratings.services.replay` rates and writes it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from club.models import Event, Game, Result
from ratings.models import OfficialRating, RatingAdjustment, RatingBatch, RatingSystem
from ratings.rules import base as rules
from ratings.rules.parameters import period_bounds

# A game as the timeline holds it until its batch is rated: (white, black, white's score,
# played, round number, event), primary keys and numbers only. A replay holds every game
# of the history at once, and Python's collector walks every object that can hold others
# at each of its full passes; it stops following a plain tuple of numbers once it has seen
# it, and a replay's 200,000 games then cost it nothing.
GameRow = tuple[int, int, float, bool, int, int]


@dataclass
class PlannedBatch:
    """A batch of the timeline before it is rated."""

    kind: str
    day: date
    label: str
    event: Event | None = None
    period: tuple[date, date] | None = None
    game_rows: list[GameRow] = field(default_factory=list)
    official: list[OfficialRating] = field(default_factory=list)
    adjustment: RatingAdjustment | None = None
    rounds: int | None = None
    # a period's events by the day each started (the list in force then rates it: FIDE)
    event_starts: dict[int, date] = field(default_factory=dict)

    @property
    def games(self) -> list[rules.Game]:
        """The batch's games as the rules take them, built at each call (the rating of
        the batch holds them only as long as it needs them)."""
        game = rules.Game  # its fields in the order of a row's values
        return [game(*row) for row in self.game_rows]

    @property
    def sort_key(self) -> tuple[date, int, int]:
        # A one-off adjustment opens its day, then the official lists (the list of the
        # adjustment's day already shows the adjusted ratings); events follow in the order
        # they started.
        ranks: dict[str, int] = {RatingBatch.Kind.ADJUSTMENT: 0, RatingBatch.Kind.OFFICIAL: 1}
        rank = ranks.get(self.kind, 2)
        return (self.day, rank, self.event.pk if self.event else 0)


def local_day(event: Event) -> date:
    return timezone.localdate(event.end)


# How far before a period's first day an event may end and still belong to it (a list's
# closing date is at most this many days before the list).
LOOKBACK = timedelta(days=31)


def period_start(system: RatingSystem, day: date) -> date:
    bounds = rating_period(system, day)
    return bounds[0] if bounds else day


def rating_period(system: RatingSystem, end: date) -> tuple[date, date] | None:
    """The rating period that rates an event ending on ``end`` (None for systems that rate
    per event), as (first day, last day).

    - A list rates the events ending by its closing date (``closing_days`` before the
      list, where the system has one): an event ending after it goes to the next period.
    - Periods never overlap: where the calendar changes (a new version of the rules), the
      old calendar's period closes the day before the new version starts, and the new
      calendar's first period starts that day. A period therefore lies within one
      version, rated with the rules in force when it began.
    """
    closing = getattr(system.params_on(end), "closing_days", 0)
    day = end + timedelta(days=max(closing - 1, 0))
    starts = system.params_on(day).periods
    if not starts:
        return None
    first, last = period_bounds(day, starts)
    for version in system.module.VERSIONS:
        if first < version.since <= day:
            first = version.since
        elif day < version.since <= last:
            last = version.since - timedelta(days=1)
    return first, last


def rated_events(system: RatingSystem) -> QuerySet[Event]:
    events = Event.objects.filter(status=Event.Status.CLOSED).exclude(
        kind__in=Event.Kind.not_played()
    )
    if system.event_kinds:
        events = events.filter(kind__in=system.event_kinds)
    if system.time_controls:
        events = events.filter(time_control__in=system.time_controls)
    return events.order_by("end", "pk")


def timeline(system: RatingSystem, since: date | None) -> list[PlannedBatch]:
    """The batches from ``since`` on (all when None), with their games."""
    events = rated_events(system)
    if since is not None:
        # events ending shortly before ``since`` may belong to its period (closing dates)
        midnight = datetime.combine(
            since - LOOKBACK, time.min, tzinfo=timezone.get_current_timezone()
        )
        events = events.filter(end__gte=midnight)
    chosen = list(events.only("pk", "title", "start", "end", "system"))
    games_by_event: dict[int, list[GameRow]] = defaultdict(list)
    rounds_by_event: dict[int, int] = {}
    rows = (
        Game.objects.filter(round__event__in=events.values("pk"), rated=True)
        .exclude(result=Result.PENDING)
        .order_by("round__event", "round__number", "board")
        .values_list("round__event", "round__number", "white", "black", "result")
    )
    rated = _RATED
    current: int | None = None
    games: list[GameRow] = []
    for event_id, number, white, black, result in rows.iterator(chunk_size=10_000):
        if event_id != current:  # the games come event by event
            current, games = event_id, games_by_event[event_id]
        games.append((white, black, *rated[result], number, event_id))
        rounds_by_event[event_id] = number  # round by round: the last is the highest

    plan: list[PlannedBatch] = []
    periods: dict[tuple[date, date], PlannedBatch] = {}
    for event in chosen:
        day = local_day(event)
        event_games = games_by_event.get(event.pk, [])
        if not event_games:
            continue
        bounds = rating_period(system, day)
        if bounds is None:
            plan.append(
                PlannedBatch(
                    RatingBatch.Kind.EVENT,
                    day,
                    event.title,
                    event=event,
                    game_rows=event_games,
                    rounds=rounds_by_event[event.pk],
                )
            )
            continue
        if bounds not in periods:
            label = f"{system.name} {bounds[0]:%Y-%m-%d} – {bounds[1]:%Y-%m-%d}"
            periods[bounds] = PlannedBatch(RatingBatch.Kind.PERIOD, bounds[1], label, period=bounds)
            plan.append(periods[bounds])
        periods[bounds].game_rows.extend(event_games)
        periods[bounds].event_starts[event.pk] = timezone.localdate(event.start)

    lists: dict[date, PlannedBatch] = {}
    officials = OfficialRating.objects.filter(system=system).order_by("list_date", "pk")
    if since is not None:
        officials = officials.filter(list_date__gte=since)
    for official in officials:
        if official.list_date not in lists:
            label = f"{system.name}: official list of {official.list_date:%Y-%m-%d}"
            lists[official.list_date] = PlannedBatch(
                RatingBatch.Kind.OFFICIAL, official.list_date, label
            )
            plan.append(lists[official.list_date])
        lists[official.list_date].official.append(official)
    adjustments = [*RatingAdjustment.objects.filter(system=system).order_by("day", "pk")]
    adjustments += system.published_adjustments()
    for adjustment in adjustments:
        if since is not None and adjustment.day < since:
            continue
        plan.append(
            PlannedBatch(
                RatingBatch.Kind.ADJUSTMENT,
                adjustment.day,
                adjustment.label,
                adjustment=adjustment,
            )
        )
    return sorted(plan, key=lambda b: b.sort_key)


def _as_rated(result: Result) -> tuple[float, bool]:
    """What a result code means to the rules: white's score and whether it was played."""
    points = result.points
    return (float(points[0]) if points else 0.0), result.is_played


# Read once per result code, not once per game (a replay reads every game of the history).
_RATED: dict[str, tuple[float, bool]] = {str(r.value): _as_rated(r) for r in Result}

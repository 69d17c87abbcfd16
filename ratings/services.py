"""Recalculation: turns closed events into rating history.

A system's history is a timeline of batches in date order: its events (systems that rate
per event) or its rating periods (systems that rate per period), and the official lists
imported for it. A recalculation from a day deletes the batches from that day on and
replays them from the players' states just before it; from scratch, it replays them all.
Both give the same rows, because every row stores the full state the next batch starts
from. Rows are always written in timeline order, so within a system a later batch has a
larger primary key: "the state just before a day" is the row with the largest key.

Each recalculation runs in one transaction, holding a lock on the system's row: it
succeeds whole or changes nothing, and two recalculations of a system never interleave.
"""

from __future__ import annotations

import time as clock
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any, cast

from django.db import connection, transaction
from django.db.models import Max, QuerySet
from django.utils import timezone

from club.models import Event, Game, Player, Result
from ratings.models import (
    OfficialRating,
    Rating,
    RatingAdjustment,
    RatingBatch,
    RatingChange,
    RatingSystem,
    state_from_json,
    state_to_json,
)
from ratings.rules import base as rules
from ratings.rules.base import PlayerResult, PlayerState, Status

Progress = Callable[[int, int], None]
WRITE_CHUNK = 2000


@dataclass
class PlannedBatch:
    """A batch of the timeline before it is rated."""

    kind: str
    day: date
    label: str
    event: Event | None = None
    period: tuple[date, date] | None = None
    games: list[rules.Game] = field(default_factory=list)
    official: list[OfficialRating] = field(default_factory=list)
    adjustment: RatingAdjustment | None = None
    rounds: int | None = None

    @property
    def sort_key(self) -> tuple[date, int, int]:
        # A one-off adjustment opens its day, then the official lists (the list of the
        # adjustment's day already shows the adjusted ratings); events follow in the order
        # they started.
        ranks: dict[str, int] = {RatingBatch.Kind.ADJUSTMENT: 0, RatingBatch.Kind.OFFICIAL: 1}
        rank = ranks.get(self.kind, 2)
        return (self.day, rank, self.event.pk if self.event else 0)


@dataclass(frozen=True)
class ReplayReport:
    system: RatingSystem
    batches: int
    games: int
    seconds: float


def event_results_changed(event: Event) -> list[ReplayReport]:
    """Recalculate every system that rates ``event`` (or rated it before) from the
    event's day, after it was closed, reopened or corrected. Called by the secretary's
    desk inside its own transaction."""
    systems = {system.pk: system for system in RatingSystem.objects.rating(event)}
    for system in RatingSystem.objects.filter(batches__event=event).distinct():
        systems.setdefault(system.pk, system)
    day = _local_day(event)
    return [recalculate(system, since=day) for system in systems.values()]


def recalculate(
    system: RatingSystem, since: date | None = None, progress: Progress | None = None
) -> ReplayReport:
    """Replay ``system``'s history from ``since`` (from scratch when None)."""
    started = clock.perf_counter()
    with transaction.atomic():
        RatingSystem.objects.select_for_update().filter(pk=system.pk).get()
        if since is not None:
            since = _period_start(system, since)
        plan = [b for b in _timeline(system, since) if since is None or b.day >= since]
        states = _states_before(system, since)
        stale = RatingBatch.objects.filter(system=system)
        if since is not None:
            stale = stale.filter(day__gte=since)
        stale.delete()
        players = _players(plan)
        touched = _replay(system, plan, states, players, progress)
        _refresh_current(system, touched)
    games = sum(len(b.games) for b in plan)
    return ReplayReport(system, len(plan), games, clock.perf_counter() - started)


def recalculate_all(progress: Progress | None = None) -> list[ReplayReport]:
    return [recalculate(s, progress=progress) for s in RatingSystem.objects.enabled()]


# --- the timeline ------------------------------------------------------------------------


def _local_day(event: Event) -> date:
    return timezone.localdate(event.end)


# How far before a period's first day an event may end and still belong to it (a list's
# closing date is at most this many days before the list).
LOOKBACK = timedelta(days=31)


def _period_start(system: RatingSystem, day: date) -> date:
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
    first, last = rules.period_bounds(day, starts)
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


def _timeline(system: RatingSystem, since: date | None) -> list[PlannedBatch]:
    """The batches from ``since`` on (all when None), with their games."""
    events = rated_events(system)
    if since is not None:
        # events ending shortly before ``since`` may belong to its period (closing dates)
        midnight = datetime.combine(
            since - LOOKBACK, time.min, tzinfo=timezone.get_current_timezone()
        )
        events = events.filter(end__gte=midnight)
    chosen = list(events.only("pk", "title", "end", "system"))
    games_by_event: dict[int, list[rules.Game]] = defaultdict(list)
    rounds_by_event: dict[int, int] = defaultdict(int)
    rows = (
        Game.objects.filter(round__event__in=events.values("pk"))
        .exclude(result=Result.PENDING)
        .order_by("round__event", "round__number", "board")
        .values_list("round__event", "round__number", "white", "black", "result")
    )
    for event_id, number, white, black, result in rows.iterator(chunk_size=10_000):
        games_by_event[event_id].append(_rules_game(white, black, result, number))
        rounds_by_event[event_id] = max(rounds_by_event[event_id], number)

    plan: list[PlannedBatch] = []
    periods: dict[tuple[date, date], PlannedBatch] = {}
    for event in chosen:
        day = _local_day(event)
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
                    games=event_games,
                    rounds=rounds_by_event[event.pk],
                )
            )
            continue
        if bounds not in periods:
            label = f"{system.name} {bounds[0]:%Y-%m-%d} – {bounds[1]:%Y-%m-%d}"
            periods[bounds] = PlannedBatch(RatingBatch.Kind.PERIOD, bounds[1], label, period=bounds)
            plan.append(periods[bounds])
        periods[bounds].games.extend(event_games)

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
    adjustments = [*RatingAdjustment.objects.filter(system=system)]
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


def _rules_game(white: int, black: int, result: str, number: int) -> rules.Game:
    points = Result(result).points
    score = float(points[0]) if points else 0.0
    return rules.Game(white, black, score, played=Result(result).is_played, round=number)


def _players(plan: list[PlannedBatch]) -> dict[int, Player]:
    ids = {pid for b in plan for g in b.games for pid in (g.white, g.black)}
    ids |= {o.player_id for b in plan for o in b.official}
    fields = ["pk", "national_rating", "fide_rating", "birth_date"]
    return Player.objects.only(*fields[1:]).in_bulk(ids)


def _states_before(system: RatingSystem, since: date | None) -> dict[int, PlayerState]:
    if since is None:
        return {}
    latest = (
        RatingChange.objects.filter(batch__system=system, batch__day__lt=since)
        .values("player")
        .annotate(last=Max("pk"))
        .values_list("last", flat=True)
    )
    rows = RatingChange.objects.filter(pk__in=latest).values_list("player_id", "state")
    return {player_id: state_from_json(state) for player_id, state in rows}


# --- the replay --------------------------------------------------------------------------


def _entry_state(system: RatingSystem, player: Player) -> PlayerState:
    rating = system.seed_rating(player)
    if rating is None:
        return PlayerState(birth_date=player.birth_date)
    return PlayerState(
        rating=rating, games=system.seed_games, status=Status.RATED, birth_date=player.birth_date
    )


def _replay(
    system: RatingSystem,
    plan: list[PlannedBatch],
    states: dict[int, PlayerState],
    players: dict[int, Player],
    progress: Progress | None,
) -> dict[int, tuple[RatingBatch, PlayerState]]:
    batches = RatingBatch.objects.bulk_create(
        RatingBatch(
            system=system,
            kind=b.kind,
            day=b.day,
            order=n,
            event=b.event,
            label=b.label,
            period_start=b.period[0] if b.period else None,
            period_end=b.period[1] if b.period else None,
        )
        for n, b in enumerate(plan)
    )
    touched: dict[int, tuple[RatingBatch, PlayerState]] = {}
    pending: list[Row] = []
    for done, (planned, batch) in enumerate(zip(plan, batches, strict=True), 1):
        if planned.kind == RatingBatch.Kind.OFFICIAL:
            rows = _apply_official(batch, planned, states, players, system)
        elif planned.adjustment is not None:
            rows = _apply_adjustment(batch, planned.adjustment, states)
        else:
            rows = _rate(system, batch, planned, states, players)
        for row in rows:
            touched[row["player_id"]] = (batch, states[row["player_id"]])
        pending.extend(rows)
        if len(pending) >= WRITE_CHUNK:
            insert_changes(pending)
            pending = []
        if progress:
            progress(done, len(plan))
    insert_changes(pending)
    return touched


def insert_changes(rows: list[Row]) -> None:
    """Write history rows with one ``executemany``: ``bulk_create`` prepares every value
    through its field, which costs more than the rating itself on a long replay."""
    if not rows:
        return
    meta = RatingChange._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    json_fields = {f.attname for f in fields if f.get_internal_type() == "JSONField"}
    ops = connection.ops
    columns = ", ".join(ops.quote_name(str(f.column)) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    table = ops.quote_name(str(meta.db_table))
    sql = f"INSERT INTO {table} ({columns}) VALUES ({marks})"
    names = [f.attname for f in fields]
    values = [
        [ops.adapt_json_value(row[n], None) if n in json_fields else row[n] for n in names]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, values)


def _rate(
    system: RatingSystem,
    batch: RatingBatch,
    planned: PlannedBatch,
    states: dict[int, PlayerState],
    players: dict[int, Player],
) -> list[Row]:
    ids: set[int] = {pid for g in planned.games for pid in (g.white, g.black)}  # type: ignore[misc]
    before: dict[rules.PlayerId, PlayerState] = {
        pid: states.get(pid) or _entry_state(system, players[pid]) for pid in sorted(ids)
    }
    games = tuple(planned.games)
    rounds = planned.rounds or max((g.round or 1 for g in planned.games), default=None)
    # A match (seed 004: "l'augmentation de cote acquise lors d'un match ne peut excéder
    # 50 points") is an event of the match system, rated on its own.
    is_match = planned.event is not None and planned.event.system == Event.System.MATCH
    result = system.module.rate(
        rules.Batch(day=batch.day, players=before, games=games, rounds=rounds, is_match=is_match),
        system.params_on(batch.day),
    )
    rows = []
    for key, outcome in result.results.items():
        pid = cast(int, key)  # the batch's players are keyed by their primary key
        states[pid] = outcome.after
        rows.append(_change_row(batch, pid, outcome))
    return rows


Row = dict[str, Any]  # a history row's column values, by attribute name


def _change_row(batch: RatingBatch, player_id: int, outcome: PlayerResult) -> Row:
    return dict(
        batch_id=batch.pk,
        player_id=player_id,
        rating_before=outcome.rating_before,
        rating_after=outcome.rating_after,
        rating_exact=outcome.rating_exact,
        status=str(outcome.after.status),
        games=sum(1 for line in outcome.games if line.counted),
        score=Decimal(str(outcome.score)),
        expected=outcome.expected,
        k=outcome.k,
        performance=outcome.performance_classical,
        performance_exact=outcome.performance_exact,
        state=state_to_json(outcome.after),
        breakdown=breakdown_to_json(outcome),
    )


def breakdown_to_json(outcome: PlayerResult) -> dict[str, Any]:
    return {
        "games": [
            {
                "opponent": line.opponent,
                "opponent_rating": line.opponent_rating,
                "score": line.score,
                "expected": line.expected,
                "change": line.change,
                "counted": line.counted,
                "note": _note(line.note) if line.note else None,
            }
            for line in outcome.games
        ],
        "notes": [_note(n) for n in outcome.notes],
    }


def _note(note: rules.Note) -> dict[str, Any]:
    return {"template": note.template, "params": dict(note.params)}


def _apply_official(
    batch: RatingBatch,
    planned: PlannedBatch,
    states: dict[int, PlayerState],
    players: dict[int, Player],
    system: RatingSystem,
) -> list[Row]:
    """An official list replaces each listed player's rating: the anchor later estimates
    continue from."""
    rows = []
    for official in planned.official:
        pid = official.player_id
        previous = states.get(pid) or _entry_state(system, players[pid])
        games = official.games if official.games is not None else max(previous.games, 1)
        after = previous.replace(
            rating=float(official.rating), games=games, status=Status.RATED, archive=None
        )
        states[pid] = after
        rows.append(_set_row(batch, pid, previous, after, _official_note(official)))
    return rows


def _apply_adjustment(
    batch: RatingBatch, adjustment: RatingAdjustment, states: dict[int, PlayerState]
) -> list[Row]:
    """Every rated player under the threshold is raised: a row each in their history."""
    rows = []
    note = {
        "template": rules.N_("adjustment: R + {factor} × ({threshold} − R) under {threshold}"),
        "params": {"factor": adjustment.factor, "threshold": adjustment.threshold},
    }
    for pid in sorted(states):
        state = states[pid]
        if state.rating is None or state.rating >= adjustment.threshold:
            continue
        after = state.replace(rating=adjustment.adjusted(state.rating))
        states[pid] = after
        rows.append(_set_row(batch, pid, state, after, note))
    return rows


def _set_row(
    batch: RatingBatch,
    player_id: int,
    before: PlayerState,
    after: PlayerState,
    note: dict[str, Any],
) -> Row:
    """A history row where the rating is set, not played for: an official list, an
    adjustment."""
    return dict(
        batch_id=batch.pk,
        player_id=player_id,
        rating_before=before.rating,
        rating_after=after.rating,
        rating_exact=after.rating,
        status=str(after.status),
        games=0,
        score=Decimal(0),
        expected=None,
        k=None,
        performance=None,
        performance_exact=None,
        state=state_to_json(after),
        breakdown={"games": [], "notes": [note]},
    )


def _official_note(official: OfficialRating) -> dict[str, Any]:
    return {
        "template": rules.N_("official rating {rating} from {source}"),
        "params": {"rating": official.rating, "source": official.source},
    }


def _refresh_current(
    system: RatingSystem, touched: dict[int, tuple[RatingBatch, PlayerState]]
) -> None:
    """Make the current ratings of the replayed players their last state."""
    Rating.objects.filter(system=system, player_id__in=list(touched)).delete()
    Rating.objects.bulk_create(
        (
            Rating(
                system=system,
                player_id=pid,
                rating=state.rating,
                games=state.games,
                status=str(state.status),
                state=state_to_json(state),
                last_batch=batch,
            )
            for pid, (batch, state) in touched.items()
        ),
        batch_size=WRITE_CHUNK,
    )
    _drop_orphans(system)


def _drop_orphans(system: RatingSystem) -> None:
    """Players whose every row was replayed away go back to the state before their
    first row (or leave the list when they have none left)."""
    orphans = Rating.objects.filter(system=system, last_batch__isnull=True)
    for rating in orphans:
        latest = (
            RatingChange.objects.filter(batch__system=system, player=rating.player_id)
            .order_by("-pk")
            .select_related("batch")
            .first()
        )
        if latest is None:
            rating.delete()
            continue
        state = state_from_json(latest.state)
        rating.rating, rating.games, rating.status = state.rating, state.games, str(state.status)
        rating.state, rating.last_batch = latest.state, latest.batch
        rating.save()


@dataclass(frozen=True)
class Impact:
    player: Player
    before: float | None
    after: float | None

    @property
    def delta(self) -> float:
        return (self.after or 0) - (self.before or 0)


def preview(system: RatingSystem, overrides: dict[str, Any]) -> list[Impact]:
    """What the current ratings would become with ``overrides``: the history is replayed
    inside a transaction that is then rolled back, so nothing is written. Largest changes
    first."""
    before = dict(Rating.objects.filter(system=system).values_list("player_id", "rating"))
    saved = system.params
    try:
        with transaction.atomic():
            system.params = overrides
            system.save(update_fields=["params"])
            recalculate(system)
            after = dict(Rating.objects.filter(system=system).values_list("player_id", "rating"))
            transaction.set_rollback(True)
    finally:
        system.params = saved
    moved = [p for p in before.keys() | after.keys() if before.get(p) != after.get(p)]
    players = Player.objects.in_bulk(moved)
    impacts = [Impact(players[p], before.get(p), after.get(p)) for p in moved]
    return sorted(impacts, key=lambda i: (-abs(i.delta), str(i.player)))

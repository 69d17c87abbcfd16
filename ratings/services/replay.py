"""The replay writer: rates a system's planned timeline and writes its history.

A recalculation from a day deletes the batches from that day on and replays them from
the players' states just before it; from scratch, it replays them all. Both give the same
rows, because every row stores the full state the next batch starts from. Rows are always
written in timeline order, so within a system a later batch has a larger primary key:
"the state just before a day" is the row with the largest key.

Each recalculation runs in one transaction, holding a lock on the system's row: it
succeeds whole or changes nothing, and two recalculations of a system never interleave.
The lock is PostgreSQL's ``FOR NO KEY UPDATE``: the rows that refer to the system (a
recalculation queued by the desk meanwhile: ``ReplayJob``) are written without waiting for
the replay, whose whole length a ``FOR UPDATE`` lock would make them wait.
Rating (:func:`rate_plan`) is apart from writing, so the preview
(:mod:`ratings.services.preview`) rates without writing or locking anything.
"""

from __future__ import annotations

import time as clock
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import Any, cast

from django.db import transaction
from django.db.models import Max

from club import pages
from club.models import Event, Player
from ratings.models import (
    OfficialRating,
    Rating,
    RatingAdjustment,
    RatingBatch,
    RatingChange,
    RatingSummary,
    RatingSystem,
    state_from_json,
)
from ratings.rules import base as rules
from ratings.rules.base import PlayerResult, PlayerState, Status
from ratings.rules.common import ExactLater
from ratings.services.in_force import ListsInForce, shown_from
from ratings.services.rows import Row, rows_writer
from ratings.services.summary import Collected, figures, head, summarize
from ratings.services.timeline import PlannedBatch, local_day, period_start, timeline

Progress = Callable[[int, int], None]
# Players whose exact performances are solved together, their rows held till then: one
# batch's. Numpy's cost per call is less than that of holding more: five events' rows
# (300 players) held cost Python's collector, which walks them at each pass, more than
# the calls they saved (the club Elo's replay: 16 full passes instead of 9, 0.7 s more).
EXACT_GROUP = 1


@dataclass(frozen=True)
class ReplayReport:
    system: RatingSystem
    batches: int
    games: int
    seconds: float


def event_results_changed(event: Event) -> list[ReplayReport]:
    """Recalculate every system that rates ``event`` (or rated it before) from the
    event's day, at once (the desk queues the same work: ``ratings.tasks``)."""
    day = local_day(event)
    return [recalculate(system, since=day) for system in systems_to_replay(event)]


def systems_to_replay(event: Event) -> list[RatingSystem]:
    """The systems a change to ``event`` recalculates: those that rate it and those that
    rated it before (the closing page names them)."""
    systems = {system.pk: system for system in RatingSystem.objects.rating(event)}
    for system in RatingSystem.objects.filter(batches__event=event).distinct():
        systems.setdefault(system.pk, system)
    return list(systems.values())


def event_day(event: Event) -> date:
    """The day ``event`` counts on in the ratings: the local day it ends."""
    return local_day(event)


def recalculate(
    system: RatingSystem, since: date | None = None, progress: Progress | None = None
) -> ReplayReport:
    """Replay ``system``'s history from ``since`` (from scratch when None)."""
    started = clock.perf_counter()
    with transaction.atomic():
        RatingSystem.objects.select_for_update(no_key=True).filter(pk=system.pk).get()
        if since is not None:
            since = period_start(system, since)
        plan = [b for b in timeline(system, since) if since is None or b.day >= since]
        states = states_before(system, since)
        stale = RatingBatch.objects.filter(system=system)
        if since is not None:
            stale = stale.filter(day__gte=since)
        # whose history the replay rewrites: those it removes rows of, and those it rates
        # (everyone's, from the start)
        rewritten: set[int] | None = None
        if since is not None:
            removed = RatingChange.objects.filter(batch__in=stale)
            rewritten = set(removed.values_list("player_id", flat=True).distinct())
        stale.delete()
        players = players_of(plan)
        lists = None
        if getattr(system.module, "EVENT_RATINGS", False):
            starts = [day for b in plan for day in b.event_starts.values()]
            lists = ListsInForce.read(system, since, min(starts, default=None))
        touched, collected = _replay(system, plan, states, players, progress, lists)
        _refresh_current(system, touched, states)
        summed = None
        if rewritten is not None:
            # and those whose last summed batch went outside a replay (its event deleted;
            # a summary of a listed rating only never had one)
            lost = RatingSummary.objects.filter(
                system=system, last_batch__isnull=True, changes__gt=0
            )
            summed = rewritten | set(touched) | set(lost.values_list("player_id", flat=True))
        summarize(system, summed, before=since, replayed=collected)
        pages.players_rated(None if rewritten is None else rewritten | set(touched))
    games = sum(len(b.game_rows) for b in plan)
    return ReplayReport(system, len(plan), games, clock.perf_counter() - started)


def recalculate_all(progress: Progress | None = None) -> list[ReplayReport]:
    return [recalculate(s, progress=progress) for s in RatingSystem.objects.enabled()]


def players_of(plan: list[PlannedBatch]) -> dict[int, Player]:
    ids = {pid for b in plan for g in b.game_rows for pid in g[:2]}
    ids |= {o.player_id for b in plan for o in b.official}
    fields = ["pk", "national_rating", "fide_rating", "birth_date"]
    return Player.objects.only(*fields[1:]).in_bulk(ids)


def states_before(system: RatingSystem, since: date | None) -> dict[int, PlayerState]:
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


def entry_state(system: RatingSystem, player: Player) -> PlayerState:
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
    lists: ListsInForce | None = None,
) -> tuple[dict[int, RatingBatch], dict[int, Collected]]:
    """Rate and write ``plan``: each player's last batch (their last state is the one
    ``states`` is left with), and their rows as their summary needs them
    (``ratings.services.summary``). Each row is written as soon as it is made: the
    rules' objects it holds go with it."""
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
    touched: dict[int, RatingBatch] = {}
    collected: dict[int, Collected] = {}

    def noted(batch: RatingBatch, rows: Iterable[Row]) -> Iterator[Row]:
        shared, day = head(batch), batch.day
        for row in rows:
            pid = row["player_id"]
            touched[pid] = batch
            summed = collected.get(pid)
            if summed is None:
                summed = collected[pid] = Collected()
            summed.add(shared, day, figures(row))
            yield row

    rated = rate_plan(system, plan, states, players, [b.pk for b in batches], lists)
    with rows_writer(RatingChange) as write:
        for done, (batch, rows) in enumerate(zip(batches, rated, strict=True), 1):
            write(noted(batch, rows))
            del rows  # its outcomes go now, not once the next batch is rated
            if progress:
                progress(done, len(plan))
    return touched, collected


def rate_plan(
    system: RatingSystem,
    plan: list[PlannedBatch],
    states: dict[int, PlayerState],
    players: dict[int, Player],
    batch_ids: list[int | None],
    lists: ListsInForce | None = None,
) -> Iterator[Iterable[Row]]:
    """Rate ``plan`` in timeline order, moving ``states`` on: each batch's history rows
    (for the batch of ``batch_ids`` at the same place; None when nothing is written),
    made as they are read, to be read before the next batch's.

    The rows of rated batches come once ``EXACT_GROUP`` players' exact performances can be
    solved together (:class:`~ratings.rules.common.ExactLater`), in order all the same.
    A system that rates each event from the list in force when it started
    (``EVENT_RATINGS``) keeps the players' lists as it goes (``lists``: those the history
    holds before a replay from a day on)."""
    later = ExactLater()
    if lists is None and getattr(system.module, "EVENT_RATINGS", False):
        lists = ListsInForce()
    held: list[tuple[int | None, list[tuple[int, PlayerResult]]]] = []

    def release() -> Iterator[Iterable[Row]]:
        later.solve()
        for batch_id, outcomes in held:
            yield (_change_row(batch_id, pid, outcome) for pid, outcome in outcomes)
        held.clear()

    for planned, batch_id in zip(plan, batch_ids, strict=True):
        if planned.kind != RatingBatch.Kind.OFFICIAL and planned.adjustment is None:
            held.append((batch_id, _rate(system, planned, states, players, later, lists)))
            if sum(len(outcomes) for _batch, outcomes in held) >= EXACT_GROUP:
                yield from release()
            continue
        yield from release()  # the rows before an official list or an adjustment first
        if planned.kind == RatingBatch.Kind.OFFICIAL:
            rows = _apply_official(batch_id, planned, states, players, system)
        else:
            assert planned.adjustment is not None
            rows = _apply_adjustment(batch_id, planned.adjustment, states)
        if lists is not None:
            for row in rows:
                lists.enter(row["player_id"], row["rating_before"])
                lists.record(row["player_id"], planned.day, row["rating_after"])
        yield rows
    yield from release()


def _rate(
    system: RatingSystem,
    planned: PlannedBatch,
    states: dict[int, PlayerState],
    players: dict[int, Player],
    later: ExactLater,
    lists: ListsInForce | None = None,
) -> list[tuple[int, PlayerResult]]:
    """Rate a batch of games: each player's outcome, ``states`` moved on (and ``lists``:
    each event rated from the list in force when it started)."""
    games = tuple(planned.games)
    ids: set[int] = {pid for g in planned.game_rows for pid in g[:2]}
    before: dict[rules.PlayerId, PlayerState] = {
        pid: states.get(pid) or entry_state(system, players[pid]) for pid in sorted(ids)
    }
    rounds = planned.rounds or max((g.round or 1 for g in games), default=None)
    # A match (seed 004: "l'augmentation de cote acquise lors d'un match ne peut excéder
    # 50 points") is an event of the match system, rated on its own.
    is_match = planned.event is not None and planned.event.system == Event.System.MATCH
    event_ratings = None
    if lists is not None:
        for pid, state in before.items():
            lists.enter(cast(int, pid), state.rating)
        event_ratings = lists.event_ratings(planned.event_starts, games, before)
    batch = rules.Batch(
        planned.day,
        before,
        games,
        rounds,
        is_match,
        exact_later=later,
        event_ratings=event_ratings,
    )
    result = system.module.rate(batch, system.params_on(planned.day))
    outcomes = []
    shown = shown_from(planned.kind, planned.day)
    for key, outcome in result.results.items():
        pid = cast(int, key)  # the batch's players are keyed by their primary key
        states[pid] = outcome.after
        outcomes.append((pid, outcome))
        if lists is not None:
            lists.record(pid, shown, outcome.after.rating)
    return outcomes


@lru_cache(maxsize=1024)
def _decimal(score: float) -> Decimal:
    """A score as the history stores it (exact: whole and half points)."""
    return Decimal(str(score))


def _change_row(batch_id: int | None, player_id: int, outcome: PlayerResult) -> Row:
    return dict(
        batch_id=batch_id,
        player_id=player_id,
        rating_before=outcome.rating_before,
        rating_after=outcome.rating_after,
        rating_exact=outcome.rating_exact,
        status=str(outcome.after.status),
        games=sum([line.counted for line in outcome.games]),
        score=_decimal(outcome.score),
        expected=outcome.expected,
        k=outcome.k,
        performance=outcome.performance_classical,
        performance_exact=outcome.performance_exact,
        state=outcome.after,
        # the breakdown's game lines and notes, each stored as the object of its fields
        breakdown={"games": outcome.games, "notes": outcome.notes},
    )


def _apply_official(
    batch_id: int | None,
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
        previous = states.get(pid) or entry_state(system, players[pid])
        # a federation's list gives the games played in all (the Belgian NbPart); FIDE's
        # gives those of the last period, and the K they lead to instead
        total = official.games if system.engine != "fide" else None
        games = total if total is not None else max(previous.games, 1)
        k = float(official.k) if official.k is not None else None
        after = previous.replace(
            rating=float(official.rating), games=games, status=Status.RATED, archive=None, list_k=k
        )
        states[pid] = after
        rows.append(_set_row(batch_id, pid, previous, after, _official_note(official)))
    return rows


def _apply_adjustment(
    batch_id: int | None, adjustment: RatingAdjustment, states: dict[int, PlayerState]
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
        rows.append(_set_row(batch_id, pid, state, after, note))
    return rows


def _set_row(
    batch_id: int | None,
    player_id: int,
    before: PlayerState,
    after: PlayerState,
    note: dict[str, Any],
) -> Row:
    """A history row where the rating is set, not played for: an official list, an
    adjustment."""
    return dict(
        batch_id=batch_id,
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
        state=after,
        breakdown={"games": [], "notes": [note]},
    )


def _official_note(official: OfficialRating) -> dict[str, Any]:
    return {
        "template": rules.N_("official rating {rating} from {source}"),
        "params": {"rating": official.rating, "source": official.source},
    }


def _refresh_current(
    system: RatingSystem, touched: dict[int, RatingBatch], states: dict[int, PlayerState]
) -> None:
    """Make the current ratings of the replayed players (``touched``: their last batch)
    their last state."""
    Rating.objects.filter(system=system, player_id__in=list(touched)).delete()
    with rows_writer(Rating) as write:
        write(
            dict(
                system_id=system.pk,
                player_id=pid,
                rating=states[pid].rating,
                games=states[pid].games,
                status=str(states[pid].status),
                state=states[pid],
                last_batch_id=batch.pk,
            )
            for pid, batch in touched.items()
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

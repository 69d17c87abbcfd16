"""The members' rating summaries (``RatingSummary``): each player's history in a system
summed up for the top of their page, written in the transaction that writes the history.

A replay collects the rows it rates as it writes them (``Collected``); the history before
the replay's first day is read back from the database for the players whose history the
replay rewrote. A player with no history left in the system has no summary."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from datetime import date
from operator import itemgetter
from typing import Any

from ratings.models import (
    NEWEST_CHANGES,
    Rating,
    RatingBatch,
    RatingChange,
    RatingSummary,
    RatingSystem,
)
from ratings.services.rows import Row, rows_writer

# A batch as the summary names it: its day (ISO), kind and stored label (a point of the
# chart), then its id, order, event and period's end (ISO) (a row of the history table)
Head = tuple[str, str, str, int, int, int | None, str | None]
# A history row's figures the summary keeps: rating before and after, games, score,
# performance and exact performance
Figures = tuple[float | None, float | None, int, Any, float | None, float | None]
# Those figures of a row the replay writes (``ratings.services.replay``)
figures = itemgetter(
    "rating_before", "rating_after", "games", "score", "performance", "performance_exact"
)
# A point of the chart as it is stored (``RatingSummary.points``): day (ISO), rating after
# (to 0.1), change (to 0.1, or None), batch kind, batch label. A plain tuple of strings and
# numbers, which Python's collector stops following once it has seen it: a replay keeps
# one a history row.
Point = tuple[str, float, float | None, str, str]


class Collected:
    """A player's rows in timeline order, kept as the chart and the summary need them."""

    __slots__ = ("changes", "last_change", "last_day", "newest", "points")

    def __init__(self) -> None:
        self.points: list[Point] = []
        self.changes = 0
        self.last_change: float | None = None
        self.last_day: date | None = None
        self.newest: deque[tuple[Head, Figures]] = deque(maxlen=NEWEST_CHANGES)

    def add(self, head: Head, day: date, figures: Figures) -> None:
        """One more row of the player's history, newer than the ones before."""
        before, after = figures[0], figures[1]
        self.changes += 1
        self.last_day = day
        change = None if before is None or after is None else after - before
        self.last_change = change
        if after is not None:
            shown = None if change is None else round(change, 1)
            self.points.append((head[0], round(after, 1), shown, head[1], head[2]))
        self.newest.append((head, figures))

    def extend(self, newer: Collected) -> None:
        """The rows of ``newer`` after these (a replay's rows after the history before it)."""
        self.points.extend(newer.points)
        self.changes += newer.changes
        self.newest.extend(newer.newest)
        if newer.changes:
            self.last_change, self.last_day = newer.last_change, newer.last_day


def head(batch: RatingBatch) -> Head:
    """What the summaries' rows of ``batch`` share, as plain strings and numbers (the kind of
    a batch just written is its enum's member, an object the collector would follow)."""
    end = batch.period_end
    return (
        batch.day.isoformat(),
        str(batch.kind),
        batch.label,
        batch.pk,
        batch.order,
        batch.event_id,
        None if end is None else end.isoformat(),
    )


def summarize(
    system: RatingSystem,
    players: Iterable[int] | None = None,
    *,
    before: date | None = None,
    replayed: dict[int, Collected] | None = None,
) -> int:
    """Write the summaries of ``players`` in ``system`` (of all its players when None) from
    their current ratings (``Rating``, written first) and their history: the rows the
    replay wrote (``replayed``), after those read from the database before its first day
    (``before``; all of them when nothing was replayed). Returns the summaries written."""
    ratings = Rating.objects.filter(system=system)
    stale = RatingSummary.objects.filter(system=system)
    history = RatingChange.objects.filter(batch__system=system)
    if players is not None:
        chosen = sorted(set(players))
        ratings = ratings.filter(player_id__in=chosen)
        stale = stale.filter(player_id__in=chosen)
        history = history.filter(player_id__in=chosen)
    stale.delete()
    sums: dict[int, Collected] = {}
    if replayed is None or before is not None:
        if before is not None:
            history = history.filter(batch__day__lt=before)
        rows = history.order_by("batch__day", "batch__order", "batch_id").values_list(
            "player_id",
            "batch_id",
            "batch__day",
            "batch__kind",
            "batch__label",
            "batch__order",
            "batch__event_id",
            "batch__period_end",
            "rating_before",
            "rating_after",
            "games",
            "score",
            "performance",
            "performance_exact",
        )
        heads: dict[int, Head] = {}
        for row in rows.iterator(2_000):
            player, batch, day, kind, label, order, event, end = row[:8]
            shared = heads.get(batch)
            if shared is None:
                shared = heads[batch] = (
                    day.isoformat(),
                    kind,
                    label,
                    batch,
                    order,
                    event,
                    None if end is None else end.isoformat(),
                )
            sums.setdefault(player, Collected()).add(shared, day, row[8:])
    for player, collected in (replayed or {}).items():
        if player in sums:
            sums[player].extend(collected)
        else:
            sums[player] = collected
    current = ratings.values_list("player_id", "rating", "status", "games", "last_batch_id")
    written = [
        _summary(system, row, sums[row[0]]) for row in current.iterator(2_000) if row[0] in sums
    ]
    with rows_writer(RatingSummary) as write:  # the bulk writer: a replay sums up thousands
        write(written)
    return len(written)


def _summary(system: RatingSystem, current: tuple[Any, ...], summed: Collected) -> Row:
    """A summary's row for the bulk writer (``ratings.services.rows``)."""
    player, rating, status, games, last_batch = current
    return dict(
        system_id=system.pk,
        player_id=player,
        rating=rating,
        status=status,
        games=games,
        changes=summed.changes,
        last_change=None if summed.last_change is None else round(summed.last_change, 1),
        last_day=summed.last_day,
        last_batch_id=last_batch,
        points=summed.points,  # stored as arrays, as the chart reads them
        newest=[_newest(head, figures) for head, figures in reversed(summed.newest)],
    )


def _newest(head: Head, figures: Figures) -> list[Any]:
    """A change as ``RatingSummary.newest`` keeps it (the score, a whole or a half, as a
    number)."""
    day, kind, label, batch, order, event, end = head
    before, after, games, score, performance, exact = figures
    return [
        batch,
        day,
        order,
        kind,
        label,
        event,
        end,
        before,
        after,
        games,
        float(score),
        performance,
        exact,
    ]

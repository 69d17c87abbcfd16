"""The members' rating summaries (``RatingSummary``): each player's history in a system
summed up for the top of their page, written in the transaction that writes the history.

A replay collects the rows it rates as it writes them (``Collected``); the history before
the replay's first day is read back from the database for the players whose history the
replay rewrote. Each summary also holds the player's rating on the newest of the system's
official lists that rates them (``newest_listed``), written again by the lists' import and
a merge (``write_listed``) as well as by the replay. A player with neither a history nor a
listed rating in the system has no summary."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from datetime import date
from operator import itemgetter
from typing import Any

from django.db.models import Exists, OuterRef, QuerySet, Subquery

from ratings.models import (
    NEWEST_CHANGES,
    OfficialRating,
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
    listed = newest_listed(system)
    if players is not None:
        listed = listed.filter(player_id__in=chosen)
    figures = {row[0]: row[1:] for row in listed.values_list("player_id", "rating", "list_date")}
    current = ratings.values_list("player_id", "rating", "status", "games", "last_batch_id")
    written = [
        _summary(system, row, sums[row[0]], figures.pop(row[0], NOT_LISTED))
        for row in current.iterator(2_000)
        if row[0] in sums
    ]
    written += [_listed_only(system, player, figure) for player, figure in figures.items()]
    with rows_writer(RatingSummary) as write:  # the bulk writer: a replay sums up thousands
        write(written)
    return len(written)


# A player's rating on the newest list that rates them and its day: none
NOT_LISTED: tuple[int | None, date | None] = (None, None)


def newest_listed(system: RatingSystem) -> QuerySet[OfficialRating]:
    """Each player's rating on the newest of ``system``'s official lists that rates them:
    one row a player."""
    newer = OfficialRating.objects.filter(
        system=OuterRef("system"), player=OuterRef("player"), list_date__gt=OuterRef("list_date")
    )
    return OfficialRating.objects.filter(system=system).exclude(Exists(newer))


def write_listed(system: RatingSystem, players: Iterable[int] | None = None) -> None:
    """Write again in the summaries of ``players`` in ``system`` (all its players when None)
    their rating on the newest official list that rates them (``newest_listed``), after
    an import of a list or a merge: a summary made for a listed player who had none, the
    figure cleared for one no list rates any more (their summary removed if it held
    nothing else). The rest of the summary waits for the replay the list calls for."""
    summaries = RatingSummary.objects.filter(system=system)
    listed = newest_listed(system)
    if players is not None:
        chosen = sorted(set(players))
        summaries = summaries.filter(player_id__in=chosen)
        listed = listed.filter(player_id__in=chosen)
    theirs = newest_listed(system).filter(player=OuterRef("player_id"))  # one row, or none
    summaries.update(
        listed_rating=Subquery(theirs.values("rating")),
        listed_day=Subquery(theirs.values("list_date")),
    )
    summaries.filter(listed_day__isnull=True, changes=0).delete()
    summed = RatingSummary.objects.filter(system=system, player=OuterRef("player_id"))
    unsummed = listed.exclude(Exists(summed)).values_list("player_id", "rating", "list_date")
    RatingSummary.objects.bulk_create(
        RatingSummary(**_listed_only(system, player, (rating, day)))
        for player, rating, day in unsummed
    )


def _listed_only(system: RatingSystem, player: int, figure: tuple[int | None, date | None]) -> Row:
    """The summary of a player a list rates who has no history in ``system`` yet."""
    return dict(
        system_id=system.pk,
        player_id=player,
        rating=None,
        status="",
        games=0,
        changes=0,
        last_change=None,
        last_day=None,
        last_batch_id=None,
        points=[],
        newest=[],
        listed_rating=figure[0],
        listed_day=figure[1],
    )


def _summary(
    system: RatingSystem,
    current: tuple[Any, ...],
    summed: Collected,
    figure: tuple[int | None, date | None],
) -> Row:
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
        listed_rating=figure[0],
        listed_day=figure[1],
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

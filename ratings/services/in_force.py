"""The list in force when an event started: FIDE rates each event of a period from it
(an event that started on 31 October and ended on 2 November is rated in December's
period from October's list, not November's: FIDE's calculation F-P03 of December 2025,
docs/ratings/fide.md). The replay keeps each player's ratings by the day from which a
list showed them, and hands the rules the rating of an event that started under an
earlier list (``Batch.event_ratings``), for the systems that read it (``EVENT_RATINGS``).

A replay from a day on reads the ratings the history holds from a little before the
earliest start of its events, so that it rates them as a replay from scratch does.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable, Iterable
from datetime import date, timedelta
from typing import Any

from ratings.models import RatingBatch, RatingChange, RatingSystem
from ratings.rules.base import PlayerState

# how far before the earliest start of a replay's events the history is read: a list
# published before it, and the rating it replaced
MARGIN = timedelta(days=62)


def shown_from(kind: str, day: date) -> date:
    """The day from which a list shows a batch's ratings: the day after a period (its
    list), the day of an official list or an adjustment."""
    return day + timedelta(days=1) if kind == RatingBatch.Kind.PERIOD else day


class ListsInForce:
    """Each player's ratings by the day from which a list showed them, oldest first (the
    first at ``date.min``: the rating they entered with)."""

    def __init__(self) -> None:
        self.days: dict[int, list[date]] = {}
        self.ratings: dict[int, list[float | None]] = {}

    def enter(self, player: int, rating: float | None) -> None:
        """The rating a player enters the replay with, shown since always."""
        if player not in self.days:
            self.days[player], self.ratings[player] = [date.min], [rating]

    def record(self, player: int, day: date, rating: float | None) -> None:
        days, ratings = self.days[player], self.ratings[player]
        if days[-1] == day:
            ratings[-1] = rating
        else:
            days.append(day)
            ratings.append(rating)

    def on(self, player: int, day: date) -> float | None:
        """The player's rating on the list in force on ``day`` (None when unknown)."""
        days = self.days.get(player)
        if not days:
            return None
        n = bisect_right(days, day) - 1
        return self.ratings[player][n] if n >= 0 else None

    def event_ratings(
        self, starts: dict[int, date], games: Iterable[Any], before: dict[Any, PlayerState]
    ) -> dict[tuple[Any, Hashable], float] | None:
        """For a period's games: each (player, event) whose event started under a list
        that rated the player otherwise than now, with that list's rating."""
        found: dict[tuple[Any, Hashable], float] = {}
        for game in games:
            start = starts.get(game.event)
            if start is None:
                continue
            for player in (game.white, game.black):
                now = before[player].rating
                then = self.on(player, start)
                if now is not None and then is not None and then != now:
                    found[(player, game.event)] = then
        return found or None

    @classmethod
    def read(cls, system: RatingSystem, since: date | None, earliest: date | None) -> ListsInForce:
        """The ratings the history holds before ``since`` from a little before
        ``earliest`` (the first start of the replay's events), for a replay from
        ``since``; none for a replay from scratch."""
        lists = cls()
        if since is None or earliest is None or earliest >= since:
            return lists
        rows = (
            RatingChange.objects.filter(
                batch__system=system, batch__day__gte=earliest - MARGIN, batch__day__lt=since
            )
            .order_by("batch__day", "batch__order", "pk")
            .values_list("player_id", "batch__day", "batch__kind", "rating_before", "rating_after")
        )
        for player, day, kind, before, after in rows.iterator(chunk_size=10_000):
            lists.enter(player, before)
            lists.record(player, shown_from(kind, day), after)
        return lists

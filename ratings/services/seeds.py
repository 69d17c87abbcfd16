"""The rating a player brings into a system from their record (``RatingSystem.seed_rating``:
the FIDE rating for a FIDE system, the national rating, else the FIDE rating, for the
others). A replay reads the record as it is now, so a write that changes it (an official
list rewriting the national rating that seeds the club Elo) must replay every system that
reads it, from the changed players' first day there: otherwise the next replay, nothing
else changed, moves their ratings and their opponents'.

A writer reads the seeds before (:func:`read`) and asks after (:func:`replays_needed`)
which systems to replay from which day."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db.models import Min

from club.models import Player
from ratings.models import RatingChange, RatingSystem

BATCH = 500  # players a query
FIELDS = ("pk", "national_rating", "fide_rating")


def read(player_ids: Iterable[int]) -> dict[int, Player]:
    """The players' seed fields as stored now, by id."""
    ids = sorted(set(player_ids))
    found: dict[int, Player] = {}
    for start in range(0, len(ids), BATCH):
        found |= Player.objects.only(*FIELDS).in_bulk(ids[start : start + BATCH])
    return found


def replays_needed(before: dict[int, Player]) -> dict[RatingSystem, date]:
    """Each enabled system in which the seed of a player of ``before`` changed since it was
    read, with the first day such a player has a rating there: the day to replay from.
    A system where they have none yet needs no replay (the next one seeds them)."""
    after = read(before)
    needed: dict[RatingSystem, date] = {}
    for system in RatingSystem.objects.enabled().order_by("pk"):
        changed = [
            pk
            for pk, player in before.items()
            if pk in after and system.seed_rating(player) != system.seed_rating(after[pk])
        ]
        days = [
            RatingChange.objects.filter(
                batch__system=system, player_id__in=changed[start : start + BATCH]
            ).aggregate(first=Min("batch__day"))["first"]
            for start in range(0, len(changed), BATCH)
        ]
        first = min((day for day in days if day is not None), default=None)
        if first is not None:
            needed[system] = first
    return needed

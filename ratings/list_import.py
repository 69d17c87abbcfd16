"""Importing an official rating list: each listed player of ours gets an official rating,
the anchor from which the system's later estimates continue."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.db import transaction

from club import pages
from club.models import Player
from ratings.models import OfficialRating, RatingSystem, ReplayJob
from ratings.official_lists import ListError, ListRow, read_list
from ratings.tasks import queue_replays


@dataclass
class ImportReport:
    list_date: date
    systems: list[RatingSystem]
    listed: int = 0
    matched: list[tuple[ListRow, Player]] = field(default_factory=list)
    unmatched: list[ListRow] = field(default_factory=list)
    jobs: list[ReplayJob] = field(default_factory=list)  # the replays from the list's date


def import_rating_list(kind: str, text: str, list_date: date, source: str) -> ImportReport:
    """Read a ``fide`` or ``frbe`` list and record it for every system of that engine;
    the replay of the enabled ones from the list's date is queued for the task worker.

    Players are matched by FIDE ID (FIDE lists) or national ID (Belgian list); the rows
    of players the club does not know are reported, not created. A bad file raises
    :class:`ListError` and changes nothing.
    """
    rows = read_list(kind, text)
    systems = list(RatingSystem.objects.filter(engine=kind))
    if not systems:
        raise ListError(None, f"no rating system uses the {kind} rules: create one first")
    report = ImportReport(list_date, systems, listed=len(rows))
    with transaction.atomic():
        by_key: dict[object, Player]
        keys: list[object]
        if kind == "fide":
            ours = Player.objects.filter(fide_id__in=[r.fide_id for r in rows if r.fide_id])
            by_key = {player.fide_id: player for player in ours}
            keys = [row.fide_id for row in rows]
        else:
            ours = Player.objects.filter(national_id__in=[r.national_id for r in rows])
            by_key = {player.national_id: player for player in ours}
            keys = [row.national_id for row in rows]
        for row, key in zip(rows, keys, strict=True):
            player = by_key.get(key)
            if player is None:
                report.unmatched.append(row)
            else:
                report.matched.append((row, player))
        for system in systems:
            OfficialRating.objects.filter(system=system, list_date=list_date).delete()
            OfficialRating.objects.bulk_create(
                OfficialRating(
                    system=system,
                    player=player,
                    list_date=list_date,
                    rating=row.rating,
                    games=None,
                    source=source,
                )
                for row, player in report.matched
            )
        field_name = "fide_rating" if kind == "fide" else "national_rating"
        for row, player in report.matched:
            setattr(player, field_name, row.rating)
        Player.objects.bulk_update([p for _r, p in report.matched], [field_name])
        # the players' ratings show on every event's and member's page: a rare write
        pages.forget_all()
        report.jobs = queue_replays([s for s in systems if s.enabled], list_date)
    return report

"""Importing an official rating list: each listed player of ours gets an official rating
in every system of the list's engine (the anchor later estimates continue from), with
the list's games and K; the players' record takes what the list says of them.

The list is read as a stream (``ratings.official_lists``): the club's players' lines are
matched as they come, and every line is written to ``ListedPlayer`` in batches (the
searches' copy of the list, ``ratings.services.listed``), so that a list of 1.2
million players takes little memory; every line is counted by what became of it. The
ratings and the players' record are written once the whole file is read, in one
transaction that also makes the new lines the searched ones: a bad line refuses the
file, naming it, its lines written so far are deleted, and the database is as it was.
The writes are batched (``BATCH`` rows a statement), never one SQL parameter per line of
the list.

A list touches only the systems of the categories it gives: FIDE's rapid list of a month
leaves that month's standard ratings as they are. A list older than one already loaded
keeps its ratings in the history; a player the newer list rates keeps the newer list's
rating in their record, the older one filling only what that record lacks (birth year,
sex, title, federation), and a player the newer list does not rate takes the older one's.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext_noop

from club import pages
from club.models import Player
from ratings.models import OfficialList, OfficialRating, RatingSystem, ReplayJob
from ratings.official_lists import CATEGORIES, ListError, ListInfo, ListRow, read_rows
from ratings.official_lists.source import Progress, open_list
from ratings.services import seeds
from ratings.services.listed import FEDERATION_OF_LIST, ListedLines, same_last_name
from ratings.services.summary import write_listed
from ratings.tasks import start_replay

BATCH = 500
IMPORTED = "imported"
NOT_OURS = "not ours"
NO_RATING = "no rating in the category rated"
BLANK = "blank line"
NO_SYSTEM = gettext_noop("no rating system uses the %(kind)s rules: create one first")
DATED_OTHERWISE = gettext_noop("the list is dated %(header)s by its header, not %(given)s")
NO_DATE = gettext_noop("the list does not give its date: give it")
_FEDERATION_FILE = re.compile(r"(?:PLAYER|players)_(\d{4})(\d{2})\b", re.IGNORECASE)


@dataclass
class ImportReport:
    list_date: date
    systems: list[RatingSystem]  # the systems of the categories the list gives
    layout: str = ""
    counts: Counter[str] = field(default_factory=Counter)  # lines by what became of them
    ratings: dict[str, int] = field(default_factory=dict)  # ratings recorded, by system
    matched: list[tuple[ListRow, int]] = field(default_factory=list)  # (row, player id)
    newer_list: date | None = None  # a newer list already loaded: it keeps the record
    categories: set[str] = field(default_factory=set)  # the categories the list gives
    kind: str = ""  # "fide" or "frbe"
    jobs: list[ReplayJob] = field(default_factory=list)  # the replays from the list's date
    # players whose national ID was recorded with another issuer (or none) and whom the
    # list names by it: their ID's issuer becomes the list's federation (_OurPlayers)
    issuers_corrected: set[int] = field(default_factory=set)

    @property
    def lines(self) -> int:
        return sum(self.counts.values())


def category_of(system: RatingSystem) -> str:
    """The category of a list a system takes: the one time control it rates, standard
    when it rates several or every one."""
    controls = [c for c in system.time_controls if c in CATEGORIES]
    return controls[0] if len(controls) == 1 else "standard"


def import_list_file(
    kind: str,
    path: Path,
    *,
    list_date: date | None = None,
    source: str = "",
    file_name: str = "",
    official_list: OfficialList | None = None,
    progress: Progress | None = None,
    user: User | None = None,
) -> ImportReport:
    """Read the list at ``path`` (TXT, XML, DBF, CSV or a ZIP of one) and record it. The
    list's date is ``list_date``, or the one its header gives (FIDE's ``OCT26``).
    ``file_name`` is the file's own name when ``path`` is a copy kept under another.
    ``official_list`` is the upload's row (one is made when none is given: a command's
    import). Raises :class:`ListError` (nothing kept) for a bad file."""
    systems = list(RatingSystem.objects.filter(engine=kind))
    if not systems:
        raise ListError(None, NO_SYSTEM, kind=kind)
    made = official_list is None
    if official_list is None:
        official_list = OfficialList.objects.create(
            kind=kind,
            file_name=(file_name or path.name)[:200],
            list_date=list_date,
            state=OfficialList.State.RUNNING,
        )
    lines = ListedLines(official_list)
    try:
        report, name = _read(kind, path, list_date, file_name, progress, systems, lines)
        source = source or f"{kind} {name}"
        with transaction.atomic():
            before = seeds.read(player_id for _row, player_id in report.matched)
            _record(report, source, official_list)
            lines.make_current(report.list_date)
            # the players' ratings, written in bulk, show on every event's and member's
            # page: a rare write
            pages.ratings_listed()
            report.jobs = _queue_replays(report, before, user)
    except BaseException:
        lines.discard()
        if made:
            official_list.delete()
        raise
    if made:
        OfficialList.objects.filter(pk=official_list.pk).update(
            state=OfficialList.State.DONE, list_date=report.list_date, layout=report.layout
        )
    lines.analyse()
    return report


def _queue_replays(
    report: ImportReport, before: dict[int, Player], user: User | None
) -> list[ReplayJob]:
    """The replays the list calls for: its systems' from its date, and every system whose
    players' seeds it changed (the national rating seeds the club Elo too) from their
    first day there (``ratings.services.seeds``), each system once, from the earlier."""
    since = {system: report.list_date for system in report.systems if system.enabled}
    for system, day in seeds.replays_needed(before).items():
        since[system] = min(day, since.get(system, day))
    return [start_replay(system, day, user) for system, day in since.items()]


def _read(
    kind: str,
    path: Path,
    list_date: date | None,
    file_name: str,
    progress: Progress | None,
    systems: list[RatingSystem],
    lines: ListedLines,
) -> tuple[ImportReport, str]:
    """Every line of the list read: each kept (``lines``), the club's players' matched.
    Returns the report and the list's file name (a ZIP's member's)."""
    ours = _OurPlayers(kind)
    info = ListInfo()
    counts: Counter[str] = Counter()
    matched: list[tuple[ListRow, int]] = []
    issuers_corrected: set[int] = set()
    rated = {category_of(system) for system in systems}
    with open_list(path, progress) as (stream, name):
        if file_name and name == path.name:
            name = file_name  # an upload kept under another name: its own tells its category
        for row in read_rows(kind, stream, name=name, info=info):
            if not row.name:
                counts[BLANK] += 1
                continue
            lines.add(kind, row)
            player_id, corrected = ours.find(row)
            if player_id is None:
                counts[NOT_OURS] += 1
                continue
            if corrected:
                issuers_corrected.add(player_id)
            if rated.isdisjoint(row.ratings):
                counts[NO_RATING] += 1
                matched.append((row, player_id))  # the record still takes the list's fields
            else:
                counts[IMPORTED] += 1
                matched.append((row, player_id))
    lines.flush()
    named = dated_by_name(file_name or path.name) if kind == "frbe" else None
    day = _list_date(list_date or named, info)
    given = [system for system in systems if category_of(system) in info.categories]
    report = ImportReport(day, given, info.layout, counts, matched=matched)
    report.issuers_corrected = issuers_corrected
    report.categories = set(info.categories)
    report.kind = kind
    return report, name


class _OurPlayers:
    """The club's players a list can name, by the key it names them by: the FIDE ID for
    FIDE's lists, for a federation's the national ID that federation issued, whatever
    federation the player plays for (a French member's Belgian matricule is in the
    Belgian list; a French licence number that happens to equal a Belgian one is not).

    A national ID recorded with another issuer, or none, may be the federation's all the
    same: the records made before the issuer was kept apart took the federation the
    player plays for as issuer (club migration 0024: a French member's Belgian matricule
    became a French one). Such a player is the list's line when the line gives the same
    ID and the same last name, and the ID's issuer is then corrected to the list's
    federation (``ImportReport.issuers_corrected``)."""

    def __init__(self, kind: str) -> None:
        self.fide = kind == "fide"
        self.by_key: dict[object, int] = {}
        self.issued_elsewhere: dict[str, list[tuple[int, str]]] = {}  # ID: (pk, last name)
        if self.fide:
            by_fide = Player.objects.filter(fide_id__isnull=False).values_list("fide_id", "pk")
            self.by_key = dict(by_fide)
            return
        federation = FEDERATION_OF_LIST[kind]
        by_national = (
            Player.objects.exclude(national_id="")
            .values_list("national_id", "national_id_federation", "pk", "last_name")
            .order_by("pk")
        )
        for national_id, issuer, pk, last_name in by_national:
            key = national_id.lstrip("0")
            if issuer == federation:
                self.by_key[key] = pk
            else:
                self.issued_elsewhere.setdefault(key, []).append((pk, last_name))

    def find(self, row: ListRow) -> tuple[int | None, bool]:
        """The player ``row`` names, and whether it is by an ID recorded with another
        issuer (the same ID and last name; None when none, or more than one, is)."""
        if self.fide:
            return self.by_key.get(row.fide_id), False
        found = self.by_key.get(row.national_id)
        if found is not None:
            return found, False
        named = [
            pk
            for pk, last_name in self.issued_elsewhere.get(row.national_id, [])
            if same_last_name(row.name, last_name)
        ]
        return (named[0], True) if len(named) == 1 else (None, False)


def dated_by_name(name: str) -> date | None:
    """The month the Belgian federation's file names (``PLAYER_202204.ZIP``, its
    ``players_202204.zip``): the list of that month's first day; None for another name."""
    found = _FEDERATION_FILE.search(name)
    if found is None or not 1 <= int(found.group(2)) <= 12:
        return None
    return date(int(found.group(1)), int(found.group(2)), 1)


def _list_date(given: date | None, info: ListInfo) -> date:
    if given and info.list_date and given != info.list_date:
        raise ListError(
            1, DATED_OTHERWISE, header=f"{info.list_date:%Y-%m}", given=f"{given:%Y-%m}"
        )
    day = given or info.list_date
    if day is None:
        raise ListError(None, NO_DATE)
    return day


def _record(report: ImportReport, source: str, official_list: OfficialList | None) -> None:
    """The list's ratings written for the systems of its categories (the list's earlier
    import of the same date replaced), then the players' record updated."""
    day = report.list_date
    for system in report.systems:
        category = category_of(system)
        OfficialRating.objects.filter(system=system, list_date=day).delete()
        anchors = [
            OfficialRating(
                system=system,
                player_id=player_id,
                list_date=day,
                rating=rated.rating,
                games=rated.games,
                k=rated.k,
                title=row.title[:3],
                inactive=row.inactive,
                source=source[:200],
                official_list=official_list,
            )
            for row, player_id in report.matched
            if (rated := row.ratings.get(category)) is not None
        ]
        OfficialRating.objects.bulk_create(anchors, batch_size=BATCH)
        write_listed(system)  # the members' pages show it beside the site's rating
        report.ratings[system.name] = len(anchors)
    newer = OfficialRating.objects.filter(system__in=report.systems, list_date__gt=day)
    report.newer_list = newer.aggregate(latest=Max("list_date"))["latest"]
    _update_players(report, _rated_later(report))


def _rated_later(report: ImportReport) -> set[int]:
    """The matched players a list newer than this one rates in its standard systems (the
    record's rating is the standard one), or in any of its systems when it has none."""
    if report.newer_list is None:
        return set()
    standard = [s for s in report.systems if category_of(s) == "standard"] or report.systems
    ids = [player_id for _row, player_id in report.matched]
    later: set[int] = set()
    for start in range(0, len(ids), BATCH):
        rated = OfficialRating.objects.filter(
            system__in=standard,
            list_date__gt=report.list_date,
            player_id__in=ids[start : start + BATCH],
        )
        later.update(rated.values_list("player_id", flat=True))
    return later


def _update_players(report: ImportReport, rated_later: set[int]) -> None:
    """The players' record takes the list's current rating and what it says of them: a
    field the list leaves empty is kept. A player in ``rated_later`` keeps the newer
    list's record: this list only fills the fields still empty."""
    fide = report.kind == "fide"
    by_id = {row_pid[1]: row_pid[0] for row_pid in report.matched}
    players = []
    for start in range(0, len(by_id), BATCH):
        ids = list(by_id)[start : start + BATCH]
        players += list(Player.objects.filter(pk__in=ids))
    changed: set[str] = set()
    for player in players:
        row = by_id[player.pk]
        newest = player.pk not in rated_later
        standard = row.ratings.get("standard")
        values: dict[str, object] = {}
        if standard is not None and newest:
            values["fide_rating" if fide else "national_rating"] = standard.rating
        if row.title and (newest or not player.title):
            values["title"] = row.title[:3]
        if row.sex in ("M", "F") and (newest or not player.sex):
            values["sex"] = row.sex
        if row.birth_year and player.birth_date is None and (newest or not player.birth_year):
            values["birth_year"] = row.birth_year
        if fide and row.federation and not player.federation:
            values["federation"] = row.federation[:3]
        if player.pk in report.issuers_corrected:
            values["national_id_federation"] = FEDERATION_OF_LIST[report.kind]
        for name, value in values.items():
            setattr(player, name, value)
        changed |= set(values)
    if players and changed:
        Player.objects.bulk_update(players, sorted(changed), batch_size=BATCH)

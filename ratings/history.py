"""What a member's page shows of their ratings, read from the stored history and the
summaries the replay writes (never recomputed), in a bounded number of queries whatever the
length of the history.

The top of the page (the current ratings and the chart of the whole history) and the history
table's first page (the newest changes) come from the members' summaries
(``RatingSummary``, one row a system: ``ratings.services.summary``), with the member's
rating on the newest official list of each system they keep (the federation's published
figure, shown beside the site's with what makes them differ); the history table's older
rows come a page at a time, newest first, without their calculations (each change's
breakdown is about a kilobyte of JSON, and the page shows none open). A change's
calculation game by game is read when the visitor opens it (``change_calculation``, loaded
in place by htmx). Each row's figures come written out in the page's language
(``HistoryRow``); the templates ``club/_history_table.html`` and ``club/_history_rows.html``
write the table, its dates and addresses."""

from __future__ import annotations

from datetime import date
from typing import Any, NamedTuple, TypedDict

from django.db.models import Exists, QuerySet
from django.utils.formats import date_format
from django.utils.translation import gettext

from club.models import Member, Player
from lib.numbers import NONE, number, rating_change
from lib.paging import page_query, split_page
from ratings import rules
from ratings.models import (
    NEWEST_CHANGES,
    RatingBatch,
    RatingChange,
    RatingStatus,
    RatingSummary,
    RatingSystem,
    ReplayJob,
    is_estimated,
)
from ratings.services.listed import FEDERATION_OF_LIST

DISTRIBUTION_STEP = 100
# The changes a page of the history table shows: the member's page shows the newest (kept
# in the summaries), older ones come a page at a time (``history_page``), the chart shows
# them all. Each row costs Django's templates some 0.1 ms (benchmarks/README.md).
HISTORY_PAGE = NEWEST_CHANGES

ROW_FIELDS = (
    "batch_id",
    "batch__day",
    "batch__system_id",
    "batch__system__name",
    "batch__label",
    "batch__event_id",
    "batch__period_end",
    "rating_before",
    "rating_after",
    "games",
    "score",
    "performance",
    "performance_exact",
    "batch__kind",
)
# Newest first: a player has one change a batch, so that no two rows tie (the key last: a
# page needs it, lib.paging); the summaries keep the newest in this order
CHANGES_ORDER = ("-batch__day", "-batch__order", "-batch_id", "-pk")
# The enabled systems (``_systems``), and the player's summary in each
SYSTEM_FIELDS = ("pk", "name", "engine", "recalculating")
SUMMARY_FIELDS = (
    "system_id",
    "rating",
    "status",
    "last_batch__period_end",
    "points",
    "changes",
    "newest",
    "listed_rating",
    "listed_day",
)
NO_SUMMARY = (None, "", None, (), 0, (), None, None)
LISTED_SHOWN = 3  # the changes since the list named beside it, the newest
# The national lists that give a player of another FIDE federation than the list's
# (``FEDERATION_OF_LIST``) the FIDE rating (docs/ratings/frbe.md), by kind (the engine)
FIDE_RATING_FOR_OTHERS = frozenset({"frbe"})


class HistoryRow(TypedDict):
    """One rating change as the history table shows it, its figures already written out
    in the page's language; its calculation (by its batch) is read when opened. A
    dictionary: the template language looks a variable up in a dictionary first (an
    object's attribute after a failed lookup, each row's twenty a page)."""

    batch: int
    day: date
    system_id: int
    system: str
    label: str
    event_id: int | None
    estimated: bool
    rating_before: float | None
    rating_after: float | None
    change: float | None
    before_text: str
    after_text: str
    change_text: str
    score_text: str
    performance_text: str
    performance_exact_text: str


class SystemShown(NamedTuple):
    """An enabled system as the member's page shows it: whether a recalculation is under
    way, and the player's summary in it (``RatingSummary``; ``NO_SUMMARY`` where they have
    none): rating, status, the end of the last batch's period, the chart's points, the
    number of changes and the newest, their rating on the newest official list that rates
    them and its day."""

    pk: int
    name: str
    engine: str
    recalculating: bool
    rating: float | None
    status: str
    period_end: date | None
    points: list[list[Any]]
    changes: int
    newest: list[list[Any]]
    listed_rating: int | None
    listed_day: date | None


def whole(value: float | None) -> str:
    """A rating rounded half up to a whole number (``lib.numbers.number``); – when there
    is none."""
    return NONE if value is None else number(value, 0)


def _row(values: tuple[Any, ...] | list[Any], today: date) -> HistoryRow:
    (batch, day, system_id, system, label, event_id, period_end, before, after) = values[:9]
    (games, score, performance, performance_exact, kind) = values[9:]
    change = None if before is None or after is None else after - before
    return HistoryRow(
        batch=batch,
        day=day,
        system_id=system_id,
        system=system,
        label=shown_label(kind, label, system, day),
        event_id=event_id,
        estimated=is_estimated(period_end, today),
        rating_before=before,
        rating_after=after,
        change=change,
        before_text=whole(before),
        after_text=whole(after),
        change_text=rating_change(change),
        score_text=f"{number(score)}/{games}",
        performance_text=whole(performance),
        performance_exact_text="" if performance_exact is None else whole(performance_exact),
    )


def shown_label(kind: str, label: str, system: str, day: date) -> str:
    """A batch's label in the page's language. The replay stores it in English: an
    official list is named again here, a federation's published adjustment is translated
    (one an administrator typed is shown as typed), an event keeps its title and a period
    its dates."""
    if kind == RatingBatch.Kind.OFFICIAL:
        return gettext("%(system)s: official list of %(day)s") % {
            "system": system,
            "day": date_format(day, "DATE_FORMAT"),
        }
    if kind == RatingBatch.Kind.ADJUSTMENT and label in _PUBLISHED_ADJUSTMENTS:
        return gettext(label)
    return label


# The labels of the federations' published adjustments (``ADJUSTMENT_LABEL``, marked N_)
_PUBLISHED_ADJUSTMENTS = frozenset(
    label for key in rules.SYSTEMS if (label := rules.system(key).ADJUSTMENT_LABEL)
)


def member_history(member: Member, today: date) -> dict[str, Any]:
    """The member's current ratings, each beside their rating on the system's newest
    official list, the chart of their whole history, whether a recalculation is under way
    and the newest page of their history (``HISTORY_PAGE`` changes, newest first, from
    the summaries): two queries, the enabled systems and the member's summaries. Older
    changes come a page at a time (``history_page``)."""
    systems = _systems(member.player_id)
    values = _newest(systems)
    older = 2 if sum(system.changes for system in systems) > HISTORY_PAGE else None
    statuses = {value: str(label) for value, label in RatingStatus.choices}
    recalculating = any(system.recalculating for system in systems)
    federation = member.player.federation
    standings = [_standing(row, statuses, today, federation) for row in systems]
    return {
        "standings": standings,
        "recalculating": recalculating,
        "history": [_row(row, today) for row in values],
        "older_changes": older,
        "chart": chart_series(systems),
    }


def _standing(
    system: SystemShown, statuses: dict[str, str], today: date, federation: str
) -> dict[str, Any]:
    """One system's card: the site's rating and status, and the list's beside it (the
    member's FIDE ``federation`` says whether the list gives them their FIDE rating)."""
    rating, listed, day = system.rating, system.listed_rating, system.listed_day
    engine = system.engine
    own = FEDERATION_OF_LIST.get(engine) if engine in FIDE_RATING_FOR_OTHERS else None
    fide_rating = own is not None and federation not in ("", own)
    return {
        "name": system.name,
        "rating": whole(rating),
        "status": statuses.get(system.status, system.status),
        "estimated": is_estimated(system.period_end, today),
        "listed": None
        if listed is None or day is None
        else listed_beside(system.name, rating, system.points, listed, day, fide_rating),
    }


def listed_beside(
    system: str,
    rating: float | None,
    points: list[list[Any]],
    listed: int,
    day: date,
    fide_rating: bool = False,
) -> dict[str, Any]:
    """The federation's published figure beside the site's: the list's rating and day,
    whether the site shows the same, and where it does not, why: the changes the site
    rated since the list (from the summary's chart points: their labels and changes,
    the newest ``LISTED_SHOWN``), or none (the history does not start from the list
    yet: its recalculation has not run); and ``fide_rating``, the list gives the member
    their FIDE rating (``FIDE_RATING_FOR_OTHERS``)."""
    same = rating is not None and whole(rating) == whole(listed)
    since = [
        {"label": _point(point, system)["label"], "change": rating_change(point[2])}
        for point in points
        if point[2] is not None and _after_list(point, day)
    ]
    total = None if rating is None else rating - listed
    return {
        "rating": whole(listed),
        "day": day,
        "same": same,
        "fide_rating": fide_rating and not same,
        "total": "" if same or total is None else rating_change(round(total, 1)),
        "since": [] if same else since[::-1][:LISTED_SHOWN],
        "more": 0 if same else max(0, len(since) - LISTED_SHOWN),
    }


def _after_list(point: list[Any], day: date) -> bool:
    """A chart point the site rated after the list of ``day`` (the list's own anchor
    is the list)."""
    when = date.fromisoformat(point[0])
    return when > day or (when == day and point[3] != RatingBatch.Kind.OFFICIAL)


def history_page(member: Member, page: int, today: date) -> dict[str, Any]:
    """The ``page``-th page of the member's history, newest first (the first is the one
    their page shows): one query."""
    read = list(_changes(member.player_id, page))
    values, newer, older = split_page(read, page, HISTORY_PAGE)
    return {
        "history": [_row(row, today) for row in values],
        "page": page,
        "newer_changes": newer,
        "older_changes": older,
    }


def _newest(systems: list[SystemShown]) -> list[list[Any]]:
    """The newest ``HISTORY_PAGE`` changes of the enabled systems, from their summaries,
    newest first (``CHANGES_ORDER``), as ``ROW_FIELDS``."""
    rows = []
    for system in systems:
        for batch, day, order, kind, label, event, end, *figures in system.newest:
            period_end = None if end is None else date.fromisoformat(end)
            shown = [batch, date.fromisoformat(day), system.pk, system.name, label, event]
            rows.append(((day, order, batch), [*shown, period_end, *figures, kind]))
    rows.sort(key=lambda row: row[0], reverse=True)
    return [values for _key, values in rows[:HISTORY_PAGE]]


def _systems(player: int) -> list[SystemShown]:
    """The enabled systems in their order, whether a recalculation is under way, and the
    player's summary in each (``RatingSummary``, with their rating on the system's newest
    official list): two queries, each of one table's indexed rows (a summary joined with
    its last batch)."""
    systems = RatingSystem.objects.enabled().annotate(
        recalculating=Exists(ReplayJob.objects.pending())
    )
    summaries = RatingSummary.objects.filter(player_id=player).values_list(*SUMMARY_FIELDS)
    mine = {system: rest for system, *rest in summaries}
    return [
        SystemShown(*system, *mine.get(system[0], NO_SUMMARY))
        for system in systems.order_by("role", "name").values_list(*SYSTEM_FIELDS)
    ]


def _changes(player: int, page: int) -> QuerySet[RatingChange, tuple[Any, ...]]:
    """The ``page``-th page of the player's changes in the enabled systems and one more
    (``lib.paging.page_query``), newest first (``CHANGES_ORDER``), as ``ROW_FIELDS``."""
    changes = RatingChange.objects.filter(player_id=player, batch__system__enabled=True)
    return page_query(changes.values_list(*ROW_FIELDS), page, HISTORY_PAGE, CHANGES_ORDER)


def chart_series(systems: list[SystemShown]) -> list[dict[str, Any]]:
    """The rating chart's data from the systems' summaries, in order: per system with a
    history, oldest first, each rating after a change."""
    return [
        {"label": system.name, "points": [_point(point, system.name) for point in system.points]}
        for system in systems
        if system.points
    ]


def _point(point: list[Any], system: str) -> dict[str, Any]:
    day, after, change, kind, label = point
    if kind in (RatingBatch.Kind.OFFICIAL, RatingBatch.Kind.ADJUSTMENT):
        label = shown_label(kind, label, system, date.fromisoformat(day))
    return {"x": day, "y": after, "label": label, "change": change}


def change_calculation(change: RatingChange) -> dict[str, Any]:
    """One change's calculation game by game, its opponents named: one query."""
    return change_calculations([change])[change.pk]


def change_calculations(changes: list[RatingChange]) -> dict[int, dict[str, Any]]:
    """Each change's calculation game by game, by change id: one query names the
    opponents of them all."""
    lines = {change.pk: change.breakdown.get("games", []) for change in changes}
    opponents = Player.objects.in_bulk(
        {line["opponent"] for games in lines.values() for line in games}
    )
    return {
        change.pk: {
            "change": change,
            "games": [
                {**line, "opponent_player": opponents.get(line["opponent"])}
                for line in lines[change.pk]
            ],
            "notes": change.breakdown.get("notes", []),
        }
        for change in changes
    }


def rating_distribution(ratings: list[float], step: int = DISTRIBUTION_STEP) -> dict[str, Any]:
    """How many ratings fall in each band of ``step`` points, for a bar chart."""
    if not ratings:
        return {"labels": [], "counts": []}
    low = int(min(ratings)) // step * step
    high = int(max(ratings)) // step * step
    counts = dict.fromkeys(range(low, high + step, step), 0)
    for rating in ratings:
        counts[int(rating) // step * step] += 1
    return {
        "labels": [f"{band}–{band + step - 1}" for band in counts],
        "counts": list(counts.values()),
    }

"""What a member's page shows of their ratings, read from the stored history and the
summaries the replay writes (never recomputed), in a bounded number of queries whatever the
length of the history.

The top of the page (the current ratings and the chart of the whole history) and the history
table's first page (the newest changes) come from the members' summaries
(``RatingSummary``, one row a system: ``ratings.services.summary``), read with the member's
rating on the newest official list of each system (the federation's published figure, shown
beside the site's with what makes them differ); the history table's older rows come a page
at a time, newest first, without their calculations (each change's breakdown is about a
kilobyte of JSON, and the page shows none open). A change's
calculation game by game is read when the visitor opens it (``change_calculation``, loaded
in place by htmx). Each row's figures come written out in the page's language
(``HistoryRow``); the templates ``club/_history_table.html`` and ``club/_history_rows.html``
write the table, its dates and addresses."""

from __future__ import annotations

from datetime import date
from typing import Any, TypedDict

from django.db.models import Exists, FilteredRelation, OuterRef, Q, QuerySet, Subquery
from django.utils.formats import date_format
from django.utils.translation import gettext

from club.models import Member, Player
from lib.numbers import NONE, number, rating_change
from lib.paging import page_query, split_page
from ratings import rules
from ratings.models import (
    NEWEST_CHANGES,
    OfficialRating,
    RatingBatch,
    RatingChange,
    RatingStatus,
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
# The enabled systems with the player's summary in each (``_systems``)
SYSTEM_FIELDS = (
    "pk",
    "name",
    "mine__pk",
    "mine__rating",
    "mine__status",
    "mine__last_batch__period_end",
    "mine__points",
    "mine__changes",
    "mine__newest",
    "recalculating",
    "listed_rating",
    "listed_day",
    "engine",
)
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
    the summaries): one query, the enabled systems with the member's summary and newest
    official rating in each. Older changes come a page at a time (``history_page``)."""
    systems = _systems(member.player_id)
    values = _newest(systems)
    older = 2 if sum(row[7] or 0 for row in systems) > HISTORY_PAGE else None
    statuses = {value: str(label) for value, label in RatingStatus.choices}
    recalculating = any(row[9] for row in systems)
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
    row: tuple[Any, ...], statuses: dict[str, str], today: date, federation: str
) -> dict[str, Any]:
    """One system's card: the site's rating and status, and the list's beside it (the
    member's FIDE ``federation`` says whether the list gives them their FIDE rating)."""
    _pk, name, summed, rating, status, period_end, points, _changes, _newest, *rest = row
    _pending, listed, day, engine = rest
    own = FEDERATION_OF_LIST.get(engine) if engine in FIDE_RATING_FOR_OTHERS else None
    return {
        "name": name,
        "rating": whole(rating),
        "status": statuses.get(status, status) if summed else "",
        "estimated": is_estimated(period_end, today),
        "listed": None
        if listed is None
        else listed_beside(
            name, rating, points or [], listed, day, own is not None and federation not in ("", own)
        ),
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


def _newest(systems: list[tuple[Any, ...]]) -> list[list[Any]]:
    """The newest ``HISTORY_PAGE`` changes of the enabled systems (``SYSTEM_FIELDS``), from
    their summaries, newest first (``CHANGES_ORDER``), as ``ROW_FIELDS``."""
    rows = []
    for pk, name, _summed, _rating, _status, _end, _points, _changes, newest, *_ in systems:
        for batch, day, order, kind, label, event, end, *figures in newest or ():
            period_end = None if end is None else date.fromisoformat(end)
            values = [batch, date.fromisoformat(day), pk, name, label, event, period_end]
            rows.append(((day, order, batch), [*values, *figures, kind]))
    rows.sort(key=lambda row: row[0], reverse=True)
    return [values for _key, values in rows[:HISTORY_PAGE]]


def _systems(player: int) -> list[tuple[Any, ...]]:
    """The enabled systems in their order, with the player's summary in each
    (``RatingSummary``), whether a recalculation is under way and the player's rating on
    the system's newest official list with its day, as ``SYSTEM_FIELDS``: one query."""
    mine = FilteredRelation("summaries", condition=Q(summaries__player_id=player))
    listed = OfficialRating.objects.filter(system=OuterRef("pk"), player_id=player).order_by(
        "-list_date"
    )
    systems = RatingSystem.objects.enabled().annotate(
        mine=mine,
        recalculating=Exists(ReplayJob.objects.pending()),
        listed_rating=Subquery(listed.values("rating")[:1]),
        listed_day=Subquery(listed.values("list_date")[:1]),
    )
    return list(systems.order_by("role", "name").values_list(*SYSTEM_FIELDS))


def _changes(player: int, page: int) -> QuerySet[RatingChange, tuple[Any, ...]]:
    """The ``page``-th page of the player's changes in the enabled systems and one more
    (``lib.paging.page_query``), newest first (``CHANGES_ORDER``), as ``ROW_FIELDS``."""
    changes = RatingChange.objects.filter(player_id=player, batch__system__enabled=True)
    return page_query(changes.values_list(*ROW_FIELDS), page, HISTORY_PAGE, CHANGES_ORDER)


def chart_series(systems: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """The rating chart's data from the systems' summaries (``SYSTEM_FIELDS``, in order):
    per system with a history, oldest first, each rating after a change."""
    return [
        {"label": name, "points": [_point(point, name) for point in points]}
        for _pk, name, _summed, _rating, _status, _end, points, *_rest in systems
        if points
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

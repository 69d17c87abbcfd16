"""What a member's page shows of their ratings, read from the stored history (never
recomputed), in a bounded number of queries whatever the length of the history.

The page reads the history once, without the calculations (each change's breakdown is
about a kilobyte of JSON, and the page shows none open): the chart of the whole history
and the table's newest rows come from the same read; older rows come a page at a time
(``history_page``). A change's calculation game by game is read when the visitor opens it
(``change_calculation``, loaded in place by htmx). Each row's figures come written out
in the page's language (``HistoryRow``); the template ``club/_history_table.html`` puts
them in the table."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import cache
from typing import Any

from django.urls import get_script_prefix, reverse
from django.utils.dates import MONTHS
from django.utils.formats import date_format, get_format
from django.utils.translation import get_language, gettext

from club.models import Member, Player
from lib import sql_reads
from lib.numbers import NONE, number, rating_change
from lib.paging import page_window, split_page
from ratings import rules
from ratings.models import (
    RatingBatch,
    RatingChange,
    RatingStatus,
    RatingSystem,
    ReplayJob,
    is_estimated,
)

DISTRIBUTION_STEP = 100
# The changes a page of the history table shows: the member's page shows the newest, older
# ones come a page at a time (``history_page``), the chart shows them all.
HISTORY_PAGE = 20

ROW_FIELDS = (
    "pk",
    "batch__day",
    "batch__system_id",
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


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One rating change as the history table shows it, its figures already written out
    in the page's language (a template filter on each cell would cost more than the rest
    of the page); its calculation is read when opened."""

    pk: int
    day: date
    system_id: int
    system: str
    label: str
    event_url: str
    calculation_url: str
    estimated: bool
    rating_before: float | None
    rating_after: float | None
    change: float | None
    day_text: str
    before_text: str
    after_text: str
    change_text: str
    score_text: str
    performance_text: str
    performance_exact_text: str

    @property
    def trend(self) -> str:
        """The change's colour: up, down or none."""
        if self.change and self.change > 0:
            return "text-success"
        if self.change and self.change < 0:
            return "text-danger"
        return ""


def whole(value: float | None) -> str:
    """A rating rounded half up to a whole number (``lib.numbers.number``); – when there
    is none."""
    return NONE if value is None else number(value, 0)


def _day_pattern(pattern: str) -> str | None:
    """A language's DATE_FORMAT made of day (j), month (F) and year (Y) only, as a
    ``str.format`` pattern ("j. F Y" -> "{0}. {1} {2}"); None for any other format."""
    fields = {"j": "{0}", "F": "{1}", "Y": "{2}"}
    if any(c.isalpha() and c not in fields for c in pattern) or "\\" in pattern:
        return None
    return "".join(fields.get(c, c.replace("{", "{{").replace("}", "}}")) for c in pattern)


_SLOT = 2_147_483_647  # an id no row has: where a page's addresses take each row's id


@cache
def _language_words(
    language: str | None, prefix: str
) -> tuple[str, str, str, tuple[tuple[int, str], ...], str | None]:
    """A ``Writer``'s addresses and words in ``language`` (addresses after the site's
    ``prefix``): the event's, the game's and the calculation's (member and change), the
    month names and the day's pattern."""
    slot = str(_SLOT)
    calculation = reverse("member_calculation", args=[_SLOT - 1, _SLOT])
    return (
        reverse("event", args=[_SLOT]).replace(slot, "{}"),
        reverse("game", args=[_SLOT]).replace(slot, "{}"),
        calculation.replace(str(_SLOT - 1), "{0}").replace(slot, "{1}"),
        tuple((month, str(name)) for month, name in MONTHS.items()),
        _day_pattern(str(get_format("DATE_FORMAT"))),
    )


class Writer:
    """What every row of a page writes the same way, looked up once a language rather
    than once a cell: the addresses (``reverse`` with a slot for the id) and the month names
    of the page's language."""

    def __init__(self, member: int) -> None:
        words = _language_words(get_language(), get_script_prefix())
        self.event, self.game, calculation, months, self.day_pattern = words
        self.calculation = calculation.format(member, "{}")
        self.months = dict(months)

    def day(self, day: date) -> str:
        """As the ``date:"DATE_FORMAT"`` filter writes it in the page's language: 7 mars
        2026, 7. März 2026."""
        if self.day_pattern is None:
            return date_format(day, "DATE_FORMAT")
        return self.day_pattern.format(day.day, self.months[day.month], day.year)

    def score(self, score: Decimal) -> str:
        """A total of points, as ``lib.numbers.number`` writes it: 3, 2,5."""
        return number(score)


def _row(values: tuple[Any, ...], names: dict[int, str], today: date, write: Writer) -> HistoryRow:
    (pk, day, system_id, label, event_id, period_end, before, after) = values[:8]
    (games, score, performance, performance_exact, kind) = values[8:]
    change = None if before is None or after is None else after - before
    return HistoryRow(
        pk=pk,
        day=day,
        system_id=system_id,
        system=names[system_id],
        label=shown_label(kind, label, names[system_id], day),
        event_url=write.event.format(event_id) if event_id else "",
        calculation_url=write.calculation.format(pk),
        estimated=is_estimated(period_end, today),
        rating_before=before,
        rating_after=after,
        change=change,
        day_text=write.day(day),
        before_text=whole(before),
        after_text=whole(after),
        change_text=rating_change(change),
        score_text=f"{write.score(score)}/{games}",
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
    """The member's current ratings, the newest page of their history (``HISTORY_PAGE``
    changes, newest first), the chart's series of the whole history and whether a
    recalculation is under way: two queries, whatever the history's length.

    The systems come with the member's rating in each and the recalculation's notice (one
    query); the history is read once, a dozen columns a change: the chart takes every
    change, the table its first page; older changes come a page at a time
    (``history_page``)."""
    systems = _systems(member.player_id)
    names = {pk: name for pk, name, *_rest in systems}
    values = _changes(member.player_id) if names else []
    write = Writer(member.pk)
    rows = [_row(row, names, today, write) for row in values[:HISTORY_PAGE]]
    statuses = {value: str(label) for value, label in RatingStatus.choices}
    standings = [
        {
            "name": name,
            "rating": whole(rating),
            "status": statuses.get(status, status) if rated else "",
            "estimated": is_estimated(period_end, today),
        }
        for _pk, name, rated, rating, status, period_end, _pending in systems
    ]
    return {
        "standings": standings,
        "recalculating": any(row[-1] for row in systems),
        "history": rows,
        "older_changes": 2 if len(values) > HISTORY_PAGE else None,
        "chart": chart_series(values, names),
    }


def history_page(member: Member, page: int, today: date) -> dict[str, Any]:
    """The ``page``-th page of the member's history, newest first (the first is the one
    their page shows): two queries."""
    names = dict(RatingSystem.objects.enabled().values_list("pk", "name"))
    read = _changes(member.player_id, page) if names else []
    values, newer, older = split_page(read, page, HISTORY_PAGE)
    write = Writer(member.pk)
    rows = [_row(row, names, today, write) for row in values]
    return {
        "history": rows,
        "page": page,
        "newer_changes": newer,
        "older_changes": older,
    }


def _systems(player: int) -> list[tuple[Any, ...]]:
    """The enabled systems in their order, with the player's rating in each and whether a
    recalculation is under way, as ``(pk, name, rating's pk, rating, status, its period's
    end, recalculating)``: ``RatingSystem.objects.enabled()`` with the player's ``Rating``
    and its last batch joined, and ``Exists(ReplayJob.objects.pending())``, in SQL
    (``lib.sql_reads``)."""
    found = sql_reads.rows(RatingSystem, _SYSTEMS_SQL, [*ReplayJob.PENDING, player])
    return [(*row[:6], bool(row[6])) for row in found]


_SYSTEMS_SQL = f"""
    SELECT s.id, s.name, r.id, r.rating, r.status, b.period_end, EXISTS (
        SELECT 1 FROM ratings_replayjob j
        WHERE j.state IN ({", ".join(["%s"] * len(ReplayJob.PENDING))})
    )
    FROM ratings_ratingsystem s
    LEFT JOIN ratings_rating r ON r.system_id = s.id AND r.player_id = %s
    LEFT JOIN ratings_ratingbatch b ON b.id = r.last_batch_id
    WHERE s.enabled
    ORDER BY s.role, s.name"""


def _changes(player: int, page: int | None = None) -> list[tuple[Any, ...]]:
    """The player's changes in the enabled systems, newest first (``CHANGES_ORDER``), as
    ``ROW_FIELDS``: all of them, or the ``page``-th page of ``HISTORY_PAGE`` and one more
    (``lib.paging.split_page``), in SQL (``lib.sql_reads``)."""
    window = "" if page is None else page_window(page, HISTORY_PAGE)
    found = sql_reads.rows(RatingChange, _CHANGES_SQL + window, [player])
    return [(*row[:9], sql_reads.exact(row[9]), *row[10:]) for row in found]


# Newest first, the key last so that no two rows tie (a page needs it: lib.paging)
CHANGES_ORDER = ("-batch__day", "-batch__order", "-pk")
_CHANGES_SQL = """
    SELECT c.id, b.day, b.system_id, b.label, b.event_id, b.period_end,
        c.rating_before, c.rating_after, c.games, c.score, c.performance,
        c.performance_exact, b.kind
    FROM ratings_ratingchange c
    JOIN ratings_ratingbatch b ON b.id = c.batch_id
    JOIN ratings_ratingsystem s ON s.id = b.system_id
    WHERE s.enabled AND c.player_id = %s
    ORDER BY b.day DESC, b."order" DESC, c.id DESC"""


def chart_series(values: list[tuple[Any, ...]], systems: dict[int, str]) -> list[dict[str, Any]]:
    """The rating chart's data from the history's rows (``ROW_FIELDS``, newest first):
    per system (``systems``: their names by id, in order), oldest first, each rating
    after a change."""
    series: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for _pk, day, system_id, label, _event, _end, before, after, *rest in reversed(values):
        if after is not None:
            series[system_id].append(
                {
                    "x": day.isoformat(),
                    "y": round(after, 1),
                    "label": shown_label(rest[-1], label, systems[system_id], day),
                    "change": None if before is None else round(after - before, 1),
                }
            )
    return [{"label": name, "points": series[pk]} for pk, name in systems.items() if series.get(pk)]


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

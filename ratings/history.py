"""What a member's page shows of their ratings, read from the stored history (never
recomputed), in a bounded number of queries whatever the length of the history.

The page reads the history once, without the calculations (each change's breakdown is
about a kilobyte of JSON, and the page shows none open): one row per change and the chart
come from the same read. A change's calculation game by game is read when the visitor
opens it (``change_calculation``, loaded in place by htmx)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from math import floor
from typing import Any

from django.urls import reverse
from django.utils.dates import MONTHS
from django.utils.formats import get_format

from club.models import Member, Player
from ratings.models import Rating, RatingChange, RatingSystem
from ratings.templatetags.ratings_tags import signed

DISTRIBUTION_STEP = 100

_ROW_FIELDS = (
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
)


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One rating change as the history table shows it, its figures already written out
    in the page's language (the table has a row per change of ten seasons: template
    filters on each cell would cost more than the rest of the page), its calculation
    only for the newest change of each system (the others are read when opened)."""

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
    calculation: dict[str, Any] | None = None

    @property
    def trend(self) -> str:
        """The change's colour: up, down or none."""
        if self.change and self.change > 0:
            return "text-success"
        if self.change and self.change < 0:
            return "text-danger"
        return ""


def whole(value: float | None) -> str:
    """A rating rounded half up to a whole number, as the ``floatformat:0`` filter writes
    it; – when there is none."""
    return "–" if value is None else str(floor(value + 0.5))


_SLOT = 2_147_483_647  # an id no row has: where a page's addresses take each row's id


class _Writer:
    """What every row of a page writes the same way, looked up once a page rather than
    once a cell: the addresses (``reverse`` with a slot for the id), the month names and
    the decimal separator of the page's language."""

    def __init__(self, member: int) -> None:
        self.event = reverse("event", args=[_SLOT]).replace(str(_SLOT), "{}")
        self.calculation = reverse("member_calculation", args=[member, _SLOT]).replace(
            str(_SLOT), "{}"
        )
        self.months = {number: str(name) for number, name in MONTHS.items()}
        self.separator = str(get_format("DECIMAL_SEPARATOR"))

    def day(self, day: date) -> str:
        """As the ``date:"j F Y"`` filter writes it: 7 mars 2026."""
        return f"{day.day} {self.months[day.month]} {day.year}"

    def score(self, score: Decimal) -> str:
        """As ``floatformat:"-1"`` writes a half-point score: 3, 2,5."""
        text = f"{score:.1f}"
        return text[:-2] if text.endswith(".0") else text.replace(".", self.separator)


def _row(values: tuple[Any, ...], names: dict[int, str], today: date, write: _Writer) -> HistoryRow:
    (pk, day, system_id, label, event_id, period_end, before, after) = values[:8]
    (games, score, performance, performance_exact) = values[8:]
    change = None if before is None or after is None else after - before
    return HistoryRow(
        pk=pk,
        day=day,
        system_id=system_id,
        system=names[system_id],
        label=label,
        event_url=write.event.format(event_id) if event_id else "",
        calculation_url=write.calculation.format(pk),
        estimated=period_end is not None and period_end >= today,
        rating_before=before,
        rating_after=after,
        change=change,
        day_text=write.day(day),
        before_text=whole(before),
        after_text=whole(after),
        change_text=signed(change),
        score_text=f"{write.score(score)}/{games}",
        performance_text=whole(performance),
        performance_exact_text="" if performance_exact is None else whole(performance_exact),
    )


def member_history(member: Member, today: date) -> dict[str, Any]:
    """The member's current ratings, their history newest first and the chart's series,
    the newest change of each system with its calculation: six queries."""
    player = member.player
    systems = list(RatingSystem.objects.enabled())
    names = {system.pk: system.name for system in systems}
    current = {
        r.system_id: r
        for r in Rating.objects.filter(player=player, system__in=systems).select_related(
            "last_batch"
        )
    }
    values = (
        RatingChange.objects.filter(player=player, batch__system__in=systems)
        .order_by("-batch__day", "-batch__order", "-pk")
        .values_list(*_ROW_FIELDS)
    )
    write = _Writer(member.pk)
    rows = [_row(row, names, today, write) for row in values]
    # The newest change of each system comes with its calculation (the one a member most
    # often asks about); the others are read when opened.
    newest = {row.system_id: row.pk for row in reversed(rows)}
    opened = change_calculations(
        list(RatingChange.objects.filter(pk__in=newest.values()).defer("state"))
    )
    rows = [replace(r, calculation=opened[r.pk]) if r.pk in opened else r for r in rows]
    standings = [
        {
            "system": system,
            "rating": current.get(system.pk),
            "estimated": bool(
                current.get(system.pk)
                and current[system.pk].last_batch
                and current[system.pk].last_batch.is_estimated(today)  # type: ignore[union-attr]
            ),
        }
        for system in systems
    ]
    return {"standings": standings, "history": rows, "chart": chart_series(rows, systems)}


def chart_series(rows: list[HistoryRow], systems: list[RatingSystem]) -> list[dict[str, Any]]:
    """The rating chart's data: per system, oldest first, each rating after a change."""
    series: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in reversed(rows):
        if row.rating_after is not None:
            series[row.system_id].append(
                {
                    "x": row.day.isoformat(),
                    "y": round(row.rating_after, 1),
                    "label": row.label,
                    "change": None if row.change is None else round(row.change, 1),
                }
            )
    return [
        {"label": system.name, "points": series[system.pk]}
        for system in systems
        if series.get(system.pk)
    ]


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

"""What a member's page shows of their ratings, read from the stored history (never
recomputed), in a bounded number of queries whatever the length of the history."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from typing import Any

from club.models import Player
from ratings.models import Rating, RatingChange, RatingSystem

DISTRIBUTION_STEP = 100


def member_history(player: Player, today: date) -> dict[str, Any]:
    systems = list(RatingSystem.objects.enabled())
    current = {
        r.system_id: r
        for r in Rating.objects.filter(player=player, system__in=systems).select_related(
            "last_batch"
        )
    }
    changes = list(
        RatingChange.objects.filter(player=player, batch__system__in=systems)
        .select_related("batch__system", "batch__event")
        .order_by("-batch__day", "-batch__order", "-pk")
    )
    opponent_ids = {
        line["opponent"] for change in changes for line in change.breakdown.get("games", [])
    }
    opponents = Player.objects.in_bulk(opponent_ids)
    rows = []
    for change in changes:
        games = [
            {**line, "opponent_player": opponents.get(line["opponent"])}
            for line in change.breakdown.get("games", [])
        ]
        rows.append(
            {
                "change": change,
                "games": games,
                "notes": change.breakdown.get("notes", []),
                "estimated": change.batch.is_estimated(today),
            }
        )
    series: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for change in reversed(changes):
        if change.rating_after is not None:
            series[change.batch.system_id].append(
                {
                    "x": change.batch.day.isoformat(),
                    "y": round(change.rating_after, 1),
                    "label": change.batch.label,
                    "change": None if change.change is None else round(change.change, 1),
                }
            )
    chart = [
        {"label": system.name, "points": series[system.pk]}
        for system in systems
        if series.get(system.pk)
    ]
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
    return {"standings": standings, "history": rows, "chart": chart}


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

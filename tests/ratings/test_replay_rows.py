"""The history a replay writes, row for row and byte for byte.

A small history (newcomers, forfeits, a 900-point gap, a year of Belgian periods) is
replayed by the club Elo and the Belgian system. Its rows must be those the replay wrote
before it was made faster (``data/replay_history.jsonl``, written by the per-row
``executemany`` writer of 2026-11; each state given the later ``list_k``, null), and the
rows read back from the database must be the rows the rules gave in memory (the
writer's ``COPY``/``executemany`` encodes nothing differently). The Belgian rows were
written again when the rules followed the federation's lists (issue #37: quarterly
periods since October 2013, cap 400 since April 2015; 166 rows where there were 154).
"""

import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from club.models import Event, Game, Player, Result, Round
from ratings.models import RatingChange, RatingSystem
from ratings.rules.base import PlayerState
from ratings.services import recalculate
from ratings.services.replay import players_of, rate_plan
from ratings.services.rows import encode_json
from ratings.services.timeline import timeline

pytestmark = pytest.mark.django_db

GOLDEN = Path(__file__).parent / "data" / "replay_history.jsonl"
RATINGS = [2350, 1450, 1800, None, 1620, 1990, None, 1200, 2100, 1710, None, 1530]
RESULTS = [
    Result.WHITE_WINS,
    Result.DRAW,
    Result.BLACK_WINS,
    Result.WHITE_WINS_FORFEIT,
    Result.WHITE_WINS,
    Result.BLACK_WINS,
    Result.DRAW,
]


def build_history() -> None:
    """Twelve players, eight three-round events over a year (2023-09 to 2024-07, across
    the Belgian change of calendar and its adjustment of April 2024)."""
    people = [
        Player.objects.create(first_name=f"P{n}", last_name=f"Rows{n:02}", national_rating=r)
        for n, r in enumerate(RATINGS)
    ]
    first = datetime(2023, 9, 15, 18, tzinfo=UTC)
    for e in range(8):
        start = first + timedelta(days=43 * e)
        event = Event.objects.create(
            kind=Event.Kind.RAPID,
            title=f"Rows {e}",
            start=start,
            end=start + timedelta(hours=4),
            time_control=Event.TimeControl.STANDARD,
            status=Event.Status.CLOSED,
        )
        for number in range(1, 4):
            round_ = Round.objects.create(event=event, number=number)
            order = people[e % 12 :] + people[: e % 12]
            shift = number * 5 % 12
            order = order[shift:] + order[:shift]
            for board in range(6):
                Game.objects.create(
                    round=round_,
                    board=board + 1,
                    white=order[board],
                    black=order[11 - board],
                    result=RESULTS[(e * 3 + number * 2 + board) % len(RESULTS)],
                )


def history_lines(system: RatingSystem) -> list[str]:
    """Every history row as one line of JSON, players by name and batches by day and
    label, without primary keys (a line's place keeps the order they were written in), keys
    sorted (PostgreSQL's jsonb keeps its own order)."""
    names = dict(Player.objects.values_list("pk", "last_name"))
    rows = (
        RatingChange.objects.filter(batch__system=system)
        .select_related("batch")
        .order_by("batch__day", "batch__order", "pk")
    )
    return [json.dumps(_line(row, names), ensure_ascii=False, sort_keys=True) for row in rows]


def _line(row: RatingChange, names: dict[int, str]) -> dict[str, Any]:
    breakdown = json.loads(json.dumps(row.breakdown))
    for game in breakdown["games"]:
        game["opponent"] = names[game["opponent"]]
    return {
        "system": row.batch.system.engine,
        "batch": [row.batch.kind, str(row.batch.day), row.batch.label],
        "player": names[row.player_id],
        "rating_before": row.rating_before,
        "rating_after": row.rating_after,
        "rating_exact": row.rating_exact,
        "status": row.status,
        "games": row.games,
        "score": str(row.score),
        "expected": row.expected,
        "k": row.k,
        "performance": row.performance,
        "performance_exact": row.performance_exact,
        "state": row.state,
        "breakdown": breakdown,
    }


def _replayed() -> list[str]:
    """The history's rows. The reference was written before the Belgian rule on
    provisional newcomers (issue #26): the Belgian system counts their games here, as it
    did then (``provisional_opponents_count``), so that the rows compared are the writer's."""
    build_history()
    lines = []
    for engine in ("club", "frbe"):
        system = RatingSystem.objects.get(engine=engine)
        if engine == "frbe":
            system.params = {"provisional_opponents_count": True}
            system.save(update_fields=["params"])
        recalculate(system)
        lines += history_lines(system)
    return lines


def test_it_writes_the_rows_the_replay_wrote_before_it_was_made_faster() -> None:
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    assert len(expected) == 166
    assert _replayed() == expected


def stored_state(state: PlayerState) -> dict[str, Any]:
    """A player's state as the history stores it, written out field by field (what
    ``state_from_json`` reads back): the reference the writer's encoder must give."""
    archive = state.archive
    return {
        "rating": state.rating,
        "games": state.games,
        "status": str(state.status),
        "birth_date": state.birth_date.isoformat() if state.birth_date else None,
        "junior": state.junior,
        "peak_rating": state.peak_rating,
        "archive": None
        if archive is None
        else {
            "performance": archive.performance,
            "games": archive.games,
            "opponents_sum": archive.opponents_sum,
            "score": archive.score,
            "opponents": list(archive.opponents),
        },
        "list_k": state.list_k,
    }


def test_it_stores_every_row_as_the_rules_gave_it() -> None:
    build_history()
    for engine in ("club", "frbe"):
        system = RatingSystem.objects.get(engine=engine)
        recalculate(system)
        plan = timeline(system, None)
        in_memory = [
            row
            for rows in rate_plan(system, plan, {}, players_of(plan), [None] * len(plan))
            for row in rows
        ]
        stored = RatingChange.objects.filter(batch__system=system).order_by("pk")
        columns = [k for k in in_memory[0] if k != "batch_id"]
        assert len(in_memory) == stored.count() >= 58
        for row, change in zip(in_memory, stored, strict=True):
            got = {c: getattr(change, c) for c in columns}
            # the JSON columns hold the rules' objects until the writer encodes them
            given = {c: row[c] for c in columns} | {
                c: json.loads(encode_json(row[c])) for c in ("state", "breakdown")
            }
            assert got == given
            assert got["state"] == stored_state(row["state"])
            assert isinstance(got["score"], Decimal)
        # newcomers' archives are among the states compared
        assert any(row["state"].archive for row in in_memory)

"""The replay's writer of many rows (``ratings.services.rows``) against the database's own
parameter binding: the rows that the writer stores (on PostgreSQL, JSON taken apart by
PostgreSQL itself) are, column for column and type for type, those that a plain ``executemany`` of
the same values stores, every double the very same."""

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction

from club.models import Player
from ratings.models import RatingBatch, RatingChange, RatingSystem
from ratings.rules.base import GameLine, PlayerState, Status, note
from ratings.services import rows

pytestmark = pytest.mark.django_db

# Doubles whose shortest text is long or unusual, tiny and huge ones: each must come back
# as the very same double.
AWKWARD = [0.1 + 0.2, 1 / 3, 2 / 3 * 1e-7, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308]
SCORES = [Decimal("0"), Decimal("0.5"), Decimal("1.0"), Decimal("2"), Decimal("10.5"), None]


def change_rows(batch: RatingBatch, players: list[Player]) -> list[dict[str, Any]]:
    made = []
    for n, player in enumerate(players):
        state = PlayerState(rating=1500 + AWKWARD[n], games=n, status=Status.RATED)
        line = GameLine(players[-1 - n].pk, 1612.4, 0.5, expected=AWKWARD[n], change=-AWKWARD[n])
        made.append(
            dict(
                batch_id=batch.pk,
                player_id=player.pk,
                rating_before=None if n == 1 else 1500,  # an int, as round_half_up gives
                rating_after=AWKWARD[n],
                rating_exact=-AWKWARD[n],
                status=str(Status.RATED),
                games=n,
                score=SCORES[n] if SCORES[n] is not None else Decimal("3.5"),
                expected=AWKWARD[-1 - n],
                k=40.0,
                performance=None,
                performance_exact=1234.56,
                state=state,
                breakdown={"games": [line], "notes": [note("Élo « {k} » ✓", k=n)]},
            )
        )
    return made


def stored(batch: RatingBatch) -> list[tuple[Any, ...]]:
    """The batch's rows as the database holds them: each column as its own text (SQLite's
    quote() tells a real from an integer and a text; PostgreSQL's cast to text)."""
    fields = [f for f in RatingChange._meta.concrete_fields if f.column not in ("id", "batch_id")]
    if connection.vendor == "sqlite":
        columns = ", ".join(f"quote({f.column})" for f in fields)
    else:
        columns = ", ".join(f"{f.column}::text" for f in fields)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {columns} FROM ratings_ratingchange WHERE batch_id = %s ORDER BY player_id",
            [batch.pk],
        )
        return cursor.fetchall()


def new_batch(system: RatingSystem, order: int) -> RatingBatch:
    return RatingBatch.objects.create(
        system=system, kind=RatingBatch.Kind.EVENT, day=date(2026, 1, order), order=order
    )


def test_it_stores_what_executemany_stores() -> None:
    system = RatingSystem.objects.get(engine="club")
    players = [
        Player.objects.create(first_name="P", last_name=f"Rows{n}") for n in range(len(AWKWARD))
    ]
    fast, plain = new_batch(system, 1), new_batch(system, 2)
    fields = [f for f in RatingChange._meta.concrete_fields if not f.primary_key]

    with rows.rows_writer(RatingChange) as write:
        for row in change_rows(fast, players):  # a row a call: several statements
            write([row])
    with rows._executemany_writer(RatingChange, fields) as write:
        write(change_rows(plain, players))

    written = stored(fast)
    assert len(written) == len(AWKWARD)
    assert written == stored(plain)
    exact = RatingChange.objects.filter(batch=fast).order_by("player_id")
    assert [c.rating_after for c in exact] == AWKWARD
    assert [c.score for c in exact][:3] == [Decimal("0"), Decimal("0.5"), Decimal("1.0")]


def test_it_writes_more_rows_than_a_statement_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rows, "CHUNK", 2)
    system = RatingSystem.objects.get(engine="club")
    players = [
        Player.objects.create(first_name="P", last_name=f"Rows{n}") for n in range(len(AWKWARD))
    ]
    batch = new_batch(system, 1)

    with rows.rows_writer(RatingChange) as write:
        write(change_rows(batch, players)[:3])
        write(change_rows(batch, players)[3:])

    assert sorted(RatingChange.objects.values_list("player_id", flat=True)) == [
        p.pk for p in players
    ]


def test_it_raises_the_databases_error_and_writes_nothing() -> None:
    system = RatingSystem.objects.get(engine="club")
    player = Player.objects.create(first_name="P", last_name="Twice")
    batch = new_batch(system, 1)
    row = change_rows(batch, [player])[0]

    with (
        pytest.raises(IntegrityError),
        transaction.atomic(),
        rows.rows_writer(RatingChange) as write,
    ):
        write([row, dict(row)])  # a player twice in a batch

    assert not RatingChange.objects.exists()

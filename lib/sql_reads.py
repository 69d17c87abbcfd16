"""Reads written in SQL: the few queries a page runs at every visit where building the
query costs more than answering it.

Django builds and compiles a queryset anew each time it runs: for a join of three or four
tables about half a millisecond of processor, five to ten times what the database then
takes. A member's page runs three such reads at every first visit (the ratings, the
history, the games); written once in SQL, run through Django's cursor ("Performing raw SQL
queries" in Django's documentation), they cost what the database costs, and psycopg
prepares them after a few runs.

The SQL is portable (SQLite and PostgreSQL: standard joins, ``%s`` placeholders, quoted
names where a column is a keyword); it names the tables and columns the migrations made,
and each read is tested against the ORM query it stands for, row for row, on both
databases. Values come as the database gives them: ``aware`` and ``exact`` make SQLite's
the ORM's (datetimes with their time zone, decimals as ``Decimal``); a boolean expression
comes as 0 or 1 from SQLite (``bool`` it)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from django.db import connections, router
from django.db.models import Model
from django.utils import timezone
from django.utils.dateparse import parse_datetime


def rows(model: type[Model], sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The rows of ``sql`` run with ``params`` on the database the routers give for
    reading ``model``."""
    with connections[router.db_for_read(model)].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def aware(value: datetime | str | None) -> datetime | None:
    """A datetime as the ORM gives it: SQLite keeps UTC without its zone, and gives an
    expression's datetime (``COALESCE``) as text."""
    if isinstance(value, str):
        value = parse_datetime(value)
    if value is None or timezone.is_aware(value):
        return value
    return value.replace(tzinfo=UTC)


def exact(value: float | Decimal | None) -> Decimal | None:
    """A decimal column's value as the ORM gives it: SQLite gives a float or an integer."""
    if value is None or isinstance(value, Decimal):
        return value
    return Decimal(str(value))

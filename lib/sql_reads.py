"""Reads written in SQL: the few queries a page runs at every visit where building the
query costs more than answering it.

Django builds and compiles a queryset anew each time it runs: for a join of three or four
tables about half a millisecond of processor, five to ten times what the database then
takes. A member's page runs four such reads at every first visit (the member, the
ratings, the history, the games), a saved result two (its locks); written once in SQL,
run through Django's cursor ("Performing raw SQL queries" in Django's documentation),
they cost what the database costs, and psycopg prepares them after a few runs.

The SQL is portable (SQLite and PostgreSQL: standard joins, ``%s`` placeholders, quoted
names where a column is a keyword); it names the tables and columns the migrations made,
and each read is tested against the ORM query it stands for, row for row, on both
databases. Values come as the database gives them: ``aware`` and ``exact`` make SQLite's
the ORM's (datetimes with their time zone, decimals as ``Decimal``); a boolean expression
comes as 0 or 1 from SQLite (``bool`` it). ``instance`` builds a model's instance from its
``columns`` as the ORM does (``Model.from_db``), and ``for_update`` locks the rows read as
``select_for_update`` would: a saved result's two locks are taken so."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from django.db import connections, router
from django.db.models import (
    BooleanField,
    DateTimeField,
    DecimalField,
    Field,
    JSONField,
    Model,
    UUIDField,
)
from django.utils import timezone
from django.utils.dateparse import parse_datetime


def rows(
    model: type[Model], sql: str, params: Sequence[Any], *, for_write: bool = False
) -> list[tuple[Any, ...]]:
    """The rows of ``sql`` run with ``params`` on the database the routers give for
    reading ``model`` (for writing it with ``for_write``: a read that locks rows)."""
    with connections[database(model, for_write)].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def database(model: type[Model], for_write: bool = False) -> str:
    """The alias of the database the routers give for reading (or writing) ``model``."""
    return router.db_for_write(model) if for_write else router.db_for_read(model)


def columns(model: type[Model], table: str) -> str:
    """The columns of ``model``'s row (its concrete fields, in order) as SQL selects them
    from ``table`` (an alias of its table), for ``instance``."""
    return ", ".join(f'{table}."{field.column}"' for field in model._meta.concrete_fields)


def instance(model: type[Model], values: Sequence[Any], alias: str) -> Any:
    """A ``model`` instance from its columns' values (``columns``) as read from the
    database ``alias``: built by ``Model.from_db`` as the ORM builds it, each value made
    the ORM's first (datetimes with their zone, decimals, JSON, booleans from SQLite)."""
    fields = model._meta.concrete_fields
    python = [_python(field, value) for field, value in zip(fields, values, strict=True)]
    return model.from_db(alias, [field.attname for field in fields], python)


def instances(models: Sequence[type[Model]], row: Sequence[Any], alias: str) -> list[Any]:
    """An instance of each of ``models`` from one row that selects their ``columns`` one
    after the other (a board with its round and players, as ``select_related`` reads
    them)."""
    found, start = [], 0
    for model in models:
        end = start + len(model._meta.concrete_fields)
        found.append(instance(model, row[start:end], alias))
        start = end
    return found


def _python(field: Field[Any, Any], value: Any) -> Any:
    if value is None:
        return None
    if isinstance(field, DateTimeField):
        return aware(value)
    if isinstance(field, DecimalField):
        return exact(value)
    if isinstance(field, JSONField) and isinstance(value, str):  # as JSONField.from_db_value
        return json.loads(value, cls=field.decoder)
    if isinstance(field, BooleanField):
        return bool(value)
    if isinstance(field, UUIDField) and not isinstance(value, uuid.UUID):
        return uuid.UUID(value)
    return value


def for_update(model: type[Model], table: str, *, shared: bool = False) -> str:
    """What locks the rows a query reads of ``table`` (``model``'s), as
    ``select_for_update(of=...)`` asks it of the database: ``FOR UPDATE OF`` on
    PostgreSQL, or with ``shared`` ``FOR SHARE OF`` (others may share the lock, no one
    may take it alone meanwhile); nothing on SQLite, where a write locks the whole
    database."""
    connection = connections[database(model, for_write=True)]
    if shared and connection.vendor == "postgresql":
        return f" FOR SHARE OF {table}"
    if connection.features.has_select_for_update_of:
        return f" FOR UPDATE OF {table}"
    return " FOR UPDATE" if connection.features.has_select_for_update else ""


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

"""Writing many rows of a model at once (a replay's history rows, the current ratings and
the summaries, an official list's lines), each a dict of its columns' values by attribute
name: the one bulk writer, and the one place outside the migrations that writes SQL.

The rows are gathered and written ``CHUNK`` at a time through Django's cursor
(``connection.cursor()``, documented in "Performing raw SQL queries"):

- on PostgreSQL, by one statement a chunk whose rows come as one JSON text that the
  database takes apart itself (``jsonb_array_elements``): one statement, not one a row
  as ``executemany``, and one parameter, written by orjson in C (``executemany``, even
  in psycopg's pipeline mode, took twice the processor time);
- elsewhere (SQLite) by ``executemany``, whose rows the driver binds in C: on SQLite, half
  the processor time of a chunk sent as JSON and taken apart by ``json_each``.

The values skip ``bulk_create``'s preparation through each field, which cost more than
the rating itself on a long replay; the JSON columns are encoded by :func:`encode_json`.
The pages' cache hears of these writes through the queries before them (a replay's
batches written, the replaced ratings deleted).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from operator import itemgetter
from typing import Any

import orjson
from django.db import connection, models

Row = dict[str, Any]  # a row's column values, by attribute name
Write = Callable[[Iterable[Row]], None]
CHUNK = 2_000  # rows written at once


def encode_json_bytes(value: Any) -> bytes:
    """A JSON column's value encoded, in UTF-8. The rules' dataclasses are written as the
    objects of their fields in declaration order (a breakdown's game lines and notes, a
    player's state, read back by ``state_from_json``), dates in ISO form, enums by value;
    orjson does it in C, which a replay of a long history needs (the standard ``json``
    took longer than the rating itself)."""
    return orjson.dumps(value, option=orjson.OPT_SERIALIZE_NUMPY)


def encode_json(value: Any) -> str:
    """A JSON column's value as text (see :func:`encode_json_bytes`)."""
    return encode_json_bytes(value).decode()


@contextmanager
def rows_writer(model: type[models.Model]) -> Iterator[Write]:
    """A function that writes rows of ``model`` for the time of the ``with`` block (see
    the module's description); every row is written when the block ends."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    writer = _postgresql_writer if connection.vendor == "postgresql" else _executemany_writer
    with writer(model, fields) as write:
        yield write


def _values(
    fields: list[models.Field[Any, Any]],
    as_text: tuple[str, ...] = (),
    encode: Callable[[Any], Any] = encode_json,
) -> Callable[[Iterable[Row]], Iterator[tuple[Any, ...]]]:
    """The rows' values in the order of ``fields``: the JSON columns encoded by ``encode``,
    and the columns of the other types in ``as_text`` written as text. A tuple of such values
    holds no other object: Python's collector stops following it, and the row's objects
    (a breakdown's lines and notes) are freed at once, not when the chunk is written."""
    read = itemgetter(*(f.attname for f in fields))
    kinds = [f.get_internal_type() for f in fields]
    json_at = [i for i, kind in enumerate(kinds) if kind == "JSONField"]
    text_at = [i for i, kind in enumerate(kinds) if kind in as_text]

    def values(rows: Iterable[Row]) -> Iterator[tuple[Any, ...]]:
        for row in rows:
            value = list(read(row))
            for i in json_at:
                value[i] = encode(value[i])
            for i in text_at:
                if value[i] is not None:
                    value[i] = str(value[i])
            yield tuple(value)

    return values


def _names(model: type[models.Model], fields: list[models.Field[Any, Any]]) -> tuple[str, str]:
    """The table's and the columns' quoted names."""
    quote = connection.ops.quote_name
    return quote(model._meta.db_table), ", ".join(quote(str(f.column)) for f in fields)


Values = list[tuple[Any, ...]]


@contextmanager
def _gathered(
    values: Callable[[Iterable[Row]], Iterator[tuple[Any, ...]]], write: Callable[[Values], None]
) -> Iterator[Write]:
    """A function that takes rows, turns them into their ``values`` as they come, and has
    ``write`` write them ``CHUNK`` at a time."""
    pending: Values = []

    def gather(rows: Iterable[Row]) -> None:
        pending.extend(values(rows))
        while len(pending) >= CHUNK:
            write(pending[:CHUNK])
            del pending[:CHUNK]

    yield gather
    if pending:
        write(pending)


@contextmanager
def _executemany_writer(
    model: type[models.Model], fields: list[models.Field[Any, Any]]
) -> Iterator[Write]:
    """Rows by ``executemany`` of a one-row ``INSERT``, a chunk a call."""
    values = _values(fields)
    table, columns = _names(model, fields)
    insert = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
    with (
        connection.cursor() as cursor,
        _gathered(values, lambda chunk: cursor.executemany(insert, chunk)) as write,
    ):
        yield write


def _fragment(value: Any) -> orjson.Fragment:
    """A JSON column's value encoded, to be written as it is inside a chunk's document."""
    return orjson.Fragment(encode_json_bytes(value))


@contextmanager
def _postgresql_writer(
    model: type[models.Model], fields: list[models.Field[Any, Any]]
) -> Iterator[Write]:
    """Rows sent as one JSON document a chunk, taken apart by PostgreSQL itself
    (``jsonb_array_elements``), each value cast to its column's type: one statement and
    one parameter a chunk, encoded in C by orjson. A JSON column's value is written into
    the document as it is, and stored as its ``jsonb`` without being read from text
    again. JSON numbers are kept exactly as written (``numeric``), so each double comes
    back the very same (tested); decimals go as their text."""
    values = _values(fields, as_text=("DecimalField",), encode=_fragment)
    table, columns = _names(model, fields)
    picks = ", ".join(
        f"r -> {i}"
        if field.get_internal_type() == "JSONField"
        else f"(r ->> {i})::{field.db_type(connection)}"
        for i, field in enumerate(fields)
    )
    insert = (
        f"INSERT INTO {table} ({columns}) SELECT {picks} FROM jsonb_array_elements(%s::jsonb) r"
    )
    with connection.cursor() as cursor:

        def write(chunk: Values) -> None:
            cursor.execute(insert, [orjson.dumps(chunk).decode()])

        with _gathered(values, write) as gather:
            yield gather


def analyse(model: type[models.Model]) -> None:
    """PostgreSQL's statistics of ``model``'s table brought up to date once many of its
    rows were written (``ANALYZE``: a sample, not a read of every row), so that the planner
    counts on what the table now holds. Other databases keep no such statistics here."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {connection.ops.quote_name(model._meta.db_table)}")

"""Writing many rows of a model at once (a replay's history rows, the current ratings),
each a dict of its columns' values by attribute name, while the caller goes on working.

A replay rates on one core; the database can store what is rated on the other:

- on PostgreSQL the rows go down one binary ``COPY`` as they come: the server parses,
  indexes and checks each batch's rows while the next batch is rated;
- on SQLite the rows are sent ``SQLITE_CHUNK`` at a time, as one JSON text that SQLite
  takes apart itself (``json_each``) in one statement on a thread of its own: Python's
  ``sqlite3`` lets other threads run while SQLite works, and one statement a chunk (not one
  a row, as ``executemany``) leaves the rating thread alone until the chunk is written;
- elsewhere they are written ``WRITE_CHUNK`` at a time by one ``executemany``.

Nothing else may use the connection while the writer is open (a replay's progress goes
to a cache, not to the database). The fast paths go round Django's cursor: the pages'
cache hears of these writes through the queries before them (a replay's batches written,
the replaced ratings deleted). The values skip ``bulk_create``'s preparation through each
field, which cost more than the rating itself on a long replay; the JSON columns are
encoded by :func:`encode_json`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from operator import itemgetter
from typing import Any

import orjson
from django.db import connection, models

Row = dict[str, Any]  # a row's column values, by attribute name
Write = Callable[[list[Row]], None]
WRITE_CHUNK = 10_000  # rows written at once by executemany
SQLITE_CHUNK = 2_000  # rows a statement on SQLite: small, so that little is left at the end


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
    if connection.vendor == "postgresql":
        writer = _copy_writer
    elif connection.vendor == "sqlite":
        writer = _sqlite_writer
    else:
        writer = _executemany_writer
    with writer(model, fields) as write:
        yield write


def _values(
    fields: list[models.Field[Any, Any]],
    as_text: tuple[str, ...] = (),
    encode: Callable[[Any], Any] = encode_json,
) -> Callable[[list[Row]], Iterator[list[Any]]]:
    """The rows' values in the order of ``fields``: the JSON columns encoded by
    ``encode``, and the columns of the other types in ``as_text`` written as text."""
    read = itemgetter(*(f.attname for f in fields))
    kinds = [f.get_internal_type() for f in fields]
    json_at = [i for i, kind in enumerate(kinds) if kind == "JSONField"]
    text_at = [i for i, kind in enumerate(kinds) if kind in as_text]

    def values(rows: list[Row]) -> Iterator[list[Any]]:
        for row in rows:
            value = list(read(row))
            for i in json_at:
                value[i] = encode(value[i])
            for i in text_at:
                if value[i] is not None:
                    value[i] = str(value[i])
            yield value

    return values


def _names(model: type[models.Model], fields: list[models.Field[Any, Any]]) -> tuple[str, str]:
    """The table's and the columns' quoted names."""
    quote = connection.ops.quote_name
    return quote(model._meta.db_table), ", ".join(quote(str(f.column)) for f in fields)


def _encoded_jsonb() -> type:
    """psycopg's dumper of a JSON text already encoded (bytes) into a binary jsonb value:
    the format's version, then the text."""
    from psycopg.adapt import Dumper
    from psycopg.postgres import types
    from psycopg.pq import Format

    class EncodedJsonb(Dumper):
        format = Format.BINARY
        oid = types["jsonb"].oid

        def dump(self, obj: Any) -> bytes:
            return b"\x01" + obj

    return EncodedJsonb


@contextmanager
def _copy_writer(
    model: type[models.Model], fields: list[models.Field[Any, Any]]
) -> Iterator[Write]:
    """Rows down one binary ``COPY``: numbers go as they are held, not written out as text
    (a third of the writing's CPU), and each JSON column is encoded once, to bytes."""
    values = _values(fields, encode=encode_json_bytes)
    # each column's type without its modifiers: numeric(6, 1) is numeric to the format
    types = [re.sub(r"\(.*\)", "", str(f.db_type(connection))).strip() for f in fields]
    table, columns = _names(model, fields)
    copying = f"COPY {table} ({columns}) FROM STDIN (FORMAT BINARY)"
    with connection.cursor() as cursor:
        # Django's foreign keys are checked at the commit by default: a check per row and
        # key, one after the other once every row is in (0.7 s for the club's replay).
        # Checked as each row comes instead, they are checked while the next are rated.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.cursor.adapters.register_dumper(bytes, _encoded_jsonb())  # this cursor's
        with (
            connection.wrap_database_errors,  # psycopg's errors raised as Django's
            cursor.cursor.copy(copying) as copy,
        ):
            copy.set_types(types)
            write_row = copy.write_row

            def stream(rows: list[Row]) -> None:
                for value in values(rows):
                    write_row(value)

            yield stream
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")  # Django's, for what follows


@contextmanager
def _executemany_writer(
    model: type[models.Model], fields: list[models.Field[Any, Any]]
) -> Iterator[Write]:
    values = _values(fields)
    table, columns = _names(model, fields)
    insert = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
    pending: list[Row] = []
    with connection.cursor() as cursor:

        def gather(rows: list[Row]) -> None:
            pending.extend(rows)
            if len(pending) >= WRITE_CHUNK:
                cursor.executemany(insert, list(values(pending)))
                pending.clear()

        yield gather
        if pending:
            cursor.executemany(insert, list(values(pending)))


@contextmanager
def _sqlite_writer(
    model: type[models.Model], fields: list[models.Field[Any, Any]]
) -> Iterator[Write]:
    """Rows sent as JSON, ``SQLITE_CHUNK`` a statement, each statement run on a thread
    while the caller rates the next ones. JSON numbers come back as the same floats and
    integers (SQLite reads back every double that orjson writes: tested), texts as
    themselves, the JSON columns as their encoded text. A float that is not finite has no
    JSON form and would be stored as NULL: the rules give none."""
    # a Decimal as its text, which the column's affinity reads as it reads Django's
    # adapter's text
    values = _values(fields, as_text=("DecimalField",))
    table, columns = _names(model, fields)
    picks = ", ".join(f"json_extract(value, '$[{i}]')" for i in range(len(fields)))
    insert = f"INSERT INTO {table} ({columns}) SELECT {picks} FROM json_each(?)"
    # the same connection, so the rows are part of the caller's transaction (Django opens
    # SQLite connections that any thread may use); one statement at a time
    connection.ensure_connection()
    raw = connection.connection
    pending: list[Row] = []
    sent: Future[None] | None = None

    def run(document: str) -> None:
        cursor = raw.cursor()
        try:
            cursor.execute(insert, (document,))
        finally:
            cursor.close()

    def send() -> None:
        nonlocal sent
        document = orjson.dumps(list(values(pending))).decode()
        pending.clear()
        wait()
        sent = thread.submit(run, document)

    def wait() -> None:
        nonlocal sent
        if sent is not None:
            done, sent = sent, None
            with connection.wrap_database_errors:
                done.result()

    def gather(rows: list[Row]) -> None:
        pending.extend(rows)
        if len(pending) >= SQLITE_CHUNK:
            send()

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="rows-writer") as thread:
        try:
            yield gather
            if pending:
                send()
        finally:
            wait()

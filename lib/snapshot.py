"""Reads that see one snapshot of the database: those made inside :func:`reading_snapshot`.

The ``snapshot`` database alias (config/settings/base.py) is the site's database through a
connection of its own, whose transactions on PostgreSQL are REPEATABLE READ:
every statement of one sees the database as it was at the first, whatever other
connections commit meanwhile. On SQLite a transaction sees one snapshot already (no writer
commits while it reads: a writer's commit waits for its reads to end), and the alias's
transactions begin as readers, which wait for no writer to begin.

:class:`SnapshotRouter` (``DATABASE_ROUTERS``) sends the ORM's reads to the alias while a
``with reading_snapshot()`` block runs in the same thread, code it calls included; writes
go to ``default`` as ever. The alias is never migrated: it is the same database."""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db import transaction

SNAPSHOT = "snapshot"

_reading: ContextVar[bool] = ContextVar("reading_snapshot", default=False)


class SnapshotRouter:
    """The ``snapshot`` alias for the reads inside :func:`reading_snapshot`; no opinion
    elsewhere (Django's default: ``default``)."""

    def db_for_read(self, model: type, **hints: Any) -> str | None:
        return SNAPSHOT if _reading.get() else None

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        return False if db == SNAPSHOT else None


@contextmanager
def reading_snapshot() -> Iterator[None]:
    """Run the block's reads in one transaction of the ``snapshot`` alias: they all see the
    database as it was at the first of them."""
    token = _reading.set(True)
    try:
        with transaction.atomic(using=SNAPSHOT):
            yield
    finally:
        _reading.reset(token)

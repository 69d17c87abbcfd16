"""PostgreSQL, its tables emptied by ``DELETE`` rather than ``TRUNCATE`` when Django flushes
them (the tests' settings, ``config.settings.test``).

A transactional test empties every table when it ends (Django's ``flush``). On the few rows
a test writes, one ``DELETE`` a table in a transaction is about ten times quicker than
PostgreSQL's ``TRUNCATE`` of them all, which makes new files for every table and index;
the foreign keys Django creates are checked when the transaction commits (``DEFERRABLE
INITIALLY DEFERRED``), by then every table is empty. ``TRUNCATE`` stays where the flush
is asked to restart the sequences or to cascade."""

from typing import Any

from django.db.backends.postgresql import base, operations


class DatabaseOperations(operations.DatabaseOperations):
    def sql_flush(
        self,
        style: Any,
        tables: Any,
        *,
        reset_sequences: bool = False,
        allow_cascade: bool = False,
    ) -> list[str]:
        if reset_sequences or allow_cascade:
            return super().sql_flush(
                style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        return [
            f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};"
            for table in tables
        ]


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations

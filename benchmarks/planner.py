"""A benchmark's PostgreSQL database as autovacuum keeps a production server's: vacuumed,
its planner's statistics fresh, before it is measured.

This machine's PostgreSQL runs with autovacuum off. A club just built by
``load_demo_club`` had no statistics: PostgreSQL guessed the sizes of the tables (150
rating batches for 621, 1,279 games of a member for 177) and planned the member page's
queries accordingly. And each load test's saves leave thousands of dead versions of the
boards' rows, which made every later run's saves slower than the one before (211, 177,
166 saves a second in three runs one after the other)."""

from __future__ import annotations


def vacuum_analyze() -> None:
    """``VACUUM ANALYZE`` the database Django is set up on, if it is PostgreSQL: a few
    seconds for the load test's club."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")

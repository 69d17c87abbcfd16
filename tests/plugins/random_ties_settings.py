"""Settings that shuffle tied rows: every top-level query gets ``RANDOM()`` as its last sort
key, so rows its own order leaves tied (or a query without an order) come back in a
different order each time, as PostgreSQL may return them and SQLite seldom does.

Not part of the suite's run: an audit, on either database,
``.venv/bin/pytest --ds=tests.plugins.random_ties_settings``. A test that then fails now
and then reads an order the query does not fix (a page showing a row twice and another
never, a "first" that is any of several); the fix is a unique column (the key) at the end
of the query's order.

The tests' settings (``config.settings.test``), with the database backend replaced by one
of our own: SQLite's or PostgreSQL's subclassed (``tests.plugins.shuffled_ties``)."""

from config.settings.test import *  # noqa: F403
from config.settings.test import DATABASES

SHUFFLED = {
    "django.db.backends.sqlite3": "tests.plugins.shuffled_ties.sqlite3",
    "django.db.backends.postgresql": "tests.plugins.shuffled_ties.postgresql",
    "tests.plugins.emptied_by_delete.postgresql": "tests.plugins.shuffled_ties.postgresql",
}
for _database in DATABASES.values():
    _database["ENGINE"] = SHUFFLED[_database["ENGINE"]]

"""The settings the tests run with (pytest's ``DJANGO_SETTINGS_MODULE``): those of
``config.settings.base``, the SQLite test database in a file of its own for each process.

The tests' database is a file, not memory, so that two threads meet SQLite's locks as two
server processes would; it is kept in memory where the system offers a memory file system
(/dev/shm)."""

import os
import tempfile
from pathlib import Path

from config.settings.base import *  # noqa: F403
from config.settings.base import DATABASES

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    _FOLDER = Path("/dev/shm") if Path("/dev/shm").is_dir() else Path(tempfile.gettempdir())
    DATABASES = {
        **DATABASES,
        "default": {
            **DATABASES["default"],
            "TEST": {"NAME": str(_FOLDER / f"club-tests-{os.getpid()}.sqlite3")},
        },
    }

# No task worker runs beside most tests: the health check's heartbeat is checked by the
# tests that start one (tests/lib/test_health.py)
HEALTH_WORKER_SECONDS = 0

if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # PostgreSQL's backend, its tables emptied by DELETE when a transactional test ends
    # (tests/plugins/emptied_by_delete)
    for _database in DATABASES.values():
        _database["ENGINE"] = "tests.plugins.emptied_by_delete.postgresql"

# WhiteNoise looks a static file up when it is asked for, rather than listing STATIC_ROOT
# when its middleware is made: the test client makes the middleware anew for each test, and
# a STATIC_ROOT filled by `collectstatic` (the benchmarks run it) took a quarter of a
# page test's time to list (the tests of deploy/ serve collected files through gunicorn,
# with the production settings)
WHITENOISE_AUTOREFRESH = True

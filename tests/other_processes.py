"""What a test shares with the processes it starts (a task worker, gunicorn, a command):
its database, and caches in files of its own (job ids and pages come back from one test
to the next, and must not meet an earlier test's entries)."""

import os
import socket
from pathlib import Path
from typing import Any

from django.db import connection

ROOT = Path(__file__).resolve().parent.parent
FILES = "django.core.cache.backends.filebased.FileBasedCache"
# the caches in files of the site's own backends, as config/settings/base.py chooses them
OWN_BACKEND = {
    "pages": "lib.file_cache.FileCache",
    "page-generation": "lib.file_cache.RecordFileCache",
    "sessions": "lib.file_cache.FileCache",
}
# the environment variable through which config/settings/base.py places each cache
LOCATION_VARIABLES = {
    "progress": "PROGRESS_CACHE_LOCATION",
    "limits": "LIMITS_CACHE_LOCATION",
    "sessions": "SESSION_CACHE_LOCATION",
    "pages": "PAGE_CACHE_LOCATION",
    "page-generation": "PAGE_GENERATION_LOCATION",
}


def caches_in(folder: Path, settings: Any, *aliases: str) -> dict[str, str]:
    """Put the caches ``aliases`` in files under ``folder`` for this test (the file backend,
    bounds and timeouts config/settings/base.py gives them), and give the
    environment variables that put them there for another process."""
    places = {alias: str(folder / alias) for alias in aliases}
    settings.CACHES = {
        **settings.CACHES,
        **{
            alias: {
                **settings.CACHES.get(alias, {}),
                "BACKEND": OWN_BACKEND.get(alias, FILES),
                "LOCATION": place,
            }
            for alias, place in places.items()
        },
    }
    return {LOCATION_VARIABLES[alias]: place for alias, place in places.items()}


def environment(**variables: str) -> dict[str, str]:
    """This process's environment for another one, on the test's database (PostgreSQL),
    without the conftest's permission to use the ORM inside an event loop, nor the tests'
    settings module: the process chooses its settings as on a server (manage.py by
    ``DEBUG``, gunicorn a deployment's)."""
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    url = (
        f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )
    left = {"DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE"}
    inherited = {k: v for k, v in os.environ.items() if k not in left}
    return {**inherited, "DATABASE_URL": url, **variables}


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on, for a server the test starts."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def caches_in_redis(url: str, settings: Any) -> dict[str, str]:
    """Put every cache the processes share in the Redis database ``url`` for this test, as
    ``CACHE_URL`` puts them there (config/settings/base.py: Django's RedisCache, each cache
    under its own key prefix, its timeout kept), and give the variable that does so for
    another process."""
    settings.CACHES = {
        **settings.CACHES,
        **{
            alias: {
                **{k: v for k, v in settings.CACHES[alias].items() if k == "TIMEOUT"},
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": url,
                "KEY_PREFIX": alias,
            }
            for alias in LOCATION_VARIABLES
        },
    }
    return {"CACHE_URL": url}

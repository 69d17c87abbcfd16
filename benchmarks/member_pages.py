"""Member pages rendered by Django, the page cache off: milliseconds a page in-process.

The quick loop of issue #17, item 6, before the load test: builds the demo club scaled to
2,000 members and ten seasons once in a SQLite file (``--database-url`` for another
database; the build takes about a minute), then asks for ``--pages`` different member
pages with Django's test client in production settings (``DEBUG=0``, ``PAGE_CACHE=0``)
and prints the time a page, the queries a page and the page's size. ``--profile N``
prints cProfile's N costliest functions instead.

Run: ``.venv/bin/python -m benchmarks.member_pages`` (``--pages``, ``--rounds``,
``--database-url``, ``--profile``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = "sqlite:////tmp/pages.sqlite3"


def environment(database_url: str) -> dict[str, str]:
    """The environment Django runs in for these pages: production settings on
    ``database_url``, the page cache off (``benchmarks.instructions`` shares it)."""
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": "member-pages-" + "k" * 50,
        "ALLOWED_HOSTS": "testserver",
        "SECURE_SSL_REDIRECT": "0",
        "PAGE_CACHE": "0",
        "DB_CONN_MAX_AGE": "600",
    }


def build_club(database_url: str) -> None:
    """The demo club of the load test, unless the database already holds one."""
    env = environment(database_url)
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--verbosity", "0"], cwd=ROOT, env=env, check=True)
    subprocess.run(
        [*manage, "collectstatic", "--noinput", "--verbosity", "0"], cwd=ROOT, env=env, check=True
    )
    subprocess.run(
        [*manage, "load_demo_club", "--members", "2000", "--seasons", "10", "--verbosity", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=DEFAULT_DATABASE)
    parser.add_argument("--pages", type=int, default=200, help="how many member pages")
    parser.add_argument("--rounds", type=int, default=3, help="rounds over the pages (best)")
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest")
    parser.add_argument(
        "--cache",
        action="store_true",
        help="the page cache on, in a new folder: every visit a first visit (made and kept)",
    )
    options = parser.parse_args()
    build_club(options.database_url)
    os.environ.update(environment(options.database_url))
    if options.cache:
        os.environ["PAGE_CACHE"] = "1"
        os.environ["PAGE_CACHE_LOCATION"] = tempfile.mkdtemp(prefix="member-pages-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from benchmarks.planner import vacuum_analyze
    from club.models import Member

    vacuum_analyze()
    members = list(Member.objects.public().order_by("pk").values_list("pk", flat=True))
    paths = [reverse("member", args=[pk]) for pk in members[: options.pages]]
    client = Client()
    assert client.get(paths[0]).status_code == 200  # warm: templates, translations
    with CaptureQueriesContext(connection) as queries:
        size = len(client.get(paths[0]).content)
    count = len(queries)  # now: each request empties the log
    if options.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        for path in paths:
            client.get(path)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(options.profile)
        return
    rounds, cpu = [], []
    for _ in range(options.rounds):
        if options.cache:
            from django.core.cache import caches

            caches["pages"].clear()
        started, process = time.perf_counter(), time.process_time()
        for path in paths:
            response = client.get(path)
            assert response.status_code == 200, (path, response.status_code)
        rounds.append((time.perf_counter() - started) / len(paths) * 1000)
        cpu.append((time.process_time() - process) / len(paths) * 1000)
    cache = "page cache on, every visit a miss" if options.cache else "page cache off"
    print(
        f"{len(paths)} member pages, {cache}: {min(rounds):.2f} ms a page "
        f"(rounds {', '.join(f'{r:.2f}' for r in rounds)}; median "
        f"{statistics.median(rounds):.2f}; Django's CPU {min(cpu):.2f} ms a page), "
        f"{count} queries, {size / 1024:.0f} KiB "
        f"(the first page)"
    )


if __name__ == "__main__":
    main()

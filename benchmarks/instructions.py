"""Instructions a member page's first visit costs the Django process, counted by valgrind's
callgrind: a figure the host's other work does not move, where processor time on a shared
host moves by half from one run to the next of the same code.

Runs this module's driver under ``valgrind --tool=callgrind`` twice, side by side: once
through ``--pages`` member pages of the load test's club (``benchmarks.member_pages``
builds it) with Django's test client, in production settings with the page cache off,
after ten pages to warm up; once through none (the start and the warm-up alone). Prints
the difference a page. What PostgreSQL and the kernel do for the queries is not counted.
Needs Debian's ``valgrind``; a run takes a minute or two. ``--path`` counts another page
instead, visited ``--pages`` times (``/favicon.ico``, a redirect: the request's way through
the middleware, no template, no query; ``/liens/``: the site's frame around a page with no
query).

Run: ``.venv/bin/python -m benchmarks.instructions`` (``--database-url``, ``--pages``,
``--path``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmarks.member_pages import DEFAULT_DATABASE, build_club, environment

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = 10
_COLLECTED = re.compile(r"Collected : (\d+)")


def _drive(pages: int, path: str | None) -> None:
    """Visit ``WARM_UP`` member pages, then ``pages`` others (the process valgrind counts);
    or ``path``, as many times."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.test import Client
    from django.urls import reverse

    from club.models import Member

    if path is None:
        members = Member.objects.public().order_by("pk").values_list("pk", flat=True)
        paths = [reverse("member", args=[pk]) for pk in members[: WARM_UP + pages]]
        answers = {200}
    else:
        paths = [path] * (WARM_UP + pages)
        answers = {200, 301}  # a page or a redirect (/favicon.ico)
    client = Client()
    for visited in paths:
        assert client.get(visited).status_code in answers, visited


def _counted(pages: int, database_url: str, path: str | None, env: dict[str, str]) -> int:
    """The instructions of a driver through ``pages`` pages, as callgrind counts them."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        "-m",
        "benchmarks.instructions",
        "--database-url",
        database_url,
        "--drive",
        str(pages),
        *(["--path", path] if path else []),
    ]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    found = _COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=DEFAULT_DATABASE)
    parser.add_argument("--pages", type=int, default=50, help="member pages counted")
    parser.add_argument("--path", help="count this page instead of member pages")
    parser.add_argument("--drive", type=int, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.drive is not None:
        os.environ.update(environment(options.database_url))
        _drive(options.drive, options.path)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    build_club(options.database_url)
    # the same hashes in both runs: a dictionary's layout does not change what is counted
    env = {**environment(options.database_url), "PYTHONHASHSEED": "0"}
    with ThreadPoolExecutor(2) as runs:
        counts = runs.map(
            lambda n: _counted(n, options.database_url, options.path, env), (options.pages, 0)
        )
        visited, started = counts
    each = (visited - started) / options.pages
    visits = (
        f"{options.path}, {options.pages} visits"
        if options.path
        else f"{options.pages} member pages"
    )
    print(
        f"{visits}, page cache off: {each / 1e6:.1f} million instructions a page "
        f"({visited:,} with the pages, {started:,} without)"
    )


if __name__ == "__main__":
    main()

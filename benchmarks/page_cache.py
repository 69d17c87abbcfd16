"""The public page cache during a results evening: its hit rate and the public pages'
throughput while secretaries save results.

Builds once (then reuses) a demo club of 400 members and three seasons in a PostgreSQL
database, and for each run copies it (``CREATE DATABASE … TEMPLATE``) so that every run
starts from the same data. The run, in production settings (``DEBUG=0``, the page cache
on, in a folder of its own) and in this process through Django's test client: tonight's
rapid tournament, 40 boards of 80 members, public; every page of the mix visited once
(the warm-up); then the evening: a secretary saves each board in turn at the desk, and
between two saves anonymous visitors open 20 pages drawn (with a fixed seed) from a mix —
tonight's event 30 %, the home page 15 %, a member of tonight 20 %, any member 15 %, the
calendar, rankings, members and latest games 5 % each. It prints the share of visits
served from the cache (``X-Page-Cache: hit``), the visits a second and their p50/p95.

Only the site's URLs and the cache's header are used, so the same script measures any
version of the site: run it from that version's checkout
(``cd ../other && .venv/bin/python /path/to/benchmarks/page_cache.py``).

Run: ``.venv/bin/python -m benchmarks.page_cache`` (``--database-url`` for the club's
database, ``--rebuild``, ``--seed``, ``--visits`` between two saves).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.parse
from collections import Counter
from datetime import timedelta
from pathlib import Path

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/bench_page_cache"
MEMBERS, SEASONS, BOARDS = 400, 3, 40
TONIGHT = "Rapide du soir (banc d'essai)"
MIX = [
    ("event", 30),
    ("home", 15),
    ("player tonight", 20),
    ("any member", 15),
    ("calendar", 5),
    ("rankings", 5),
    ("members", 5),
    ("games", 5),
]


def _server(database_url: str) -> tuple[str, str]:
    url = urllib.parse.urlsplit(database_url)
    return url._replace(path="/postgres").geturl(), url.path.lstrip("/")


def _exists(server: str, name: str) -> bool:
    import psycopg

    with psycopg.connect(server, autocommit=True) as connection:
        found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        return found.fetchone() is not None


def _copy(database_url: str) -> str:
    """A fresh copy of the club's database for this run: its address."""
    import psycopg

    server, name = _server(database_url)
    copy = f"{name}_run"
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{copy}"')
        connection.execute(f'CREATE DATABASE "{copy}" TEMPLATE "{name}"')
    return urllib.parse.urlsplit(database_url)._replace(path=f"/{copy}").geturl()


def _build(database_url: str) -> None:
    """The club, in a database of its own (a separate process: this one then serves the
    copy)."""
    import subprocess

    import psycopg

    server, name = _server(database_url)
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')
    env = {**os.environ, "DATABASE_URL": database_url, "DEBUG": "1"}
    started = time.perf_counter()
    print(f"Building the club: {MEMBERS} members, {SEASONS} seasons…", flush=True)
    for command in (
        ["migrate", "--verbosity", "0"],
        ["load_demo_club", "--members", str(MEMBERS), "--seasons", str(SEASONS)],
    ):
        subprocess.run([sys.executable, "manage.py", *command], env=env, check=True)
    print(f"  built in {time.perf_counter() - started:.0f} s", flush=True)


def _django(database_url: str, cache: Path) -> None:
    os.environ.update(
        DATABASE_URL=database_url,
        DEBUG="0",
        SECRET_KEY="benchmark-" + "x" * 50,
        ALLOWED_HOSTS="testserver",
        PAGE_CACHE="1",
        PAGE_CACHE_LOCATION=str(cache / "pages"),
        PAGE_GENERATION_LOCATION=str(cache / "generation"),
        PROGRESS_CACHE_LOCATION=str(cache / "progress"),
        LIMITS_CACHE_LOCATION=str(cache / "limits"),
        STATIC_ROOT=str(cache / "static"),
        DB_CONN_MAX_AGE="600",
        DJANGO_SETTINGS_MODULE="config.settings.production",
    )
    import subprocess

    collect = [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"]
    subprocess.run(collect, check=True)
    sys.path.insert(0, os.getcwd())
    import django

    django.setup()


def _tonight() -> tuple[int, list[int], list[tuple[int, int]]]:
    """Tonight's event: its id, its players' member ids, and its boards (id, version)."""
    from django.utils import timezone

    from club.models import Event, Game, Member, Round

    start = timezone.now() - timedelta(hours=1)
    event = Event.objects.create(
        kind=Event.Kind.RAPID,
        title=TONIGHT,
        start=start,
        end=start + timedelta(hours=4),
        status=Event.Status.ONGOING,
    )
    round_ = Round.objects.create(event=event, number=1, starts_at=start)
    members = list(Member.objects.public().select_related("player").order_by("pk")[: 2 * BOARDS])
    Game.objects.bulk_create(
        Game(
            round=round_, board=n + 1, white=members[2 * n].player, black=members[2 * n + 1].player
        )
        for n in range(BOARDS)
    )
    boards = list(Game.objects.filter(round=round_).order_by("board").values_list("pk", "version"))
    return event.pk, [m.pk for m in members], boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=DEFAULT_DATABASE)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--visits", type=int, default=20, help="visits between two saves")
    args = parser.parse_args()

    server, name = _server(args.database_url)
    if args.rebuild or not _exists(server, name):
        _build(args.database_url)
    run_database = _copy(args.database_url)
    _django(run_database, Path(tempfile.mkdtemp(prefix="page-cache-bench-")))

    from django.contrib.auth.models import Group, User
    from django.test import Client
    from django.urls import reverse

    from club.models import Member

    event, tonight, boards = _tonight()
    everyone = list(Member.objects.public().values_list("pk", flat=True))
    secretary = User.objects.create_user("banc-essai")
    secretary.groups.add(Group.objects.get(name="secretaries"))
    desk, visitor = Client(), Client()
    desk.force_login(secretary)
    rng = random.Random(args.seed)

    def page(kind: str) -> str:
        if kind == "event":
            return reverse("event", args=[event])
        if kind == "player tonight":
            return reverse("member", args=[rng.choice(tonight)])
        if kind == "any member":
            return reverse("member", args=[rng.choice(everyone)])
        return reverse(kind)

    kinds = [kind for kind, _ in MIX]
    weights = [weight for _, weight in MIX]
    for kind in kinds:  # the warm-up: each page of the mix once, the members later
        visitor.get(page(kind), secure=True)

    answers: Counter[str] = Counter()
    by_kind: dict[str, Counter[str]] = {kind: Counter() for kind in kinds}
    timings: list[float] = []
    save_times: list[float] = []
    results = ["1", "0", "="]
    started = time.perf_counter()
    for pk, version in boards:
        began = time.perf_counter()
        saved = desk.post(
            reverse("desk:save_result", args=[pk]),
            {"result": rng.choice(results), "version": version},
            secure=True,
        )
        save_times.append(time.perf_counter() - began)
        assert saved.status_code == 200, saved.status_code
        for kind in rng.choices(kinds, weights, k=args.visits):
            began = time.perf_counter()
            response = visitor.get(page(kind), secure=True)
            timings.append(time.perf_counter() - began)
            assert response.status_code == 200, (kind, response.status_code)
            said = response.get("X-Page-Cache", "made, not kept")
            answers[said] += 1
            by_kind[kind][said] += 1
    elapsed = time.perf_counter() - started

    visits = len(timings)
    cut = statistics.quantiles(timings, n=20)
    print(f"{BOARDS} saves, {visits} anonymous visits, {elapsed:.1f} s")
    print(f"  served from the cache: {answers['hit'] / visits:.0%} ({dict(answers)})")
    print(
        f"  visits: {visits / sum(timings):.0f} a second, "
        f"p50 {statistics.median(timings) * 1000:.1f} ms, p95 {cut[18] * 1000:.1f} ms"
    )
    print(f"  saves: p50 {statistics.median(save_times) * 1000:.1f} ms")
    for kind in kinds:
        seen = by_kind[kind]
        total = sum(seen.values())
        print(f"    {kind:>15}: {seen['hit'] / total:.0%} from the cache of {total}")


if __name__ == "__main__":
    main()

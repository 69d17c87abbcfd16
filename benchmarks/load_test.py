"""Load test: the site under 50 concurrent users, served by gunicorn on 127.0.0.1.

Builds (once, then reuses) the demo club scaled to 2,000 members and ten seasons in a
PostgreSQL database, serves it in production settings (``DEBUG=0``, whitenoise, the page
cache in files shared by the workers, persistent database connections) and runs wrk
(Debian's package ``wrk``) against four scenarios, each after a warm-up:

- the home page, anonymous visitors;
- a member's page, anonymous visitors going through every member in turn (after a first
  visit of each, whose rate is printed too: pages rendered, not yet cached);
- the calendar, anonymous visitors;
- the result-entry save, signed-in secretaries saving boards of an event in progress.

It prints, for each, requests per second and p50/p95/p99 latency, errors, the processor
time a request of gunicorn's workers and of PostgreSQL (when it runs on this machine: the
figures that other work on a shared machine moves least), and the targets: 300 requests/s
and p95 under 200 ms for the home and member pages, p95 under 250 ms for the save, no
errors.

Run: ``.venv/bin/python -m benchmarks.load_test`` (``--rebuild`` makes the club again;
``--database-url``, ``--duration``, ``--connections``, ``--workers``, ``--threads``, ``--port``,
``--first-visits`` to visit fewer member pages first; ``--members`` and ``--seasons`` for
another club, in a database of its own).
The first run builds the club: a few minutes.

Two machines, played on this one (docs/operations.md, 12): ``--nodes 2`` serves the site
by two gunicorn, each with half the ``--workers``, on the ports after ``--port``, behind
nginx (Debian's, run as root with a configuration of its own: an upstream of the nodes, no
cache) on ``--port``; ``--cache-url redis://127.0.0.1:6379/12`` puts every shared cache in
Redis (``CACHE_URL``), as two machines need. ``--nginx`` puts nginx in front of one node
too, for the comparison. On one machine the nodes share its cores: the figures say what
the shared caches and the balancer cost, not what a second machine would add.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

from benchmarks.measures import (
    WRK_THREADS,
    Figures,
    cpu_seconds,
    database_cpu_seconds,
    settled,
    wrk,
)
from benchmarks.planner import vacuum_analyze

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/club_load"
MEMBERS, SEASONS = 2000, 10
SECRETARY, PASSWORD = "charge-secretariat", "Charge de test 2026!"
LOAD_EVENT = "Soirée de charge"
BOARDS = 400
PORT = 8431


def _django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def _create_database(database_url: str) -> None:
    import psycopg

    url = urllib.parse.urlsplit(database_url)
    name = url.path.lstrip("/")
    server = url._replace(path="/postgres").geturl()
    with psycopg.connect(server, autocommit=True) as connection:
        if not connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [name]
        ).fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')


def _build_club(rebuild: bool, members: int, seasons: int) -> None:
    from django.core.management import call_command

    from club.models import Member

    call_command("migrate", verbosity=0)
    if rebuild or Member.objects.count() < members:
        started = time.perf_counter()
        print(f"Building the demo club: {members} members, {seasons} seasons…", flush=True)
        call_command("load_demo_club", reset=True, members=members, seasons=seasons, verbosity=1)
        print(f"  built in {time.perf_counter() - started:.0f} s", flush=True)


def _prepare_secretary() -> None:
    from django.contrib.auth.models import Group, User

    user, _ = User.objects.get_or_create(username=SECRETARY)
    if not user.check_password(PASSWORD):  # a new password would end the session
        user.set_password(PASSWORD)
        user.save()
    user.groups.add(Group.objects.get(name="secretaries"))


def _prepare_event() -> int:
    """The event in progress whose boards the secretaries save (made once)."""
    from django.utils import timezone

    from club.models import Event, Game, Member, Round

    event = Event.objects.filter(title=LOAD_EVENT).first()
    if event is None:
        start = timezone.now() - timedelta(hours=1)
        event = Event.objects.create(
            kind=Event.Kind.RAPID,
            title=LOAD_EVENT,
            start=start,
            end=start + timedelta(hours=4),
            status=Event.Status.ONGOING,
            public=False,
        )
        round_ = Round.objects.create(event=event, number=1, starts_at=start)
        players = [m.player for m in Member.objects.select_related("player")[: 2 * BOARDS]]
        Game.objects.bulk_create(
            Game(round=round_, board=n + 1, white=players[2 * n], black=players[2 * n + 1])
            for n in range(len(players) // 2)
        )
    return event.pk


def _boards(event_id: int) -> list[str]:
    """Each board of the event as the save script takes it: "url:version", the version as
    the last run left it. wrk stops with saves still on their way, which the server goes on
    committing: the versions are read once they no longer change (else the next run's
    first saves would be refused as conflicts)."""
    from django.urls import reverse

    from club.models import Game

    games = Game.objects.filter(round__event=event_id).order_by("pk")
    boards, settled = None, list(games.values_list("pk", "version"))
    while boards != settled:
        time.sleep(0.5)
        boards, settled = settled, list(games.values_list("pk", "version"))
    return [f"{reverse('desk:save_result', args=[pk])}:{version}" for pk, version in boards]


def _paths() -> dict[str, list[str]]:
    from django.urls import reverse

    from club.models import Member

    members = Member.objects.public().order_by("pk").values_list("pk", flat=True)
    return {
        "home": [reverse("home")],
        "member": [reverse("member", args=[pk]) for pk in members],
        "calendar": [reverse("calendar")],
    }


NGINX = """worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    upstream club {{
{servers}
        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://club;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        }}
    }}
}}
"""


def _balance(ports: list[int], folder: Path) -> subprocess.Popen:
    """nginx on PORT in front of the nodes on ``ports``, each request to one in turn."""
    servers = "\n".join(f"        server 127.0.0.1:{port};" for port in ports)
    conf = folder / "nginx.conf"
    conf.write_text(NGINX.format(folder=folder, servers=servers, port=PORT))
    balancer = subprocess.Popen(["nginx", "-c", str(conf), "-g", "daemon off;"])
    for _ in range(50):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/", timeout=60)
            return balancer
        except OSError:
            time.sleep(0.2)
    balancer.terminate()
    raise SystemExit(f"nginx did not answer on 127.0.0.1:{PORT}")


def _serve_nodes(
    database_url: str,
    workers: int,
    threads: int,
    cache: Path,
    nodes: int,
    cache_url: str,
    nginx: bool,
) -> list[subprocess.Popen]:
    """The site on PORT: one gunicorn, or ``nodes`` of them on the next ports (each with its
    share of ``workers``) behind nginx; the first process of the list is nginx when there
    is one."""
    if nodes == 1 and not nginx:
        return [_serve(database_url, workers, threads, cache, PORT, cache_url)]
    ports = [PORT + 1 + n for n in range(nodes)]
    servers = [
        _serve(database_url, max(workers // nodes, 1), threads, cache, port, cache_url)
        for port in ports
    ]
    return [_balance(ports, cache), *servers]


def _serve(
    database_url: str, workers: int, threads: int, cache: Path, port: int, cache_url: str
) -> subprocess.Popen:
    env = {
        **os.environ,
        "DEBUG": "0",
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": "load-test-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": database_url,
        "DB_CONN_MAX_AGE": "600",
        "PAGE_CACHE_LOCATION": str(cache / "pages"),
        "PROGRESS_CACHE_LOCATION": str(cache / "progress"),
        **({"CACHE_URL": cache_url} if cache_url else {}),
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        "config.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--log-level",
        "warning",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    for _ in range(100):
        if server.poll() is not None:
            raise SystemExit(f"gunicorn stopped (is port {port} taken?)")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60)
            settled(server.pid)
            return server
        except OSError:  # not listening yet
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not answer on 127.0.0.1")


def _log_in() -> tuple[str, str]:
    """The secretary's session cookie and CSRF token, through the login form."""
    from django.urls import reverse

    base = f"http://127.0.0.1:{PORT}"
    login = base + reverse("login")
    with urllib.request.urlopen(login) as page:
        csrf = _cookie(page.headers.get_all("Set-Cookie"), "csrftoken")
    body = urllib.parse.urlencode(
        {"username": SECRETARY, "password": PASSWORD, "csrfmiddlewaretoken": csrf}
    ).encode()
    request = urllib.request.Request(login, data=body, headers={"Cookie": f"csrftoken={csrf}"})

    class _Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            return None

    try:
        urllib.request.build_opener(_Stay).open(request)
        raise SystemExit("the secretary could not log in")
    except urllib.error.HTTPError as answer:
        if answer.code != 302:
            raise SystemExit(f"logging in answered {answer.code}") from None
        cookies = answer.headers.get_all("Set-Cookie")
    csrf = _cookie(cookies, "csrftoken", csrf)
    return f"sessionid={_cookie(cookies, 'sessionid')}; csrftoken={csrf}", csrf


def _cookie(headers: list[str] | None, name: str, default: str | None = None) -> str:
    for header in headers or []:
        match = re.match(rf"{name}=([^;]+)", header)
        if match:
            return match.group(1)
    if default is None:
        raise SystemExit(f"no {name} cookie in the answer")
    return default


def _first_visits(paths: list[str], servers: list[int]) -> Figures:
    """Every member's page once, by 8 visitors: what the cache starts from, and the
    figure of pages rendered by Django rather than copied, with the CPU time a page of
    gunicorn's workers, of PostgreSQL (on this machine) and of the visitors themselves
    (this process: they share the machine's cores with the server)."""
    started = time.perf_counter()
    cpu = sum(cpu_seconds(pid) for pid in servers), database_cpu_seconds(), time.process_time()
    with ThreadPoolExecutor(8) as visitors:
        statuses = list(
            visitors.map(
                lambda path: urllib.request.urlopen(f"http://127.0.0.1:{PORT}{path}").status,
                paths,
            )
        )
    seconds = time.perf_counter() - started
    now = sum(cpu_seconds(pid) for pid in servers), database_cpu_seconds(), time.process_time()
    gunicorn, database, visitors_cpu = (
        (b - a) / len(paths) * 1000 for a, b in zip(cpu, now, strict=True)
    )
    bad = sum(status != 200 for status in statuses)
    print(
        f"{'first visits, not cached':<26} {len(paths) / seconds:8.0f} pages/s "
        f"({len(paths)} member pages in {seconds:.0f} s, 8 visitors; CPU a page: "
        f"gunicorn {gunicorn:.1f} ms, PostgreSQL {database:.1f} ms, "
        f"visitors {visitors_cpu:.1f} ms)   errors {bad}",
        flush=True,
    )
    return Figures("first visits", len(paths), seconds, 0, 0, 0, bad)


def main() -> None:
    global PORT
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=os.getenv("LOAD_DATABASE_URL", DEFAULT_DATABASE))
    parser.add_argument("--rebuild", action="store_true", help="build the demo club again")
    parser.add_argument("--duration", type=int, default=20, help="seconds a scenario lasts")
    parser.add_argument("--warm-up", type=int, default=5, help="seconds before measuring")
    parser.add_argument("--connections", type=int, default=50, help="concurrent users")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=1, help="threads per worker")
    parser.add_argument("--port", type=int, default=PORT, help="port gunicorn listens on")
    parser.add_argument(
        "--first-visits", type=int, help="how many member pages the first visits take (all)"
    )
    parser.add_argument(
        "--only", choices=["home", "member", "calendar", "save"], help="run one scenario only"
    )
    parser.add_argument("--members", type=int, default=MEMBERS, help="members of the club")
    parser.add_argument("--seasons", type=int, default=SEASONS, help="seasons of its history")
    parser.add_argument("--nodes", type=int, default=1, help="gunicorn servers behind nginx")
    parser.add_argument("--nginx", action="store_true", help="nginx in front of one node too")
    parser.add_argument("--cache-url", default="", help="CACHE_URL: the shared caches in Redis")
    options = parser.parse_args()
    PORT = options.port
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk")

    _create_database(options.database_url)
    _django(options.database_url)
    _build_club(options.rebuild, options.members, options.seasons)
    _prepare_secretary()
    event = _prepare_event()
    vacuum_analyze()
    paths = _paths()

    with tempfile.TemporaryDirectory(prefix="club-load-") as cache:
        processes = _serve_nodes(
            options.database_url,
            options.workers,
            options.threads,
            Path(cache),
            options.nodes,
            options.cache_url,
            options.nginx,
        )
        try:
            cookie, csrf = _log_in()

            def saves() -> list[str]:
                return [cookie, csrf, str(WRK_THREADS), *_boards(event)]

            scenarios = {
                "home": ("home page", "pages.lua", lambda: paths["home"]),
                "member": ("member's page", "pages.lua", lambda: paths["member"]),
                "calendar": ("calendar", "pages.lua", lambda: paths["calendar"]),
                "save": ("result save", "save_results.lua", saves),
            }
            if options.only:
                scenarios = {options.only: scenarios[options.only]}
            figures = {}
            if "member" in scenarios:
                first = paths["member"][: options.first_visits]
                figures["first"] = _first_visits(first, [p.pid for p in processes])
            for key, (name, script, args) in scenarios.items():
                wrk(
                    f"http://127.0.0.1:{PORT}",
                    name,
                    script,
                    args(),
                    options.warm_up,
                    options.connections,
                )
                servers = [p.pid for p in processes]
                cpu = sum(cpu_seconds(pid) for pid in servers), database_cpu_seconds()
                figures[key] = wrk(
                    f"http://127.0.0.1:{PORT}",
                    name,
                    script,
                    args(),
                    options.duration,
                    options.connections,
                )
                now = sum(cpu_seconds(pid) for pid in servers), database_cpu_seconds()
                # the requests on their way when wrk stops are served after its count: the
                # figures a request are a little above the true ones
                requests = max(figures[key].requests, 1)
                gunicorn, database = (
                    (b - a) / requests * 1000 for a, b in zip(cpu, now, strict=True)
                )
                print(
                    f"{_line(figures[key])}   CPU a request: gunicorn {gunicorn:.2f} ms, "
                    f"PostgreSQL {database:.2f} ms",
                    flush=True,
                )
        finally:
            for process in processes:
                process.send_signal(signal.SIGTERM)
            for process in processes:
                process.wait(30)
    _targets(figures)


def _line(f: Figures) -> str:
    return (
        f"{f.name:<26} {f.per_second:8.0f} req/s   p50 {f.p50_ms:6.1f} ms   "
        f"p95 {f.p95_ms:6.1f} ms   p99 {f.p99_ms:6.1f} ms   errors {f.errors}"
    )


def _targets(figures: dict[str, Figures]) -> None:
    checks = [
        (
            "home",
            "home page ≥ 300 req/s, p95 < 200 ms",
            lambda f: f.per_second >= 300 and f.p95_ms < 200,
        ),
        (
            "member",
            "member's page ≥ 300 req/s, p95 < 200 ms",
            lambda f: f.per_second >= 300 and f.p95_ms < 200,
        ),
        ("first", "first visits of member pages ≥ 200 pages/s", lambda f: f.per_second >= 200),
        ("save", "result save p95 < 250 ms", lambda f: f.p95_ms < 250),
    ]
    for key, label, met in checks:
        if key in figures:
            print(f"{'met   ' if met(figures[key]) else 'MISSED'}  {label}")
    print(f"{'MISSED' if any(f.errors for f in figures.values()) else 'met   '}  no errors")


if __name__ == "__main__":
    main()

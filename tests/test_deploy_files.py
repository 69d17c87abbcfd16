"""The files of deploy/ as a server uses them: the systemd units pass
`systemd-analyze verify`, the nginx configuration passes `nginx -t` and serves the site
in front of gunicorn, the example settings name every variable config/settings/ reads and
give a site that passes `check --deploy` (read by deploy/manage.sh as on the server).

systemd-analyze (systemd) and nginx must be installed: scripts/test.sh installs nginx."""

import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.urls import reverse
from gunicorn.config import Config
from pytest_django import Settings

from tests.club.factories import MemberFactory
from tests.other_processes import ROOT, caches_in, environment, free_port
from tests.test_settings import PRODUCTION

DEPLOY = ROOT / "deploy"
UNITS = sorted((DEPLOY / "systemd").iterdir())
NGINX = "/usr/sbin/nginx"
HOST = "club.example.be"
VENV_BIN = Path(sys.executable).parent


def _binary(path: str) -> str:
    assert Path(path).exists(), f"{path} is missing: scripts/test.sh installs it"
    return path


def test_the_systemd_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    assert {unit.name for unit in UNITS} == {
        "club-web.socket",
        "club-web.service",
        "club-worker.service",
        "club-daily.service",
        "club-daily.timer",
    }
    # the units as installed, with the application where this checkout and its
    # virtualenv are (verify looks that every command exists and can be run)
    for unit in UNITS:
        text = unit.read_text().replace("/srv/club/app/.venv/bin/", f"{VENV_BIN}/")
        (tmp_path / unit.name).write_text(text.replace("/srv/club/app", str(ROOT)))
    done = subprocess.run(
        [_binary(shutil.which("systemd-analyze") or "systemd-analyze"), "verify", "--man=no"]
        + [str(tmp_path / unit.name) for unit in UNITS],
        capture_output=True,
        text=True,
        check=False,
    )
    # an unknown key or a missing command is a warning on stderr, not always an exit code
    assert (done.returncode, done.stderr, done.stdout) == (0, "", "")


def test_the_units_run_the_commands_of_the_site() -> None:
    web = (DEPLOY / "systemd" / "club-web.service").read_text()
    worker = (DEPLOY / "systemd" / "club-worker.service").read_text()
    socket_unit = (DEPLOY / "systemd" / "club-web.socket").read_text()
    nginx = (DEPLOY / "nginx" / "club.conf").read_text()
    assert "gunicorn config.wsgi" in web and "EnvironmentFile=/etc/club/club.env" in web
    assert "manage.py db_worker --no-reload" in worker
    # nginx talks to the socket that systemd holds for gunicorn
    listen = re.search(r"ListenStream=(\S+)", socket_unit)
    assert listen and f"server unix:{listen.group(1)} " in nginx


def test_gunicorn_replaces_each_worker_after_a_bounded_number_of_requests() -> None:
    """A worker that made one large page keeps its memory: ``--max-requests`` (with a
    jitter, so that the workers are not replaced together) gives it back, as gunicorn's
    own parser reads the unit's command line."""
    web = (DEPLOY / "systemd" / "club-web.service").read_text()
    start = re.search(r"^ExecStart=(.+)$", web, re.MULTILINE)
    assert start is not None
    command = shlex.split(start.group(1))
    assert command[0].endswith("/gunicorn")
    read = Config().parser().parse_args(command[1:])
    assert (read.max_requests, read.max_requests_jitter) == (1000, 100)


def _nginx_conf(folder: Path, site: str) -> Path:
    (folder / "logs").mkdir(exist_ok=True)
    site = site.replace("/var/cache/nginx/club", str(folder / "proxy-cache"))
    (folder / "site.conf").write_text(site)
    conf = folder / "nginx.conf"
    conf.write_text(
        # workers as root: the test's files are in folders of root's only
        "user root;\n"
        f"pid {folder}/nginx.pid;\n"
        f"error_log {folder}/logs/error.log;\n"
        "events {}\n"
        "http {\n"
        "    include /etc/nginx/mime.types;\n"
        f"    access_log {folder}/logs/access.log;\n"
        f"    client_body_temp_path {folder}/body;\n"
        f"    proxy_temp_path {folder}/proxy;\n"
        f"    include {folder}/site.conf;\n"
        "}\n"
    )
    return conf


def test_the_nginx_configuration_passes_nginx_t(tmp_path: Path) -> None:
    conf = _nginx_conf(tmp_path, (DEPLOY / "nginx" / "club.conf").read_text())
    done = subprocess.run(
        [_binary(NGINX), "-t", "-p", str(tmp_path), "-c", str(conf), "-e", str(tmp_path / "e")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "syntax is ok" in done.stderr and "[warn]" not in done.stderr


def _settings_read() -> set[str]:
    names: set[str] = set()
    call = r'(?:getenv|envbool|envint|envlist|envaddresses|env\.get)\(\s*"([A-Z][A-Z0-9_]*)"'
    for module in [
        *sorted((ROOT / "config" / "settings").glob("*.py")),
        ROOT / "lib/email_config.py",
    ]:
        names |= set(re.findall(call, module.read_text()))
    return names


def _example_names() -> set[str]:
    text = (DEPLOY / "club.env.example").read_text()
    return set(re.findall(r"^#?([A-Z][A-Z0-9_]*)=", text, re.MULTILINE))


def test_the_example_settings_name_every_variable_the_site_reads() -> None:
    read = _settings_read()
    assert {"SECRET_KEY", "DATABASE_URL", "ADMINS", "SENTRY_DSN", "EMAIL_URL"} <= read
    assert _example_names() == read


def test_the_example_settings_give_a_site_that_passes_check_deploy(tmp_path: Path) -> None:
    example = (DEPLOY / "club.env.example").read_text()
    places = {
        "SECRET_KEY": f"'{PRODUCTION['SECRET_KEY']}'",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}",
        "STATIC_ROOT": str(tmp_path / "static"),
    }
    for name, value in places.items():
        example = re.sub(rf"^{name}=.*$", f"{name}={value}", example, flags=re.MULTILINE)
    example = example.replace("/var/cache/club/", f"{tmp_path}/cache/")
    env_file = tmp_path / "club.env"
    env_file.write_text(example)
    done = subprocess.run(
        [str(DEPLOY / "manage.sh"), "check", "--deploy", "--fail-level", "WARNING"],
        env={
            "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
            "CLUB_USER": "root",
            "CLUB_ENV": str(env_file),
        },
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def _wait_for(check: object, process: subprocess.Popen, what: str) -> None:
    for _ in range(150):
        try:
            check()  # type: ignore[operator]
            return
        except OSError:
            assert process.poll() is None, f"{what} stopped"
            time.sleep(0.1)
    raise AssertionError(f"{what} does not answer")


@pytest.fixture
def proxied_site(tmp_path: Path, settings: Settings) -> Iterator[tuple[str, Path, Path]]:
    """gunicorn on a unix socket in production settings, and nginx with deploy/'s
    configuration in front of it on a free port: (its address, the static files, gunicorn's
    access log, which shows the X-Forwarded-For that gunicorn received)."""
    yield from _proxied(tmp_path, settings, https=False)


@pytest.fixture
def https_site(tmp_path: Path, settings: Settings) -> Iterator[tuple[str, Path, Path]]:
    """The same, nginx telling gunicorn the request came by HTTPS (as once certbot has
    added TLS), so that pages are answered rather than redirected."""
    yield from _proxied(tmp_path, settings, https=True)


def _proxied(tmp_path: Path, settings: Settings, https: bool) -> Iterator[tuple[str, Path, Path]]:
    nginx_binary = _binary(NGINX)  # before gunicorn starts: a missing nginx leaves nothing running
    static = tmp_path / "srv" / "static"
    env = environment(
        DEBUG="0",
        SECRET_KEY=PRODUCTION["SECRET_KEY"],
        ALLOWED_HOSTS=HOST,
        STATIC_ROOT=str(static),
        **caches_in(tmp_path, settings, "pages", "page-generation"),
    )
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    sock = tmp_path / "gunicorn.sock"
    access_log = tmp_path / "gunicorn-access.log"
    # the command of club-web.service, on a socket of its own instead of systemd's, with
    # an access log that shows the forwarding headers gunicorn received
    service = (DEPLOY / "systemd" / "club-web.service").read_text()
    command = shlex.split(re.findall(r"^ExecStart=(.+)$", service, re.MULTILINE)[0])
    assert command[0] == "/srv/club/app/.venv/bin/gunicorn"
    command[0] = str(VENV_BIN / "gunicorn")
    command[command.index("--access-logfile") + 1] = str(access_log)
    gunicorn = subprocess.Popen(
        [
            *command,
            "--bind",
            f"unix:{sock}",
            "--access-logformat",
            "%(r)s|%({x-forwarded-for}i)s|%({x-forwarded-proto}i)s",
        ],
        cwd=ROOT,
        env=env,
        stderr=subprocess.DEVNULL,
    )
    port = free_port()
    site = (DEPLOY / "nginx" / "club.conf").read_text()
    site = site.replace("unix:/run/club-web.sock", f"unix:{sock}")
    site = site.replace("root /srv/club;", f"root {static.parent};")
    site = re.sub(r"listen \[::\]:80;\n", "", site)
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
    if https:
        site = site.replace("X-Forwarded-Proto $scheme;", "X-Forwarded-Proto https;")
    conf = _nginx_conf(tmp_path, site)
    nginx = subprocess.Popen(
        [
            nginx_binary,
            "-p",
            str(tmp_path),
            "-c",
            str(conf),
            "-e",
            str(tmp_path / "e"),
            "-g",
            "daemon off;",
        ],
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for(lambda: socket.socket(socket.AF_UNIX).connect(str(sock)), gunicorn, "gunicorn")
        _wait_for(lambda: socket.create_connection(("127.0.0.1", port)).close(), nginx, "nginx")
        yield f"http://127.0.0.1:{port}", static, access_log
    finally:
        nginx.terminate()
        gunicorn.terminate()
        nginx.wait(20)
        gunicorn.wait(20)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def _request(
    url: str, data: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """The status, the headers (a header given twice: its values joined by ", ") and body."""
    request = urllib.request.Request(url, data=data, headers={"Host": HOST, **(headers or {})})
    try:
        with urllib.request.build_opener(_NoRedirect).open(request, timeout=30) as answer:
            status, message, body = answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        status, message, body = error.code, error.headers, error.read()
    return status, {name: ", ".join(message.get_all(name) or []) for name in message}, body


def _logged(access_log: Path, count: int) -> list[str]:
    """The access log's lines once it holds `count` of them (gunicorn writes a request's line
    after sending the answer, so a client can read the log before the line is there)."""
    deadline = time.monotonic() + 10
    lines = access_log.read_text().splitlines()
    while len(lines) < count and time.monotonic() < deadline:
        time.sleep(0.05)
        lines = access_log.read_text().splitlines()
    return lines


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_nginx_serves_the_site_from_gunicorn_with_its_limits(
    proxied_site: tuple[str, Path, Path],
) -> None:
    base, static, access_log = proxied_site
    # proxied to gunicorn: the health check, and the HTTPS redirect from the scheme nginx
    # passes on (X-Forwarded-Proto: http until certbot adds TLS)
    status, _, body = _request(base + "/health/")
    assert status == 200 and b'"status": "ok"' in body
    status, headers, _ = _request(base + "/", headers={"X-Forwarded-For": "198.51.100.7"})
    assert status == 301 and headers["Location"] == f"https://{HOST}/"
    # the client's address appended to the header the client sent, as the site reads it
    assert "GET / HTTP/1.0|198.51.100.7, 127.0.0.1|http" in _logged(access_log, 2)

    # bodies over 3 MiB stopped by nginx, smaller ones reach the site: a form of 2 MiB
    # read whole by Django's CSRF check (valid), then refused by the GET-only view
    token = "a" * 32
    form = f"csrfmiddlewaretoken={token}&x=".encode() + b"x" * (2 * 1024 * 1024 - 64)
    posted = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={token}"}
    status, headers, _ = _request(base + "/health/", data=b"x" * (3 * 1024 * 1024 + 1))
    assert status == 413 and headers["Server"].startswith("nginx")
    status, headers, _ = _request(base + "/health/", data=form, headers=posted)
    assert status == 405 and headers["Allow"] == "GET, HEAD"

    # static files from STATIC_ROOT by nginx itself: hashed names kept a year
    hashed = next(
        path for path in static.rglob("*.js") if re.search(r"\.[0-9a-f]{12}\.js$", path.name)
    )
    url = f"{base}/static/{hashed.relative_to(static)}"
    status, headers, body = _request(url)
    assert status == 200 and body == hashed.read_bytes()
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    plain = static / "admin" / "js" / "core.js"
    status, headers, body = _request(f"{base}/static/admin/js/core.js")
    assert status == 200 and body == plain.read_bytes()
    assert headers["Cache-Control"] == "max-age=3600"
    # of the two bodies posted, only the 2 MiB one reached gunicorn
    posts = [line for line in _logged(access_log, 3) if line.startswith("POST ")]
    assert posts == ["POST /health/ HTTP/1.0|127.0.0.1|http"]


def _systemd_unescaped(line: str) -> str:
    """A command line of a unit as systemd runs it: %% is %, $$ is $."""
    return line.replace("%%", "%").replace("$$", "$")


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_the_daily_unit_backs_the_club_up_and_clears_old_data(tmp_path: Path) -> None:
    from django.contrib.sessions.models import Session
    from django.utils import timezone

    from club.models import Player
    from tests.club.factories import MemberFactory

    MemberFactory(player__first_name="Alice")
    Session.objects.create(session_key="old", session_data="", expire_date=timezone.now())
    backups = tmp_path / "backups"
    backups.mkdir()
    stale = backups / "club-2020-01-01.json"
    stale.write_text("{}")
    old = time.time() - 31 * 86400
    os.utime(stale, (old, old))
    service = (DEPLOY / "systemd" / "club-daily.service").read_text()
    commands = re.findall(r"^ExecStart=(.+)$", service, re.MULTILINE)
    assert len(commands) == 4
    for line in commands:
        line = _systemd_unescaped(line).replace("/srv/club/app/.venv/bin/", f"{VENV_BIN}/")
        line = line.replace("/var/lib/club/backups", str(backups))
        subprocess.run(
            shlex.split(line),
            cwd=ROOT,
            env=environment(DEBUG="0", SECRET_KEY=PRODUCTION["SECRET_KEY"]),
            check=True,
            capture_output=True,
        )
    [backup] = backups.iterdir()  # today's, the one of 2020 removed
    assert backup.name == f"club-{time.strftime('%Y-%m-%d')}.json"  # the local day, as date
    assert oct(backup.stat().st_mode & 0o777) == "0o600"
    objects = json.loads(backup.read_text())["objects"]
    assert [o["fields"]["first_name"] for o in objects if o["model"] == "club.player"] == ["Alice"]
    assert Player.objects.count() == 1 and not Session.objects.exists()


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_nginx_keeps_public_pages_briefly_and_never_a_signed_in_visitors(
    https_site: tuple[str, Path, Path],
) -> None:
    base, _static, access_log = https_site
    member = MemberFactory(player__first_name="Alice", player__last_name="Martin")
    page = base + reverse("member", args=[member.pk])
    answers = [_request(page) for _ in range(3)]
    assert [status for status, _, _ in answers] == [200] * 3
    assert [headers["X-Proxy-Cache"] for _, headers, _ in answers] == ["MISS", "HIT", "HIT"]
    assert answers[0][1]["Cache-Control"] == "public, max-age=30"
    assert b"Alice" in answers[2][2]
    asked = [line for line in _logged(access_log, 1) if line.startswith("GET /membres/")]
    assert len(asked) == 1  # the two others never reached gunicorn

    # a visitor with a session cookie goes past nginx's cache, and is never kept
    for _ in range(2):
        status, headers, _ = _request(page, headers={"Cookie": "sessionid=whatever"})
        assert status == 200 and headers["X-Proxy-Cache"] == "BYPASS"
    # a private page (signing in) is never kept
    login = base + reverse("login")
    states = [_request(login)[1]["X-Proxy-Cache"] for _ in range(2)]
    assert states == ["MISS", "MISS"]

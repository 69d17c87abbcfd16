"""The files of deploy/ as a server uses them, unchanged, on a fresh Debian 12 as far as
they meet it (FRESH_SERVER: a mount namespace where the checkout is /srv/club/app): the
systemd units pass `systemd-analyze verify` and keep a drop-in across an upgrade, the
nginx configuration installed by docs/operations.md's commands passes `nginx -t` under
Debian's nginx.conf and serves the site in front of gunicorn run by the unit's command,
the daily unit's commands back the club up, the example settings name every variable
config/settings/ reads and give a site that passes `check --deploy` (read by
deploy/manage.sh as on the server); a server's packages are uv.lock's without the tests'.

Run as root (the tests' machine is a throwaway one), with unshare(1) of util-linux,
systemd-analyze (systemd) and Debian's nginx: scripts/test.sh installs nginx."""

import fcntl
import http.client
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
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
HOST = "your.site.name"  # docs/operations.md's name, set by its step 7
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
    # the units as they are, this checkout being /srv/club/app (verify looks that every
    # command exists and can be run)
    verify = shutil.which("systemd-analyze") or "systemd-analyze"
    units = " ".join(f"/srv/club/app/deploy/systemd/{unit.name}" for unit in UNITS)
    done = subprocess.run(
        _on_a_fresh_server(tmp_path, f"{_binary(verify)} verify --man=no {units}"),
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
    assert "manage.py worker --no-reload" in worker
    # nginx talks to the socket that systemd holds for gunicorn
    listen = re.search(r"ListenStream=(\S+)", socket_unit)
    assert listen and f"server unix:{listen.group(1)} " in nginx
    # nginx waits for gunicorn's answer as long as gunicorn lets a worker work on it, and
    # receives every body whole before passing it on
    timeout = re.search(r"--timeout (\d+)", web)
    assert timeout and set(re.findall(r"proxy_read_timeout (\S+);", nginx)) == {
        f"{timeout.group(1)}s"
    }
    assert "proxy_request_buffering off" not in nginx


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


def _operations_block(heading: str) -> list[str]:
    """The command lines of the ```sh blocks of docs/operations.md's section `heading`,
    as a volunteer types them."""
    text = (ROOT / "docs" / "operations.md").read_text()
    section = text[text.index(f"\n## {heading}") + 1 :]
    section = section[: section.find("\n## ") % (len(section) + 1)]
    return [
        line
        for block in re.findall(r"^```sh\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)
        for line in block.splitlines()
    ]


def _nginx_steps() -> list[str]:
    """Section 7's commands up to `nginx -t` (then nginx reloads and certbot asks a
    certificate, which a test cannot do)."""
    steps: list[str] = []
    for line in _operations_block("7. nginx and HTTPS"):
        if line.startswith("nginx -t"):
            return [*steps, "nginx -t"]
        steps.append(line)
    raise AssertionError("docs/operations.md, 7: no `nginx -t`")


# A fresh Debian 12 server, as far as the site's files meet it, in a mount namespace of
# its own (unshare(1)): the machine's folders that nginx and the docs' steps write to are
# empty (tmpfs) in it, Debian's /etc/nginx/nginx.conf and its default site are kept, and
# this checkout is /srv/club/app, so that the files of deploy/ and the docs' commands run
# with their own paths, nothing rewritten. What they make disappears with the namespace.
FRESH_SERVER = r"""
set -eu
mkdir -p "$WORK/debian"
cp -a /etc/nginx/sites-available/default "$WORK/debian/default"
for folder in /var/cache /var/lib/nginx /var/log/nginx /run /srv \
              /etc/nginx/sites-available /etc/nginx/sites-enabled; do
    mount -t tmpfs -o mode=0755 tmpfs "$folder"
done
cp -a "$WORK/debian/default" /etc/nginx/sites-available/default
ln -s /etc/nginx/sites-available/default /etc/nginx/sites-enabled/default
mkdir -p /srv/club/app
mount --bind "$CHECKOUT" /srv/club/app
"""


def _on_a_fresh_server(tmp_path: Path, script: str) -> list[str]:
    """The command running `script` (sh) after FRESH_SERVER, in a mount namespace."""
    return [
        _binary("/usr/bin/unshare"),
        "--mount",
        "--propagation",
        "private",
        "env",
        f"WORK={tmp_path}",
        f"CHECKOUT={ROOT}",
        "sh",
        "-c",
        FRESH_SERVER + script,
    ]


def test_the_docs_nginx_steps_pass_nginx_t_on_a_fresh_debian(tmp_path: Path) -> None:
    """deploy/nginx/club.conf as docs/operations.md installs it, under Debian's own
    nginx.conf, on a server where Debian's package made no /var/cache/nginx."""
    _binary(NGINX)
    steps = _nginx_steps()
    script = "\n".join(["test ! -e /var/cache/nginx", *steps[:-1], f"{steps[-1]} 2>&1"])
    done = subprocess.run(
        _on_a_fresh_server(tmp_path, script), capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "syntax is ok" in done.stdout and "test is successful" in done.stdout
    assert "[warn]" not in done.stdout and "[emerg]" not in done.stdout


def _settings_read() -> set[str]:
    names: set[str] = set()
    # and the settings' own readers of a shared cache's variables (config/settings/base.py)
    call = (
        r"(?:getenv|envbool|envint|envfederation|envlist|envaddresses|env\.get|_backend|_location)"
        r'\(\s*"([A-Z][A-Z0-9_]*)"'
    )
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


def _wait_for(check: object, process: subprocess.Popen, what: str, seconds: int = 15) -> None:
    for _ in range(seconds * 10):
        try:
            check()  # type: ignore[operator]
            return
        except OSError:
            assert process.poll() is None, f"{what} stopped"
            time.sleep(0.1)
    raise AssertionError(f"{what} does not answer")


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static files as `manage.py collectstatic` collects them (docs/operations.md,
    5), once for the tests that serve them: once in the whole run, the suite's workers
    sharing the run's folder (the first to need them collects them while the others wait
    on a lock)."""
    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent  # the workers' folders are in the run's
    static, done = run / "collected-static", run / "collected-static.done"
    with (run / "collected-static.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(static, ignore_errors=True)  # left by a worker stopped midway
            static.mkdir()
            static.chmod(0o755)  # as /srv/club/static: nginx's workers (www-data) read it
            subprocess.run(
                [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
                cwd=ROOT,
                env={
                    **os.environ,
                    "DEBUG": "0",
                    "SECRET_KEY": PRODUCTION["SECRET_KEY"],
                    "ALLOWED_HOSTS": HOST,
                    "STATIC_ROOT": str(static),
                },
                check=True,
            )
            done.touch()
    return static


@pytest.fixture
def proxied_site(
    tmp_path: Path, settings: Settings, collected_static: Path
) -> Iterator[tuple[str, Path, Path]]:
    """gunicorn on a unix socket in production settings, and nginx with deploy/'s
    configuration in front of it on a free port: (its address, the static files, gunicorn's
    access log, which shows the X-Forwarded-For that gunicorn received)."""
    yield from _proxied(tmp_path, settings, collected_static, https=False)


@pytest.fixture
def https_site(
    tmp_path: Path, settings: Settings, collected_static: Path
) -> Iterator[tuple[str, Path, Path]]:
    """The same, nginx telling gunicorn the request came by HTTPS (as once certbot has
    added TLS), so that pages are answered rather than redirected."""
    yield from _proxied(tmp_path, settings, collected_static, https=True)


def _proxied(
    tmp_path: Path,
    settings: Settings,
    static: Path,
    https: bool,
    timeout: int | None = None,
) -> Iterator[tuple[str, Path, Path]]:
    """On a fresh server (FRESH_SERVER): nginx as docs/operations.md installs it, then
    gunicorn by club-web.service's command, from /srv/club/app, on the socket that
    club-web.socket holds in production (/run/club-web.sock, www-data's alone).

    Changed for the test, nothing else: nginx listens on a free port of 127.0.0.1 (the
    machine's port 80 may be taken, and tests run side by side), gunicorn's access log
    shows the forwarding headers it received and, given `timeout`, gunicorn's --timeout
    is that many seconds; with `https`, nginx says every request came by HTTPS (as once
    certbot has added TLS), so that pages are answered rather than redirected (gunicorn
    then loads the site before its workers start: --preload). The static
    files collected once (`collected_static`) are /srv/club/static."""
    _binary(NGINX)
    access_log = tmp_path / "gunicorn-access.log"
    env = environment(
        DEBUG="0",
        SECRET_KEY=PRODUCTION["SECRET_KEY"],
        ALLOWED_HOSTS="your.site.name",
        STATIC_ROOT="/srv/club/static",
        OFFICIAL_LISTS_DIR=str(tmp_path / "official-lists"),
        HEALTH_WORKER_SECONDS="0",  # no task worker beside this gunicorn
        **caches_in(tmp_path, settings, "pages", "page-generation"),
    )
    service = (DEPLOY / "systemd" / "club-web.service").read_text()
    command = shlex.split(re.findall(r"^ExecStart=(.+)$", service, re.MULTILINE)[0])
    command[command.index("--access-logfile") + 1] = str(access_log)
    if timeout is not None:
        # the application loaded before the workers start, so that booting one on a busy
        # machine does not take longer than the timeout
        command[command.index("--timeout") + 1 : command.index("--timeout") + 2] = [
            str(timeout),
            "--preload",
        ]
    command += [
        "--bind",
        "unix:/run/club-web.sock",
        "--access-logformat",
        "%(r)s|%({x-forwarded-for}i)s|%({x-forwarded-proto}i)s",
    ]
    port = free_port()
    site = "/etc/nginx/sites-available/club"
    edits = [
        f"sed -i -e 's/listen 80;/listen 127.0.0.1:{port};/' -e '/listen \\[::\\]:80;/d' {site}"
    ]
    if https:
        edits.append(f"sed -i 's/X-Forwarded-Proto $scheme;/X-Forwarded-Proto https;/' {site}")
    script = "\n".join(
        [
            *_nginx_steps()[:-1],
            *edits,
            f"mkdir /srv/club/static && mount --bind {static} /srv/club/static",
            "cd /srv/club/app",
            f"{shlex.join(command)} 2>/dev/null &",
            "for _ in $(seq 150); do [ -S /run/club-web.sock ] && break; sleep 0.1; done",
            # what club-web.socket's SocketUser=, SocketGroup= and SocketMode= make of it
            "chown www-data:www-data /run/club-web.sock && chmod 0600 /run/club-web.sock",
            "exec nginx -g 'daemon off;'",
        ]
    )
    server = subprocess.Popen(_on_a_fresh_server(tmp_path, script), env=env, start_new_session=True)
    try:
        _wait_for(
            lambda: socket.create_connection(("127.0.0.1", port)).close(), server, "nginx", 60
        )
        yield f"http://127.0.0.1:{port}", static, access_log
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # nginx, gunicorn: the group this test started
        server.wait(20)


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
    service = (DEPLOY / "systemd" / "club-daily.service").read_text()
    commands = re.findall(r"^ExecStart=(.+)$", service, re.MULTILINE)
    assert len(commands) == 4
    # the unit's commands as systemd runs them, from its WorkingDirectory, in the folders
    # its StateDirectory= makes, with an old backup of 2020 there
    backups = "/var/lib/club/backups"
    script = "\n".join(
        [
            "mount -t tmpfs -o mode=0755 tmpfs /var/lib",
            f"install -d -m 0700 /var/lib/club {backups}",
            f"touch -d '31 days ago' {backups}/club-2020-01-01.json",
            "cd /srv/club/app",
            *(_systemd_unescaped(line) for line in commands),
            f'cp -a {backups} "$WORK/backups"',
        ]
    )
    env = environment(DEBUG="0", SECRET_KEY=PRODUCTION["SECRET_KEY"])
    done = subprocess.run(
        _on_a_fresh_server(tmp_path, script), env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    [backup] = (tmp_path / "backups").iterdir()  # today's, the one of 2020 removed
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


@pytest.fixture
def impatient_site(
    tmp_path: Path, settings: Settings, collected_static: Path
) -> Iterator[tuple[str, Path, Path]]:
    """The HTTPS site, gunicorn killing a worker that works 2 s on one request."""
    yield from _proxied(tmp_path, settings, collected_static, https=True, timeout=2)


def _post_slowly(
    base: str, path: str, body: bytes, headers: dict[str, str], seconds: float
) -> tuple[int, str]:
    """POST `body` to nginx in 16 pieces spread over `seconds`, as a slow line uploads it:
    the status and the Location of the answer."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    connection.putrequest("POST", path, skip_host=True)
    for name, value in {"Host": HOST, "Content-Length": str(len(body)), **headers}.items():
        connection.putheader(name, value)
    connection.endheaders()
    piece = len(body) // 16 + 1
    for start in range(0, len(body), piece):
        connection.send(body[start : start + piece])
        time.sleep(seconds / 16)
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return answer.status, answer.getheader("Location") or ""


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_a_slow_list_upload_reaches_the_site_whole_in_every_language(
    impatient_site: tuple[str, Path, Path], settings: Settings
) -> None:
    """An official list of 4 MiB (over the 3 MiB of the site's other pages) posted to the
    lists page of each language: nginx takes it, and a slow upload (3 s, gunicorn's
    --timeout being 2 s here) reaches gunicorn whole, received by nginx first."""
    from django.contrib.auth.models import User
    from django.test import Client
    from django.utils import translation

    from ratings.models import OfficialList

    base, _static, _log = impatient_site
    settings.SECRET_KEY = PRODUCTION["SECRET_KEY"]  # gunicorn's, which signs the session
    client = Client()
    client.force_login(User.objects.create_superuser("admin", "admin@example.be", "x" * 20))
    token = "a" * 32
    boundary = "club-test-boundary"
    listed = (ROOT / "tests/fixtures/lists/standard_nov26frl.txt").read_bytes()
    content = listed + b"\n" * (4 * 1024 * 1024 - len(listed))
    body = b"".join(
        [
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
            f"{value}\r\n".encode()
            for name, value in [("csrfmiddlewaretoken", token), ("kind", "fide")]
        ]
        + [
            f"--{boundary}\r\nContent-Disposition: form-data; name=file; "
            'filename="standard_nov26frl.txt"\r\nContent-Type: text/plain\r\n\r\n'.encode(),
            content,
            f"\r\n--{boundary}--\r\n".encode(),
        ]
    )
    headers = {
        "Content-Type": f"multipart/form-data; boundary={boundary}",
        "Cookie": f"csrftoken={token}; sessionid={client.cookies['sessionid'].value}",
        "Origin": f"https://{HOST}",
    }
    assert _request(base + "/health/")[0] == 200  # a worker has started
    for language, seconds in [("fr", 0.0), ("nl", 0.0), ("de", 0.0), ("en", 3.0)]:
        with translation.override(language):
            path = reverse("ratings:official_lists")
        status, location = _post_slowly(base, path, body, headers, seconds)
        official = OfficialList.objects.order_by("-pk").first()
        assert official is not None, (language, status)
        assert (status, location) == (302, path.replace("listes/", f"listes/{official.pk}/"))
        assert official.total == len(content)
        assert Path(official.path).read_bytes() == content
    assert OfficialList.objects.count() == 4


def _operations_ini(heading: str) -> str:
    text = (ROOT / "docs" / "operations.md").read_text()
    section = text[text.index(f"\n## {heading}") :]
    start = section.index("```ini\n") + len("```ini\n")
    return section[start : section.index("\n```", start) + 1]


def test_a_drop_in_sets_gunicorns_workers_and_outlives_an_upgrade(tmp_path: Path) -> None:
    """Step 6 installs the units and the drop-in it shows (where `systemctl edit` writes
    it); step 10 copies the units again: the drop-in is still there, systemd reads it
    without a warning, and gunicorn by the unit's command line runs its workers."""
    drop_in = _operations_ini("6. The services")
    install = next(line for line in _operations_block("6. The services") if line.startswith("cp "))
    upgrade = next(
        line for line in _operations_block("10. Upgrades") if line.startswith("cp deploy/")
    )
    units = "/etc/systemd/system"
    folder = f"{units}/club-web.service.d"
    script = "\n".join(
        [
            f"mount -t tmpfs -o mode=0755 tmpfs {units}",
            install,
            f"mkdir {folder} && cat > {folder}/override.conf <<'END'\n{drop_in}END",
            "cd /srv/club/app",
            upgrade.split(" && ")[0],
            f"cat {folder}/override.conf",
            f"systemd-analyze verify --man=no {units}/club-web.service 2>&1",
        ]
    )
    done = subprocess.run(
        _on_a_fresh_server(tmp_path, script), capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout) == (0, drop_in)

    workers = re.search(r"^Environment=WEB_CONCURRENCY=(\d+)$", drop_in, re.MULTILINE)
    assert workers and workers.group(1) != "3"
    service = (DEPLOY / "systemd" / "club-web.service").read_text()
    assert "Environment=WEB_CONCURRENCY=3\n" in service
    command = shlex.split(re.findall(r"^ExecStart=(.+)$", service, re.MULTILINE)[0])
    assert "--workers" not in command and "-w" not in command
    command[0] = str(VENV_BIN / "gunicorn")
    printed = subprocess.run(
        [*command, "--print-config"],
        env={**os.environ, "WEB_CONCURRENCY": workers.group(1)},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert re.search(rf"^workers\s+= {workers.group(1)}$", printed, re.MULTILINE)
    assert re.search(r"^timeout\s+= 60$", printed, re.MULTILINE)


def test_a_servers_sync_is_exact_and_a_developers_keeps_the_other_extra(tmp_path: Path) -> None:
    """scripts/setup.sh as docs/operations.md runs it on a server, and as the tests run
    it, with a uv that writes down what it was asked."""
    (tmp_path / "uv").write_text('#!/bin/sh\necho "$@" >> "$(dirname "$0")/asked"\n')
    (tmp_path / "uv").chmod(0o755)
    servers = [
        line.split("./scripts/setup.sh", 1)[1].split("#")[0].strip()
        for heading in ["2. The user and the folders", "10. Upgrades"]
        for line in _operations_block(heading)
        if "./scripts/setup.sh" in line
    ]
    assert servers == ["server", "server"]
    for argument in ["server", "dev"]:
        subprocess.run(
            ["scripts/setup.sh", argument],
            cwd=ROOT,
            env={**os.environ, "PATH": f"{tmp_path}:/usr/bin:/bin"},
            check=True,
        )
    assert (tmp_path / "asked").read_text().splitlines() == [
        "sync --locked --quiet",
        "sync --locked --quiet --inexact --extra dev",
    ]


def _runtime_packages() -> set[str]:
    """The packages uv.lock installs for the site without an extra, with theirs."""
    packages = {
        package["name"]: package
        for package in tomllib.loads((ROOT / "uv.lock").read_text())["package"]
    }
    wanted, found = ["club-echecs"], set()
    while wanted:
        name = wanted.pop()
        if name in found:
            continue
        found.add(name)
        for dependency in packages[name].get("dependencies", []):
            wanted.append(dependency["name"])
            for extra in dependency.get("extra", []):
                optional = packages[dependency["name"]].get("optional-dependencies", {})
                wanted += [needed["name"] for needed in optional.get(extra, [])]
    return found


def test_a_server_installs_no_package_that_only_the_tests_use() -> None:
    runtime = _runtime_packages()
    assert {"django", "gunicorn", "weasyprint", "rustworkx", "psycopg-binary"} <= runtime
    assert not {"py4swiss", "caissify-pairings", "networkx", "pytest", "hypothesis"} & runtime
    apps = ["chesslib", "club", "config", "demo", "desk", "interclub", "lib", "public", "ratings"]
    imports = re.compile(
        r"^\s*(?:import|from)\s+(py4swiss|caissify_pairings|networkx)\b", re.MULTILINE
    )
    assert [
        str(module.relative_to(ROOT))
        for app in apps
        for module in sorted((ROOT / app).rglob("*.py"))
        if imports.search(module.read_text())
    ] == []

"""The deployment of the README, served for real: PostgreSQL, gunicorn with several
workers behind a reverse proxy (played here by the X-Forwarded-Proto header), static
files collected once and served by whitenoise, public pages cached in files the workers
share."""

import re
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
from pytest_django import Settings

from desk.services.members import save_member
from tests.club.factories import MemberFactory
from tests.other_processes import ROOT, caches_in, environment, free_port
from tests.test_deploy_files import collected_static
from tests.test_settings import PRODUCTION

__all__ = ["collected_static"]  # the fixture, shared with the tests of deploy/

pytestmark = [pytest.mark.postgresql, pytest.mark.django_db(transaction=True)]
HOST = "club.example.be"


@pytest.fixture
def site(tmp_path: Path, settings: Settings, collected_static: Path) -> Iterator[str]:
    """gunicorn with two workers on the test database, in production settings, the static
    files collected once for the run (``collected_static``); this process writes to the
    database and to the page cache's generation as they do."""
    env = environment(
        DEBUG="0",
        SECRET_KEY=PRODUCTION["SECRET_KEY"],
        ALLOWED_HOSTS=HOST,
        STATIC_ROOT=str(collected_static),
        **caches_in(tmp_path, settings, "pages", "page-generation"),
    )
    port = free_port()
    server = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "config.wsgi",
            "--workers",
            "2",
            "--bind",
            f"127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env=env,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None, "gunicorn stopped"
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(20)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def _get(url: str, https: bool = True) -> tuple[int, dict[str, str], str]:
    headers = {"Host": HOST, **({"X-Forwarded-Proto": "https"} if https else {})}
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.build_opener(_NoRedirect).open(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read().decode()
    except urllib.error.HTTPError as answer:
        return answer.code, dict(answer.headers), ""


def test_the_site_behind_its_proxy_serves_pages_static_files_and_fresh_pages(site: str) -> None:
    member = MemberFactory(player__first_name="Alice", player__last_name="Martin")

    status, headers, _ = _get(site + "/", https=False)
    assert status == 301 and headers["Location"] == f"https://{HOST}/"

    status, headers, home = _get(site + "/")
    assert status == 200
    assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert "script-src 'self'" in headers["Content-Security-Policy"]

    # collected once with hashed names, served by whitenoise for a year
    script = re.search(r'src="(/static/[^"]+\.[0-9a-f]{12}\.js)"', home)
    assert script, "no hashed static file in the home page"
    status, headers, body = _get(site + script.group(1))
    assert status == 200 and body
    assert "immutable" in headers["Cache-Control"]

    # the workers share the page cache, which a proxy may keep briefly too, and a write in
    # another process (this one, through the desk's write path) forgets the page
    page = site + reverse("member", args=[member.pk])
    answers = [_get(page) for _ in range(4)]
    assert {status for status, _, _ in answers} == {200}
    assert [headers.get("X-Page-Cache") for _, headers, _ in answers] == ["miss"] + ["hit"] * 3
    assert {headers["Cache-Control"] for _, headers, _ in answers} == {"public, max-age=30"}
    member.player.first_name = "Béatrice"
    save_member(member.player, member, None)
    status, headers, body = _get(page)  # made afresh (and not kept: within RACE_SECONDS)
    assert headers.get("X-Page-Cache") != "hit" and "Béatrice" in body and "Alice" not in body

"""Errors reach the people who run the site: mailed to ADMINS with DEBUG off, and sent to
an error tracker (Sentry's protocol) when SENTRY_DSN is set, without personal data."""

import gzip
import json
import logging
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import brotli
import pytest
import time_machine
from django.conf import settings as django_settings
from django.core import mail
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.utils.log import configure_logging
from django_tasks_db.models import DBTaskResult
from pytest_django import Settings

from tests.task_worker import work_queued_tasks
from tests.test_settings import PRODUCTION, ROOT, settings_under

ADMINS = "Anne Martin <anne@example.be>, it@example.be"


def test_it_reads_the_administrators_addresses() -> None:
    found = settings_under(**PRODUCTION, ADMINS=ADMINS)
    assert found["ADMINS"] == [("Anne Martin", "anne@example.be"), ("", "it@example.be")]
    assert settings_under(**PRODUCTION)["ADMINS"] == []
    with pytest.raises(ImproperlyConfigured, match="ADMINS must be addresses"):
        settings_under(**PRODUCTION, ADMINS="Anne Martin")


@pytest.fixture
def production_logging(settings: Settings) -> Iterator[None]:
    production = settings_under(**PRODUCTION, ADMINS=ADMINS)
    settings.ADMINS = production["ADMINS"]
    settings.ROOT_URLCONF = "tests.failing_urls"
    configure_logging(django_settings.LOGGING_CONFIG, production["LOGGING"])
    try:
        yield
    finally:
        configure_logging(django_settings.LOGGING_CONFIG, django_settings.LOGGING)


@pytest.mark.django_db
def test_with_debug_off_a_server_error_is_mailed_to_the_administrators_once(
    production_logging: None,
) -> None:
    Client(raise_request_exception=False).get("/panne/")
    [report] = mail.outbox
    assert report.to == ["anne@example.be", "it@example.be"]
    assert "/panne/" in report.subject and "RuntimeError at /panne/\na bug" in str(report.body)


@pytest.mark.django_db
def test_with_debug_off_any_error_logged_is_mailed_but_not_unknown_hosts(
    production_logging: None,
) -> None:
    logging.getLogger("ratings.tasks").warning("a warning is not mailed")
    logging.getLogger("ratings.tasks").error("the replay of job %d failed", 7)
    assert [m.subject for m in mail.outbox] == [
        "[Cercle d'Échecs de Wavre] ERROR: the replay of job 7 failed"
    ]
    # robots asking for other hosts are logged only
    response = Client(raise_request_exception=False).get("/", HTTP_HOST="robot.example")
    assert response.status_code == 400
    assert len(mail.outbox) == 1


@pytest.mark.django_db(transaction=True)
def test_an_error_is_reported_once_an_interval_by_the_task_worker(
    production_logging: None, settings: Settings
) -> None:
    """A monitor polling a failing page each minute: one report an hour, queued by the
    request and sent by the worker, its subject naming the club."""
    settings.CLUB_NAME = "Cercle de Namur"  # read when the settings are, as here:
    settings.EMAIL_SUBJECT_PREFIX = "[Cercle de Namur] "  # the settings' own test below
    client = Client(raise_request_exception=False)
    with time_machine.travel("2026-11-28 20:00 +0000", tick=False) as clock:
        for _ in range(3):
            assert client.get("/panne/").status_code == 500
            clock.shift(60)
        logging.getLogger("ratings.tasks").error("the replay of job %d failed", 7)
        logging.getLogger("ratings.tasks").error("the replay of job %d failed", 8)
        assert mail.outbox == []  # nothing sent by the request
        assert DBTaskResult.objects.ready().count() == 2
        work_queued_tasks()
        assert [message.subject for message in mail.outbox] == [
            "[Cercle de Namur] ERROR (EXTERNAL IP): Internal Server Error: /panne/",
            "[Cercle de Namur] ERROR: the replay of job 7 failed",
        ]
        assert mail.outbox[0].to == ["anne@example.be", "it@example.be"]
        assert "RuntimeError at /panne/\na bug" in str(mail.outbox[0].body)
        clock.shift(3600)  # ERROR_REPORT_INTERVAL later: reported again
        client.get("/panne/")
        work_queued_tasks()
    assert len(mail.outbox) == 3 and "/panne/" in mail.outbox[2].subject


def test_the_subject_names_the_club() -> None:
    found = settings_under(**PRODUCTION, CLUB_NAME="Cercle de Namur")
    assert found["EMAIL_SUBJECT_PREFIX"] == "[Cercle de Namur] "
    assert found["ERROR_REPORT_INTERVAL"] == 3600
    handler = found["LOGGING"]["handlers"]["mail_admins"]
    assert handler["class"] == "lib.error_reports.ErrorReportHandler"


@pytest.mark.django_db
def test_a_report_leaves_out_passwords_and_the_visitors_traces(
    production_logging: None, settings: Settings
) -> None:
    settings.RQ_QUEUES = {"default": {"URL": "redis://:s3cret-redis@redis.example:6379/0"}}
    settings.CACHES = {
        **settings.CACHES,
        "elsewhere": {
            "BACKEND": "django.core.cache.backends.dummy.DummyCache",
            "LOCATION": "rediss://club:other-s3cret@redis.example:6380/1",
        },
    }
    client = Client(raise_request_exception=False)
    client.cookies["sessionid"] = "secret-session-cookie"
    response = client.post(
        "/panne/?email=visitor@example.org",
        {"phone": "+32 470 12 34 56"},
        HTTP_X_FORWARDED_FOR="203.0.113.9",
        REMOTE_ADDR="198.51.100.4",
        HTTP_REFERER="https://:s3cret-referer@club.example.be/",
    )
    assert response.status_code == 500
    [report] = mail.outbox  # inside the test's transaction: sent at once
    body = str(report.body)
    assert "RuntimeError at /panne/" in body
    assert "redis://:********@redis.example:6379/0" in body
    assert "rediss://club:********@redis.example:6380/1" in body
    for secret in [
        "s3cret-redis",
        "other-s3cret",
        "s3cret-referer",
        "203.0.113.9",
        "198.51.100.4",
        "secret-session-cookie",
        "visitor@example.org",
        "470 12 34 56",
    ]:
        assert secret not in body, secret
        assert secret not in str(report.subject), secret


def test_with_debug_on_nothing_is_mailed() -> None:
    development = settings_under(ADMINS=ADMINS)
    assert "mail_admins" not in development["LOGGING"]["handlers"]
    assert development["LOGGING"]["root"]["handlers"] == ["console"]


class _Tracker(BaseHTTPRequestHandler):
    """An error tracker's intake, as Sentry's: envelopes POSTed to /api/<project>/envelope/."""

    received: list[bytes] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        elif self.headers.get("Content-Encoding") == "br":  # sentry-sdk's choice when
            body = brotli.decompress(body)  # brotli is installed (WeasyPrint brings it)
        type(self).received.append(body)
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args: object) -> None:
        pass


SCRIPT = """
import django, sentry_sdk
django.setup()
from django.conf import settings
from django.test import Client
print("active", sentry_sdk.get_client().is_active())
settings.ROOT_URLCONF = "tests.failing_urls"
client = Client(raise_request_exception=False)
client.cookies["sessionid"] = "secret-session-cookie"
print(client.get("/panne/?email=anne@example.be", HTTP_X_FORWARDED_FOR="203.0.113.9").status_code)
sentry_sdk.flush(5)
"""


def _run(tmp_path: Path, **env: str) -> str:
    environment = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "config.settings.base",
        "ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        **env,
    }
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_an_error_goes_to_the_tracker_of_sentry_dsn_without_personal_data(
    tmp_path: Path,
) -> None:
    _Tracker.received = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Tracker)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        dsn = f"http://publickey@127.0.0.1:{server.server_port}/42"
        output = _run(tmp_path, SENTRY_DSN=dsn, SENTRY_ENVIRONMENT="club-test")
    finally:
        server.shutdown()
    assert output.split() == ["active", "True", "500"]
    events = [
        json.loads(line)
        for envelope in _Tracker.received
        for line in envelope.splitlines()
        if line.startswith(b"{") and b'"exception"' in line
    ]
    [event] = events
    [error] = event["exception"]["values"]
    assert (error["type"], error["value"]) == ("RuntimeError", "a bug")
    assert event["environment"] == "club-test"
    assert event["transaction"] == "/panne/"
    sent = json.dumps(event)
    for personal in ("secret-session-cookie", "203.0.113.9", "anne@example.be", "127.0.0.1"):
        assert personal not in sent.replace(f"127.0.0.1:{server.server_port}", ""), personal


def test_without_sentry_dsn_no_tracker_is_started(tmp_path: Path) -> None:
    assert _run(tmp_path).split() == ["active", "False", "500"]


def test_a_bad_sentry_setting_is_refused() -> None:
    with pytest.raises(ImproperlyConfigured, match="SENTRY_DSN is not a valid DSN"):
        settings_under(SENTRY_DSN="not a dsn")
    with pytest.raises(ImproperlyConfigured, match="SENTRY_TRACES_SAMPLE_RATE"):
        settings_under(SENTRY_DSN="http://key@127.0.0.1:9/1", SENTRY_TRACES_SAMPLE_RATE="2")

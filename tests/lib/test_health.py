"""The health check (/health/): 200 when the database, every cache and the task queue
answer and the task worker beats, 503 naming the part that does not, in JSON, never
cached, no personal data."""

import json
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import django_rq
import pytest
import time_machine
from django.db import OperationalError, connections
from django.test import Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from pytest_django import Settings
from rq import SimpleWorker

from lib.health import worker_beat
from ratings.tasks import replay_job
from tests.other_processes import ROOT, caches_in, environment

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _caches_of_this_test(settings: Settings, tmp_path: Path) -> None:
    caches_in(tmp_path, settings, "pages", "page-generation")


def _health(client: Client) -> tuple[int, dict]:
    answer = client.get("/health/")
    assert answer["Content-Type"] == "application/json"
    return answer.status_code, json.loads(answer.content)


def test_it_answers_200_when_every_part_answers(client: Client, settings: Settings) -> None:
    settings.PAGE_CACHE_ENABLED = True
    answer = client.get("/health/")
    assert answer.status_code == 200
    body = json.loads(answer.content)
    assert body["status"] == "ok"
    assert set(body["checks"]) == {"database", "caches", "tasks"}
    assert all(check["ok"] for check in body["checks"].values())
    assert body["checks"]["caches"]["caches"] == len(settings.CACHES)
    assert body["checks"]["tasks"] == {
        "ok": True,
        "backend": "DatabaseBackend",
        "ready": 0,
        "ms": body["checks"]["tasks"]["ms"],
    }
    # never kept by a proxy or by the site's page cache, no cookie
    assert "no-store" in answer["Cache-Control"] and "private" in answer["Cache-Control"]
    assert "X-Page-Cache" not in answer
    assert not answer.cookies
    assert client.get("/health/").get("X-Page-Cache") != "hit"


def test_it_takes_only_reads(client: Client) -> None:
    assert client.post("/health/").status_code == 405
    assert client.head("/health/").status_code == 200


def test_a_cache_that_cannot_be_written_makes_it_503(
    client: Client, settings: Settings, tmp_path: Path
) -> None:
    # a file where the cache's folder should be: every write fails, as on a full disk
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    settings.CACHES = {
        **settings.CACHES,
        "limits": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(blocker / "limits"),
        },
    }
    status, body = _health(client)
    assert status == 503 and body["status"] == "error"
    assert body["checks"]["caches"]["ok"] is False
    assert body["checks"]["database"]["ok"] and body["checks"]["tasks"]["ok"]
    # the class of the error only: no path of the server
    assert str(tmp_path) not in json.dumps(body)


def test_a_database_down_makes_it_503_without_telling_its_address(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused() -> None:
        raise OperationalError(
            'connection to server at "10.1.2.3", port 5432 failed: '
            'password authentication failed for user "club"'
        )

    monkeypatch.setattr(connections["default"], "cursor", refused)
    answer = client.get("/health/")
    assert answer.status_code == 503
    body = json.loads(answer.content)
    assert body["checks"]["database"] == {
        "ok": False,
        "error": "OperationalError",
        "ms": body["checks"]["database"]["ms"],
    }
    assert b"10.1.2.3" not in answer.content and b"club" not in answer.content


def test_a_database_without_its_tables_rows_makes_it_503(client: Client) -> None:
    """The check reads a table, not a constant: a database that answers but holds no
    content types (an empty or unmigrated one) is not a healthy site."""
    from django.contrib.contenttypes.models import ContentType

    ContentType.objects.all().delete()
    ContentType.objects.clear_cache()
    answer = client.get("/health/")
    assert answer.status_code == 503
    body = json.loads(answer.content)
    assert body["checks"]["database"]["ok"] is False


def test_a_task_waiting_too_long_for_the_worker_makes_it_503(
    client: Client, settings: Settings
) -> None:
    settings.HEALTH_TASK_WAIT_SECONDS = 600
    before = timezone.now()  # the task is enqueued after: 599 s from here is less from it
    replay_job.enqueue(123456)  # never run: no worker in this test
    status, body = _health(client)
    assert status == 200 and body["checks"]["tasks"]["ready"] == 1
    with time_machine.travel(before + timedelta(seconds=599), tick=False):
        status, body = _health(client)
        assert status == 200, body
    with time_machine.travel(before + timedelta(seconds=620), tick=False):
        status, body = _health(client)
    assert status == 503
    assert body["checks"]["tasks"]["ok"] is False
    assert "manage.py worker" in body["checks"]["tasks"]["error"]


def test_a_worker_silent_for_health_worker_seconds_makes_it_503_queue_empty_or_not(
    client: Client, settings: Settings
) -> None:
    settings.HEALTH_WORKER_SECONDS = 45
    status, body = _health(client)  # no worker ever started
    assert status == 503 and body["checks"]["tasks"]["ok"] is False
    assert "no task worker has given a sign of life" in body["checks"]["tasks"]["error"]
    with time_machine.travel("2026-11-28 20:00:00 +0000", tick=False) as clock:
        worker_beat("worker-1")
        status, body = _health(client)
        assert status == 200 and body["checks"]["tasks"]["worker_seen_seconds_ago"] == 0
        clock.shift(44)
        status, body = _health(client)
        assert status == 200, body
        clock.shift(2)
        status, body = _health(client)
        assert status == 503
        assert body["checks"]["tasks"]["error"] == (
            "the task worker gave no sign of life for 46 s (is manage.py worker running?)"
        )
        assert not DBTaskResult.objects.exists()  # the queue is empty
        worker_beat("worker-2")
        status, body = _health(client)
        assert status == 200, body


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_the_worker_beats_and_its_death_shows_within_health_worker_seconds(
    client: Client, settings: Settings, tmp_path: Path
) -> None:
    """manage.py worker as club-worker.service runs it, beating every half second
    (HEALTH_WORKER_SECONDS=2); killed (SIGKILL: nothing said), /health/ fails within
    those 2 s, no task waiting."""
    settings.HEALTH_WORKER_SECONDS = 2
    env = environment(HEALTH_WORKER_SECONDS="2", **caches_in(tmp_path, settings, "progress"))
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "worker", "--no-reload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while _health(client)[0] != 200:
            assert worker.poll() is None and time.monotonic() < deadline, "no heartbeat"
            time.sleep(0.2)
        time.sleep(3)  # longer than HEALTH_WORKER_SECONDS: still beating
        status, body = _health(client)
        assert status == 200, body
    finally:
        worker.kill()
        worker.wait(20)
    killed = time.monotonic()
    while _health(client)[0] == 200:
        time.sleep(0.1)
    assert time.monotonic() - killed <= 2.5
    assert not DBTaskResult.objects.exists()


def test_with_rq_it_needs_redis_and_a_worker(client: Client, settings: Settings) -> None:
    settings.TASKS = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}}
    settings.RQ_QUEUES = {"default": {"URL": "redis://127.0.0.1:6379/14"}}
    queue = django_rq.get_queue("default")
    queue.connection.flushdb()
    try:
        status, body = _health(client)
        assert status == 503 and body["checks"]["tasks"]["error"] == (
            "no RQ worker listens on the queue"
        )
        worker = SimpleWorker([queue], connection=queue.connection)
        worker.register_birth()
        status, body = _health(client)
        assert status == 200
        assert body["checks"]["tasks"]["workers"] == 1
        worker.register_death()
    finally:
        queue.connection.flushdb()
    settings.RQ_QUEUES = {"default": {"URL": "redis://127.0.0.1:1/14"}}  # nothing listens
    status, body = _health(client)
    assert status == 503 and body["checks"]["tasks"]["error"] == "ConnectionError"


def test_in_production_it_answers_plain_http_where_pages_redirect(
    client: Client, settings: Settings
) -> None:
    from tests.test_settings import PRODUCTION, settings_under

    production = settings_under(**PRODUCTION)
    settings.SECURE_SSL_REDIRECT = production["SECURE_SSL_REDIRECT"]
    settings.SECURE_REDIRECT_EXEMPT = production["SECURE_REDIRECT_EXEMPT"]
    assert client.get("/").status_code == 301
    assert client.get("/health/").status_code == 200

"""Killing the task worker in the middle of a replay leaves the previous ratings as they
were; the job reads as interrupted once its heartbeat is older than the stall limit, and
its page restarts it (PostgreSQL: the worker is another process). A replay that waits
(for another's lock on its system) keeps its heartbeat: it is not interrupted."""

import signal
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import time_machine
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import Settings

from club.models import Event, Game, Player, Result, Round
from ratings.models import Rating, RatingChange, RatingSystem, ReplayJob
from ratings.services import recalculate
from ratings.tasks import (
    is_interrupted,
    job_progress,
    last_sign_of_life,
    replay_job,
    start_replay,
)
from tests.other_processes import ROOT, caches_in, environment
from tests.threads import rows_locked

pytestmark = [pytest.mark.postgresql, pytest.mark.django_db(transaction=True)]


def _history(events: int) -> None:
    players = Player.objects.bulk_create(
        Player(first_name=f"J{n}", last_name=f"N{n}", national_rating=1400 + 7 * n)
        for n in range(40)
    )
    start = datetime(2024, 1, 5, 18, tzinfo=UTC)
    for n in range(events):
        day = start + timedelta(days=3 * n)
        event = Event.objects.create(
            kind=Event.Kind.RAPID,
            title=f"E{n}",
            start=day,
            end=day + timedelta(hours=3),
            status=Event.Status.CLOSED,
        )
        round_ = Round.objects.create(event=event, number=1)
        Game.objects.bulk_create(
            Game(
                round=round_,
                board=b + 1,
                white=players[(n + 2 * b) % 40],
                black=players[(n + 2 * b + 1) % 40],
                result=Result.DRAW if b % 3 else Result.WHITE_WINS,
            )
            for b in range(20)
        )


@pytest.fixture
def progress_cache(settings: Settings, tmp_path: Path) -> dict[str, str]:
    """The progress cache, shared with the workers, of this test's own."""
    return caches_in(tmp_path, settings, "progress")


def _worker(progress_cache: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "db_worker",
            "--no-reload",
            "--no-startup-delay",
            "--interval",
            "0.1",
        ],
        cwd=ROOT,
        env=environment(**progress_cache),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def test_a_killed_worker_leaves_the_ratings_intact_and_the_replay_restarts(
    club_system: RatingSystem, client: Client, settings: Settings, progress_cache: dict[str, str]
) -> None:
    assert connection.vendor == "postgresql"
    _history(400)
    recalculate(club_system)
    before = sorted(Rating.objects.filter(system=club_system).values_list("player", "rating"))
    rows = RatingChange.objects.count()
    club_system.params = {"k": 32}
    club_system.save()

    job = start_replay(club_system)
    worker = _worker(progress_cache)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done, _total = job_progress(job)
        if done > 20:
            break
        time.sleep(0.05)
    worker.send_signal(signal.SIGKILL)
    worker.wait(10)
    assert done > 20, "the replay never started"

    assert (
        sorted(Rating.objects.filter(system=club_system).values_list("player", "rating")) == before
    )
    assert RatingChange.objects.count() == rows
    job.refresh_from_db()
    assert job.state == ReplayJob.State.RUNNING  # never finished
    assert last_sign_of_life(job) > job.created_at  # the worker's heartbeat
    assert not is_interrupted(job)  # not yet: its last sign of life is recent

    settings.REPLAY_STALL_SECONDS = 5
    client.force_login(User.objects.create_superuser("admin", password="x"))
    page_url = reverse("ratings:job", args=[job.pk])
    with time_machine.travel(timezone.now() + timedelta(seconds=6), tick=False):
        assert is_interrupted(job)
        page = client.get(page_url).content.decode()
        assert 'data-state="interrupted"' in page and "every 1s" not in page
        response = client.post(reverse("ratings:restart", args=[job.pk]))
    again = ReplayJob.objects.exclude(pk=job.pk).get()
    assert response.url == reverse("ratings:job", args=[again.pk])  # type: ignore[attr-defined]
    assert (again.state, again.system, again.since) == (ReplayJob.State.QUEUED, club_system, None)
    job.refresh_from_db()
    assert (job.state, job.restarted_as) == (ReplayJob.State.FAILED, again)

    worker = _worker(progress_cache)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        again.refresh_from_db()
        if again.state in (ReplayJob.State.DONE, ReplayJob.State.FAILED):
            break
        time.sleep(0.2)
    worker.terminate()
    worker.wait(10)
    assert again.state == ReplayJob.State.DONE
    assert (
        sorted(Rating.objects.filter(system=club_system).values_list("player", "rating")) != before
    )


def test_a_replay_waiting_for_its_systems_lock_keeps_its_heartbeat(
    club_system: RatingSystem, settings: Settings, progress_cache: dict[str, str]
) -> None:
    """Its worker's thread rewrites it every quarter of the stall limit: a replay that waits
    longer than the limit for another's lock is not taken for dead."""
    settings.REPLAY_STALL_SECONDS = 1
    _history(3)
    job = ReplayJob.objects.create(system=club_system)
    with rows_locked(RatingSystem.objects.filter(pk=club_system.pk)):

        def replay() -> None:
            replay_job.call(job.pk)
            connection.close()

        replaying = threading.Thread(target=replay)
        replaying.start()
        time.sleep(2.5)  # more than twice the limit, waiting for the lock
        job.refresh_from_db()
        assert job.state == ReplayJob.State.RUNNING and replaying.is_alive()
        assert not is_interrupted(job)
        assert (timezone.now() - last_sign_of_life(job)).total_seconds() < 1
    replaying.join(30)
    job.refresh_from_db()
    assert job.state == ReplayJob.State.DONE

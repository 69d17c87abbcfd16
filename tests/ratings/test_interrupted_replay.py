"""Killing the task worker in the middle of a replay leaves the previous ratings as they
were, and the replay can be started again (PostgreSQL: the worker is another process)."""

import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.core.cache import caches
from django.db import connection

from club.models import Event, Game, Player, Result, Round
from ratings.models import Rating, RatingChange, ReplayJob
from ratings.services import recalculate
from ratings.tasks import start_replay

pytestmark = [pytest.mark.postgresql, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


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


def _worker() -> subprocess.Popen:
    settings = connection.settings_dict
    url = (
        f"postgres://{settings['USER']}@{settings['HOST'] or '127.0.0.1'}:"
        f"{settings['PORT'] or 5432}/{settings['NAME']}"
    )
    env = {**os.environ, "DATABASE_URL": url}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
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
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def test_a_killed_worker_leaves_the_ratings_intact_and_the_replay_restarts(club_system):
    assert connection.vendor == "postgresql"
    _history(400)
    recalculate(club_system)
    before = sorted(Rating.objects.filter(system=club_system).values_list("player", "rating"))
    rows = RatingChange.objects.count()
    club_system.params = {"k": 32}
    club_system.save()

    job = start_replay(club_system)
    worker = _worker()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done, _total = caches["progress"].get(f"replay-job-{job.pk}", (0, 0))
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
    assert job.state == ReplayJob.State.RUNNING  # interrupted: never finished

    again = start_replay(club_system)
    worker = _worker()
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

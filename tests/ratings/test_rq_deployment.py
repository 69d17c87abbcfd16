"""A deployment that outgrows one machine runs background tasks on RQ with Redis: a full
replay goes through it (Redis on 127.0.0.1, started by the test command)."""

from datetime import date

import django_rq
import pytest
from django_tasks_rq.backend import Job
from pytest_django import Settings
from rq import SimpleWorker

from club.models import Player
from ratings.models import RatingChange, RatingSystem, ReplayJob
from ratings.tasks import start_replay
from tests.ratings.conftest import D, MakeEvent, W

pytestmark = pytest.mark.django_db(transaction=True)
RQ = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}}


def test_a_full_replay_runs_through_the_rq_backend(
    settings: Settings, make_event: MakeEvent, players: list[Player], club_system: RatingSystem
) -> None:
    settings.TASKS = RQ
    settings.RQ_QUEUES = {"default": {"URL": "redis://127.0.0.1:6379/15"}}
    queue = django_rq.get_queue("default")
    queue.connection.flushdb()
    make_event(date(2026, 1, 9), [[(players[0], players[1], W), (players[2], players[3], D)]])
    job = start_replay(club_system)
    assert queue.count == 1
    worker = django_rq.get_worker("default", worker_class=SimpleWorker, job_class=Job)  # type: ignore[arg-type]
    worker.work(burst=True)
    job.refresh_from_db()
    assert job.state == ReplayJob.State.DONE
    assert RatingChange.objects.filter(batch__system=club_system).count() == 4
    queue.connection.flushdb()

"""A replay whose worker stopped giving signs of life (killed) reads as interrupted, and an
administrator restarts it, or a failed one, from its page with one button; a live task
worker restarts it on its own (``take_over_interrupted``), once; a job is run only while it
is queued."""

from datetime import date, timedelta
from pathlib import Path

import pytest
import time_machine
from django.contrib import messages
from django.contrib.auth.models import User
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext
from pytest_django import Settings

from club.models import Event, Player
from ratings.models import RatingChange, RatingSystem, ReplayJob
from ratings.tasks import heartbeat, is_interrupted, replay_job, take_over_interrupted
from tests.other_processes import caches_in
from tests.ratings.conftest import D, MakeEvent, W
from tests.task_worker import work_queued_tasks

pytestmark = pytest.mark.django_db(transaction=True)
SINCE = date(2026, 1, 1)


@pytest.fixture(autouse=True)
def _own_progress_cache(settings: Settings, tmp_path: Path) -> None:
    """A progress cache of this test's own: job ids come back from one test to the next."""
    caches_in(tmp_path, settings, "progress")


@pytest.fixture
def history(make_event: MakeEvent, players: list[Player]) -> None:
    make_event(date(2026, 1, 9), [[(players[0], players[1], W), (players[2], players[3], D)]])


def _running(system: RatingSystem, done: int = 3, total: int = 10) -> ReplayJob:
    """A job as its worker leaves it when it is killed: running, with its last heartbeat."""
    job = ReplayJob.objects.create(system=system, since=SINCE, state=ReplayJob.State.RUNNING)
    heartbeat(job.pk, done, total)
    return job


def _later(seconds: float) -> time_machine.travel:
    return time_machine.travel(timezone.now() + timedelta(seconds=seconds), tick=False)


def _restart_button(job: ReplayJob) -> str:
    return f'action="{reverse("ratings:restart", args=[job.pk])}"'


def test_a_job_silent_for_longer_than_the_limit_is_interrupted_and_offers_a_restart(
    administrator_client: Client, club_system: RatingSystem, settings: Settings
) -> None:
    assert settings.REPLAY_STALL_SECONDS == 120
    job = _running(club_system)
    with _later(119):
        assert not is_interrupted(job)
    with _later(121):
        assert is_interrupted(job)
        page = administrator_client.get(reverse("ratings:job", args=[job.pk])).content.decode()
        fragment = administrator_client.get(
            reverse("ratings:job", args=[job.pk]), headers={"HX-Request": "true"}
        ).content.decode()
        listing = administrator_client.get(reverse("ratings:recalculation")).content.decode()
    for html in (page, fragment):
        assert 'data-state="interrupted"' in html
        assert _restart_button(job) in html and "csrfmiddlewaretoken" in html
        assert "every 1s" not in html and "progress-bar-animated" not in html
        assert "30 %" in html  # where the worker stopped
    assert "onclick" not in page
    with translation.override("fr"):
        assert gettext("interrupted") in listing


def test_the_stall_limit_is_a_setting(club_system: RatingSystem, settings: Settings) -> None:
    settings.REPLAY_STALL_SECONDS = 10
    job = _running(club_system)
    with _later(11):
        assert is_interrupted(job)


def test_a_running_job_with_no_heartbeat_left_counts_from_its_creation(
    club_system: RatingSystem,
) -> None:
    job = ReplayJob.objects.create(system=club_system, state=ReplayJob.State.RUNNING)
    caches["progress"].delete(f"replay-job-{job.pk}")
    assert not is_interrupted(job)
    with _later(121):
        assert is_interrupted(job)


def test_a_job_with_a_fresh_heartbeat_is_running_without_a_restart_button(
    administrator_client: Client, club_system: RatingSystem
) -> None:
    job = _running(club_system)
    with _later(60):
        assert not is_interrupted(job)
        page = administrator_client.get(reverse("ratings:job", args=[job.pk])).content.decode()
    assert 'data-state="running"' in page and 'hx-trigger="every 1s"' in page
    assert "progress-bar-animated" in page
    assert _restart_button(job) not in page


def test_restarting_an_interrupted_job_queues_the_same_replay_and_it_completes(
    administrator_client: Client, club_system: RatingSystem, history: None
) -> None:
    job = _running(club_system)
    with _later(121):
        response = administrator_client.post(reverse("ratings:restart", args=[job.pk]))
    new = ReplayJob.objects.exclude(pk=job.pk).get()
    assert response.status_code == 302
    assert response.url == reverse("ratings:job", args=[new.pk])  # type: ignore[attr-defined]
    assert (new.state, new.system, new.since) == (ReplayJob.State.QUEUED, club_system, SINCE)
    assert new.created_by.username == "admin"  # type: ignore[union-attr]
    job.refresh_from_db()
    with translation.override("fr"):
        expected = gettext("Interrupted: restarted as recalculation #%(number)s") % {
            "number": new.pk
        }
    assert (job.state, job.error, job.restarted_as) == (ReplayJob.State.FAILED, expected, new)
    assert (job.done, job.total) == (3, 10) and job.finished_at is not None
    page = administrator_client.get(response.url)  # type: ignore[attr-defined]
    assert [m.level for m in page.context["messages"]] == [messages.SUCCESS]
    with translation.override("fr"):
        said = gettext("Recalculation #%(old)s restarted as recalculation #%(new)s.") % {
            "old": job.pk,
            "new": new.pk,
        }
    assert said in page.content.decode()
    old_page = administrator_client.get(reverse("ratings:job", args=[job.pk])).content.decode()
    assert f'href="{reverse("ratings:job", args=[new.pk])}"' in old_page
    assert _restart_button(job) not in old_page

    again = administrator_client.post(reverse("ratings:restart", args=[job.pk]))  # a second click
    assert again.url == reverse("ratings:job", args=[job.pk])  # type: ignore[attr-defined]
    assert ReplayJob.objects.count() == 2

    work_queued_tasks()
    new.refresh_from_db()
    assert (new.state, new.done, new.total) == (ReplayJob.State.DONE, 1, 1)
    assert RatingChange.objects.filter(batch__system=club_system).count() == 4


def test_restarting_a_failed_job_keeps_its_error_and_links_to_the_new_one(
    administrator_client: Client, club_system: RatingSystem, history: None
) -> None:
    job = ReplayJob.objects.create(
        system=None, state=ReplayJob.State.FAILED, error="the rules broke", done=1, total=4
    )
    page = administrator_client.get(reverse("ratings:job", args=[job.pk])).content.decode()
    assert _restart_button(job) in page and 'data-state="failed"' in page

    response = administrator_client.post(reverse("ratings:restart", args=[job.pk]))
    new = ReplayJob.objects.exclude(pk=job.pk).get()
    assert response.url == reverse("ratings:job", args=[new.pk])  # type: ignore[attr-defined]
    assert (new.state, new.system, new.since) == (ReplayJob.State.QUEUED, None, None)
    job.refresh_from_db()
    assert (job.state, job.error, job.restarted_as) == (
        ReplayJob.State.FAILED,
        "the rules broke",
        new,
    )
    assert (job.done, job.total) == (1, 4)
    old_page = administrator_client.get(reverse("ratings:job", args=[job.pk])).content.decode()
    assert "the rules broke" in old_page
    assert f'href="{reverse("ratings:job", args=[new.pk])}"' in old_page

    work_queued_tasks()
    new.refresh_from_db()
    assert new.state == ReplayJob.State.DONE
    assert RatingChange.objects.filter(batch__system=club_system).count() == 4


@pytest.mark.parametrize("state", ["queued", "running", "done"])
def test_a_job_neither_failed_nor_interrupted_is_not_restarted(
    administrator_client: Client, club_system: RatingSystem, state: str
) -> None:
    job = _running(club_system)
    ReplayJob.objects.filter(pk=job.pk).update(state=state)
    with _later(60):
        response = administrator_client.post(reverse("ratings:restart", args=[job.pk]), follow=True)
    assert response.redirect_chain == [(reverse("ratings:job", args=[job.pk]), 302)]
    assert [m.level for m in response.context["messages"]] == [messages.ERROR]
    assert list(ReplayJob.objects.values_list("pk", "state", "error")) == [(job.pk, state, "")]


@pytest.mark.parametrize("who", ["anonymous", "member"])
def test_only_administrators_restart(client: Client, club_system: RatingSystem, who: str) -> None:
    if who == "member":
        client.force_login(User.objects.create_user("member", password="x"))
    job = _running(club_system)
    with _later(121):
        response = client.post(reverse("ratings:restart", args=[job.pk]))
    assert response.status_code == 403 or (
        response.status_code == 302 and "/login/" in response.url  # type: ignore[attr-defined]
    )
    assert list(ReplayJob.objects.values_list("pk", "state")) == [(job.pk, "running")]


def test_restart_takes_only_post(administrator_client: Client, club_system: RatingSystem) -> None:
    job = ReplayJob.objects.create(system=club_system, state=ReplayJob.State.FAILED)
    assert administrator_client.get(reverse("ratings:restart", args=[job.pk])).status_code == 405
    assert ReplayJob.objects.count() == 1


def test_a_live_worker_restarts_an_interrupted_job_once_and_leaves_a_live_one(
    club_system: RatingSystem, history: None
) -> None:
    event = Event.objects.get()
    dead = _running(club_system)
    ReplayJob.objects.filter(pk=dead.pk).update(event=event)
    with _later(60):
        live = _running(club_system, 1, 10)
    with _later(121):
        [new] = take_over_interrupted()
        assert take_over_interrupted() == []  # the next beat, or another worker's
    assert (new.state, new.system, new.since, new.event) == (
        ReplayJob.State.QUEUED,
        club_system,
        SINCE,
        event,
    )
    assert new.created_by is None  # no one's: a worker's
    dead.refresh_from_db()
    live.refresh_from_db()
    with translation.override("fr"):
        expected = gettext("Interrupted: restarted as recalculation #%(number)s") % {
            "number": new.pk
        }
    assert (dead.state, dead.error, dead.restarted_as, (dead.done, dead.total)) == (
        ReplayJob.State.FAILED,
        expected,
        new,
        (3, 10),
    )
    assert (live.state, live.restarted_as) == (ReplayJob.State.RUNNING, None)

    work_queued_tasks()  # queued when the restart committed
    new.refresh_from_db()
    assert new.state == ReplayJob.State.DONE
    assert RatingChange.objects.filter(batch__system=club_system).count() == 4


@pytest.mark.parametrize("state", ["running", "done", "failed"])
def test_a_job_handed_to_a_worker_again_is_left_unless_queued(
    club_system: RatingSystem, history: None, state: str
) -> None:
    """A task delivered twice, or to two workers: the second finds the job taken (or
    finished) and leaves it, its progress and history as they were."""
    job = _running(club_system, 2, 10)
    ReplayJob.objects.filter(pk=job.pk).update(state=state)
    replay_job.call(job.pk)
    job.refresh_from_db()
    assert (job.state, job.finished_at) == (state, None)
    assert caches["progress"].get(f"replay-job-{job.pk}")[:2] == (2, 10)
    assert not RatingChange.objects.exists()
    ReplayJob.objects.filter(pk=job.pk).update(state=ReplayJob.State.QUEUED)
    replay_job.call(job.pk)
    job.refresh_from_db()
    assert job.state == ReplayJob.State.DONE
    assert RatingChange.objects.filter(batch__system=club_system).count() == 4

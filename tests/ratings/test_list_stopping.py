"""A list import stops where it is: the administrator cancels it from the page that shows
its progress, or its task worker is sent SIGTERM (systemd stopping it). Nothing of the
list is recorded either way; a cancelled list's file is deleted, a stopped worker's list
is queued again from its file. The list read is a header and 3 million blank lines,
about 15 s of reading on this machine when nothing stops it."""

import os
import signal
import threading
import time
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult
from pytest_django import Settings

from ratings.list_tasks import import_list_job
from ratings.models import ListedPlayer, OfficialList
from tests.threads import at_once

DATA = Path(__file__).resolve().parent / "data" / "lists"
BLANK_LINES = 3_000_000


def _long_list(settings: Settings, tmp_path: Path) -> OfficialList:
    """A FIDE list (a header, two players) followed by millions of blank lines, kept as
    an upload is kept for the worker."""
    settings.OFFICIAL_LISTS_DIR = tmp_path / "lists"
    settings.OFFICIAL_LISTS_DIR.mkdir()
    kept = settings.OFFICIAL_LISTS_DIR / "upload.txt"
    head = b"".join((DATA / "players_list_foa.txt").read_bytes().splitlines(keepends=True)[:3])
    kept.write_bytes(head + b"\n" * BLANK_LINES)
    return OfficialList.objects.create(
        kind="fide", path=str(kept), file_name="players_list_foa.txt", total=kept.stat().st_size
    )


@pytest.mark.django_db(transaction=True)
def test_an_administrator_cancels_a_running_import_from_its_page(
    settings: Settings, tmp_path: Path
) -> None:
    official = _long_list(settings, tmp_path)
    admin = Client()
    admin.force_login(User.objects.create_superuser("admin", password="x"))
    page = reverse("ratings:official_list", args=[official.pk])
    assert 'id="cancel-list"' in admin.get(page).content.decode()  # queued: cancellable

    def work() -> float:
        began = time.monotonic()
        import_list_job.call(official.pk)
        return time.monotonic() - began

    def cancel() -> str:
        running = admin.get(page).content.decode()
        assert 'data-state="running"' in running and 'id="cancel-list"' in running
        answer = admin.post(reverse("ratings:cancel_official_list", args=[official.pk]))
        return str(answer["Location"])

    took, location = at_once(work, cancel, stagger=0.5)
    assert location == page
    official.refresh_from_db()
    assert official.state == OfficialList.State.CANCELLED, official.error
    assert took < 4  # the worker looks once a second; the whole list takes ~15 s
    assert official.done < official.total
    assert not Path(official.path).exists() and not ListedPlayer.objects.exists()
    shown = admin.get(page).content.decode()
    assert 'id="list-cancelled"' in shown and 'id="cancel-list"' not in shown
    again = admin.post(reverse("ratings:cancel_official_list", args=[official.pk]))
    assert "ne peut plus être annulé" in admin.get(again["Location"]).content.decode()


def test_a_list_cancelled_while_queued_is_never_read(
    settings: Settings, tmp_path: Path, db: None
) -> None:
    official = _long_list(settings, tmp_path)
    admin = Client()
    admin.force_login(User.objects.create_superuser("admin", password="x"))
    admin.post(reverse("ratings:cancel_official_list", args=[official.pk]))
    import_list_job.call(official.pk)  # the worker takes the job afterwards
    official.refresh_from_db()
    assert (official.state, official.done) == (OfficialList.State.CANCELLED, 0)
    assert not Path(official.path).exists()


def test_a_worker_sent_sigterm_stops_the_import_and_queues_it_again(
    settings: Settings, tmp_path: Path, db: None
) -> None:
    """django-tasks' worker, on SIGTERM, finishes its task before it ends: the import
    stops at its next read instead, and is queued again from its kept file."""
    official = _long_list(settings, tmp_path)
    worker = Worker(
        queue_names=["default"], interval=1, batch=True, backend_name="default",
        startup_delay=False, max_tasks=None, worker_id="test", excluded_queue_names=[],
    )  # fmt: skip
    worker.configure_signals()
    worker.running_task = True  # as while it runs the import
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGTERM))
    try:
        began = time.monotonic()
        timer.start()
        import_list_job.call(official.pk)
        took = time.monotonic() - began
    finally:
        timer.cancel()
        worker.reset_signals()
    assert took < 3
    assert worker.running is False  # the worker's own handler heard it too: it ends next
    official.refresh_from_db()
    assert (official.state, official.done) == (OfficialList.State.QUEUED, 0)
    assert Path(official.path).is_file() and not ListedPlayer.objects.exists()
    queued = DBTaskResult.objects.get()
    assert queued.task_path.endswith("import_list_job") and queued.args_kwargs["args"] == [
        official.pk
    ]

"""Official lists imported in the background: the administrator's upload is kept in
``settings.OFFICIAL_LISTS_DIR``, the task worker reads it (its progress, in bytes of the
list read, and its sign of life written on the list's row for the page to show) and
deletes it when done. A worker killed on the way leaves the file: the list is then seen
as stopped (``OfficialList.stopped``) and can be started again from it.

An import stops between two reads of its file (every 64 KiB): when the administrator
cancels it (``cancel_list_import``; the worker looks at most once a second), and when its
worker is asked to end (SIGTERM: systemd stopping or restarting it). A cancelled list is
not recorded and its file is deleted; a list stopped with its worker is queued again from
its file, for the worker that follows. Either way nothing of it is recorded."""

from __future__ import annotations

import logging
import signal
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from functools import partial
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import User
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone
from django_tasks import task

from ratings.list_import import import_list_file
from ratings.models import OfficialList
from ratings.official_lists import ListError

logger = logging.getLogger(__name__)
PROGRESS_STEP = 0.01  # a write every 1 % of the file read
CANCEL_CHECK_SECONDS = 1.0  # how often a running import reads whether it was cancelled


class ImportStopped(Exception):
    """The import stops where it is: cancelled, or its worker asked to end (``worker``)."""

    def __init__(self, *, worker: bool) -> None:
        super().__init__("the worker is ending" if worker else "cancelled")
        self.worker = worker


def start_list_import(
    kind: str, upload: UploadedFile, list_date: date | None, user: User | None = None
) -> OfficialList:
    """Keep ``upload`` and queue its import (when the transaction commits)."""
    folder = Path(settings.OFFICIAL_LISTS_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    file_name = Path(upload.name or "list").name
    stored = folder / f"{uuid.uuid4().hex}{Path(file_name).suffix.lower()[:5]}"
    with stored.open("wb") as out:
        for chunk in upload.chunks():
            out.write(chunk)
    official = OfficialList.objects.create(
        kind=kind,
        path=str(stored),
        file_name=file_name[:200],
        list_date=list_date,
        total=upload.size or 0,
        created_by=user,
    )
    transaction.on_commit(partial(import_list_job.enqueue, official.pk))
    return official


def restart_list_import(official: OfficialList) -> bool:
    """Queue again a list whose worker stopped (``OfficialList.stopped``), from the file
    kept: False when it is not stopped or its file is gone."""
    if not official.stopped or not Path(official.path).is_file():
        return False
    restarted = OfficialList.objects.filter(pk=official.pk, state=OfficialList.State.RUNNING)
    if not restarted.update(state=OfficialList.State.QUEUED, done=0, beat_at=timezone.now()):
        return False  # another administrator restarted it first
    transaction.on_commit(partial(import_list_job.enqueue, official.pk))
    return True


def cancel_list_import(official: OfficialList) -> bool:
    """Cancel a list queued or running (its worker stops at its next look, deletes the file
    and records nothing); False when it has finished already. A list whose worker is gone
    (``stopped``) has its file deleted here."""
    active = (OfficialList.State.QUEUED, OfficialList.State.RUNNING)
    cancelled = OfficialList.objects.filter(pk=official.pk, state__in=active).update(
        state=OfficialList.State.CANCELLED, finished_at=timezone.now()
    )
    if cancelled and official.stopped:
        Path(official.path).unlink(missing_ok=True)
    return bool(cancelled)


@contextmanager
def _worker_ending() -> Iterator[threading.Event]:
    """An event set when the process is sent SIGTERM while the block runs. The worker's
    own handler (django-tasks' ``db_worker``: finish the task, then end) is still called;
    outside the main thread, or in a process SIGTERM simply ends, nothing is changed."""
    ending = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield ending
        return
    previous = signal.getsignal(signal.SIGTERM)
    if not callable(previous):
        yield ending
        return

    def handler(signum: int, frame: object) -> None:
        ending.set()
        previous(signum, frame)  # type: ignore[arg-type]

    signal.signal(signal.SIGTERM, handler)
    try:
        yield ending
    finally:
        signal.signal(signal.SIGTERM, previous)


@task()
def import_list_job(list_id: int) -> None:
    official = OfficialList.objects.get(pk=list_id)
    path = Path(official.path)
    started = OfficialList.objects.filter(pk=list_id).exclude(state=OfficialList.State.CANCELLED)
    if not started.update(
        state=OfficialList.State.RUNNING, beat_at=timezone.now(), error="", refusal={}
    ):
        path.unlink(missing_ok=True)  # cancelled while it waited
        return
    last = [0.0]
    looked = [time.monotonic()]

    def progress(done: int, total: int) -> None:
        if ending.is_set():
            raise ImportStopped(worker=True)
        if time.monotonic() - looked[0] >= CANCEL_CHECK_SECONDS:
            looked[0] = time.monotonic()
            cancelled = OfficialList.objects.filter(pk=list_id, state=OfficialList.State.CANCELLED)
            if cancelled.exists():
                raise ImportStopped(worker=False)
        if total and (done - last[0] >= PROGRESS_STEP * total or done >= total):
            last[0] = done
            OfficialList.objects.filter(pk=list_id).update(
                done=done, total=total, beat_at=timezone.now()
            )

    keep_file = False
    try:
        with _worker_ending() as ending:
            report = import_list_file(
                official.kind,
                path,
                list_date=official.list_date,
                source=f"{official.kind} {official.file_name}",
                file_name=official.file_name,
                official_list=official,
                progress=progress,
                user=official.created_by,
            )
    except ImportStopped as stopped:
        if stopped.worker:  # queued again from its file, for the next worker
            keep_file = True
            OfficialList.objects.filter(pk=list_id).update(
                state=OfficialList.State.QUEUED, done=0, beat_at=timezone.now()
            )
            import_list_job.enqueue(list_id)
        logger.warning("import of official list %s stopped: %s", list_id, stopped)
        return
    except ListError as error:
        _finish(
            official, state=OfficialList.State.FAILED, error=str(error), refusal=error.as_dict()
        )
        return
    except Exception as error:
        logger.exception("import of official list %s failed", list_id)
        _finish(official, state=OfficialList.State.FAILED, error=str(error))
        raise
    finally:
        if not keep_file:
            path.unlink(missing_ok=True)
    _finish(
        official,
        state=OfficialList.State.DONE,
        list_date=report.list_date,
        layout=report.layout,
        counts={
            "lines": dict(report.counts),
            "ratings": report.ratings,
            "issuers corrected": len(report.issuers_corrected),
        },
        newer_list=report.newer_list,
    )


def _finish(official: OfficialList, **fields: object) -> None:
    OfficialList.objects.filter(pk=official.pk).update(finished_at=timezone.now(), **fields)

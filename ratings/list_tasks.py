"""Official lists imported in the background: the administrator's upload is kept in
``settings.OFFICIAL_LISTS_DIR``, the task worker reads it (its progress, in bytes of the
list read, and its sign of life written on the list's row for the page to show) and
deletes it when done. A worker killed on the way leaves the file: the list is then seen
as stopped (``OfficialList.stopped``) and can be started again from it."""

from __future__ import annotations

import logging
import uuid
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


@task()
def import_list_job(list_id: int) -> None:
    official = OfficialList.objects.get(pk=list_id)
    OfficialList.objects.filter(pk=list_id).update(
        state=OfficialList.State.RUNNING, beat_at=timezone.now(), error="", refusal={}
    )
    last = [0.0]

    def progress(done: int, total: int) -> None:
        if total and (done - last[0] >= PROGRESS_STEP * total or done >= total):
            last[0] = done
            OfficialList.objects.filter(pk=list_id).update(
                done=done, total=total, beat_at=timezone.now()
            )

    path = Path(official.path)
    try:
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
        path.unlink(missing_ok=True)
    _finish(
        official,
        state=OfficialList.State.DONE,
        list_date=report.list_date,
        layout=report.layout,
        counts={"lines": dict(report.counts), "ratings": report.ratings},
        newer_list=report.newer_list,
    )


def _finish(official: OfficialList, **fields: object) -> None:
    OfficialList.objects.filter(pk=official.pk).update(finished_at=timezone.now(), **fields)

"""Recalculations run in the background, with their progress where a page can see it."""

from __future__ import annotations

import logging

from django.core.cache import caches
from django.utils import timezone
from django_tasks import task

from ratings.models import RatingSystem, ReplayJob
from ratings.services import recalculate

logger = logging.getLogger(__name__)
PROGRESS_TTL = 24 * 3600


def _progress_key(job_id: int) -> str:
    return f"replay-job-{job_id}"


def job_progress(job: ReplayJob) -> tuple[int, int]:
    """(batches done, batches in all) of a job, as its worker last wrote them."""
    if job.state in (ReplayJob.State.DONE, ReplayJob.State.FAILED):
        return job.done, job.total
    done, total = caches["progress"].get(_progress_key(job.pk), (0, 0))
    return done, total


def start_replay(
    system: RatingSystem | None = None,
    since=None,
    user=None,  # type: ignore[no-untyped-def]
) -> ReplayJob:
    """Queue a replay of ``system`` (every enabled system when None) from ``since``."""
    job = ReplayJob.objects.create(system=system, since=since, created_by=user)
    replay_job.enqueue(job.pk)
    return job


@task()
def replay_job(job_id: int) -> None:
    job = ReplayJob.objects.get(pk=job_id)
    job.state = ReplayJob.State.RUNNING
    job.save(update_fields=["state"])
    systems = [job.system] if job.system else list(RatingSystem.objects.enabled())
    offset = 0

    def progress(done: int, total: int) -> None:
        caches["progress"].set(_progress_key(job.pk), (offset + done, offset + total), PROGRESS_TTL)

    try:
        for system in systems:
            report = recalculate(system, since=job.since, progress=progress)
            offset += report.batches
    except Exception as error:
        logger.exception("replay job %s failed", job.pk)
        job.state, job.error = ReplayJob.State.FAILED, str(error)
        job.finished_at = timezone.now()
        job.save(update_fields=["state", "error", "finished_at"])
        raise
    job.state, job.done, job.total = ReplayJob.State.DONE, offset, offset
    job.finished_at = timezone.now()
    job.save(update_fields=["state", "done", "total", "finished_at"])
    caches["progress"].delete(_progress_key(job.pk))

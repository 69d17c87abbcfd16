"""Recalculations run in the background, with their progress where a page can see it.

The worker writes, with the progress, the time of its last sign of life (a heartbeat), and
rewrites it every quarter of ``settings.REPLAY_STALL_SECONDS`` from a thread of its own
while the job runs (a lease: a replay waiting for another's lock on its system, or in a
long batch, keeps it): a running job whose heartbeat is older than the limit lost its
worker (killed, machine restarted) and is *interrupted*. The replay runs in one
transaction, so an interrupted job left the previous ratings as they were, and it can be
restarted: by an administrator from its page, and by any live task worker on its own
(:func:`take_over_interrupted`, called with each of ``manage.py worker``'s heartbeats).

A job runs once, however many workers (on as many machines) and however many times its
task was handed to them: the worker that starts it takes it from "queued" to "running"
under the lock of its row, and a worker handed a job that is no longer queued leaves it
(:func:`replay_job`). A job interrupted is restarted once (the restart locks it too).

Every recalculation of the site runs here, off the request: an administrator's, and the
desk's when an event is closed, reopened, cancelled or deleted (:func:`queue_event_replays`,
:func:`queue_replays`). The desk's transaction records the change and the jobs together;
the jobs are handed to the worker when it commits.

Two jobs of one system never interleave (the replay holds the system's lock) and each
replays from its day to today with what is committed when it starts, so jobs queued in any
order leave the history a replay from scratch would give."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import date, datetime, timedelta
from functools import partial
from typing import NamedTuple

from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import caches
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tasks import task

from club import pages
from club.models import Event
from ratings.models import RatingSystem, ReplayJob
from ratings.services import Progress, event_day, recalculate, systems_to_replay

logger = logging.getLogger(__name__)
PROGRESS_TTL = 24 * 3600


def _progress_key(job_id: int) -> str:
    return f"replay-job-{job_id}"


def _progress_entry(job_id: int) -> tuple[int, int, datetime | None]:
    """(batches done, batches in all, last heartbeat) as the job's worker last wrote them."""
    entry = caches["progress"].get(_progress_key(job_id))
    if not entry:
        return 0, 0, None
    done, total, *rest = entry  # entries written before heartbeats have no third item
    return done, total, rest[0] if rest else None


def heartbeat(job_id: int, done: int = 0, total: int = 0) -> None:
    """The worker's sign of life, written with its progress (one write: one file)."""
    caches["progress"].set(_progress_key(job_id), (done, total, timezone.now()), PROGRESS_TTL)


def job_progress(job: ReplayJob) -> tuple[int, int]:
    """(batches done, batches in all) of a job, as its worker last wrote them."""
    if job.state in (ReplayJob.State.DONE, ReplayJob.State.FAILED):
        return job.done, job.total
    done, total, _beat = _progress_entry(job.pk)
    return done, total


def last_sign_of_life(job: ReplayJob) -> datetime:
    """When the worker of a job last wrote its heartbeat (when the job was created if no
    heartbeat is left, e.g. the progress cache was emptied)."""
    _done, _total, beat = _progress_entry(job.pk)
    return beat or job.created_at


def is_interrupted(job: ReplayJob) -> bool:
    """A running job whose worker gave no sign of life for ``REPLAY_STALL_SECONDS``: the
    one rule of what "interrupted" means."""
    if job.state != ReplayJob.State.RUNNING:
        return False
    stall = timedelta(seconds=settings.REPLAY_STALL_SECONDS)
    return timezone.now() - last_sign_of_life(job) > stall


def can_restart(job: ReplayJob) -> bool:
    """A failed or interrupted job not restarted yet."""
    if job.restarted_as_id is not None:
        return False
    return job.state == ReplayJob.State.FAILED or is_interrupted(job)


def restart(old: ReplayJob, user: User | None = None) -> ReplayJob:
    """Queue again the replay of ``old``, a failed or interrupted job whose row the caller
    has locked (``select_for_update``) in the current transaction: the same system, day and
    event; ``old``, if it was still running, is marked failed where its worker stopped, and
    links to the new job, which is queued when the transaction commits."""
    new = start_replay(old.system, old.since, user, old.event)
    old.restarted_as = new
    if old.state == ReplayJob.State.RUNNING:
        old.done, old.total = job_progress(old)  # where the worker stopped
        old.state = ReplayJob.State.FAILED
        old.error = _("Interrupted: restarted as recalculation #%(number)s") % {"number": new.pk}
        old.finished_at = timezone.now()
    old.save(update_fields=["restarted_as", "done", "total", "state", "error", "finished_at"])
    return new


def take_over_interrupted() -> list[ReplayJob]:
    """Restart every interrupted job (its worker gave no sign of life for
    ``REPLAY_STALL_SECONDS``): what a live task worker does for a dead one, on this machine
    or another. Each job is restarted once, by whichever worker locks it first (the others
    skip it); the new jobs, queued when each restart commits. Two queries when no job
    runs."""
    restarted = []
    running = ReplayJob.objects.filter(state=ReplayJob.State.RUNNING, restarted_as=None)
    for candidate in running.order_by("pk"):
        if not is_interrupted(candidate):
            continue
        with transaction.atomic():
            old = running.select_for_update(skip_locked=True).filter(pk=candidate.pk).first()
            if old is None or not is_interrupted(old):
                continue  # another worker has it, or its own worker came back
            new = restart(old)
        logger.warning("replay job %s was interrupted: restarted as job %s", old.pk, new.pk)
        restarted.append(new)
    return restarted


def take_over_on_beat(sender: object, **kwargs: object) -> None:
    """``lib.health.worker_beats``' receiver: the interrupted jobs restarted."""
    take_over_interrupted()


def start_replay(
    system: RatingSystem | None = None,
    since: date | None = None,
    user: User | None = None,
    event: Event | None = None,
) -> ReplayJob:
    """Queue a replay of ``system`` (every enabled system when None) from ``since``.

    Inside a transaction, the task is queued when it commits, so that a worker on another
    connection (RQ) never looks for a job row it cannot see yet."""
    job = ReplayJob.objects.create(system=system, since=since, created_by=user, event=event)
    transaction.on_commit(partial(replay_job.enqueue, job.pk))
    return job


def queue_replays(
    systems: Iterable[RatingSystem],
    since: date,
    user: User | None = None,
    event: Event | None = None,
) -> list[ReplayJob]:
    """Queue a replay of each of ``systems`` from ``since``, for ``event`` when given."""
    return [start_replay(system, since, user, event) for system in systems]


def queue_event_replays(event: Event, user: User | None = None) -> list[ReplayJob]:
    """Queue the replays a change to ``event`` calls for (closed, reopened, cancelled): every
    system that rates it or rated it before, from the event's day."""
    return queue_replays(systems_to_replay(event), event_day(event), user, event)


class JobShown(NamedTuple):
    job: ReplayJob
    percent: int
    interrupted: bool

    @property
    def pending(self) -> bool:
        return self.job.state in (ReplayJob.State.QUEUED, ReplayJob.State.RUNNING)


def event_replays(event: Event) -> list[JobShown]:
    """The latest job of each system for ``event``, with its progress: what the desk's
    event page shows while the ratings are recalculated, and after (done or failed)."""
    latest: dict[int | None, ReplayJob] = {}
    for job in event.replay_jobs.select_related("system").order_by("-created_at", "-pk")[:20]:
        latest.setdefault(job.system_id, job)
    shown = []
    for job in latest.values():
        done, total = job_progress(job)
        shown.append(JobShown(job, round(100 * done / total) if total else 0, is_interrupted(job)))
    return shown


@task()
def replay_job(job_id: int) -> None:
    """Run the job ``job_id`` if it is still queued: taken under its row's lock, so that of
    two workers handed it (a task delivered twice) one runs it and the other leaves it."""
    with transaction.atomic():
        job = ReplayJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.state != ReplayJob.State.QUEUED:
            logger.info("replay job %s is not queued any more: left", job_id)
            return
        # the heartbeat first: whoever sees the job running sees a sign of life too
        heartbeat(job.pk)
        job.state = ReplayJob.State.RUNNING
        job.save(update_fields=["state"])
    systems = [job.system] if job.system else list(RatingSystem.objects.enabled())
    offset = 0
    try:
        with _lease(job.pk) as beat:

            def progress(done: int, total: int) -> None:
                beat(offset + done, offset + total)

            for system in systems:
                report = recalculate(system, since=job.since, progress=progress)
                offset += report.batches
    except Exception as error:
        logger.exception("replay job %s failed", job.pk)
        _finish(job, state=ReplayJob.State.FAILED, error=str(error))
        raise
    _finish(job, state=ReplayJob.State.DONE, done=offset, total=offset)
    caches["progress"].delete(_progress_key(job.pk))


@contextmanager
def _lease(job_id: int) -> Iterator[Progress]:
    """The job's heartbeat while the block runs: written with each progress given to the
    function yielded, and again, with the last progress, every quarter of
    ``REPLAY_STALL_SECONDS`` by a thread of its own (stopped when the block ends: the
    process's death stops it too, which is what a heartbeat is for)."""
    latest = (0, 0)
    stopped = threading.Event()

    def beat(done: int, total: int) -> None:
        nonlocal latest
        latest = (done, total)
        heartbeat(job_id, done, total)

    def keep() -> None:
        while not stopped.wait(max(settings.REPLAY_STALL_SECONDS / 4, 0.2)):
            try:
                heartbeat(job_id, *latest)
            except Exception:  # a cache out of order: the health check says so
                logger.warning("replay job %s: heartbeat not written", job_id, exc_info=True)

    keeper = threading.Thread(target=keep, name=f"replay-{job_id}-lease", daemon=True)
    keeper.start()
    try:
        yield beat
    finally:
        stopped.set()
        keeper.join()


def _finish(job: ReplayJob, **fields: object) -> None:
    """The job's end, unless it was taken for interrupted and restarted meanwhile (a worker
    slower than the stall limit, not dead): that job's page keeps saying what it said."""
    ReplayJob.objects.filter(pk=job.pk, state=ReplayJob.State.RUNNING).update(
        finished_at=timezone.now(), **fields
    )
    pages.written(job, fields=["state"])

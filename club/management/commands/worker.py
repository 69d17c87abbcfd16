"""``manage.py worker``: the background-task worker of the database backend, django-tasks-db's
``db_worker`` (the same options), which also writes a heartbeat every quarter of
``HEALTH_WORKER_SECONDS`` for the health check (``lib.health.worker_beat``), from a thread
of its own: a replay that keeps the worker busy for minutes is no sign of death, a worker
killed or stopped is, within ``HEALTH_WORKER_SECONDS``, whether tasks wait or not. With
each heartbeat it sends ``lib.health.worker_beats``, for what a live worker does for a dead
one (ratings: its interrupted replays restarted); that thread beats at least every quarter
of ``REPLAY_STALL_SECONDS`` too. deploy/systemd/club-worker.service runs it; several of
them (on one machine or several) share the work, each task run by one."""

from __future__ import annotations

import logging
import math
import threading
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from django_tasks_db.management.commands.db_worker import Command as DatabaseWorkerCommand

from lib.health import worker_beat, worker_beats

logger = logging.getLogger(__name__)


def beat_until(stopped: threading.Event, worker_id: str, period: float) -> None:
    """Write the heartbeat, then send ``worker_beats``, every ``period`` seconds until
    ``stopped`` is set. A receiver that fails is logged; the next beat calls it again."""
    while not stopped.is_set():
        close_old_connections()  # the thread's own, closed by the database meanwhile
        try:
            worker_beat(worker_id)
        except Exception:  # a cache out of order: the health check will say so
            logger.warning("The task worker's heartbeat was not written", exc_info=True)
        for receiver, outcome in worker_beats.send_robust(Command, worker_id=worker_id):
            if isinstance(outcome, Exception):
                logger.error("The task worker's %s failed", receiver, exc_info=outcome)
        stopped.wait(period)


def beat_period() -> float:
    """A quarter of the shorter of ``HEALTH_WORKER_SECONDS`` (when checked) and
    ``REPLAY_STALL_SECONDS``, half a second at least."""
    limits = [settings.REPLAY_STALL_SECONDS, settings.HEALTH_WORKER_SECONDS or math.inf]
    return max(min(limits) / 4, 0.5)


class Command(DatabaseWorkerCommand):
    help = "Run the background tasks (db_worker), writing a heartbeat for /health/."

    def handle(self, *args: Any, **options: Any) -> None:
        stopped = threading.Event()
        heartbeat = threading.Thread(
            target=beat_until,
            args=(stopped, str(options.get("worker_id", "")), beat_period()),
            name="heartbeat",
            daemon=True,
        )
        heartbeat.start()
        try:
            super().handle(*args, **options)
        finally:
            stopped.set()

"""``manage.py worker``: the background-task worker of the database backend, django-tasks-db's
``db_worker`` (the same options), which also writes a heartbeat every quarter of
``HEALTH_WORKER_SECONDS`` for the health check (``lib.health.worker_beat``), from a thread
of its own: a replay that keeps the worker busy for minutes is no sign of death, a worker
killed or stopped is, within ``HEALTH_WORKER_SECONDS``, whether tasks wait or not.
deploy/systemd/club-worker.service runs it."""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django_tasks_db.management.commands.db_worker import Command as DatabaseWorkerCommand

from lib.health import worker_beat

logger = logging.getLogger(__name__)


def beat_until(stopped: threading.Event, worker_id: str, period: float) -> None:
    """Write the heartbeat every ``period`` seconds until ``stopped`` is set."""
    while not stopped.is_set():
        try:
            worker_beat(worker_id)
        except Exception:  # a cache out of order: the health check will say so
            logger.warning("The task worker's heartbeat was not written", exc_info=True)
        stopped.wait(period)


class Command(DatabaseWorkerCommand):
    help = "Run the background tasks (db_worker), writing a heartbeat for /health/."

    def handle(self, *args: Any, **options: Any) -> None:
        stopped = threading.Event()
        period = max(settings.HEALTH_WORKER_SECONDS / 4, 0.5)
        heartbeat = threading.Thread(
            target=beat_until,
            args=(stopped, str(options.get("worker_id", "")), period),
            name="heartbeat",
            daemon=True,
        )
        heartbeat.start()
        try:
            super().handle(*args, **options)
        finally:
            stopped.set()

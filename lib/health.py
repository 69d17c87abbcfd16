"""The health check a load balancer or a monitor asks: ``GET /health/``.

It answers 200 when the site can serve, 503 when it cannot, in JSON, never cached and
without personal data: for each part the time it took and, when it failed, only the class
of the error (the error itself, which may name hosts and accounts, goes to the log).

- ``database``: a query on the default database;
- ``caches``: every cache of settings.CACHES written and read back (the shared ones, in
  files or Redis, are where a full disk or a lost server shows);
- ``tasks``: the background-task queue. With the database backend (worked by
  ``manage.py worker``), a worker has written its heartbeat (``worker_beat``, every quarter
  of ``HEALTH_WORKER_SECONDS``) within the last ``HEALTH_WORKER_SECONDS`` (45), queue empty
  or not, and no task ready to run has waited longer than ``HEALTH_TASK_WAIT_SECONDS``
  (a worker alive but stuck). The heartbeat is kept in the ``progress`` cache, which the
  site's processes share. With the RQ backend, Redis answers and at least one worker
  listens on the queue.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.dispatch import Signal
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)


HEARTBEAT_KEY = "task-worker:heartbeat"

# Sent by the task worker (``manage.py worker``) after each of its heartbeats, from its
# heartbeat thread, with ``worker_id``: the apps connect what a live worker does for the
# others (ratings: restart the replays of a worker that died, on any machine).
worker_beats = Signal()


class Unhealthy(Exception):
    """A part that answers but is not in order (the message is safe to show)."""


def worker_beat(worker_id: str) -> None:
    """A task worker's sign of life, for ``check_tasks``."""
    caches["progress"].set(
        HEARTBEAT_KEY, {"at": timezone.now().timestamp(), "worker": worker_id}, None
    )


def check_worker_alive() -> dict[str, Any]:
    """A worker beat within HEALTH_WORKER_SECONDS (0: not checked)."""
    seconds = settings.HEALTH_WORKER_SECONDS
    if not seconds:
        return {}
    beat = caches["progress"].get(HEARTBEAT_KEY)
    if not isinstance(beat, dict):
        raise Unhealthy("no task worker has given a sign of life (is manage.py worker running?)")
    age = timezone.now().timestamp() - float(beat["at"])
    if age > seconds:
        raise Unhealthy(
            f"the task worker gave no sign of life for {age:.0f} s (is manage.py worker running?)"
        )
    return {"worker_seen_seconds_ago": round(max(age, 0.0), 1)}


def check_database() -> dict[str, Any]:
    """A read through the ORM: the database answers, and its tables are there (the content
    types of ``django.contrib.contenttypes``, one row at most)."""
    from django.contrib.contenttypes.models import ContentType  # a model: once apps are ready

    if not ContentType.objects.using("default").exists():
        raise Unhealthy("the database answers but holds no content types (is it migrated?)")
    return {}


def check_caches() -> dict[str, Any]:
    for alias in settings.CACHES:
        cache = caches[alias]
        key = f"health-check:{secrets.token_hex(8)}"
        value = secrets.token_hex(8)
        cache.set(key, value, 30)
        try:
            if cache.get(key) != value:
                raise Unhealthy(f"the cache {alias!r} did not give back what it was given")
        finally:
            cache.delete(key)
    return {"caches": len(settings.CACHES)}


def check_tasks() -> dict[str, Any]:
    from django_tasks import DEFAULT_TASK_BACKEND_ALIAS, task_backends

    backend = type(task_backends[DEFAULT_TASK_BACKEND_ALIAS]).__name__
    if backend == "DatabaseBackend":
        from django_tasks_db.models import DBTaskResult

        alive = check_worker_alive()
        oldest = DBTaskResult.objects.ready().order_by("enqueued_at").first()
        waited = 0 if oldest is None else (timezone.now() - oldest.enqueued_at).total_seconds()
        if waited > settings.HEALTH_TASK_WAIT_SECONDS:
            raise Unhealthy(
                f"a task has waited {waited:.0f} s for a worker (is manage.py worker running?)"
            )
        return {"backend": backend, "ready": DBTaskResult.objects.ready().count(), **alive}
    if backend == "RQBackend":
        import django_rq
        from rq import Worker

        queue = django_rq.get_queue("default")
        queue.connection.ping()
        workers = Worker.count(queue=queue)
        if not workers:
            raise Unhealthy("no RQ worker listens on the queue")
        return {"backend": backend, "ready": queue.count, "workers": workers}
    return {"backend": backend}


CHECKS: dict[str, Callable[[], dict[str, Any]]] = {
    "database": check_database,
    "caches": check_caches,
    "tasks": check_tasks,
}


def run_checks() -> tuple[bool, dict[str, dict[str, Any]]]:
    results: dict[str, dict[str, Any]] = {}
    for name, check in CHECKS.items():
        started = time.perf_counter()
        try:
            found = {"ok": True, **check()}
        except Unhealthy as problem:
            logger.error("Health check: %s: %s", name, problem)
            found = {"ok": False, "error": str(problem)}
        except Exception as error:
            logger.exception("Health check: %s failed", name)
            found = {"ok": False, "error": type(error).__name__}
        found["ms"] = round((time.perf_counter() - started) * 1000, 1)
        results[name] = found
    return all(found["ok"] for found in results.values()), results


@never_cache
@require_safe
def health(request: HttpRequest) -> JsonResponse:
    healthy, results = run_checks()
    return JsonResponse(
        {"status": "ok" if healthy else "error", "checks": results},
        status=200 if healthy else 503,
    )

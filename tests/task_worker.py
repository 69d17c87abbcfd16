"""The database task backend's worker, run in the test: every queued task, then back."""

from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO

from django.core.management import call_command
from django.test import TestCase, override_settings

IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def work_queued_tasks() -> None:
    call_command(
        "db_worker",
        batch=True,
        startup_delay=False,
        reload=False,
        stdout=StringIO(),
        stderr=StringIO(),
    )


@contextmanager
def replayed() -> Iterator[None]:
    """Run the block (closing an event, say), then the replays it queued, as the task
    worker would once the block's transaction commits. In a test that runs inside a
    transaction nothing commits: the block's ``on_commit`` hooks, which hand the jobs to the
    task backend, are run when it ends, and the backend runs them at once (the database
    worker would close the test's connection; tests with real commits use
    :func:`work_queued_tasks`)."""
    with override_settings(TASKS=IMMEDIATE), TestCase.captureOnCommitCallbacks(execute=True):
        yield


@contextmanager
def mailed() -> Iterator[None]:
    """Run the block (a request that sends e-mail), then the tasks it queued, as the task
    worker would once its transaction commits; no e-mail may leave during the block itself
    (lib/mail_tasks.py: mail is sent by the worker, never inside the request)."""
    from django.core import mail

    with override_settings(TASKS=IMMEDIATE), TestCase.captureOnCommitCallbacks(execute=True):
        sent = len(mail.outbox)
        yield
        assert len(mail.outbox) == sent, "an e-mail was sent inside the request"

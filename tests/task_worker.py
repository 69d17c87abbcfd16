"""The database task backend's worker, run in the test: every queued task, then back."""

from io import StringIO

from django.core.management import call_command


def work_queued_tasks() -> None:
    call_command(
        "db_worker",
        batch=True,
        startup_delay=False,
        reload=False,
        stdout=StringIO(),
        stderr=StringIO(),
    )

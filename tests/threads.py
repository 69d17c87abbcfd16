"""Requests sent at the same moment, for the tests of races: each job runs in a thread of
its own, with a database connection of its own (closed when it ends)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client


def at_once(*jobs: Callable[[], Any], stagger: float = 0.0) -> list[Any]:
    """Run the jobs together and return their answers in order; the later ones start
    ``stagger`` seconds after the previous one (inside its slow part, when it has one)."""
    barrier = threading.Barrier(len(jobs))
    answers: list[Any] = [None] * len(jobs)

    def run(index: int, job: Callable[[], Any]) -> None:
        barrier.wait()
        time.sleep(stagger * index)
        try:
            answers[index] = job()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def superuser_client(name: str, *, raise_errors: bool = False) -> Client:
    """A client signed in as a new superuser ``name``; a server error is answered as the
    site answers it (a 500 page) unless ``raise_errors``."""
    client = Client(raise_request_exception=raise_errors)
    client.force_login(User.objects.create_superuser(name, password="x"))
    return client

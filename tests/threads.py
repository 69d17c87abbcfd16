"""Requests sent at the same moment, for the tests of races: each job runs in a thread of
its own, with a database connection of its own (closed when it ends)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import QuerySet
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


@contextmanager
def rows_locked(rows: QuerySet[Any]) -> Iterator[None]:
    """The block runs while another connection (a thread's) holds ``rows`` locked
    (``select_for_update``, in a transaction that ends with the block): a writer of those
    rows, in this process or another, waits there until then."""
    locked, release = threading.Event(), threading.Event()
    problems: list[BaseException] = []

    def hold() -> None:
        try:
            with transaction.atomic():
                assert list(rows.select_for_update()), "no row to lock"
                locked.set()
                release.wait(120)
        except BaseException as problem:  # given back to the test
            problems.append(problem)
            locked.set()
        finally:
            connection.close()

    holder = threading.Thread(target=hold, name="rows-locked")
    holder.start()
    locked.wait(30)
    try:
        if problems:
            raise problems[0]
        yield
    finally:
        release.set()
        holder.join(60)

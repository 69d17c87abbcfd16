"""Data built once for all the tests of a module, for modules whose tests only read it
(each test's writes are rolled back): building the demo club takes seconds, reading it a
fraction of one."""

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import TypeVar

from django.contrib.auth.models import Group
from django.db import connection, transaction
from pytest_django import DjangoDbBlocker

from ratings.models import RatingSystem

T = TypeVar("T")


def put_back_the_data_of_the_migrations() -> None:
    """The rows data migrations create (the rating systems, the secretaries' group), when
    a transactional test has emptied every table."""
    from ratings.defaults import install_default_systems

    if RatingSystem.objects.exists():
        return
    install_default_systems(RatingSystem)
    Group.objects.get_or_create(name="secretaries")


def built_for_the_module(django_db_blocker: DjangoDbBlocker, build: Callable[[], T]) -> Iterator[T]:
    """For a module-scoped fixture: ``build()`` run in a transaction that the module's tests
    run inside (each test's own transaction is a savepoint in it, rolled back when the test
    ends) and that is rolled back after the module's last test: each test finds the data
    as built, and nothing of it is ever committed. Not for a module with a transactional
    test (it would commit, or empty the tables, under the others).

    The fixture must be set up before the first test's transaction begins: a test (or a
    fixture) that asks for it by name gets it so, one that asks through
    ``request.getfixturevalue`` would build it inside its own transaction, whose rollback
    at the test's end would take the data from the module's other tests. That is refused."""
    module = ExitStack()
    try:
        with django_db_blocker.unblock():
            if connection.in_atomic_block:
                raise RuntimeError(
                    "data built once for the module inside a test's transaction: ask for "
                    "its fixture by name in the test's or fixture's arguments"
                )
            module.enter_context(transaction.atomic())
            put_back_the_data_of_the_migrations()
            built = build()
        yield built
    finally:
        with django_db_blocker.unblock():
            if connection.in_atomic_block:
                transaction.set_rollback(True)
            module.close()

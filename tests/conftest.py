import os
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import hypothesis
import pytest
import time_machine
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.utils import translation
from pytest_django import DjangoDbBlocker, Settings

from ratings.models import RatingSystem
from tests.built_once import built_for_the_module, put_back_the_data_of_the_migrations
from tests.club.factories import MemberFactory
from tests.ratings.listed import COMBINED, FRBE, load

# Playwright's sync API runs an event loop in the test thread; the ORM refuses to run
# inside one unless told it is safe (tests only).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# Hypothesis without its per-example deadline: a first example that waits for an import or
# for the other worker on a loaded machine is no failure (speed is measured by benchmarks/,
# not by tests).
hypothesis.settings.register_profile("suite", deadline=None)
hypothesis.settings.load_profile("suite")

# Fixtures through which a test reaches the database (pytest-django refuses any other way)
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback",
     "live_server"}
)  # fmt: skip


def touches_database(item: pytest.Item) -> bool:
    names = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(names & DATABASE_FIXTURES)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The suite runs twice, once on each database (``scripts/test.sh``). Tests that never
    reach the database (pure rules, file formats, deployment files) give the same answer
    on both: they run in the SQLite pass only. Tests marked ``postgresql`` need
    PostgreSQL's row locks, and the browser walks drive the site as it is deployed, on
    PostgreSQL (the views they click through are run on SQLite by the tests of each page):
    both run in the PostgreSQL pass only. Tests marked ``same_on_both`` read the words of
    pages (their labels, their language) that no database changes: SQLite pass only."""
    if connection.vendor == "postgresql":
        selected = [
            item
            for item in items
            if touches_database(item) and item.get_closest_marker("same_on_both") is None
        ]
    else:
        selected = [
            item
            for item in items
            if item.get_closest_marker("postgresql") is None
            and item.get_closest_marker("browser") is None
        ]
    if len(selected) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in selected])
        items[:] = selected


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Debian's Chromium, never a downloaded browser."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(autouse=True)
def _plain_static_storage(settings: Settings) -> None:
    """Tests serve static files without the manifest, which needs collectstatic."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _back_to_the_default_language() -> Iterator[None]:
    """A request to an /en/ page leaves English active in this thread: not for the next
    test's reverse()."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _no_page_cache(settings: Settings) -> None:
    """Most tests write inside a transaction that never commits, where the page cache
    cannot see their writes: it is tested on its own (tests/lib/test_page_cache.py, and
    every write path in tests/test_fresh_pages.py)."""
    settings.PAGE_CACHE_ENABLED = False


@pytest.fixture(autouse=True)
def _calculator_api_held_to_its_schema(settings: Settings) -> None:
    """Every request the tests send to the calculator API, and its answer, checked against
    the OpenAPI document the site serves (``tests/plugins/calculator_openapi.py``)."""
    held = "tests.plugins.calculator_openapi.HeldToTheSchema"
    settings.MIDDLEWARE = [held, *settings.MIDDLEWARE]


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Settings) -> None:
    """Passwords hashed with a cheap hasher: the site's PBKDF2 takes half a second a
    password by design, and tests make hundreds of accounts (the demo club alone three).
    The site's own hashers are those of Django's defaults (config/settings/base.py)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _shared_caches_of_this_test(settings: Settings, tmp_path: Path) -> None:
    """Limits (the contact form's), replay progress and the page cache (whose versions every
    write moves, cache on or off) in files of this test's own, as the site's processes
    share them, so that no test meets another's count or job (tests run
    side by side, each database numbering its jobs from 1)."""
    from tests.other_processes import caches_in

    caches_in(tmp_path / "caches", settings, "limits", "progress", "pages", "page-generation")


@pytest.fixture(autouse=True)
def _data_of_the_migrations(request: pytest.FixtureRequest) -> None:
    """Transactional tests empty every table when they end, rows that data migrations
    created included: put those back for the tests that follow on the same worker. With
    xdist's work stealing a worker may run a plain database test after a transactional
    one, so every test that reaches the database checks (one query) and puts them back
    when they are gone."""
    marker = request.node.get_closest_marker("django_db")
    names = set(request.fixturenames)  # every fixture the test asks for, directly or not
    if marker is not None:
        transactional = marker.kwargs.get("transaction", False)
    elif names & {"transactional_db", "live_server"}:
        transactional = True
    elif "db" in names:
        transactional = False
    else:
        return
    request.getfixturevalue("transactional_db" if transactional else "db")
    put_back_the_data_of_the_migrations()


# The day the demo club is built around in the tests that read it: its events, results and
# histories fall the same way at every run.
DEMO_NOW = datetime(2026, 11, 22, 10, tzinfo=ZoneInfo("Europe/Brussels"))


@pytest.fixture
def demo_club(db: None) -> Iterator[None]:
    """The demo club (``load_demo_club``) built around ``DEMO_NOW``, the clock held there
    for the test."""
    with time_machine.travel(DEMO_NOW):
        call_command("load_demo_club", "--day", DEMO_NOW.date().isoformat(), verbosity=0)
        yield


def _load_demo_club() -> None:
    with time_machine.travel(DEMO_NOW):
        call_command("load_demo_club", "--day", DEMO_NOW.date().isoformat(), verbosity=0)


@pytest.fixture(scope="module")
def demo_club_built_once(
    django_db_setup: None, django_db_blocker: DjangoDbBlocker
) -> Iterator[None]:
    """The demo club as ``demo_club`` builds it, once for the module (``built_once``)."""
    yield from built_for_the_module(django_db_blocker, _load_demo_club)


@pytest.fixture
def demo_club_of_the_module(demo_club_built_once: None, db: None) -> Iterator[None]:
    """``demo_club`` for a module whose database tests all read the demo club and none
    commits (it redefines ``demo_club`` as this one): built once for the module
    (``demo_club_built_once``), the clock held at ``DEMO_NOW`` for the test."""
    with time_machine.travel(DEMO_NOW):
        yield


@pytest.fixture
def secretary(db: None) -> User:
    """An account of the secretaries group."""
    user = User.objects.create_user("secretaire-du-club", password="x")
    user.groups.add(Group.objects.get(name="secretaries"))
    return user


@pytest.fixture
def secretary_client(client: Client, secretary: User) -> Client:
    client.force_login(secretary)
    return client


@pytest.fixture
def member_user(db: None) -> User:
    """A member of the club with a login, not a secretary."""
    user = User.objects.create_user("membre", password="x")
    MemberFactory(user=user)
    return user


@pytest.fixture
def administrator_client(client: Client, db: None) -> Client:
    """A client signed in as the club's administrator (a superuser named "admin"), not
    pytest-django's ``admin_client``."""
    client.force_login(User.objects.create_superuser("admin", password="x"))
    return client


@pytest.fixture
def english() -> Iterator[None]:
    """Addresses (``/en/...``) and messages in English."""
    with translation.override("en"):
        yield


@pytest.fixture
def club_system(db: None) -> RatingSystem:
    """The club's own rating system."""
    return RatingSystem.objects.get(engine="club")


@pytest.fixture
def official_lists(db: None) -> None:
    """Two real official lists loaded: FIDE's of August 2026 (Leko's real line) and rows of
    the Belgian federation's (tests/ratings/listed.py)."""
    load(COMBINED, day=date(2026, 8, 1))  # FIDE's August 2026 list (Leko's real line)
    load(FRBE, "frbe", date(2024, 1, 1))  # the Belgian federation's real rows

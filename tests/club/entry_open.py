"""The announced open the tests of online entries enter (desk services, desk pages,
public form): 2 to 4 October 2026 in Brussels' time, its entries open, seen from
1 September 2026 at noon (the clock the tests stop)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import time_machine

from club.models import EntryTerms, Event
from tests.club.factories import EventFactory

BRUSSELS = ZoneInfo("Europe/Brussels")
NOW = datetime(2026, 9, 1, 12, tzinfo=BRUSSELS)


@contextmanager
def stopped_clock() -> Iterator[None]:
    """The tests' moment: 1 September 2026, noon, a month before the open."""
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture(autouse=True)
def entry_clock() -> Iterator[None]:
    """The clock stopped at ``NOW`` for every test of a module that imports this fixture."""
    with stopped_clock():
        yield


def link(path: str) -> str:
    """An address of the site, as the desk's mails write it."""
    return f"https://club.example{path}"


def entry_open(places: int, fee: str = "") -> Event:
    """The open, taking entries for ``places`` players."""
    event: Event = EventFactory(
        kind=Event.Kind.OPEN,
        title="Open de Wavre",
        start=datetime(2026, 10, 2, 10, tzinfo=BRUSSELS),
        end=datetime(2026, 10, 4, 19, tzinfo=BRUSSELS),
    )
    EntryTerms.objects.create(event=event, open=True, places=places, fee=fee)
    return event

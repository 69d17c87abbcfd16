"""Shared fixtures of the desk's tests: an administrator (not pytest-django's
``admin_user``), a round robin of six members; the secretary, the member and English are
every test's (tests/conftest.py)."""

from typing import cast

import pytest
from django.contrib.auth.models import User

from club.models import Event, Member
from desk.services import pairing, registration
from tests.club.factories import EventFactory, MemberFactory


@pytest.fixture
def administrator(db: None) -> User:
    """The club's administrator: a superuser."""
    return User.objects.create_superuser("administrateur", password="x")


@pytest.fixture
def round_robin_event(db: None) -> Event:
    return EventFactory(
        system=Event.System.ROUND_ROBIN,
        kind=Event.Kind.CHAMPIONSHIP,
        tiebreaks="sonneborn_berger,wins",
    )


@pytest.fixture
def six_members(db: None) -> list[Member]:
    return [cast(Member, MemberFactory(player__national_rating=2000 - 100 * n)) for n in range(6)]


@pytest.fixture
def paired_event(round_robin_event: Event, six_members: list[Member], secretary: User) -> Event:
    """The round robin with its six members registered and its five rounds paired."""
    for member in six_members:
        registration.register(round_robin_event, member.player, secretary)
    pairing.pair_round_robin(round_robin_event, secretary)
    round_robin_event.refresh_from_db()
    return round_robin_event

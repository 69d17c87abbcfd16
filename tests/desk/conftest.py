"""Shared fixtures of the desk's tests: a secretary, a member, an administrator, a round
robin of six members."""

from collections.abc import Iterator
from typing import cast

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.utils import translation

from club.models import Event, Member
from desk.services import pairing, registration
from tests.club.factories import EventFactory, MemberFactory


@pytest.fixture
def secretary(db: None) -> User:
    user = User.objects.create_user("secretaire-du-club", password="x")
    user.groups.add(Group.objects.get(name="secretaries"))
    return user


@pytest.fixture
def member_user(db: None) -> User:
    """A member of the club with a login, not a secretary."""
    user = User.objects.create_user("membre", password="x")
    MemberFactory(user=user)
    return user


@pytest.fixture
def admin_user(db: None) -> User:
    return User.objects.create_superuser("administrateur", password="x")


@pytest.fixture
def secretary_client(client: Client, secretary: User) -> Client:
    client.force_login(secretary)
    return client


@pytest.fixture
def english() -> Iterator[None]:
    """Addresses (``/en/...``) and messages in English."""
    with translation.override("en"):
        yield


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
        registration.register(round_robin_event.pk, member.player.pk, secretary)
    pairing.pair_round_robin(round_robin_event.pk, secretary)
    round_robin_event.refresh_from_db()
    return round_robin_event

import pytest
from django.contrib.auth.models import Group, User

from club.models import Event
from tests.club.factories import EventFactory, MemberFactory


@pytest.fixture
def secretary(db) -> User:
    user = User.objects.create_user("secretaire", password="x")
    user.groups.add(Group.objects.get(name="secretaries"))
    return user


@pytest.fixture
def secretary_client(client, secretary):
    client.force_login(secretary)
    return client


@pytest.fixture
def round_robin_event(db):  # type: ignore[no-untyped-def]
    return EventFactory(
        system=Event.System.ROUND_ROBIN,
        kind=Event.Kind.CHAMPIONSHIP,
        tiebreaks="sonneborn_berger,wins",
    )


@pytest.fixture
def six_members(db):
    return [MemberFactory(player__national_rating=2000 - 100 * n) for n in range(6)]

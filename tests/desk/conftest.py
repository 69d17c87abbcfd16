"""Shared fixtures of the desk's tests: an administrator (not pytest-django's
``admin_user``), a round robin of six members; the secretary, the member and English are
every test's (tests/conftest.py). And two helpers: the registration's search, a PGN file
uploaded."""

from typing import cast

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from club.models import Event, Member
from desk import pending_uploads
from desk.services import pairing, registration
from tests.club.factories import EventFactory, MemberFactory


def search_members(client: Client, event: Event, q: str) -> str:
    """The registration search's answer to ``q`` (as htmx asks it): its HTML."""
    url = reverse("desk:member_search", args=[event.pk])
    response = client.get(url, {"q": q}, headers={"HX-Request": "true"})
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def upload_pgn(client: Client, event: Event, data: bytes) -> str:
    """A PGN file uploaded on the event's files page: the preview's HTML."""
    response = client.post(
        reverse("desk:event_files", args=[event.pk]),
        {"kind": "pgn", "file": SimpleUploadedFile("games.pgn", data)},
    )
    assert response.status_code == 200
    return response.content.decode()


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
        registration.register(round_robin_event.pk, member.player.pk, secretary)
    pairing.pair_round_robin(round_robin_event.pk, secretary)
    round_robin_event.refresh_from_db()
    return round_robin_event


def pending(client: Client) -> dict[str, str]:
    """The token of the upload ``client`` previewed last, as its preview's form posts it
    back (``desk.pending_uploads``)."""
    tokens = client.session.get(pending_uploads.INDEX, [])
    return {pending_uploads.TOKEN_FIELD: tokens[-1] if tokens else ""}

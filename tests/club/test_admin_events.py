"""``/admin/`` obeys the event's state machine: a closed or cancelled event, its rounds and
games are read-only there (before, a closed event's games could be re-paired in its round's
page with no replay), and no event's status is typed there."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from club.models import Event, Game, Result
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client: Client) -> Client:
    client.force_login(User.objects.create_superuser("admin", password="x"))
    return client


def _event_with_a_game(status: str) -> tuple[Event, Game]:
    event = EventFactory(status=status)
    round_ = event.rounds.create(number=1)
    game = Game.objects.create(
        round=round_, board=1, white=PlayerFactory(), black=PlayerFactory(), result=Result.DRAW
    )
    return event, game


@pytest.mark.parametrize("status", [Event.Status.CLOSED, Event.Status.CANCELLED])
def test_a_closed_or_cancelled_events_rows_are_read_only_in_the_admin(
    admin_client: Client, status: str
) -> None:
    event, game = _event_with_a_game(status)
    other = PlayerFactory()
    for name, obj in (
        ("club_event", event),
        ("club_round", game.round),
        ("club_game", game),
    ):
        page = admin_client.get(reverse(f"admin:{name}_change", args=[obj.pk])).content.decode()
        assert 'name="_save"' not in page, name
        url = reverse(f"admin:{name}_delete", args=[obj.pk])
        assert admin_client.post(url, {"post": "yes"}).status_code == 403, name
    answer = admin_client.post(
        reverse("admin:club_game_change", args=[game.pk]),
        {"round": game.round_id, "board": 1, "white": other.pk, "black": game.black_id},
    )
    assert answer.status_code == 403
    game.refresh_from_db()
    assert (game.white_id, game.result) != (other.pk, "") and Game.objects.count() == 1
    assert Event.objects.get(pk=event.pk).status == status


def test_an_ongoing_event_is_changed_in_the_admin_but_not_its_status(
    admin_client: Client,
) -> None:
    event, game = _event_with_a_game(Event.Status.ONGOING)
    page = admin_client.get(reverse("admin:club_event_change", args=[event.pk])).content.decode()
    assert 'name="_save"' in page and 'name="title"' in page
    assert 'name="status"' not in page
    page = admin_client.get(reverse("admin:club_game_change", args=[game.pk])).content.decode()
    assert 'name="_save"' in page and 'name="white"' in page

"""``/admin/`` obeys the event's state machine: a closed or cancelled event, its rounds and
games are read-only there (before, a closed event's games could be re-paired in its round's
page with no replay), and no event's status is typed there."""

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Bye, Event, Game, Result
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def _event_with_a_game(status: str) -> tuple[Event, Game]:
    event = EventFactory(status=status)
    round_ = event.rounds.create(number=1)
    game = Game.objects.create(
        round=round_, board=1, white=PlayerFactory(), black=PlayerFactory(), result=Result.DRAW
    )
    return event, game


@pytest.mark.parametrize("status", [Event.Status.CLOSED, Event.Status.CANCELLED])
def test_a_closed_or_cancelled_events_rows_are_read_only_in_the_admin(
    administrator_client: Client, status: str
) -> None:
    event, game = _event_with_a_game(status)
    other = PlayerFactory()
    for name, obj in (
        ("club_event", event),
        ("club_round", game.round),
        ("club_game", game),
    ):
        page = administrator_client.get(
            reverse(f"admin:{name}_change", args=[obj.pk])
        ).content.decode()
        assert 'name="_save"' not in page, name
        url = reverse(f"admin:{name}_delete", args=[obj.pk])
        assert administrator_client.post(url, {"post": "yes"}).status_code == 403, name
    answer = administrator_client.post(
        reverse("admin:club_game_change", args=[game.pk]),
        {"round": game.round_id, "board": 1, "white": other.pk, "black": game.black_id},
    )
    assert answer.status_code == 403
    game.refresh_from_db()
    assert (game.white_id, game.result) != (other.pk, "") and Game.objects.count() == 1
    assert Event.objects.get(pk=event.pk).status == status


def test_an_ongoing_event_is_changed_in_the_admin_but_not_its_status(
    administrator_client: Client,
) -> None:
    event, game = _event_with_a_game(Event.Status.ONGOING)
    page = administrator_client.get(
        reverse("admin:club_event_change", args=[event.pk])
    ).content.decode()
    assert 'name="_save"' in page and 'name="title"' in page
    assert 'name="status"' not in page
    page = administrator_client.get(
        reverse("admin:club_game_change", args=[game.pk])
    ).content.decode()
    assert 'name="_save"' in page and 'name="white"' in page


def test_a_bye_and_a_game_for_one_player_in_one_round_are_refused_in_the_admin(
    administrator_client: Client, english: None
) -> None:
    """A form error, not the database's integrity error (a 500)."""
    event, game = _event_with_a_game(Event.Status.ONGOING)
    round_ = game.round
    data = {
        "event": event.pk,
        "number": 1,
        "games-TOTAL_FORMS": 1,
        "games-INITIAL_FORMS": 1,
        "games-0-id": game.pk,
        "games-0-round": round_.pk,
        "games-0-board": 1,
        "games-0-white": game.white_id,
        "games-0-black": game.black_id,
        "byes-TOTAL_FORMS": 1,
        "byes-INITIAL_FORMS": 0,
        "byes-0-player": game.white_id,
        "byes-0-kind": Bye.Kind.HALF_POINT,
        "byes-0-round": round_.pk,
    }
    response = administrator_client.post(reverse("admin:club_round_change", args=[round_.pk]), data)
    assert response.status_code == 200
    assert "This player has a game in this round" in response.content.decode()
    third = PlayerFactory()
    Bye.of_kind(Bye.Kind.HALF_POINT, round=round_, player=third).save()
    response = administrator_client.post(
        reverse("admin:club_game_add"),
        {"round": round_.pk, "board": 2, "white": third.pk, "black": PlayerFactory().pk},
    )
    assert response.status_code == 200
    assert "A player of this game has a bye in this round" in response.content.decode()
    assert Game.objects.count() == 1 and Bye.objects.count() == 1


def test_a_new_game_and_a_new_bye_of_one_player_saved_together_are_refused(
    administrator_client: Client, english: None
) -> None:
    """Both rows new in one save of the round's page: each form alone finds nothing in the
    database, so the byes' formset reads the games posted with it; a form error, no 500."""
    event, game = _event_with_a_game(Event.Status.ONGOING)
    round_ = game.round
    white, black = PlayerFactory(), PlayerFactory()
    data = {
        "event": event.pk,
        "number": 1,
        "games-TOTAL_FORMS": 2,
        "games-INITIAL_FORMS": 1,
        "games-0-id": game.pk,
        "games-0-round": round_.pk,
        "games-0-board": 1,
        "games-0-white": game.white_id,
        "games-0-black": game.black_id,
        "games-1-round": round_.pk,
        "games-1-board": 2,
        "games-1-white": white.pk,
        "games-1-black": black.pk,
        "byes-TOTAL_FORMS": 1,
        "byes-INITIAL_FORMS": 0,
        "byes-0-player": black.pk,
        "byes-0-kind": Bye.Kind.HALF_POINT,
        "byes-0-round": round_.pk,
    }
    response = administrator_client.post(reverse("admin:club_round_change", args=[round_.pk]), data)
    assert response.status_code == 200
    assert "This player has a game in this round" in response.content.decode()
    assert Game.objects.count() == 1 and Bye.objects.count() == 0

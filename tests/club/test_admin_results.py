"""The admin site cannot change a game's result nor its version: one way to change a
result (the desk's ``write_result``). A bye typed there scores what its kind scores."""

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Bye, Game, Result
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def test_it_shows_the_result_and_version_read_only(administrator_client: Client) -> None:
    round_ = EventFactory().rounds.create(number=1)
    game = Game.objects.create(
        round=round_, board=1, white=PlayerFactory(), black=PlayerFactory(), result=Result.DRAW
    )
    url = reverse("admin:club_game_change", args=[game.pk])
    html = administrator_client.get(url).content.decode()
    assert 'name="result"' not in html and 'name="version"' not in html
    assert "secrétariat" in html
    administrator_client.post(
        url,
        {
            "round": round_.pk,
            "board": 1,
            "white": game.white_id,
            "black": game.black_id,
            "result": Result.WHITE_WINS,
            "version": 7,
        },
    )
    game.refresh_from_db()
    assert (game.result, game.version) == (Result.DRAW, 1)


def test_a_bye_added_in_the_admin_scores_its_kinds_points(administrator_client: Client) -> None:
    event = EventFactory()
    round_ = event.rounds.create(number=1)
    player = PlayerFactory()
    prefix = "byes"
    data = {
        "event": event.pk,
        "number": 1,
        "games-TOTAL_FORMS": 0,
        "games-INITIAL_FORMS": 0,
        f"{prefix}-TOTAL_FORMS": 1,
        f"{prefix}-INITIAL_FORMS": 0,
        f"{prefix}-0-player": player.pk,
        f"{prefix}-0-kind": Bye.Kind.HALF_POINT,
        f"{prefix}-0-round": round_.pk,
    }
    response = administrator_client.post(reverse("admin:club_round_change", args=[round_.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    bye = Bye.objects.get()
    assert (bye.kind, bye.points) == (Bye.Kind.HALF_POINT, Bye.Kind.HALF_POINT.points)

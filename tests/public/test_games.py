import pytest
from django.test import Client
from django.urls import reverse

from club.models import Result
from tests.club.factories import GameFactory, MemberFactory

pytestmark = pytest.mark.django_db

SCHOLAR = (
    '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n'
)


def test_a_game_page_lists_the_moves_and_shows_the_final_position(client: Client) -> None:
    game = GameFactory(result=Result.WHITE_WINS, pgn=SCHOLAR)
    response = client.get(reverse("game", args=[game.pk]))
    html = response.content.decode()
    assert [ply.san for ply in response.context["moves"]] == [
        "e4",
        "e5",
        "Bc4",
        "Nc6",
        "Qh5",
        "Nf6",
        "Qxf7#",
    ]
    assert reverse("game_board", args=[game.pk, 7]) in html
    assert 'id="viewer-data"' in html


def test_a_position_is_an_svg_board(client: Client) -> None:
    game = GameFactory(result=Result.WHITE_WINS, pgn=SCHOLAR)
    response = client.get(reverse("game_board", args=[game.pk, 1]))
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")
    assert client.get(reverse("game_board", args=[game.pk, 8])).status_code == 404


def test_a_pgn_that_does_not_parse_is_said_plainly(client: Client) -> None:
    game = GameFactory(result=Result.WHITE_WINS, pgn="1. e4 e5 2. Ke3?? Qxz9 1-0")
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Les coups de cette partie sont illisibles" in html


def test_a_game_of_a_private_event_is_not_found(client: Client) -> None:
    game = GameFactory(result=Result.DRAW, pgn=SCHOLAR, round__event__public=False)
    assert client.get(reverse("game", args=[game.pk])).status_code == 404


def test_a_member_page_lists_their_games(client: Client) -> None:
    member = MemberFactory()
    game = GameFactory(white=member.player, result=Result.DRAW)
    html = client.get(reverse("member", args=[member.pk])).content.decode()
    assert reverse("game", args=[game.pk]) in html

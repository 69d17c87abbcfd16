from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from chesslib.pgn_read import read_games
from club.models import Result
from tests.club.factories import GameFactory, MemberFactory

pytestmark = pytest.mark.django_db
PGN = Path(__file__).resolve().parents[1] / "fixtures" / "pgn"

SCHOLAR = (
    '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n'
)


def test_a_game_page_lists_the_moves_and_shows_the_final_position(client: Client) -> None:
    game = GameFactory(result=Result.WHITE_WINS, pgn=SCHOLAR)
    response = client.get(reverse("game", args=[game.pk]))
    html = response.content.decode()
    assert [p.san for p in response.context["view"].positions[1:]] == [
        "e4",
        "e5",
        "Bc4",
        "Nc6",
        "Qh5",
        "Nf6",
        "Qxf7#",
    ]
    assert reverse("game_board", args=[game.pk, 7]) in html
    assert 'data-step="next" role="link" aria-disabled="true"' in " ".join(html.split())
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


def _stored(name: str, number: int) -> str:
    return read_games((PGN / name).read_text(encoding="utf-8"))[number - 1].pgn


def test_a_game_from_a_fen_with_black_to_move_starts_there_and_is_numbered_so(
    client: Client,
) -> None:
    # kokopu's headers file, game 7: "4... Qxf2#" from a set-up position (SOURCES.md)
    game = GameFactory(result=Result.BLACK_WINS, pgn=_stored("kokopu-headers.pgn", 7))
    html = client.get(reverse("game", args=[game.pk]), {"move": "0"}).content.decode()
    assert '<span class="move-number">4...</span><a href="?move=1"' in html
    start = client.get(reverse("game_board", args=[game.pk, 0])).content.decode()
    # the start's queen stands on h4: python-chess draws it at x = 15 + 7 × 45, y = 15 + 4 × 45
    assert 'xlink:href="#black-queen" transform="translate(330, 195)"' in start
    assert client.get(reverse("game_board", args=[game.pk, 2])).status_code == 404


def test_comments_nags_and_variations_are_a_nested_list_with_links(client: Client) -> None:
    game = GameFactory(result=Result.DRAW, pgn=_stored("kokopu-misc.pgn", 3))
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert html.count('<ol class="variation" aria-label="Variante">') == 4
    italian = '<span class="pgn-comment">Italian game:</span> <span class="move-number">3.</span>'
    assert italian in html
    assert '<span class="nag" title="$5">!?</span>' in html
    # a variation's position, asked without script: its board, its steps
    e6 = next(p for p in read_view_of(game).positions if p.label == "1... e6")
    page = client.get(reverse("game", args=[game.pk]), {"move": str(e6.id)}).content.decode()
    assert f'src="{reverse("game_board", args=[game.pk, e6.id])}"' in page
    assert 'data-step="previous" href="?move=1"' in " ".join(page.split())
    assert 'data-step="next" role="link" aria-disabled="true"' in " ".join(page.split())


def read_view_of(game):  # type: ignore[no-untyped-def]
    from chesslib.pgn_view import read_view

    return read_view(game.pgn)

import hashlib
import re
import time
from pathlib import Path

import chess
import chess.svg
import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from chesslib.pgn_read import read_games
from club.models import Result
from tests.club.factories import GameFactory, MemberFactory
from tests.pages import spaced

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
    # shown in figurine notation, which reads the same on a French, Dutch, German or
    # English page (issue #40: the English letters on every page): "Fc4" in French,
    # "Lc4" in Dutch and German, "♗c4" for all
    shown = re.findall(r'class="move[^"]*"[^>]*>([^<]+)</a>', html)
    assert shown == ["e4", "e5", "♗c4", "♘c6", "♕h5", "♘f6", "♕xf7#"]
    assert 'data-step="next" role="link" aria-disabled="true"' in spaced(html)
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
    assert '<span class="move-number">4...</span><a href="?move=1"' in spaced(html)
    start = client.get(reverse("game_board", args=[game.pk, 0])).content.decode()
    # the start's queen stands on h4: python-chess draws it at x = 15 + 7 × 45, y = 15 + 4 × 45
    assert 'xlink:href="#black-queen" transform="translate(330, 195)"' in start
    assert client.get(reverse("game_board", args=[game.pk, 2])).status_code == 404


def test_comments_nags_and_variations_are_a_nested_list_with_links(client: Client) -> None:
    game = GameFactory(result=Result.DRAW, pgn=_stored("kokopu-misc.pgn", 3))
    html = spaced(client.get(reverse("game", args=[game.pk])).content.decode())
    assert html.count('<ol class="variation" aria-label="Variante">') == 4
    italian = '<span class="pgn-comment">Italian game:</span> <span class="move-number">3.</span>'
    assert italian in html
    assert '<span class="nag" title="$5">!?</span>' in html
    # a variation's position, asked without script: its board, its steps
    e6 = next(p for p in read_view_of(game).positions if p.label == "1... e6")
    page = client.get(reverse("game", args=[game.pk]), {"move": str(e6.id)}).content.decode()
    assert f'src="{reverse("game_board", args=[game.pk, e6.id])}"' in page
    assert 'data-step="previous" href="?move=1"' in spaced(page)
    assert 'data-step="next" role="link" aria-disabled="true"' in spaced(page)


def read_view_of(game):  # type: ignore[no-untyped-def]
    from chesslib.pgn_view import read_view

    return read_view(game.pgn)


def _shuffle(plies: int) -> str:
    """A game of ``plies`` knight moves out and back (legal, if not chess anyone plays)."""
    moves = ("Nf3", "Nf6", "Ng1", "Ng8")
    return '[Result "*"]\n\n' + " ".join(moves[n % 4] for n in range(plies)) + " *\n"


def test_a_game_of_40000_plies_is_refused_by_the_viewer_without_being_read(
    client: Client, english: None
) -> None:
    """Reading it took 11 s a page and 6-7 s a board (python-chess: ~7,000 moves a
    second); it is counted, not read, and the boards answer 404 at once."""
    game = GameFactory(result=Result.DRAW, pgn=_shuffle(40_000))
    began = time.monotonic()
    html = client.get(reverse("game", args=[game.pk]), {"move": "20000"}).content.decode()
    assert "This game has more than 3000 moves: too many to show on the board." in html
    assert 'id="viewer-data"' not in html
    for ply in (1, 20_000, 40_001):
        assert client.get(reverse("game_board", args=[game.pk, ply])).status_code == 404
    assert time.monotonic() - began < 3  # the first request of the process included


def test_a_long_game_lists_a_page_of_moves_and_reads_its_moves_once(client: Client) -> None:
    game = GameFactory(result=Result.DRAW, pgn=_shuffle(1_000))
    url = reverse("game", args=[game.pk])
    first = client.get(url, {"move": "0"})
    html = spaced(first.content.decode())
    assert html.count("data-position=") == 300 and 'href="?move=301" id="later-moves"' in html
    assert 'id="earlier-moves"' not in html
    viewer = first.context["viewer"]
    assert sorted(viewer["positions"]) == list(range(301))
    assert viewer["positions"][0]["last"] == 1000  # "End" goes to the game's end
    middle = spaced(client.get(url, {"move": "650"}).content.decode())
    assert middle.count("data-position=") == 300
    assert 'href="?move=301" id="earlier-moves"' in middle
    assert 'href="?move=901" id="later-moves"' in middle
    assert 'href="?move=650" data-position="650" class="move current"' in middle
    last = client.get(url).content.decode()  # the end: the last page, 100 moves
    assert last.count("data-position=") == 100 and 'id="later-moves"' not in last
    # the board of ply 650 as python-chess draws it, from the moves read once and kept
    assert caches["default"].get("pgn-view:" + hashlib.sha256(game.pgn.encode()).hexdigest())
    board = chess.Board()
    for n in range(650):
        board.push_san(("Nf3", "Nf6", "Ng1", "Ng8")[n % 4])
    svg = chess.svg.board(board, size=360, lastmove=board.peek())
    assert client.get(reverse("game_board", args=[game.pk, 650])).content.decode() == svg


@pytest.mark.parametrize(
    ("san", "shown"),
    [("Nf3", "♘f3"), ("exd8=Q+", "exd8=♕+"), ("Rfxe1", "♖fxe1"), ("Kxb2", "♔xb2"),
     ("O-O-O", "O-O-O"), ("bxa1=N#", "bxa1=♘#"), ("e4", "e4")],
)  # fmt: skip
def test_figurine_notation_writes_the_pieces_and_nothing_else(san: str, shown: str) -> None:
    from public.templatetags.club_tags import figurine

    assert figurine(san) == shown

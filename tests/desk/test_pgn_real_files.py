"""Real PGN files of other software (python-chess's and kokopu's test data,
tests/fixtures/pgn/SOURCES.md) attached to an event's boards through the desk's preview:
every game of a file is attached or named, a game the file cannot place is placed by
hand, nothing is written before the confirmation, and the event's PGN download read back
gives every game again with its moves, comments and variations."""

import io
import re
from pathlib import Path

import chess.pgn
import pytest
from django.test import Client
from django.urls import reverse

from chesslib.pgn_read import ReadGame, read_games
from club.models import Event, Game, Player, Result
from tests.club.factories import EventFactory
from tests.desk.conftest import pending, upload_pgn

pytestmark = pytest.mark.django_db
PGN = Path(__file__).resolve().parents[1] / "fixtures" / "pgn"
RESULTS = {"1-0": Result.WHITE_WINS, "0-1": Result.BLACK_WINS, "1/2-1/2": Result.DRAW}
FILES = {
    # file: (games, with moves that python-chess reads, tags only, unreadable)
    "python-chess-kasparov-deep-blue-1997.pgn": (6, 6, 0, 0),
    "python-chess-cutechess-fischerrandom.pgn": (4, 4, 0, 0),
    "python-chess-molinari-bordais-1979.pgn": (1, 1, 0, 0),
    "python-chess-utf8-bom.pgn": (2, 0, 2, 0),
    "python-chess-chessbase-empty-line.pgn": (1, 1, 0, 0),
    "python-chess-nepomniachtchi-liren-game1.pgn": (1, 1, 0, 0),
    "kokopu-headers.pgn": (16, 1, 15, 0),
    "kokopu-misc.pgn": (15, 14, 0, 1),
    "kokopu-chess960.pgn": (4, 2, 1, 1),
    "kokopu-missing-last-end-of-game.pgn": (2, 2, 0, 0),
}


def _player(name: str) -> Player:
    last, _, first = name.partition(",")
    player, _created = Player.objects.get_or_create(
        last_name=(last.strip() or "Sans nom")[:80], first_name=first.strip()[:80]
    )
    return player


def _event_for(games: list[ReadGame]) -> tuple[Event, dict[int, Game]]:
    """An event with a board for each game with moves: its round when the file gives a
    number, else round 1; its players; a board for each (None: the file's game number)."""
    event = EventFactory(public=True)
    boards = {}
    for item in games:
        if not item.has_moves:
            continue
        tag = item.headers.get("Round", "").split(".")[0]
        number = int(tag) if tag.isdigit() else 1
        white = _player(item.headers.get("White", "White") or "White")
        black = _player(item.headers.get("Black", "Black") or "Black")
        if white == black:
            black = _player(f"{black.last_name} bis")
        while (
            Game.objects.filter(
                round__event=event, round__number=number, white__in=[white, black]
            ).exists()
            or Game.objects.filter(
                round__event=event, round__number=number, black__in=[white, black]
            ).exists()
        ):
            number += 1  # a round where neither plays yet (the file's round is "?")
        round_ = event.rounds.get_or_create(number=number)[0]
        boards[item.number] = Game.objects.create(
            round=round_,
            board=round_.games.count() + 1,
            white=white,
            black=black,
            result=RESULTS.get(item.headers.get("Result", ""), Result.DRAW),
        )
    return event, boards


def _confirm(client: Client, event: Event, choices: dict[str, str]) -> list[str]:
    response = client.post(
        reverse("desk:pgn_confirm", args=[event.pk]), {**pending(client), **choices}, follow=True
    )
    assert response.status_code == 200
    return [str(message) for message in response.context["messages"]]


def _movetext(pgn: str) -> str:
    """Moves, comments and variations as python-chess writes them, without the result
    token (the download writes the board's result)."""
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game is not None
    game.headers["Result"] = "*"
    return game.accept(chess.pgn.StringExporter(headers=False, variations=True, comments=True))


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_game_of_a_real_file_is_attached_or_named_and_comes_back_in_the_download(
    secretary_client: Client, english: None, name: str
) -> None:
    text = (PGN / name).read_bytes()
    games = read_games(text.decode("utf-8"))
    count, readable, tags_only, unreadable = FILES[name]
    assert (len(games), sum(g.has_moves for g in games)) == (count, readable)
    assert (
        sum(not g.has_moves and not g.error for g in games),
        sum(bool(g.error) for g in games),
    ) == (
        tags_only,
        unreadable,
    )
    event, boards = _event_for(games)
    upload_pgn(secretary_client, event, text)
    assert not Game.objects.filter(round__event=event).exclude(pgn="").exists()
    # the preview's choices, completed by hand for the games it cannot place (round "?")
    choices = {}
    for number, board in boards.items():
        choices[f"round-{number}"] = str(board.round.number)
        choices[f"board-{number}"] = str(board.board)
    notes = _confirm(secretary_client, event, choices)
    assert notes[0] == (
        f"{readable} game attached." if readable == 1 else f"{readable} games attached."
    )
    named = notes[1:]
    assert len(named) == count - readable
    for item in games:
        if item.has_moves:
            stored = boards[item.number]
            stored.refresh_from_db()
            assert _movetext(stored.pgn) == _movetext(item.pgn)
        else:
            [line] = [n for n in named if f"game {item.number} (" in n]
            assert ("cannot be read" in line) == bool(item.error)
            assert ("no moves in the file" in line) == (not item.error)
    # export -> import: the event's download holds every game attached, moves and all
    download = secretary_client.get(reverse("event_pgn", args=[event.pk])).content.decode()
    exported = read_games(download)
    assert len(exported) == readable
    assert sorted(_movetext(g.pgn) for g in exported) == sorted(
        _movetext(g.pgn) for g in games if g.has_moves
    )
    if readable:
        again, _boards = _event_for(games)
        html = upload_pgn(secretary_client, again, download.encode())
        # the download names each board's round and players: nothing left to choose
        assert "need a board chosen" not in html.replace("0 need a board chosen", "")
        notes = _confirm(secretary_client, again, _prefilled(html))
        assert notes == [
            f"{readable} game attached." if readable == 1 else f"{readable} games attached."
        ]


def _prefilled(html: str) -> dict[str, str]:
    """The round and board the preview chose for each game (its selected option, its
    value): what a secretary sends by confirming at once."""
    choices = {}
    for number, round_ in re.findall(
        r'name="round-(\d+)"[^>]*>\s*<option value="">–</option>'
        r'(?:\s*<option value="\d+">\s*\d+\s*</option>)*\s*<option value="(\d+)" selected>',
        html,
    ):
        choices[f"round-{number}"] = round_
    for number, board in re.findall(r'name="board-(\d+)"\s+id="board-\d+"\s+value="(\d*)"', html):
        choices[f"board-{number}"] = board
    return choices

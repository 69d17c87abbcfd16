"""The PGN preview's decisions: a game the file cannot place (round "?": python-chess's
Kasparov – Deep Blue 1997 file, tests/fixtures/pgn/SOURCES.md) is placed by hand; a second
game of one pairing never replaces the first silently; a board that already has moves is
replaced only when asked; a wrong choice is named and nothing is written."""

import re
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

import pytest
from django.test import Client
from django.urls import reverse

from club.models import ChangeLog, Event, Game, Player, Result
from tests.club.factories import EventFactory
from tests.desk.conftest import pending, upload_pgn

pytestmark = pytest.mark.django_db
PGN = Path(__file__).resolve().parents[1] / "fixtures" / "pgn"
KASPAROV = (PGN / "python-chess-kasparov-deep-blue-1997.pgn").read_bytes()
TAGS = b'[Round "1"]\n[White "Nom0, A"]\n[Black "Nom1, B"]\n\n'
SCHOLAR = TAGS + b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
FOOL = TAGS + b"1. f3 e5 2. g4 Qh4# 0-1\n"


@pytest.fixture
def match(db: None) -> tuple[Event, list[Game]]:
    """Kasparov – Deep Blue: six rounds, one board each, colours as in 1997."""
    event = EventFactory(public=True)
    kasparov = Player.objects.create(first_name="Garry", last_name="Kasparov")
    deep_blue = Player.objects.create(first_name="", last_name="Deep Blue (Computer)")
    games = []
    for number in range(1, 7):
        white, black = (kasparov, deep_blue) if number % 2 else (deep_blue, kasparov)
        round_ = event.rounds.create(number=number)
        games.append(
            Game.objects.create(round=round_, board=1, white=white, black=black, result=Result.DRAW)
        )
    return event, games


@pytest.fixture
def pair(db: None) -> tuple[Event, Game]:
    event = EventFactory()
    white = Player.objects.create(first_name="A", last_name="Nom0")
    black = Player.objects.create(first_name="B", last_name="Nom1")
    round_ = event.rounds.create(number=1)
    return event, Game.objects.create(round=round_, board=1, white=white, black=black)


def _confirm(client: Client, event: Event, choices: dict[str, str]):  # type: ignore[no-untyped-def]
    return client.post(
        reverse("desk:pgn_confirm", args=[event.pk]), {**pending(client), **choices}, follow=True
    )


def _messages(response) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(m) for m in response.context["messages"]]


def test_games_of_round_question_mark_are_placed_by_hand(
    secretary_client: Client, english: None, match: tuple[Event, list[Game]]
) -> None:
    event, games = match
    html = upload_pgn(secretary_client, event, KASPAROV)
    assert "6 need a board chosen" in html
    assert html.count("The file does not say which board: choose one.") == 6
    choices: dict[str, str] = {}
    for number in range(1, 7):
        choices |= {f"round-{number}": str(number), f"board-{number}": "1"}
    response = _confirm(secretary_client, event, choices)
    assert _messages(response) == ["6 games attached."]
    for game in games:
        game.refresh_from_db()
    assert "Nf3 d5" in games[0].pgn and '[Round "?"]' in games[0].pgn
    assert all(game.pgn for game in games)
    assert ChangeLog.objects.filter(event=event, action="attach_pgn").get().details["attached"] == 6


@pytest.mark.parametrize(
    ("choices", "error"),
    [
        (
            {"round-1": "9", "board-1": "1"},
            "game 1 (Garry Kasparov – Deep Blue (Computer), round ?): round 9 has no board 1",
        ),
        ({"round-1": "1", "board-1": ""}, "give both a round and a board, or neither"),
        ({"round-1": "1", "board-1": "x"}, "give both a round and a board, or neither"),
        (
            {"round-1": "1", "board-1": "1", "round-3": "1", "board-3": "1"},
            "board 1 of round 1 is chosen for game 1 too",
        ),
    ],
)
def test_a_wrong_choice_is_named_and_nothing_is_written(
    secretary_client: Client,
    english: None,
    match: tuple[Event, list[Game]],
    choices: dict[str, str],
    error: str,
) -> None:
    event, _games = match
    upload_pgn(secretary_client, event, KASPAROV)
    response = _confirm(secretary_client, event, {"round-2": "2", "board-2": "1"} | choices)
    assert response.status_code == 400
    assert error in response.content.decode().replace("&#x27;", "'")
    assert not Game.objects.filter(round__event=event).exclude(pgn="").exists()
    # the file is still there: the corrected choice attaches
    response = _confirm(secretary_client, event, {"round-2": "2", "board-2": "1"})
    assert _messages(response)[0] == "1 game attached."


def test_a_second_game_of_one_pairing_does_not_replace_the_first(
    secretary_client: Client, english: None, pair: tuple[Event, Game]
) -> None:
    event, game = pair
    html = upload_pgn(secretary_client, event, SCHOLAR + b"\n" + FOOL)
    assert "Same pairing as game 1: choose its board, or leave it out." in html
    response = _confirm(secretary_client, event, {"round-1": "1", "board-1": "1"})
    game.refresh_from_db()
    assert "Qxf7#" in game.pgn
    assert _messages(response) == [
        "1 game attached.",
        "Not attached: game 2 (Nom0, A – Nom1, B, round 1): no board chosen",
    ]


def test_a_board_with_moves_is_kept_unless_the_secretary_replaces_them(
    secretary_client: Client, english: None, pair: tuple[Event, Game]
) -> None:
    event, game = pair
    upload_pgn(secretary_client, event, SCHOLAR)
    _confirm(secretary_client, event, {"round-1": "1", "board-1": "1"})
    game.refresh_from_db()
    first = game.pgn
    html = upload_pgn(secretary_client, event, FOOL)
    assert "This board (A Nom0 – B Nom1) already has other moves: replace them" in html
    response = _confirm(secretary_client, event, {"round-1": "1", "board-1": "1"})
    game.refresh_from_db()
    assert game.pgn == first
    assert _messages(response)[1] == (
        "Not attached: game 1 (Nom0, A – Nom1, B, round 1): "
        "round 1, board 1 already has moves: kept"
    )
    upload_pgn(secretary_client, event, FOOL)
    response = _confirm(
        secretary_client, event, {"round-1": "1", "board-1": "1", "replace-1": "on"}
    )
    game.refresh_from_db()
    assert "Qh4#" in game.pgn and _messages(response) == ["1 game attached."]
    # the same file again: nothing to do, and said so
    html = upload_pgn(secretary_client, event, FOOL)
    assert "Attached already, the same moves." in html
    response = _confirm(secretary_client, event, {"round-1": "1", "board-1": "1"})
    assert _messages(response) == ["0 games attached.", "1 game was attached already, unchanged."]


def test_a_confirmation_without_the_file_asks_for_it_again(
    secretary_client: Client, english: None, pair: tuple[Event, Game]
) -> None:
    event, game = pair
    response = _confirm(secretary_client, event, {"round-1": "1", "board-1": "1"})
    assert _messages(response) == ["Upload the file again: the import was not found."]
    game.refresh_from_db()
    assert game.pgn == ""


def test_moves_recorded_between_the_preview_and_the_confirmation_are_kept(
    secretary_client: Client, english: None, pair: tuple[Event, Game]
) -> None:
    event, game = pair
    html = upload_pgn(secretary_client, event, FOOL)
    assert "already has other moves" not in html
    Game.objects.filter(pk=game.pk).update(pgn=SCHOLAR.decode())  # another secretary's
    response = _confirm(secretary_client, event, {"round-1": "1", "board-1": "1"})
    game.refresh_from_db()
    assert game.pgn == SCHOLAR.decode()
    assert _messages(response)[1].endswith("round 1, board 1 already has moves: kept")


def _rows_packed(html: str, chosen: dict[str, str]) -> dict[str, str]:
    """The preview's form as its script sends it: the rows' fields (``data-rows``) in the
    one field ``rows``, here with the choices ``chosen`` made."""
    rows = re.findall(r"<tbody data-rows>.*?</tbody>", html, re.S)
    names = [name for row in rows for name in re.findall(r' name="([^"]+)"', row)]
    fields = [(name, chosen.get(name, "")) for name in names if not name.startswith("replace-")]
    return {"rows": urlencode(fields)}


def test_a_file_of_520_games_is_placed_in_one_form(secretary_client: Client, english: None) -> None:
    """Two fields a game sent one by one: 1,040 at 520 games, which Django refused with a
    bare 400 (its 1,000 fields) before the view was reached, where 1,000 games is the
    documented bound (``MAX_PGN_GAMES``): the page's script sends them in one field."""
    event = EventFactory()
    players = Player.objects.bulk_create(
        Player(first_name=f"P{n}", last_name=f"Joueur {n:04d}") for n in range(520)
    )
    for number in (1, 2):
        round_ = event.rounds.create(number=number)
        Game.objects.bulk_create(
            Game(round=round_, board=b + 1, white=players[2 * b + number - 1],
                 black=players[2 * b + 2 - number]) for b in range(260)
        )  # fmt: skip
    text = b"".join(
        b'[Round "?"]\n[White "X%d"]\n[Black "Y%d"]\n\n1. e4 e5 1/2-1/2\n\n' % (n, n)
        for n in range(520)
    )
    html = upload_pgn(secretary_client, event, text)
    assert "520 need a board chosen" in html and 'data-packed="rows"' in html
    # three games placed (attaching is the desk's own time: 520 take seconds), every
    # other game's two fields sent empty
    chosen = {"round-1": "1", "board-1": "1", "round-260": "1", "board-260": "260"}
    chosen |= {"round-520": "2", "board-520": "260"}
    packed = _rows_packed(html, chosen)
    one_by_one = dict(parse_qsl(packed["rows"], keep_blank_values=True))
    assert len(one_by_one) == 1040
    refused = secretary_client.post(reverse("desk:pgn_confirm", args=[event.pk]), one_by_one)
    assert refused.status_code == 400  # what the form meets without its script: said
    assert "This form sent more than 1000 fields" in refused.content.decode()
    assert "allow JavaScript for this site" in refused.content.decode()
    response = _confirm(secretary_client, event, packed)
    assert _messages(response)[0] == "3 games attached."
    assert len(_messages(response)) == 1 + 517  # each game left out named
    placed = Game.objects.filter(round__event=event).exclude(pgn="")
    assert sorted(placed.values_list("round__number", "board")) == [(1, 1), (1, 260), (2, 260)]

import re
from decimal import Decimal
from html import unescape
from io import BytesIO
from pathlib import Path
from typing import cast
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponseRedirect
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertInHTML

from chesslib import trf, trf_write
from club.models import Event, Game, Participant, Player, Result
from tests.club.factories import EventFactory, PlayerFactory
from tests.desk.conftest import pending

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
BBP = (FIXTURES / "trf" / "bbp_issue_7.trf").read_bytes()


def _upload(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="text/plain")


def test_a_trf_import_asks_about_unknown_players_then_saves(secretary_client: Client) -> None:
    ours = PlayerFactory(first_name="Anne", last_name="Test0002")
    response = secretary_client.post(reverse("desk:trf_import"), {"file": _upload("t.trf", BBP)})
    assert response.status_code == 200 and not Event.objects.exists()
    assert "Test0002 Player0002" in response.content.decode()
    # the preview's name fields: bbpPairings' names have no comma, so they are asked
    names = {f"last-{n}": f"Test{n:04}" for n in range(1, 61)}
    names |= {f"first-{n}": f"Player{n:04}" for n in range(1, 61)}
    refused = secretary_client.post(
        reverse("desk:trf_confirm"), {**pending(secretary_client), "player-2": ours.pk}
    )
    assert refused.status_code == 400 and not Event.objects.exists()
    response = secretary_client.post(
        reverse("desk:trf_confirm"), {**pending(secretary_client), "player-2": ours.pk, **names}
    )
    event = Event.objects.get()
    assert cast(HttpResponseRedirect, response).url == reverse("desk:event", args=[event.pk])
    assert Participant.objects.get(event=event, number=2).player == ours
    assert Player.objects.count() == 60


def test_a_broken_trf_names_its_line_and_saves_nothing(secretary_client: Client) -> None:
    broken = BBP.replace(b"    31 b 1", b"    31 b X", 1)
    response = secretary_client.post(reverse("desk:trf_import"), {"file": _upload("t.trf", broken)})
    assert "ligne 2\xa0: ronde 1\xa0: le résultat «\xa0X\xa0»" in response.content.decode()
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("t.exe", BBP, "Un fichier se terminant par .trf, .txt est attendu"),
        ("t.trf", b"\x00\x01", "Ce n&#x27;est pas un fichier texte"),
        ("t.trf", b"x" * (2 * 1024 * 1024 + 1), "plus de 2 Mo"),
    ],
)
def test_uploads_are_limited_in_type_and_size(
    secretary_client: Client, name: str, data: bytes, message: str
) -> None:
    response = secretary_client.post(reverse("desk:trf_import"), {"file": _upload(name, data)})
    assert message in response.content.decode()


def test_an_event_is_downloaded_as_trf(secretary_client: Client) -> None:
    event = EventFactory()
    response = secretary_client.get(reverse("desk:trf_export", args=[event.pk]))
    assert response.content.startswith(f"012 {event.title}".encode())


@pytest.fixture
def four_players() -> tuple[Event, list[Player]]:
    event = EventFactory()
    players = [PlayerFactory() for _ in range(4)]
    for player in players:
        Participant.objects.create(event=event, player=player)
    return event, players


def test_results_come_from_a_csv_file(
    secretary_client: Client, four_players: tuple[Event, list[Player]]
) -> None:
    event, players = four_players
    text = (FIXTURES / "csv" / "results.csv").read_text()
    for n, player in enumerate(players):
        text = text.replace(f"{{p{n}}}", player.name)
    secretary_client.post(
        reverse("desk:event_files", args=[event.pk]),
        {"kind": "csv", "file": _upload("r.csv", text.encode())},
    )
    games = Game.objects.filter(round__event=event).order_by("board")
    assert [(g.white, g.black, g.result) for g in games] == [
        (players[0], players[1], Result.WHITE_WINS),
        (players[2], players[3], Result.DRAW),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("round;board;white;result\n", "ligne 1\xa0: colonne(s) manquante(s)\xa0: noirs"),
        (
            "ronde;échiquier;blancs;noirs;résultat\n1;1;Nobody Here;{p1};1-0\n",
            "ligne 2\xa0: colonne blancs\xa0: aucun participant ne s&#x27;appelle "
            "«\xa0Nobody Here\xa0»",
        ),
        (
            "round;board;white;black;result\n1;1;{p0};{p1};2-0\n",
            "ligne 2\xa0: colonne résultat\xa0: «\xa02-0\xa0» n&#x27;est pas un résultat",
        ),
    ],
)
def test_a_bad_csv_names_the_line_and_column_and_saves_nothing(
    secretary_client: Client, four_players: tuple[Event, list[Player]], text: str, message: str
) -> None:
    event, players = four_players
    text = text.replace("{p0}", players[0].name).replace("{p1}", players[1].name)
    response = secretary_client.post(
        reverse("desk:event_files", args=[event.pk]),
        {"kind": "csv", "file": _upload("r.csv", text.encode())},
    )
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_a_name_two_participants_share_is_refused_until_the_file_gives_their_fide_id(
    secretary_client: Client, four_players: tuple[Event, list[Player]]
) -> None:
    """Two participants called Jean Dupont: a line naming "Jean Dupont" could be either's
    game, so the file is refused with the line, nothing saved; by FIDE ID it goes in."""
    event, players = four_players
    first, second = PlayerFactory(fide_id=4600001), PlayerFactory(fide_id=4600002)
    for twin in (first, second):
        twin.first_name, twin.last_name = "Jean", "Dupont"
        twin.save()
        Participant.objects.create(event=event, player=twin)
    files = reverse("desk:event_files", args=[event.pk])
    by_name = f"round;board;white;black;result\n1;1;Jean Dupont;{players[0].name};1-0\n"
    response = secretary_client.post(
        files, {"kind": "csv", "file": _upload("r.csv", by_name.encode())}
    )
    assert (
        "ligne 2\xa0: colonne blancs\xa0: 2 participants s&#x27;appellent "
        "«\xa0Jean Dupont\xa0»\xa0: écrivez plutôt leur identifiant FIDE"
        in response.content.decode()
    )
    assert not Game.objects.exists()
    by_fide = f"round;board;white;black;result\n1;1;4600002;{players[0].name};1-0\n"
    secretary_client.post(files, {"kind": "csv", "file": _upload("r.csv", by_fide.encode())})
    game = Game.objects.get()
    assert (game.white, game.black, game.result) == (second, players[0], Result.WHITE_WINS)


@pytest.mark.parametrize(
    ("prefix", "header"),
    [
        ("", "ronde;échiquier;blancs;noirs;résultat"),
        ("/en", "round;board;white;black;result"),
        ("/nl", "ronde;bord;wit;zwart;uitslag"),
        ("/de", "Runde;Brett;Weiß;Schwarz;Ergebnis"),
    ],
)
def test_a_csv_is_read_with_the_header_the_files_page_gives_in_each_language(
    secretary_client: Client, four_players: tuple[Event, list[Player]], prefix: str, header: str
) -> None:
    event, players = four_players
    files = prefix + reverse("desk:event_files", args=[event.pk])
    label = secretary_client.get(files).content.decode()
    colon = ":" if prefix else "\xa0:"  # French typography: a no-break space before ":"
    assert f"CSV{colon} {header})" in label
    text = f"{header}\n1;1;{players[0].name};{players[1].name};0-1\n"
    secretary_client.post(files, {"kind": "csv", "file": _upload("r.csv", text.encode())})
    game = Game.objects.get(round__event=event)
    assert (game.white, game.black, game.result) == (players[0], players[1], Result.BLACK_WINS)


def test_csv_errors_are_in_english_on_the_english_page(
    secretary_client: Client, four_players: tuple[Event, list[Player]]
) -> None:
    event, _players = four_players
    response = secretary_client.post(
        "/en" + reverse("desk:event_files", args=[event.pk]),
        {"kind": "csv", "file": _upload("r.csv", b"round;board;white;result\n")},
    )
    assert "line 1: missing column(s): black" in response.content.decode()


def test_pgn_games_are_attached_to_their_boards(
    secretary_client: Client, four_players: tuple[Event, list[Player]]
) -> None:
    event, players = four_players
    for n, player in enumerate(players):
        player.first_name, player.last_name = f"Prénom{n}", f"Nom{n}"
        player.save()
    round_ = event.rounds.create(number=1)
    game = Game.objects.create(
        round=round_, board=1, white=players[0], black=players[1], result=Result.WHITE_WINS
    )
    data = (FIXTURES / "pgn" / "two_games.pgn").read_bytes()
    preview = secretary_client.post(
        reverse("desk:event_files", args=[event.pk]),
        {"kind": "pgn", "file": _upload("g.pgn", data)},
    )
    html = preview.content.decode()
    assertInHTML('<option value="1" selected>1</option>', html)  # game 1: its round, its board
    assert re.search(r'name="board-1"\s+id="board-1"\s+value="1"', html)
    # "Someone, Else": to choose
    assert re.search(r'name="board-2"\s+id="board-2"\s+value=""', html)
    game.refresh_from_db()
    assert game.pgn == ""  # nothing written before the confirmation
    response = secretary_client.post(
        reverse("desk:pgn_confirm", args=[event.pk]),
        {**pending(secretary_client), "round-1": "1", "board-1": "1", "round-2": "", "board-2": ""},
        follow=True,
    )
    game.refresh_from_db()
    assert "Qxf7#" in game.pgn
    assert "partie 2 (Someone, Else – Nobody, Here, ronde 1)\xa0: aucun échiquier choisi" in (
        response.content.decode().replace("&#x27;", "'")
    )


def test_a_pgn_that_does_not_parse_names_the_game(
    secretary_client: Client, four_players: tuple[Event, list[Player]]
) -> None:
    event, _players = four_players
    bad = b'[Event "x"]\n\n1. e4 e5\n\n[Event "y"]\n\n1. e4 Ke7?? 2. Qz9 *\n'
    response = secretary_client.post(
        "/en" + reverse("desk:event_files", args=[event.pk]),
        {"kind": "pgn", "file": _upload("g.pgn", bad)},
    )
    html = response.content.decode()
    assert '<tr id="pgn-game-2">' in html
    assert "Cannot be read: illegal san: &#x27;Ke7&#x27;" in html


def _closed(event: Event) -> Event:
    Event.objects.filter(pk=event.pk).update(status=Event.Status.CLOSED)
    return event


def test_a_csv_upload_into_a_closed_event_is_refused_and_changes_nothing(
    secretary_client: Client, four_players: tuple[Event, list[Player]]
) -> None:
    event, players = four_players
    round_ = event.rounds.create(number=1)
    game = Game.objects.create(
        round=round_, board=1, white=players[0], black=players[1], result=Result.DRAW
    )
    _closed(event)
    text = f"round;board;white;black;result\n1;1;{players[0].name};{players[1].name};1-0\n"
    response = secretary_client.post(
        reverse("desk:event_files", args=[event.pk]),
        {"kind": "csv", "file": _upload("r.csv", text.encode())},
    )
    assert "est clôturé\xa0: rouvrez-le pour le modifier" in response.content.decode()
    game.refresh_from_db()
    assert (game.result, game.version) == (Result.DRAW, 1)


def test_a_csv_result_raises_the_version_and_writes_the_audit_line(
    secretary_client: Client, secretary: User, four_players: tuple[Event, list[Player]]
) -> None:
    from club.models import ChangeLog

    event, players = four_players
    round_ = event.rounds.create(number=1)
    game = Game.objects.create(round=round_, board=1, white=players[0], black=players[1])
    text = f"round;board;white;black;result\n1;1;{players[0].name};{players[1].name};0-1\n"
    secretary_client.post(
        reverse("desk:event_files", args=[event.pk]),
        {"kind": "csv", "file": _upload("r.csv", text.encode())},
    )
    game.refresh_from_db()
    assert (game.result, game.version, game.updated_by) == (Result.BLACK_WINS, 2, secretary)
    log = ChangeLog.objects.get(event=event, action="result")
    assert log.details["source"] == "csv" and log.details["result"] == Result.BLACK_WINS


def test_a_pgn_upload_into_a_closed_event_is_refused(
    secretary_client: Client, four_players: tuple[Event, list[Player]]
) -> None:
    event, players = four_players
    for n, player in enumerate(players):
        player.first_name, player.last_name = f"Prénom{n}", f"Nom{n}"
        player.save()
    round_ = event.rounds.create(number=1)
    game = Game.objects.create(
        round=round_, board=1, white=players[0], black=players[1], result=Result.WHITE_WINS
    )
    _closed(event)
    data = (FIXTURES / "pgn" / "two_games.pgn").read_bytes()
    response = secretary_client.post(
        reverse("desk:event_files", args=[event.pk]),
        {"kind": "pgn", "file": _upload("g.pgn", data)},
    )
    assert "est clôturé\xa0: rouvrez-le pour le modifier" in response.content.decode()
    game.refresh_from_db()
    assert (game.pgn, game.version) == ("", 1)


def test_a_too_large_upload_is_refused_before_its_body_is_read(secretary: User) -> None:
    from django.core.handlers.wsgi import WSGIRequest
    from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

    from desk.views.files import trf_import

    size = 5 * 1024 * 1024
    body = BytesIO(encode_multipart(BOUNDARY, {"file": _upload("t.trf", b"x" * size)}))
    request = WSGIRequest(
        {
            "REQUEST_METHOD": "POST",
            "PATH_INFO": reverse("desk:trf_import"),
            "CONTENT_TYPE": MULTIPART_CONTENT,
            "CONTENT_LENGTH": str(len(body.getvalue())),
            "SERVER_NAME": "testserver",
            "SERVER_PORT": "80",
            "wsgi.url_scheme": "http",
            "wsgi.input": body,
        }
    )
    request.user = secretary
    response = trf_import(request)
    assert "plus de 2 Mo" in response.content.decode()
    assert body.tell() < 1024 * 1024  # what the server read of the body


def test_a_trf_of_400_unknown_players_is_imported_in_one_form(
    secretary_client: Client, english: None
) -> None:
    """Three fields a player the club does not know (last name, first name, who): 1,200
    at 400 players, which Django refused with a bare 400 (its 1,000 fields) before the view
    was reached, where a round of 500 boards (1,000 players) is the documented bound; the
    page's script sends the rows' fields in one field (``rows``)."""
    players = []
    for rank in range(1, 401):
        opponent = rank + 1 if rank % 2 else rank - 1
        entry = trf.RoundEntry(opponent, "w" if rank % 2 else "b", "1" if rank % 2 else "0")
        players.append(trf.TrfPlayer(line=rank, rank=rank, name=f"Joueur{rank:04d}, Anne",
                                     points=Decimal(rank % 2), rounds=[entry]))  # fmt: skip
    tournament = trf.Tournament(name="Open 400", start="2026/11/07", end="2026/11/07",
                                rounds=1, players=players)  # fmt: skip
    upload = _upload("open.trf", trf_write.write(tournament).encode())
    html = secretary_client.post(reverse("desk:trf_import"), {"file": upload}).content.decode()
    assert 'data-packed="rows"' in html
    rows = re.findall(r"<tbody data-rows>.*?</tbody>", html, re.S)
    fields = [
        (unescape(name), unescape(value))
        for row in rows
        for name, value in re.findall(r'<input[^>]*\sname="([^"]+)"\s+value="([^"]*)"', row)
    ] + [(name, "") for row in rows for name in re.findall(r'<select[^>]*\sname="([^"]+)"', row)]
    assert len(fields) == 1200
    event_fields = {"event-title": "Open 400", "event-kind": "open",
                    "event-time_control": "standard", "event-start": "2026-11-07",
                    "event-end": "2026-11-07"}  # fmt: skip
    url = reverse("desk:trf_confirm")
    refused = secretary_client.post(url, {**dict(fields), **event_fields})
    assert refused.status_code == 400 and not Event.objects.exists()  # without the script
    posted = {"rows": urlencode(fields), **event_fields, **pending(secretary_client)}
    response = secretary_client.post(url, posted)
    assert response.status_code == 302, response.content.decode()[-3000:]
    event = Event.objects.get()
    assert cast(HttpResponseRedirect, response).url == reverse("desk:event", args=[event.pk])
    assert Participant.objects.filter(event=event).count() == 400
    assert Player.objects.filter(last_name="Joueur0400", first_name="Anne").exists()

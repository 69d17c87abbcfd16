from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.models import Event, Game, Participant, Player, Result
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
BBP = (FIXTURES / "trf" / "bbp_issue_7.trf").read_bytes()


def _upload(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="text/plain")


def test_a_trf_import_asks_about_unknown_players_then_saves(secretary_client):
    ours = PlayerFactory(first_name="Anne", last_name="Test0002")
    response = secretary_client.post(reverse("desk:trf_import"), {"file": _upload("t.trf", BBP)})
    assert response.status_code == 200 and not Event.objects.exists()
    assert "Test0002 Player0002" in response.content.decode()
    response = secretary_client.post(reverse("desk:trf_confirm"), {"player-2": ours.pk})
    event = Event.objects.get()
    assert response.url == reverse("desk:event", args=[event.pk])
    assert Participant.objects.get(event=event, number=2).player == ours
    assert Player.objects.count() == 60


def test_a_broken_trf_names_its_line_and_saves_nothing(secretary_client):
    broken = BBP.replace(b"    31 b 1", b"    31 b X", 1)
    response = secretary_client.post(reverse("desk:trf_import"), {"file": _upload("t.trf", broken)})
    assert "line 2: round 1: result" in response.content.decode()
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("t.exe", BBP, "Un fichier se terminant par .trf, .txt est attendu"),
        ("t.trf", b"\x00\x01", "Ce n&#x27;est pas un fichier texte"),
        ("t.trf", b"x" * (2 * 1024 * 1024 + 1), "plus de 2 Mo"),
    ],
)
def test_uploads_are_limited_in_type_and_size(secretary_client, name, data, message):
    response = secretary_client.post(reverse("desk:trf_import"), {"file": _upload(name, data)})
    assert message in response.content.decode()


def test_an_event_is_downloaded_as_trf(secretary_client):
    event = EventFactory()
    response = secretary_client.get(reverse("desk:trf_export", args=[event.pk]))
    assert response.content.startswith(f"012 {event.title}".encode())


@pytest.fixture
def four_players():
    event = EventFactory()
    players = [PlayerFactory() for _ in range(4)]
    for player in players:
        Participant.objects.create(event=event, player=player)
    return event, players


def test_results_come_from_a_csv_file(secretary_client, four_players):
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
        ("round;board;white;result\n", "line 1: missing column(s): black"),
        (
            "round;board;white;black;result\n1;1;Nobody Here;{p1};1-0\n",
            "line 2: column white: no participant",
        ),
        (
            "round;board;white;black;result\n1;1;{p0};{p1};2-0\n",
            "line 2: column result: &#x27;2-0&#x27;",
        ),
    ],
)
def test_a_bad_csv_names_the_line_and_column_and_saves_nothing(
    secretary_client, four_players, text, message
):
    event, players = four_players
    text = text.replace("{p0}", players[0].name).replace("{p1}", players[1].name)
    response = secretary_client.post(
        reverse("desk:event_files", args=[event.pk]),
        {"kind": "csv", "file": _upload("r.csv", text.encode())},
    )
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_pgn_games_are_attached_to_their_boards(secretary_client, four_players):
    event, players = four_players
    for n, player in enumerate(players):
        player.first_name, player.last_name = f"Prénom{n}", f"Nom{n}"
        player.save()
    round_ = event.rounds.create(number=1)
    game = Game.objects.create(
        round=round_, board=1, white=players[0], black=players[1], result=Result.WHITE_WINS
    )
    data = (FIXTURES / "pgn" / "two_games.pgn").read_bytes()
    response = secretary_client.post(
        reverse("desk:event_files", args=[event.pk]),
        {"kind": "pgn", "file": _upload("g.pgn", data)},
        follow=True,
    )
    game.refresh_from_db()
    assert "Qxf7#" in game.pgn
    assert "Someone, Else" in response.content.decode()


def test_a_pgn_that_does_not_parse_names_the_game(secretary_client, four_players):
    event, _players = four_players
    bad = b'[Event "x"]\n\n1. e4 e5\n\n[Event "y"]\n\n1. e4 Ke7?? 2. Qz9 *\n'
    response = secretary_client.post(
        reverse("desk:event_files", args=[event.pk]), {"kind": "pgn", "file": _upload("g.pgn", bad)}
    )
    assert "game 2: the PGN does not parse" in response.content.decode()


def test_a_too_large_upload_is_refused_before_its_body_is_read(secretary):
    from django.test import RequestFactory

    from club.desk.views_files import trf_import

    size = 5 * 1024 * 1024
    request = RequestFactory().post(
        reverse("desk:trf_import"), {"file": _upload("t.trf", b"x" * size)}
    )
    request.user = secretary
    response = trf_import(request)
    assert "plus de 2 Mo" in response.content.decode()
    assert request._stream._pos < 1024 * 1024  # type: ignore[attr-defined]

"""The FRBE-KBSB Elo report downloaded from the desk: the event's played games, the players
by their Belgian ID and rating, the columns of the federation's own writer
(tests/chesslib/test_frbe.py compares that writer's bytes)."""

from datetime import UTC, datetime

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Event, Player, Result
from tests.club.factories import EventFactory, GameFactory, PlayerFactory, RoundFactory

pytestmark = pytest.mark.django_db


def _evening() -> Event:
    event = EventFactory(
        title="Rapide de novembre",
        venue="Wavre",
        chief_arbiter="Dupont, Jean",
        start=datetime(2026, 11, 6, 19, 0, tzinfo=UTC),
        end=datetime(2026, 11, 6, 22, 0, tzinfo=UTC),
    )
    anne = PlayerFactory(first_name="Anne", last_name="Lejeune", national_id="21430",
                         federation="BEL", national_rating=1850)  # fmt: skip
    bert = PlayerFactory(first_name="Bert", last_name="Peeters", national_id="9174",
                         national_rating=1700)  # fmt: skip
    zoe = PlayerFactory(first_name="Zoé", last_name="Martin", federation="FRA",
                        national_id="A12345", national_id_federation="FRA",
                        national_rating=1600)  # fmt: skip
    one = RoundFactory(event=event, number=1, starts_at=event.start)
    two = RoundFactory(event=event, number=2, starts_at=event.start)
    GameFactory(round=one, board=1, white=anne, black=bert, result=Result.WHITE_WINS)
    GameFactory(round=two, board=1, white=bert, black=zoe, result=Result.DRAW)
    carl = PlayerFactory(first_name="Carl", last_name="Dubois", national_id="30125")
    GameFactory(round=two, board=2, white=anne, black=carl, result=Result.WHITE_WINS_FORFEIT)
    return event


def test_it_downloads_the_played_games_with_belgian_ids_and_ratings(
    secretary_client: Client,
) -> None:
    event = _evening()
    response = secretary_client.get(reverse("desk:frbe_report", args=[event.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="elo-frbe-{event.pk}.txt"'
    lines = response.content.decode("latin-1").split("\r\n")
    assert lines[0] == "00A ### Rapide de novembre"
    assert lines[4] == "00E Envoi par le club : 601"
    # two played games (the forfeit is not one, nor is Carl, who only lost by forfeit):
    # +1 =2 -1 over three players and 2 rounds
    assert lines[5] == "00F P=3 R=2 S=06/11/26 E=06/11/26 +1 =2 -1"
    assert lines[12] == "102 Dupont, Jean"
    anne, bert, zoe = lines[14:17]
    assert anne[14:27] == "Lejeune, Anne" and anne[48:52] == "1850" and anne[63:68] == "21430"
    assert anne[81:84] == "1.0" and anne[91:99] == "   2 w 1" and anne[101:].strip() == ""
    assert bert[63:68] == " 9174" and bert[81:84] == "0.5" and bert[101:109] == "   3 w ="
    # a French player has no Belgian ID: written 0, his name without its accent
    assert zoe[14:26] == "Martin, Zoe " and zoe[63:68] == "    0"


def test_a_french_player_holding_a_belgian_matricule_is_named_by_it(
    secretary_client: Client,
) -> None:
    """Samy Ait Chaouche plays for France with the Belgian matricule 14374 (the
    federation's list of April 2020): the federation rates him by it."""
    event = _evening()
    samy = PlayerFactory(first_name="Samy", last_name="Ait Chaouche", federation="FRA",
                         national_id="14374", national_id_federation="BEL",
                         national_rating=2099)  # fmt: skip
    zoe = Player.objects.get(last_name="Martin")
    GameFactory(round=event.rounds.get(number=1), board=2, white=samy, black=zoe,
                result=Result.DRAW)  # fmt: skip
    response = secretary_client.get(reverse("desk:frbe_report", args=[event.pk]))
    lines = response.content.decode("latin-1").split("\r\n")
    (line,) = [line for line in lines if line[14:26] == "Ait Chaouche"]
    assert line[48:52] == "2099" and line[63:68] == "14374"
    page = secretary_client.get(reverse("desk:event_files", args=[event.pk])).content.decode()
    assert "AIT CHAOUCHE Samy" not in page and "MARTIN Zoé" in page


def test_the_files_page_names_the_players_the_federation_cannot_identify(
    secretary_client: Client,
) -> None:
    event = _evening()
    page = secretary_client.get(reverse("desk:event_files", args=[event.pk])).content.decode()
    assert reverse("desk:frbe_report", args=[event.pk]) in page
    assert "MARTIN Zoé" in page
    assert "LEJEUNE Anne" not in page


def test_an_interclub_match_is_sent_a_game_at_a_time(secretary_client: Client) -> None:
    event = _evening()
    Event.objects.filter(pk=event.pk).update(kind=Event.Kind.INTERCLUB)
    response = secretary_client.get(reverse("desk:frbe_report", args=[event.pk]))
    lines = response.content.decode("latin-1").split("\r\n")
    # each played game two lines of its own: 4 lines, numbered in board order
    assert lines[5].startswith("00F P=4 ")
    assert [line[4:8] for line in lines[14:18]] == ["   1", "   2", "   3", "   4"]
    assert lines[16][14:27] == "Peeters, Bert" and lines[16][91:99] == "   4 w ="

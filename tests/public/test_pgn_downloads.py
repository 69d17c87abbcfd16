"""PGN downloads of an event's and a member's games, written by python-chess and read back
by it: the Seven Tag Roster, the ratings, the stored moves with their comments and
variations, a stored start position; never a private event's games."""

import io
from datetime import UTC, datetime

import chess.pgn
import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import Event, Result
from tests.club.factories import (
    EventFactory,
    GameFactory,
    MemberFactory,
    PlayerFactory,
    RoundFactory,
)

pytestmark = pytest.mark.django_db

MOVES = '[Event "?"]\n\n1. e4 {the king\'s pawn} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 1-0\n'
STUDY = '[FEN "8/8/8/8/8/5k2/8/5K1R w - - 0 1"]\n[SetUp "1"]\n\n1. Rh3+ Kg4 1-0\n'


def _games(text: str) -> list[chess.pgn.Game]:
    stream, found = io.StringIO(text), []
    while (game := chess.pgn.read_game(stream)) is not None:
        found.append(game)
    return found


def _event(public: bool = True) -> Event:
    event = EventFactory(title="Open de Wavre", venue="Wavre", public=public,
                         start=datetime(2026, 11, 6, 18, 0, tzinfo=UTC))  # fmt: skip
    first = RoundFactory(event=event, number=1, starts_at=event.start)
    anne = PlayerFactory(first_name="Anne", last_name="Lejeune", fide_rating=1850)
    bert = PlayerFactory(first_name="Bert", last_name="Peeters")
    carl = PlayerFactory(first_name="Carl", last_name="Dubois")
    dora = PlayerFactory(first_name="Dora", last_name="Simon")
    GameFactory(round=first, board=1, white=anne, black=bert, result=Result.WHITE_WINS,
                pgn=MOVES)  # fmt: skip
    GameFactory(round=first, board=2, white=carl, black=dora, result=Result.BLACK_WINS_FORFEIT)
    second = RoundFactory(event=event, number=2, starts_at=event.start)
    GameFactory(round=second, board=1, white=dora, black=anne, result=Result.DRAW, pgn=STUDY)
    return event


def test_an_events_played_games_are_downloaded_with_their_moves(client: Client) -> None:
    event = _event()
    response = client.get(reverse("event_pgn", args=[event.pk]))
    assert response["Content-Disposition"] == f'attachment; filename="evenement-{event.pk}.pgn"'
    games = _games(response.content.decode())
    # the forfeit was not played: two games, in round order
    assert [g.headers["Round"] for g in games] == ["1.1", "2.1"]
    first = games[0]
    assert dict(first.headers) == {
        "Event": "Open de Wavre", "Site": "Wavre", "Date": "2026.11.06", "Round": "1.1",
        "White": "Lejeune, Anne", "Black": "Peeters, Bert", "Result": "1-0",
        "WhiteElo": "1850",
    }  # fmt: skip
    assert [m.uci() for m in first.mainline_moves()] == ["e2e4", "e7e5", "g1f3", "b8c6"]
    after_e4 = first.next()
    assert after_e4 is not None and after_e4.comment == "the king's pawn"
    assert len(after_e4.variations) == 2  # 1... e5 and the variation 1... c5
    # a study's start position is kept, and the stored result gives way to the desk's
    study = games[1]
    assert study.headers["FEN"] == "8/8/8/8/8/5k2/8/5K1R w - - 0 1"
    assert study.headers["Result"] == "1/2-1/2"
    assert study.end().board().fen().startswith("8/8/8/8/6k1/7R/8/5K2")


def test_a_members_games_of_public_events_only(client: Client) -> None:
    event = _event()
    anne = event.rounds.get(number=1).games.get(board=1).white
    member = MemberFactory(player=anne)
    hidden = _event(public=False)
    GameFactory(round=hidden.rounds.get(number=1), board=3, white=anne,
                black=PlayerFactory(), result=Result.WHITE_WINS)  # fmt: skip
    games = _games(client.get(reverse("member_pgn", args=[member.pk])).content.decode())
    assert [g.headers["Event"] for g in games] == ["Open de Wavre", "Open de Wavre"]


def test_a_private_event_or_an_unlisted_member_is_not_found(client: Client) -> None:
    assert client.get(reverse("event_pgn", args=[_event(public=False).pk])).status_code == 404
    member = MemberFactory(listed=False)
    assert client.get(reverse("member_pgn", args=[member.pk])).status_code == 404


def test_the_download_never_reads_the_kept_trf_records(client: Client) -> None:
    """An imported event keeps its TRF's records (``trf_kept``: megabytes of JSON for 500
    players); the games' rows must not bring them along, decoded once a game."""
    event = _event()
    event.trf_kept = {"players": {str(n): f"001 {n:4d} m    Player {n}" for n in range(500)}}
    event.save(update_fields=["trf_kept"])
    member = MemberFactory(player=event.rounds.get(number=1).games.get(board=1).white)
    for url in (reverse("event_pgn", args=[event.pk]), reverse("member_pgn", args=[member.pk])):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(f"{url}?x=1")
        assert len(_games(response.content.decode())) == 2
        assert [q["sql"] for q in queries if "trf_kept" in q["sql"]] == []

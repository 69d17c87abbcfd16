"""Players report their own results from a phone (``/resultat/``): with the board's code
or signed in for their own game; nothing reported counts until the secretary confirms it;
wrong codes are refused and limited; a closed event or a game with a result is refused
with a sentence the player can act on."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club import board_codes, result_reports
from club.models import Event, Game, Result, ResultReport
from club.result_reports import WRONG_CODES
from desk.services import pairing, registration, results
from desk.standings import event_standings
from tests.club.factories import EventFactory, GameFactory, MemberFactory, RoundFactory
from tests.pages import spaced

pytestmark = pytest.mark.django_db


@pytest.fixture
def game() -> Game:
    event = EventFactory(status=Event.Status.ONGOING, title="Rapide du vendredi")
    return GameFactory(round=RoundFactory(event=event, number=2), board=3)


def _report(client: Client, code: str, side: str, result: str) -> str:
    response = client.post(
        reverse("report_result"), {"code": code, "side": side, "result": result}, follow=True
    )
    assert response.status_code in (200, 400, 429)
    return unescape(response.content.decode())


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Addresses (``/en/resultat/``) and messages in English."""
    with translation.override("en"):
        yield


def test_every_board_gets_a_code_of_six_unambiguous_characters_when_it_is_paired(
    game: Game,
) -> None:
    # written by the model's field for create() and bulk_create() alike (a round robin)
    assert game.report_code is not None
    assert re.fullmatch(r"[ACDEFGHJKMNPQRTWXY34679]{6}", game.report_code)
    event = EventFactory(system=Event.System.ROUND_ROBIN)
    for member in MemberFactory.create_batch(4):
        registration.register(event.pk, member.player.pk, None)
    pairing.pair_round_robin(event.pk, None)
    codes = list(Game.objects.filter(round__event=event).values_list("report_code", flat=True))
    assert len(codes) == 6 and all(re.fullmatch(r"[A-Z3-9]{6}", c or "") for c in codes)
    assert len(set(codes)) == 6
    # nothing read one for another: 0/O, 1/I/L, 5/S, 8/B, 2/Z, U/V
    assert not set("0O1IL5S8B2ZUV") & set(board_codes.ALPHABET)


def test_a_code_typed_in_small_letters_with_spaces_finds_its_board(
    client: Client, game: Game
) -> None:
    typed = f" {game.report_code[:3].lower()} {game.report_code[3:].lower()} "
    page = client.post(reverse("report_result"), {"code": typed}).content.decode()
    assert "Rapide du vendredi" in page
    assert game.white.name in page and game.black.name in page
    assert 'name="side"' in page and 'value="1/2-1/2"' in page


def test_both_players_report_with_the_code_and_nothing_counts_until_confirmed(
    client: Client, game: Game
) -> None:
    said = _report(client, game.report_code, "white", "1-0")
    assert "Thank you: 1-0 reported for board 3 of round 2" in said
    said = _report(Client(), game.report_code, "black", "1-0")  # the opponent's phone
    assert "Your opponent reported the same result." in said
    reports = {(r.side, r.result, r.via) for r in ResultReport.objects.filter(game=game)}
    assert reports == {("white", "1-0", "code"), ("black", "1-0", "code")}
    game.refresh_from_db()
    assert game.result == Result.PENDING
    points = {line.player.pk: line.points for line in event_standings(game.round.event).lines}
    assert points.get(game.white_id, 0) == 0 and points.get(game.black_id, 0) == 0


def test_a_player_who_reports_again_replaces_their_own_report(client: Client, game: Game) -> None:
    black_phone = Client()
    _report(client, game.report_code, "white", "1-0")
    said = _report(black_phone, game.report_code, "black", "0-1")
    assert "Your opponent reported 1-0: tell the secretary which result is right." in said
    _report(black_phone, game.report_code, "black", "1/2-1/2")
    assert dict(ResultReport.objects.filter(game=game).values_list("side", "result")) == {
        "white": "1-0",
        "black": "1/2-1/2",
    }


def test_a_code_never_replaces_another_players_report(client: Client, game: Game) -> None:
    """Issue 39, finding 2: the member reported 1-0 signed in; an anonymous POST with the
    board's code and 0-1 replaced it, and one code holder could post both sides. A report
    now replaces only its author's own; anyone else is refused, told how the side was
    reported."""
    user = User.objects.create_user("joueur", password="x")
    MemberFactory(player=game.white, user=user)
    client.force_login(user)
    assert (
        client.post(reverse("report_result"), {"game": game.pk, "result": "1-0"}).status_code == 302
    )
    holder = Client()  # the board's code, on another phone
    response = holder.post(
        reverse("report_result"), {"code": game.report_code, "side": "white", "result": "0-1"}
    )
    assert response.status_code == 400
    assert (
        "White's result on this board is already reported: 1-0, signed in. If it is wrong, "
        "tell the secretary." in unescape(response.content.decode())
    )
    # the code holder reports Black, then cannot report White's side too
    assert "Thank you" in _report(holder, game.report_code, "black", "0-1")
    page = _report(Client(), game.report_code, "black", "1-0")  # a third phone: refused
    assert "Black's result on this board is already reported: 0-1, with the board's code." in page
    reports = ResultReport.objects.filter(game=game).order_by("side")
    assert [(r.side, r.result, r.via, r.user) for r in reports] == [
        ("black", "0-1", "code", None),
        ("white", "1-0", "account", user),
    ]


def test_one_phone_reports_one_side_of_a_board(client: Client, game: Game) -> None:
    _report(client, game.report_code, "white", "1-0")
    page = _report(client, game.report_code, "black", "1-0")
    assert (
        "You already reported White's result on this board: each player reports their own "
        "side." in page
    )
    assert list(ResultReport.objects.values_list("side", flat=True)) == ["white"]


def test_a_report_without_a_side_or_with_a_forfeit_is_refused_and_writes_nothing(
    client: Client, game: Game
) -> None:
    page = _report(client, game.report_code, "", "1-0")
    assert "Say whether you played White or Black." in page
    page = _report(client, game.report_code, "white", "+--")
    assert "Choose the result: 1-0, ½-½ or 0-1." in page
    assert game.white.name in page  # the board stays on the page
    assert not ResultReport.objects.exists()


def test_a_wrong_code_is_refused_naming_it(client: Client, game: Game) -> None:
    response = client.post(reverse("report_result"), {"code": "QQQQQQ"})
    assert response.status_code == 400
    assert "No board has the code “QQQQQQ”. Check it on the pairing sheet." in (
        response.content.decode()
    )
    assert not ResultReport.objects.exists()


def test_ten_wrong_codes_from_the_clubs_address_do_not_block_a_right_code_from_it(
    client: Client, game: Game
) -> None:
    """Issue 39, finding 11: after ten wrong codes from one address (the club's Wi-Fi, one
    prankster), a right code from that address was refused for 15 minutes."""
    for _ in range(WRONG_CODES + 2):
        assert client.post(reverse("report_result"), {"code": "QQQQQQ"}).status_code == 400
    player = Client()  # another phone behind the same address
    response = player.post(
        reverse("report_result"), {"code": game.report_code, "side": "white", "result": "1-0"}
    )
    assert response.status_code == 302
    assert ResultReport.objects.get(game=game).result == "1-0"


def test_a_flood_of_wrong_codes_stops_the_address_that_guesses(
    client: Client, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past its own ten, an address's wrong codes count toward the site's limit; once that
    is reached too, nothing more is looked up from an address past its own (a right code
    included): guessing is bounded. An address with no wrong code of its own still
    reports."""
    monkeypatch.setattr(result_reports, "WRONG_CODES_ALL", 30)
    guesses = [
        client.post(reverse("report_result"), {"code": f"QQQQ{n:02}"}).status_code
        for n in range(30)
    ]
    assert guesses == [400] * 30
    response = client.post(reverse("report_result"), {"code": game.report_code})
    assert response.status_code == 429
    assert "Too many wrong codes from your connection" in response.content.decode()
    response = client.post(
        reverse("report_result"),
        {"code": game.report_code, "side": "white", "result": "1-0"},
        REMOTE_ADDR="192.0.2.7",
    )
    assert response.status_code == 302  # another address is not concerned
    assert ResultReport.objects.filter(game=game).count() == 1


def test_the_right_codes_count_for_nothing_against_the_limit(client: Client) -> None:
    # a whole club behind one address: forty reports from it, none refused
    event = EventFactory(status=Event.Status.ONGOING)
    round_ = RoundFactory(event=event)
    games = GameFactory.create_batch(20, round=round_)
    for board in games:
        for side in ("white", "black"):
            response = Client().post(  # each player's phone, behind the club's address
                reverse("report_result"),
                {"code": board.report_code, "side": side, "result": "1/2-1/2"},
            )
            assert response.status_code == 302
    assert ResultReport.objects.count() == 40


def test_a_report_on_a_closed_or_cancelled_event_is_refused_with_a_clear_message(
    client: Client, game: Game
) -> None:
    Event.objects.filter(pk=game.round.event_id).update(status=Event.Status.CLOSED)
    page = _report(client, game.report_code, "white", "1-0")
    assert "This event is closed: results can no longer be reported. Ask the secretary." in page
    assert 'name="result"' not in page  # no buttons to press
    Event.objects.filter(pk=game.round.event_id).update(status=Event.Status.CANCELLED)
    page = _report(client, game.report_code, "white", "1-0")
    assert "This event is cancelled: there is no result to report." in page
    assert not ResultReport.objects.exists()


def test_a_report_on_a_game_with_a_result_is_refused_naming_it(client: Client, game: Game) -> None:
    results.write_result(game.pk, Result.DRAW)
    page = _report(client, game.report_code, "black", "0-1")
    assert "The result of this game is already recorded (½-½). If it is wrong, tell the" in page
    assert not ResultReport.objects.exists()


def test_a_signed_in_player_reports_their_own_game_without_a_code(
    client: Client, game: Game
) -> None:
    user = User.objects.create_user("joueur", password="x")
    MemberFactory(player=game.black, user=user)
    client.force_login(user)
    page = client.get(reverse("report_result")).content.decode()
    assert "Your game" in page and "You play Black." in page
    assert f'name="game" value="{game.pk}"' in page
    response = client.post(reverse("report_result"), {"game": game.pk, "result": "0-1"})
    assert response.status_code == 302
    report = ResultReport.objects.get(game=game)
    assert (report.side, report.result, report.via, report.user) == (
        "black",
        "0-1",
        "account",
        user,
    )


def test_a_signed_in_player_cannot_report_someone_elses_game(client: Client, game: Game) -> None:
    other = GameFactory(round=game.round, board=4)
    user = User.objects.create_user("joueur", password="x")
    MemberFactory(player=game.white, user=user)
    client.force_login(user)
    response = client.post(reverse("report_result"), {"game": other.pk, "result": "1-0"})
    assert response.status_code == 400
    assert "You can only report the result of your own game." in response.content.decode()
    response = client.post(reverse("report_result"), {"game": "x", "result": "1-0"})
    assert response.status_code == 400
    assert not ResultReport.objects.exists()


def test_the_page_shows_no_personal_data_and_is_never_cached(client: Client, game: Game) -> None:
    member = MemberFactory(player=game.white, phone="0470 12 34 56", address="Rue 1")
    assert "no-store" in client.get(reverse("report_result"))["Cache-Control"]
    page = client.post(reverse("report_result"), {"code": game.report_code}).content.decode()
    assert member.email not in page and "0470 12 34 56" not in page and "Rue 1" not in page


def test_a_member_finds_the_page_in_their_space(client: Client, game: Game) -> None:
    user = User.objects.create_user("joueur", password="x")
    MemberFactory(player=game.white, user=user)
    client.force_login(user)
    page = spaced(client.get(reverse("my_space")).content.decode())
    assert f'href="{reverse("report_result")}" id="report-link"' in page


def test_the_page_sends_the_player_for_the_code_where_the_sheets_print_it(
    client: Client, secretary_client: Client, game: Game
) -> None:
    """Issue #40: the page said the code was printed beside the board on the pairing
    sheet, but only the secretary's copy prints it (the posted sheet and the wall give the
    page's address and its QR code)."""
    sheet = reverse("desk:pairings_sheet", args=[game.round_id])
    wall = reverse("desk:wall", args=[game.round.event_id])
    posted = [secretary_client.get(url).content.decode() for url in (sheet, wall)]
    assert all(game.report_code not in html for html in posted)
    assert game.report_code in secretary_client.get(sheet + "?codes=1").content.decode()
    page = unescape(client.get(reverse("report_result")).content.decode())
    assert "printed beside your board" not in page
    assert "the organisers hand it to each board from their copy of the pairing sheet" in page
    assert "(the sheet on the wall does not show it)" in page

"""The players' reported results at the desk: shown on the results page as reported by
the players, confirmed with one click (or one key: tests/browser/test_players_report.py),
written through the one write path with the reports in the audit; a disagreement flagged
and confirmed only with the result the secretary chooses; the codes on the secretary's
pairing sheet; two players reporting at the same moment."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertInHTML

from club import result_reports
from club.models import ChangeLog, Event, Game, Result, ResultReport
from desk.history import describe
from desk.services import results
from desk.services.reports import round_reported
from desk.standings import event_standings
from tests.club.factories import EventFactory, GameFactory, RoundFactory
from tests.threads import at_once


@pytest.fixture
def game(db: None) -> Game:
    event = EventFactory(status=Event.Status.ONGOING)
    return GameFactory(round=RoundFactory(event=event, number=1), board=1)


def _results_page(client: Client, game: Game) -> str:
    return unescape(client.get(reverse("desk:results", args=[game.round_id])).content.decode())


def _confirm(client: Client, game: Game, result: str, **headers: str) -> tuple[int, str]:
    response = client.post(
        reverse("desk:confirm_report", args=[game.pk]),
        {"confirm": result, "version": game.version},
        headers=headers,
    )
    return response.status_code, unescape(response.content.decode())


def test_both_players_agree_and_the_secretary_confirms_with_one_click(
    secretary_client: Client, game: Game, secretary: object, english: None
) -> None:
    result_reports.report(game.pk, "white", "1-0", "code")
    result_reports.report(game.pk, "black", "1-0", "code")
    page = _results_page(secretary_client, game)
    assert "Reported by the players" in page
    assert "1 board reported by the players waits for your confirmation" in page
    assert f'data-confirm="{reverse("desk:confirm_report", args=[game.pk])}"' in page
    assert 'data-reported="1"' in page
    assert re.search(r'name="confirm"\s+value="1-0"', page) and "Confirm 1-0" in page
    status, _page = _confirm(secretary_client, game, "1-0")
    assert status == 302
    game.refresh_from_db()
    assert (game.result, game.version, game.updated_by) == (Result.WHITE_WINS, 2, secretary)
    line = ChangeLog.objects.get(action="result")
    assert line.user == secretary
    assert line.details["source"] == "players"
    assert [(r["side"], r["result"], r["via"]) for r in line.details["reported"]] == [
        ("white", "1-0", "code"),
        ("black", "1-0", "code"),
    ]
    assert describe(line) == (
        "Board 1 of round 1: not yet played → 1-0. Reported by the players: White 1-0 (with "
        "the board's code), Black 1-0 (with the board's code); confirmed by the secretary."
    )
    points = {row.player.pk: row.points for row in event_standings(game.round.event).lines}
    assert (points[game.white_id], points[game.black_id]) == (1, 0)
    # confirmed: the board no longer waits, and the players can no longer report
    assert "Reported by the players" not in _results_page(secretary_client, game)
    with pytest.raises(result_reports.ReportRefused, match="already recorded"):
        result_reports.report(game.pk, "black", "0-1", "code")


def test_one_key_confirms_by_htmx_and_the_line_comes_back_saved(
    secretary_client: Client, game: Game, english: None
) -> None:
    result_reports.report(game.pk, "black", "1/2-1/2", "code")  # one player alone
    status, line = _confirm(secretary_client, game, "=", **{"HX-Request": "true"})
    assert status == 200
    assert 'data-state="saved"' in line and "✔ saved (½-½)" in line
    assert Game.objects.get(pk=game.pk).result == Result.DRAW
    # the page's summary comes with the line, out of band: no board waits any more
    assertInHTML(
        '<template><div role="status" id="reported-summary" hx-swap-oob="true"></div></template>',
        line,
    )


def test_a_board_saved_in_place_brings_the_summary_of_the_boards_still_reported(
    secretary_client: Client, game: Game, english: None
) -> None:
    other = GameFactory(round=game.round, board=2)
    result_reports.report(game.pk, "white", "1-0", "code")
    result_reports.report(other.pk, "white", "1-0", "code")
    result_reports.report(other.pk, "black", "0-1", "code")
    assert "2 boards reported by the players wait" in _results_page(secretary_client, game)
    response = secretary_client.post(
        reverse("desk:save_result", args=[game.pk]),
        {"result": "0", "version": game.version},
        headers={"HX-Request": "true"},
    )
    line = unescape(response.content.decode())
    assert response.status_code == 200
    assert re.search(
        r'id="reported-summary"\s+class="alert alert-info py-2"\s+hx-swap-oob="true">', line
    )
    assert "1 board reported by the players waits for your confirmation" in line
    assert "On 1 board the players disagree." in line


def test_a_round_nobody_reported_on_sends_no_summary(
    secretary_client: Client, game: Game, english: None
) -> None:
    response = secretary_client.post(
        reverse("desk:save_result", args=[game.pk]),
        {"result": "1", "version": game.version},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert "reported-summary" not in response.content.decode()


def test_a_disagreement_is_flagged_counts_for_nothing_and_needs_a_choice(
    secretary_client: Client, game: Game, english: None
) -> None:
    result_reports.report(game.pk, "white", "1-0", "code")
    result_reports.report(game.pk, "black", "0-1", "code")
    page = _results_page(secretary_client, game)
    assert "The players disagree" in page
    assert "On 1 board the players disagree." in page
    assert "data-confirm=" not in page  # no key confirms it
    assert "Choose the result…" in page  # the buttons are behind a choice
    assert 'value="1-0"' in page and 'value="0-1"' in page
    # nothing counts meanwhile
    assert all(row.points == 0 for row in event_standings(game.round.event).lines)
    # a result nobody reported is not "confirmed"
    status, line = _confirm(secretary_client, game, "=", **{"HX-Request": "true"})
    assert status == 400
    assert "the players reported 1-0, 0-1; type the result in the board's field" in line
    assert Game.objects.get(pk=game.pk).result == Result.PENDING
    # the secretary's choice
    assert _confirm(secretary_client, game, "0-1")[0] == 302
    assert Game.objects.get(pk=game.pk).result == Result.BLACK_WINS


def test_confirming_a_board_nobody_reported_or_someone_saved_meanwhile_is_refused(
    secretary_client: Client, game: Game, english: None
) -> None:
    status, line = _confirm(secretary_client, game, "1-0", **{"HX-Request": "true"})
    assert (status, "no player reported its result" in line) == (400, True)
    result_reports.report(game.pk, "white", "1-0", "code")
    seen = game.version
    results.write_result(game.pk, Result.DRAW)  # another secretary typed ½-½ meanwhile
    response = secretary_client.post(
        reverse("desk:confirm_report", args=[game.pk]),
        {"confirm": "1-0", "version": seen},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 409
    assert "someone else saved ½-½ meanwhile" in unescape(response.content.decode())
    assert Game.objects.get(pk=game.pk).result == Result.DRAW


def test_a_closed_event_refuses_the_confirmation(
    secretary_client: Client, game: Game, english: None
) -> None:
    result_reports.report(game.pk, "white", "1-0", "code")
    Event.objects.filter(pk=game.round.event_id).update(status=Event.Status.CLOSED)
    status, line = _confirm(secretary_client, game, "1-0", **{"HX-Request": "true"})
    assert status == 400 and "The event is closed" in line
    assert Game.objects.get(pk=game.pk).result == Result.PENDING


def test_the_codes_are_on_the_secretarys_copy_of_the_pairing_sheet_only(
    secretary_client: Client, game: Game, english: None
) -> None:
    url = reverse("desk:pairings_sheet", args=[game.round_id])
    plain = secretary_client.get(url).content.decode()
    assert game.report_code not in plain
    assert "With the board codes" in plain
    coded = secretary_client.get(url + "?codes=1").content.decode()
    assert f'<td class="board-code font-monospace fw-bold">{game.report_code}</td>' in coded
    assert "http://testserver/en/resultat/" in coded
    alphabetical = secretary_client.get(url + "?ordre=alpha&codes=1").content.decode()
    assert game.report_code not in alphabetical


@pytest.mark.django_db(transaction=True)
def test_two_players_reporting_at_the_same_moment_keep_both_reports() -> None:
    event = EventFactory(status=Event.Status.ONGOING)
    game = GameFactory(round=RoundFactory(event=event))
    code = game.report_code

    def report(side: str, result: str) -> int:
        return (
            Client()
            .post(reverse("report_result"), {"code": code, "side": side, "result": result})
            .status_code
        )

    for _trial in range(3):
        ResultReport.objects.all().delete()
        answers = at_once(lambda: report("white", "1-0"), lambda: report("black", "0-1"))
        assert answers == [302, 302]
        assert dict(ResultReport.objects.filter(game=game).values_list("side", "result")) == {
            "white": "1-0",
            "black": "0-1",
        }
    assert Game.objects.get(pk=game.pk).result == Result.PENDING


def test_whether_a_round_has_reports_is_known(game: Game) -> None:
    # the summary after each save asks it (desk.services.reports.round_reported)
    other = GameFactory(round=RoundFactory(event=game.round.event, number=2), board=1)
    rounds = [game.round_id, other.round_id, other.round_id + 1000]
    assert [round_reported(r) for r in rounds] == [False, False, False]
    result_reports.report(game.pk, "white", "1-0", "code")
    assert [round_reported(r) for r in rounds] == [True, False, False]
    result_reports.report(other.pk, "black", "0-1", "code")
    assert [round_reported(r) for r in rounds] == [True, True, False]


def test_the_desk_shows_how_each_side_reported_and_who(
    secretary_client: Client, game: Game, english: None
) -> None:
    """Issue 39, finding 2: the desk showed "White 1-0 · Black 1-0 · Confirm 1-0" without
    saying how each side had reported."""
    from django.contrib.auth.models import User

    from tests.club.factories import MemberFactory

    user = User.objects.create_user("anne", password="x", first_name="Anne", last_name="Roux")
    MemberFactory(player=game.white, user=user)
    result_reports.report(game.pk, "white", "1-0", "account", user)
    result_reports.report(game.pk, "black", "1-0", "code")
    page = " ".join(_results_page(secretary_client, game).split())
    how = '<small class="how text-body-secondary">'
    assert (
        f'<span class="d-block">White <strong>1-0</strong> {how}(signed in: Anne Roux)</small> '
        f'</span> <span class="d-block">Black <strong>1-0</strong> {how}(with the board\'s '
        "code)</small> </span>" in page
    )

"""Two players report their game's result from 390 px phones, one with the board's code
from the secretary's pairing sheet, the other signed in; the secretary, at 1280 px, sees
the board reported by the players and confirms it with one key; a board on which the
players disagree is flagged and confirmed with the result the secretary chooses. axe-core
on every new page; screenshots at 390 and 1280 px in test-results/report-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Event, Game, Result, ResultReport
from tests.browser.axe import serious_violations
from tests.browser.session import PASSWORD, sign_in, sign_in_as_new_secretary
from tests.club.factories import EventFactory, GameFactory, MemberFactory, RoundFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE: ViewportSize = {"width": 390, "height": 844}
DESK: ViewportSize = {"width": 1280, "height": 900}


def _evening() -> tuple[Game, Game]:
    event = EventFactory(status=Event.Status.ONGOING, title="Rapide du vendredi soir")
    round_ = RoundFactory(event=event, number=3)
    first = GameFactory(round=round_, board=1)
    second = GameFactory(round=round_, board=2)
    return first, second


def _shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"report-{name}.png", full_page=True)


def _fits(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def _report_with_code(page: Page, url: str, code: str, side: str, result: str) -> None:
    page.goto(f"{url}/resultat/")
    page.fill("#board-code", code.lower())
    page.locator("#code-form button[type=submit]").click()
    page.locator(f'label[for="side-{side}"]').click()
    page.locator(f'button[name="result"][value="{result}"]').click()
    expect(page.locator(".alert-success")).to_be_visible()


def test_two_players_report_from_phones_and_the_secretary_confirms(
    live_server: LiveServer, browser: Browser, page: Page
) -> None:
    first, second = _evening()
    url = live_server.url

    # White of board 1, with the code on the sheet, on a phone
    white = browser.new_context(viewport=PHONE).new_page()
    white.goto(f"{url}/resultat/")
    _fits(white, 390)
    assert serious_violations(white) == []
    _shot(white, "code-390")
    white.fill("#board-code", first.report_code.lower())
    white.locator("#code-form button[type=submit]").click()
    expect(white.locator("#coded-game")).to_contain_text(first.white.name)
    _fits(white, 390)
    assert serious_violations(white) == []
    # large touch targets: each result button at least 44 px high (WCAG 2.5.5)
    for button in white.locator('button[name="result"]').all():
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 300
    _shot(white, "board-390")
    white.locator('label[for="side-white"]').click()
    white.locator('button[name="result"][value="1-0"]').click()
    expect(white.locator(".alert-success")).to_contain_text("1-0")
    _shot(white, "thanks-390")
    white.set_viewport_size(DESK)
    white.goto(f"{url}/resultat/")
    _fits(white, 1280)
    _shot(white, "code-1280")
    white.set_viewport_size(PHONE)

    # Black of board 1, a member signed in: their game without a code
    user = User.objects.create_user("noirs", password=PASSWORD)
    MemberFactory(player=first.black, user=user)
    black = browser.new_context(viewport=PHONE).new_page()
    sign_in(black, url, "noirs")
    black.goto(f"{url}/resultat/")
    own = black.locator(".own-game")
    expect(own).to_have_count(1)
    expect(own).to_contain_text(first.white.name)
    _fits(black, 390)
    assert serious_violations(black) == []
    _shot(black, "own-390")
    own.locator('button[name="result"][value="1-0"]').click()
    expect(black.locator(".alert-success")).to_be_visible()
    _shot(black, "agreed-390")

    # board 2: the players disagree
    _report_with_code(white, url, second.report_code, "white", "1/2-1/2")
    # (Black on a phone of their own: one phone reports one side of a board)
    black_phone = browser.new_context(viewport=PHONE).new_page()
    _report_with_code(black_phone, url, second.report_code, "black", "0-1")
    assert Game.objects.filter(result=Result.PENDING).count() == 2  # nothing counts yet

    # the secretary at the desk
    page.set_viewport_size(DESK)
    sign_in_as_new_secretary(page, url)
    page.goto(f"{url}/secretariat/rondes/{first.round_id}/resultats/")
    board1, board2 = page.locator(f"#board-{first.pk}"), page.locator(f"#board-{second.pk}")
    expect(board1.locator(".reported .badge")).to_be_visible()
    expect(board1.locator(".reported")).to_have_attribute("data-disagree", "no")
    expect(board2.locator(".reported")).to_have_attribute("data-disagree", "yes")
    expect(page.locator("#reported-summary")).to_be_visible()
    # how each side reported, and who: White with the code, Black signed in
    expect(board1.locator(".reported .how")).to_have_text(
        ["(avec le code de l'échiquier)", "(connecté\xa0: noirs)"]
    )
    _fits(page, 1280)
    assert serious_violations(page) == []
    _shot(page, "desk-1280")
    page.set_viewport_size(PHONE)
    _fits(page, 390)
    _shot(page, "desk-390")
    page.set_viewport_size(DESK)

    # one key: Enter in board 1's empty field confirms what both players said
    field = board1.locator(".result-input")
    field.focus()
    field.press("Enter")
    expect(page.locator(f"#board-{first.pk}")).to_have_attribute("data-state", "saved")
    expect(page.locator(f"#board-{first.pk} .reported")).to_have_count(0)
    assert Game.objects.get(pk=first.pk).result == Result.WHITE_WINS

    # board 2 needs a choice: no key, the buttons behind "choose"
    field = page.locator(f"#board-{second.pk} .result-input")
    assert field.get_attribute("data-confirm") is None
    page.locator(f"#board-{second.pk} summary").click()
    page.locator(f'#board-{second.pk} button[name="confirm"][value="0-1"]').click()
    expect(page.locator(f"#board-{second.pk}")).to_have_attribute("data-state", "saved")
    assert Game.objects.get(pk=second.pk).result == Result.BLACK_WINS
    _shot(page, "confirmed-1280")
    assert ResultReport.objects.count() == 4  # the reports stay, for the record

    # the players' page now says the result is recorded
    black.goto(f"{url}/resultat/")
    expect(black.locator("#no-game")).to_be_visible()

    # the secretary's copy of the pairing sheet, with the codes
    page.goto(f"{url}/secretariat/rondes/{first.round_id}/feuille/?codes=1")
    expect(page.locator(".board-code").first).to_have_text(first.report_code)
    _shot(page, "sheet-1280")


def test_the_summary_of_reported_boards_follows_each_save_in_place(
    live_server: LiveServer, page: Page
) -> None:
    """The count of boards reported by the players above the results is the server's
    after each board saved in place: Enter confirming a report, a result typed on a
    reported board; it is emptied when none waits, as the reloaded page shows it."""
    first, second = _evening()
    third = GameFactory(round=first.round, board=3)
    reports = [
        (first, "white", "1-0"), (first, "black", "1-0"),
        (second, "white", "1/2-1/2"), (second, "black", "0-1"),
        (third, "black", "1/2-1/2"),
    ]  # fmt: skip
    for game, side, result in reports:
        ResultReport.objects.create(game=game, side=side, result=result, via="code")
    page.set_viewport_size(DESK)
    sign_in_as_new_secretary(page, live_server.url)
    page.goto(f"{live_server.url}/secretariat/rondes/{first.round_id}/resultats/")
    summary = page.locator("#reported-summary")
    expect(summary).to_contain_text("3 échiquiers annoncés par les joueurs attendent")
    expect(summary).to_contain_text("Sur 1 échiquier, les joueurs ne sont pas d'accord.")

    page.locator(f"#result-{first.pk}").focus()
    page.keyboard.press("Enter")  # board 1: the players' 1-0 confirmed
    expect(page.locator(f"#board-{first.pk}")).to_have_attribute("data-state", "saved")
    expect(summary).to_contain_text("2 échiquiers annoncés par les joueurs attendent")

    page.locator(f"#result-{third.pk}").focus()
    page.keyboard.press("=")  # board 3: a draw typed over the one report
    expect(page.locator(f"#board-{third.pk}")).to_have_attribute("data-state", "saved")
    expect(summary).to_contain_text("1 échiquier annoncé par les joueurs attend")
    expect(summary).to_contain_text("Sur 1 échiquier, les joueurs ne sont pas d'accord.")
    _shot(page, "summary-1280")

    page.locator(f"#result-{second.pk}").focus()
    page.keyboard.press("0")  # board 2: the secretary settles the disagreement
    expect(page.locator(f"#board-{second.pk}")).to_have_attribute("data-state", "saved")
    expect(summary).to_have_text("")
    expect(summary).not_to_have_class("alert alert-info py-2")
    assert [g.result for g in Game.objects.order_by("board")] == ["1-0", "0-1", "1/2-1/2"]
    page.reload()
    expect(page.locator("#reported-summary")).to_have_text("")

"""A PGN file in Chromium, at 1280 and 390 px: the secretary attaches a file whose second
game has round "?" and chooses its board in the preview; the member's page then leads to
that game, whose viewer starts from the game's FEN (Black to move) and walks a
variation. Both pages are checked with axe-core."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Game, Result
from tests.browser.axe import serious_violations
from tests.browser.session import sign_in_as_new_secretary
from tests.club.factories import EventFactory, MemberFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
FILE = """[Event "Club"]
[Round "1"]
[White "Dupont, Anne"]
[Black "Martin, Paul"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Club, analysis"]
[Round "?"]
[White "Martin, Paul"]
[Black "Dupont, Anne"]
[Result "0-1"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]

{Black to move after 1. e4.} 1... c5 {The Sicilian.} (1... e5 2. Nf3 Nc6 $1 {solid})
2. Nf3 d6 $5 3. d4 cxd4 0-1
"""


def test_a_question_mark_round_is_placed_then_viewed_from_its_fen(
    live_server: LiveServer, page: Page, tmp_path: Path
) -> None:
    event = EventFactory(public=True, title="Championnat du club")
    anne = MemberFactory(player__first_name="Anne", player__last_name="Dupont")
    paul = MemberFactory(player__first_name="Paul", player__last_name="Martin")
    first = Game.objects.create(
        round=event.rounds.create(number=1),
        board=1,
        white=anne.player,
        black=paul.player,
        result=Result.WHITE_WINS,
    )
    second = Game.objects.create(
        round=event.rounds.create(number=2),
        board=1,
        white=paul.player,
        black=anne.player,
        result=Result.BLACK_WINS,
    )
    path = tmp_path / "club.pgn"
    path.write_text(FILE, encoding="utf-8")
    sign_in_as_new_secretary(page, live_server.url)
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/fichiers/")
        page.locator("#kind-pgn").check()
        page.set_input_files("input[type=file]", str(path))
        page.get_by_role("button", name="Envoyer").click()
        expect(page.locator("#pgn-games")).to_be_visible()
        expect(page.locator("#pgn-summary")).to_contain_text("1 attend le choix d'un échiquier")
        page.screenshot(path=SCREENSHOTS / f"pgn-preview-{width}.png", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert serious_violations(page) == []
    assert not Game.objects.exclude(pgn="").exists()
    expect(page.locator("#round-1")).to_have_value("1")
    expect(page.locator("#board-1")).to_have_value("1")
    page.select_option("#round-2", "2")
    page.fill("#board-2", "1")
    page.get_by_role("button", name="Joindre les parties").click()
    expect(page.locator(".alert-success")).to_have_text("2 parties jointes.")
    first.refresh_from_db()
    second.refresh_from_db()
    assert "Qxf7#" in first.pgn and "c5" in second.pgn

    # the member's page leads to the game; its viewer starts from the FEN
    page.goto(f"{live_server.url}/membres/{paul.pk}/")
    page.locator(f'#member-games a[href="/parties/{second.pk}/"]').click()
    board = page.locator("#board")
    moves = page.locator("#moves")
    expect(moves.locator(".move-number").first).to_have_text("1...")
    page.locator('[data-step="first"]').click()
    expect(board).to_have_attribute("src", f"/parties/{second.pk}/position/0.svg")
    expect(board).to_have_attribute("alt", "L'échiquier au départ")
    expect(page.locator('[data-step="previous"]')).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("ArrowRight")
    expect(moves.locator("a.move.current")).to_have_text("c5")
    # into the variation: 1... e5, then on to its end, where "next" stops
    variation = moves.locator("ol.variation")
    expect(variation).to_contain_text("solid")
    variation.get_by_role("link", name="e5").click()
    expect(board).to_have_attribute("alt", "L'échiquier après 1... e5")
    page.keyboard.press("ArrowRight")
    expect(moves.locator("a.move.current")).to_have_text("♘f3")  # figurine notation
    page.locator('[data-step="last"]').click()
    expect(moves.locator("a.move.current")).to_have_text("♘c6")
    expect(page.locator('[data-step="next"]')).to_have_attribute("aria-disabled", "true")
    at_end = board.get_attribute("src")
    page.keyboard.press("ArrowRight")
    expect(board).to_have_attribute("src", at_end or "")
    expect(moves.locator(".nag").first).to_be_visible()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=SCREENSHOTS / "pgn-viewer-1280.png", full_page=True)
    assert serious_violations(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=SCREENSHOTS / "pgn-viewer-390.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

"""An arbiter's rapid evening in Chromium, in one walk: a new event pre-filled from its
kind (five rounds 35 minutes apart), seven players registered, the check-in of round 1 by
keyboard with a half-point bye asked for, the round paired from the check-in page,
results typed in, the next round paired from the results page, a pairing undone and
redone, five rounds in the evening; in the last round the two players of board 1 report
their result from 390 px phones with the board's code and the secretary confirms it; the
last round's printed pairings (by board and alphabetical, the site's navigation hidden on
paper) and the wall display (no navigation, refreshed in place by htmx; on projectors of
1024×768 and 1920×1080 every board and player shown); every document printed and as PDF;
the standings and crosstable on paper, the event closed, the round times on the public
page. Each screen is saved at 1280 px and 390 px wide."""

from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Bye, Event, Game, Result
from desk.views.printing import WALL_PAGE_SECONDS
from tests.browser.session import sign_in_as_new_secretary
from tests.browser.test_wall import SHOWN
from tests.club.factories import MemberFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
NAMES = ["Dubois", "Lambert", "Peeters", "Janssens", "Maes", "Jacobs", "Willems"]
KEYS = ["1", "=", "0"]
WIDTHS = (1280, 390)


def _shoot(page: Page, name: str, media: Literal["screen", "print"] = "screen") -> None:
    """The screen at both widths; on paper (``media="print"``) without the site's
    header and footer."""
    page.emulate_media(media=media)
    if media == "print":
        expect(page.locator(".site-header")).to_be_hidden()
        expect(page.locator(".site-footer")).to_be_hidden()
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=SCREENSHOTS / f"evening-{name}-{width}.png", full_page=True)
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    page.emulate_media(media="screen")


def _log_in(page: Page, url: str) -> None:
    sign_in_as_new_secretary(page, url, "arbitre")


def _create_the_evening(page: Page, url: str) -> Event:
    page.goto(f"{url}/secretariat/evenements/nouveau/")
    page.wait_for_load_state("load")
    page.fill("#id_title", "Rapide du vendredi")
    page.select_option("#id_kind", "rapid")
    # the usual rapid evening is filled in
    expect(page.locator("#id_rounds")).to_have_value("5")
    expect(page.locator("#id_system")).to_have_value("swiss")
    expect(page.locator("#id_time_control")).to_have_value("rapid")
    expect(page.locator("#id_interval_days")).to_have_value("0")
    expect(page.locator("#id_interval_minutes")).to_have_value("35")
    expect(page.locator("#id_tiebreaks_0")).to_have_value("buchholz_cut1")
    page.fill("#id_start", "2027-01-08T20:00")
    page.fill("#id_end", "2027-01-08T23:30")
    _shoot(page, "form")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("h1")).to_contain_text("Rapide du vendredi")
    rounds = page.locator("#rounds")
    expect(rounds.locator("li")).to_have_count(5)
    for time in ("20:00", "20:35", "21:10", "21:45", "22:20"):
        expect(rounds).to_contain_text(f"8 janvier {time}")
    return Event.objects.get(title="Rapide du vendredi")


def _register_everyone(page: Page) -> None:
    for name in NAMES:
        page.wait_for_load_state("load")
        page.wait_for_function("() => window.htmx !== undefined")
        page.locator("#member-q").fill(name[:4])
        found = page.locator("#search-results button")
        expect(found).to_have_count(1)
        found.press("Enter")
        expect(page.locator("#participants")).to_contain_text(name)
    expect(page.locator("#participants tbody tr")).to_have_count(len(NAMES))


def _enter_the_results(page: Page, number: int, boards: int) -> None:
    page.wait_for_load_state("load")
    expect(page.locator(".result-input").first).to_be_focused()
    expect(page.locator("#next-round-actions")).to_be_hidden()
    for board in range(boards):
        page.keyboard.press(KEYS[(number + board) % 3])
    lines = page.locator(".result-line")
    for board in range(boards):
        expect(lines.nth(board)).to_have_attribute("data-state", "saved")


def _sheets_and_wall(page: Page, event: Event) -> None:
    """Round 5 is paired: its pairings for the tables, by board and alphabetical, then
    the wall display for the projector."""
    page.locator("#sheets-link").click()
    expect(page.locator("#round-sheets table")).to_have_count(5)
    _shoot(page, "sheets")
    page.locator("#print-boards-5").click()
    expect(page.locator("#boards tbody tr")).to_have_count(3)
    _shoot(page, "print-boards", media="print")
    page.go_back()
    page.locator("#print-alpha-5").click()
    # six players at three tables and the pairing-allocated bye
    expect(page.locator("#alphabetical tbody tr")).to_have_count(7)
    names = page.locator("#alphabetical tbody tr td:first-child").all_inner_texts()
    assert names == [f"{name} Joueur" for name in sorted(NAMES)]
    _shoot(page, "print-alphabetical", media="print")
    page.go_back()
    page.locator("#open-wall").click()
    # three boards, and the pairing-allocated bye on a line of its own
    expect(page.locator("#wall-pairings tbody tr:not(.bye)")).to_have_count(3)
    expect(page.locator("#wall-pairings tbody tr.bye")).to_have_count(1)
    expect(page.locator("#wall")).to_have_attribute("hx-trigger", "every 30s")
    # htmx (end of the page) refreshes the wall: loaded once the page is (a slow server
    # may show the rows before the script has run)
    page.wait_for_load_state("load")
    assert page.evaluate("typeof window.htmx") == "object"
    expect(page.locator("nav")).to_have_count(0)
    _shoot(page, "wall")


def _players_report_board_1(browser: Browser, url: str, game: Game) -> None:
    """Both players of board 1, each on a phone, report White's win with the code of the
    secretary's pairing sheet."""
    for side in ("white", "black"):
        phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        phone.goto(f"{url}/resultat/")
        phone.fill("#board-code", game.report_code)
        phone.locator("#code-form button[type=submit]").click()
        phone.locator(f'label[for="side-{side}"]').click()
        phone.locator('button[name="result"][value="1-0"]').click()
        expect(phone.locator(".alert-success")).to_contain_text("1-0")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.screenshot(path=SCREENSHOTS / f"evening-report-{side}-390.png", full_page=True)
        phone.context.close()


def _every_document(page: Page, url: str) -> None:
    """The sheets page's every document: the page printed (A4, no navigation) and its
    PDF."""
    links = page.locator("#sheets a[id^='print-'], #round-sheets a[id^='print-']")
    pages = [link.get_attribute("href") or "" for link in links.all()]
    pdfs = [a.get_attribute("href") or "" for a in page.locator("a[id^='pdf-']").all()]
    # the event's six (players, check-in, standings, crosstable, by category, prizes),
    # three a round
    assert len(pages) == len(pdfs) == 6 + 3 * 5
    for address in pages:
        response = page.goto(f"{url}{address}")
        assert response is not None and response.status == 200, address
        page.emulate_media(media="print")
        expect(page.locator(".site-header")).to_be_hidden()
        page.emulate_media(media="screen")
    for address in pdfs:
        pdf = page.request.get(f"{url}{address}")
        assert pdf.status == 200 and pdf.body().startswith(b"%PDF"), address


def _wall_on_projectors(page: Page, url: str, event: Event) -> None:
    """The wall at 1024×768 and 1920×1080: every board and every player shown in turn."""
    page.clock.install()
    for width, height in ((1024, 768), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{url}/secretariat/evenements/{event.pk}/affichage/")
        page.wait_for_load_state("load")
        seen: dict[str, set[str]] = {"pairings": set(), "standings": set()}
        for _turn in range(6):
            for table, rows in page.evaluate(SHOWN).items():
                seen[table].update(rows)
            page.clock.run_for(WALL_PAGE_SECONDS * 1000)
        assert {t: len(rows) for t, rows in seen.items()} == {"pairings": 4, "standings": 7}
        page.screenshot(path=SCREENSHOTS / f"evening-wall-{width}x{height}.png")
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})


def test_an_arbiters_rapid_evening(live_server: LiveServer, page: Page, browser: Browser) -> None:
    for n, name in enumerate(NAMES):
        MemberFactory(
            player__last_name=name,
            player__first_name="Joueur",
            player__national_rating=1900 - 60 * n,
        )
    SCREENSHOTS.mkdir(exist_ok=True)
    url = live_server.url
    _log_in(page, url)
    event = _create_the_evening(page, url)
    _register_everyone(page)
    page.locator("#renumber").click()
    _shoot(page, "registered")

    # Round 1: check-in by keyboard, Lambert asks for a half-point bye
    page.locator("#check-in").click()
    expect(page.locator("h1")).to_contain_text("Ronde 1")
    expect(page.locator("#round-time")).to_contain_text("20:00")
    first = page.locator(".checkin-line").first.locator('input[value="present"]')
    expect(first).to_be_focused()
    for key in ["p", "h", "p", "p", "p", "p", "p"]:
        page.keyboard.press(key)
    lambert = page.locator(".checkin-line", has_text="Lambert")
    expect(lambert.locator('input[value="half"]')).to_be_checked()
    expect(page.locator("#checkin-count")).to_have_text("6 / 7")
    expect(page.locator("#pair-round")).to_be_focused()
    _shoot(page, "checkin")
    page.keyboard.press("Enter")  # "Save and pair round 1"

    expect(page.locator("h1")).to_contain_text("Ronde 1")
    expect(page.locator(".result-line")).to_have_count(3)
    expect(page.locator(".byes")).to_contain_text("Lambert")
    expect(page.locator(".byes")).to_contain_text("bye d'un demi-point")
    bye = Bye.objects.get(round__event=event, round__number=1)
    assert (bye.player.last_name, bye.kind) == ("Lambert", Bye.Kind.HALF_POINT)
    _shoot(page, "round-1")
    _enter_the_results(page, 1, 3)
    expect(page.locator("#next-round-actions")).to_be_visible()
    expect(page.locator("#undo-actions")).to_be_hidden()
    _shoot(page, "round-1-complete")
    page.locator("#pair-next-round").click()

    # Round 2 is paired from the results page; undone, then paired again from its check-in
    expect(page.locator("h1")).to_contain_text("Ronde 2")
    expect(page.locator(".result-line")).to_have_count(3)
    expect(page.locator(".byes")).to_contain_text("exempt d'appariement")
    page.locator("#undo-pairing").click()  # asks first: kept with Escape, then confirmed
    expect(page.locator("#undo-pairing-dialog")).to_be_visible()
    expect(page.locator("#undo-pairing-dialog")).to_be_focused()  # once shown, keys reach it
    page.keyboard.press("Escape")
    expect(page.locator("#undo-pairing-dialog")).to_be_hidden()
    assert Game.objects.filter(round__event=event, round__number=2).count() == 3
    page.locator("#undo-pairing").focus()
    page.keyboard.press("Enter")
    page.locator("#undo-pairing-confirm").click()
    expect(page.locator(".alert-success")).to_contain_text("L'appariement de la ronde 2 est annulé")
    assert not Game.objects.filter(round__event=event, round__number=2).exists()
    _shoot(page, "undone")
    page.locator("#pair-round").click()

    for number in range(2, 6):
        expect(page.locator("h1")).to_contain_text(f"Ronde {number}")
        expect(page.locator(".result-line")).to_have_count(3)
        if number == 5:
            results = page.url
            page.goto(f"{url}/secretariat/evenements/{event.pk}/")
            _sheets_and_wall(page, event)
            board_1 = Game.objects.get(round__event=event, round__number=5, board=1)
            _players_report_board_1(browser, url, board_1)
            assert Game.objects.get(pk=board_1.pk).result == Result.PENDING  # not yet
            page.goto(results)
            expect(page.locator(f"#board-{board_1.pk} .reported")).to_be_visible()
            _shoot(page, "reported")
            field = page.locator(f"#board-{board_1.pk} .result-input")
            field.focus()
            field.press("Enter")  # confirms what both players said
            expect(page.locator(f"#board-{board_1.pk}")).to_have_attribute("data-state", "saved")
            assert Game.objects.get(pk=board_1.pk).result == Result.WHITE_WINS
            for board in (2, 3):
                page.locator(".result-input").nth(board - 1).focus()
                page.keyboard.press(KEYS[board % 3])
            lines = page.locator(".result-line")
            for board in range(3):
                expect(lines.nth(board)).to_have_attribute("data-state", "saved")
            continue
        _enter_the_results(page, number, 3)
        if number < 5:
            page.locator("#pair-next-round").click()
    expect(page.locator("#pair-next-round")).to_have_count(0)
    _shoot(page, "round-5")
    assert not Game.objects.filter(round__event=event, result=Result.PENDING).exists()
    assert Game.objects.filter(round__event=event).count() == 15

    page.goto(f"{url}/secretariat/evenements/{event.pk}/classement/")
    expect(page.locator("#standings tbody tr")).to_have_count(7)
    _shoot(page, "standings")
    _shoot(page, "print-standings", media="print")
    page.goto(f"{url}/secretariat/evenements/{event.pk}/grille/")
    _shoot(page, "print-crosstable", media="print")
    _wall_on_projectors(page, url, event)
    page.goto(f"{url}/secretariat/evenements/{event.pk}/imprimer/")
    _every_document(page, url)

    # the evening closed: its ratings are recalculated
    page.goto(f"{url}/secretariat/evenements/{event.pk}/cloturer/confirmer/")
    page.locator("form button[type=submit]").last.click()
    expect(page.locator(".alert-success")).to_be_visible()
    event.refresh_from_db()
    assert event.status == Event.Status.CLOSED
    page.goto(f"{url}{event.get_absolute_url()}")
    for time in ("20:00", "20:35", "21:10", "21:45", "22:20"):
        expect(page.locator("main")).to_contain_text(f"8 janvier 2027 {time}")
    _shoot(page, "public")

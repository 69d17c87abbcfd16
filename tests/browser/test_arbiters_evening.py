"""An arbiter's rapid evening in Chromium, in one walk: a new event pre-filled from its
kind (five rounds 35 minutes apart), seven players registered, the check-in of round 1 by
keyboard with a half-point bye asked for, the round paired from the check-in page,
results typed in, the next round paired from the results page, a pairing undone and
redone, five rounds in the evening; the last round's printed pairings (by board and
alphabetical, the site's navigation hidden on paper) and the wall display (no
navigation, refreshed in place by htmx); the standings and crosstable on paper, the
round times on the public page. Each screen is saved at 1280 px and 390 px wide."""

from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Bye, Event, Game, Result
from tests.browser.session import sign_in_as_new_secretary
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
    expect(page.locator("#round-sheets tr")).to_have_count(5)
    _shoot(page, "sheets")
    fifth = page.locator("#round-sheets tr", has_text="Ronde 5")
    fifth.get_by_role("link", name="Par table").click()
    expect(page.locator("#boards tbody tr")).to_have_count(3)
    _shoot(page, "print-boards", media="print")
    page.go_back()
    fifth.get_by_role("link", name="Alphabétique, avec les tables").click()
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


def test_an_arbiters_rapid_evening(live_server: LiveServer, page: Page) -> None:
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
            page.goto(results)
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
    page.goto(f"{url}{event.get_absolute_url()}")
    for time in ("20:00", "20:35", "21:10", "21:45", "22:20"):
        expect(page.locator("main")).to_contain_text(f"8 janvier 2027 {time}")
    _shoot(page, "public")

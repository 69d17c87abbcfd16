"""The calendar on a phone (390 px): seven columns do not fit, so the month is a list of
its meeting days with the full titles, the club's Friday evenings and Sunday interclubs
among them, and the page is no wider than the phone; at 1280 px the month grid stays."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Event
from tests.club.factories import EventFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
BRUSSELS = ZoneInfo("Europe/Brussels")
INTERCLUB = "Interclubs nationaux, ronde 7 : Échiquier namurois – Cercle royal de Liège"


def _march() -> tuple[Event, Event]:
    friday = datetime(2027, 3, 19, 20, tzinfo=BRUSSELS)
    sunday = datetime(2027, 3, 14, 14, tzinfo=BRUSSELS)
    rapid = EventFactory(
        title="Rapide du vendredi soir", start=friday, end=friday + timedelta(hours=3)
    )
    interclub = EventFactory(title=INTERCLUB, start=sunday, end=sunday + timedelta(hours=5))
    return rapid, interclub


def test_a_phone_reads_the_month_as_a_list_with_full_titles(
    live_server: LiveServer, page: Page
) -> None:
    rapid, interclub = _march()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/calendrier/?mois=2027-03")
    expect(page.locator("#month-grid")).to_be_hidden()
    agenda = page.locator("#month-agenda")
    expect(agenda).to_be_visible()
    expect(agenda.locator("h3")).to_have_text(["dimanche 14 mars", "vendredi 19 mars"])
    for event in (interclub, rapid):
        link = agenda.get_by_role("link", name=event.title, exact=True)
        expect(link).to_be_visible()
        # the whole title shows: nothing cut, nothing outside the screen
        assert link.evaluate("a => a.scrollWidth <= a.clientWidth")
        box = link.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "calendar-390.png", full_page=True)

    agenda.get_by_role("link", name=INTERCLUB, exact=True).click()
    expect(page).to_have_url(f"{live_server.url}{interclub.get_absolute_url()}")


def test_a_wide_screen_keeps_the_month_grid(live_server: LiveServer, page: Page) -> None:
    rapid, interclub = _march()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/calendrier/?mois=2027-03")
    expect(page.locator("#month-agenda")).to_be_hidden()
    grid = page.locator("#month-grid")
    expect(grid).to_be_visible()
    # the same links, the Friday and the Sunday columns on the screen
    for event in (interclub, rapid):
        expect(grid.locator(f'a[href="{event.get_absolute_url()}"]')).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "calendar-1280.png", full_page=True)

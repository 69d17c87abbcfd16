"""The TRF import's preview in Chromium, at 1280 and 390 px: the file's kind and time
control corrected before the tournament is saved."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Event
from tests.browser.axe import serious_violations
from tests.browser.session import sign_in_as_new_secretary

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
BBP = Path(__file__).resolve().parents[1] / "fixtures" / "trf" / "bbp_issue_7.trf"


def test_the_trf_preview_corrects_the_event_before_saving(
    live_server: LiveServer, page: Page
) -> None:
    sign_in_as_new_secretary(page, live_server.url)
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/secretariat/trf/importer/")
        page.set_input_files("input[type=file]", str(BBP))
        page.locator("form button[type=submit]").last.click()
        expect(page.locator("#trf-event")).to_be_visible()
        page.screenshot(path=SCREENSHOTS / f"trf-preview-top-{width}.png")
        page.locator("#trf-players summary").click()
        page.screenshot(path=SCREENSHOTS / f"trf-preview-{width}.png", full_page=True)
    assert not Event.objects.exists()
    page.fill("#id_event-title", "Open de Wavre 2026")
    page.select_option("#id_event-kind", "open")
    page.select_option("#id_event-time_control", "rapid")
    page.get_by_role("button", name="Importer le tournoi").click()
    expect(page.locator("h1")).to_contain_text("Open de Wavre 2026")
    event = Event.objects.get()
    assert (event.kind, event.time_control) == ("open", "rapid")

    # the same file again: the preview warns that it is imported already, readably
    page.goto(f"{live_server.url}/secretariat/trf/importer/")
    page.set_input_files("input[type=file]", str(BBP))
    page.locator("form button[type=submit]").last.click()
    expect(page.locator("#already-imported")).to_be_visible()
    expect(page.locator("#already-imported")).to_contain_text("Open de Wavre 2026")
    page.screenshot(path=SCREENSHOTS / "trf-preview-already-1280.png")
    assert serious_violations(page) == []

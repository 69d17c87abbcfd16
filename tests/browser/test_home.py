from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"


def test_a_visitor_reads_the_menu_and_next_events_in_both_languages(
    live_server: LiveServer, page: Page
) -> None:
    call_command("load_demo_club", verbosity=0)
    next_event = Event.objects.public().upcoming()[0]

    page.goto(live_server.url)
    menu = page.locator("#main-menu")
    for label in [
        "Accueil",
        "Calendrier",
        "Tournois",
        "Parties",
        "Articles",
        "Membres",
        "Classements",
        "Liens",
        "Contact",
    ]:
        expect(menu.get_by_role("link", name=label, exact=True)).to_be_visible()
    meetings = page.locator("#next-meetings")
    expect(meetings.get_by_role("heading", name="Prochains rendez-vous")).to_be_visible()
    expect(meetings.get_by_text(next_event.title).first).to_be_visible()

    page.locator("#language-switch").get_by_role("link", name="EN").click()
    expect(page).to_have_url(f"{live_server.url}/en/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(menu.get_by_role("link", name="Calendar", exact=True)).to_be_visible()
    expect(meetings.get_by_role("heading", name="Next meetings")).to_be_visible()
    expect(meetings.get_by_text(next_event.title).first).to_be_visible()

    SCREENSHOTS.mkdir(exist_ok=True)
    shot = page.screenshot(path=SCREENSHOTS / "home-en.png", full_page=True)
    assert len(shot) > 10_000

    page.locator("#language-switch").get_by_role("link", name="FR").click()
    expect(page).to_have_url(f"{live_server.url}/")


def test_the_menu_folds_on_a_phone(live_server: LiveServer, page: Page) -> None:
    call_command("load_demo_club", verbosity=0)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url)
    menu = page.locator("#main-menu")
    expect(menu).to_be_hidden()
    page.get_by_role("button", name="Ouvrir le menu").click()
    expect(menu.get_by_role("link", name="Calendrier", exact=True)).to_be_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "home-phone.png", full_page=True)

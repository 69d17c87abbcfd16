"""The registration search in Chromium, at 1280 and 390 px: a known outside player found
by national ID, with both ratings, and registered."""

from pathlib import Path

import pytest
from django.contrib.auth.models import Group, User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Event, Player
from tests.browser.session import sign_in
from tests.club.factories import EventFactory, MemberFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"


def test_a_known_outside_player_is_found_by_id_and_registered(
    live_server: LiveServer, page: Page
) -> None:
    user = User.objects.create_user("secretaire", password="tour-de-table-2026")
    user.groups.add(Group.objects.get(name="secretaries"))
    MemberFactory(
        player__first_name="Zoé",
        player__last_name="Peeters",
        player__fide_rating=1912,
        player__national_rating=1874,
    )
    outsider: Player = PlayerFactory(
        first_name="Jan",
        last_name="Peeters",
        national_id="44710",
        fide_id=212345,
        fide_rating=1702,
        national_rating=1650,
        club_name="KSK Leuven",
    )
    event: Event = EventFactory(title="Open de printemps", system=Event.System.SWISS)
    sign_in(page, live_server.url, "secretaire")
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/")
        page.fill("#member-q", "peet")
        expect(page.locator("#search-results form")).to_have_count(2)
        page.screenshot(path=SCREENSHOTS / f"player-search-name-{width}.png", full_page=True)
        page.fill("#member-q", "44710")
        expect(page.locator("#search-results form")).to_have_count(1)
        expect(page.locator("#search-results")).to_contain_text("FIDE 1702 · nationale 1650")
        page.screenshot(path=SCREENSHOTS / f"player-search-id-{width}.png", full_page=True)
    page.locator("#search-results button").click()
    expect(page.locator("#participants")).to_contain_text("Jan Peeters")
    assert event.participants.get().player == outsider


def test_a_listed_player_is_found_by_name_and_fide_id_and_registered_once(
    live_server: LiveServer, page: Page
) -> None:
    from datetime import date

    from tests.ratings.listed import COMBINED, load

    user = User.objects.create_user("secretaire", password="tour-de-table-2026")
    user.groups.add(Group.objects.get(name="secretaries"))
    load(COMBINED, day=date(2026, 8, 1))  # FIDE's August 2026 list (Leko's real line)
    event: Event = EventFactory(title="Open d'automne", system=Event.System.SWISS)
    sign_in(page, live_server.url, "secretaire")
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/")
        page.fill("#member-q", "leko")
        expect(page.locator("#search-results .found-list")).to_have_text(
            "de la liste FIDE (août 2026)"
        )
        page.screenshot(path=SCREENSHOTS / f"listed-search-name-{width}.png", full_page=True)
        page.fill("#member-q", "1503014")
        expect(page.locator("#search-results")).to_contain_text("Carlsen, Magnus")
        expect(page.locator("#search-results")).to_contain_text("FIDE 2831")
        page.screenshot(path=SCREENSHOTS / f"listed-search-id-{width}.png", full_page=True)
    page.locator("#search-results button").click()
    expect(page.locator("#participants")).to_contain_text("Magnus Carlsen")
    carlsen = Player.objects.get(fide_id=1503014)
    assert (carlsen.fide_rating, carlsen.federation, carlsen.title) == (2831, "NOR", "GM")

"""A member's page in Chromium, at 1280 and 390 px: the federation's published figure
beside the site's rating, with the period that makes them differ, inside the card and
never wider than the phone."""

from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Event, Player
from ratings.list_import import import_list_file
from ratings.services import recalculate_all
from tests.club.factories import EventFactory, GameFactory, MemberFactory, RoundFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
LISTS = Path(__file__).resolve().parents[1] / "ratings" / "data" / "lists"
PHONE: ViewportSize = {"width": 390, "height": 844}


def test_the_member_page_shows_the_lists_figure_beside_the_sites(
    live_server: LiveServer, page: Page
) -> None:
    """Ruben Decrop, 2012 on the federation's list of January 2022, beats Benjamin (2190)
    on 14 January: 2021 on the site, +9 since the list (test_member_pages.py)."""
    ruben = Player.objects.create(
        first_name="Ruben", last_name="Decrop", national_id="45608", federation="BEL",
        national_id_federation="BEL",
    )  # fmt: skip
    benjamin = Player.objects.create(
        first_name="Benjamin", last_name="Decrop", national_id="28436", federation="BEL",
        national_id_federation="BEL",
    )  # fmt: skip
    member = MemberFactory(player=ruben)
    import_list_file("frbe", LISTS / "PLAYER_202201.ZIP", list_date=date(2022, 1, 1))
    event = EventFactory(
        title="Open de janvier",
        start=datetime(2022, 1, 14, 18, tzinfo=UTC),
        time_control=Event.TimeControl.STANDARD,
        status=Event.Status.CLOSED,
    )
    GameFactory(round=RoundFactory(event=event), white=ruben, black=benjamin, result="1-0")
    recalculate_all()
    SCREENSHOTS.mkdir(exist_ok=True)
    for name, size in (("wide", {"width": 1280, "height": 900}), ("phone", PHONE)):
        page.set_viewport_size(size)  # type: ignore[arg-type]
        page.goto(f"{live_server.url}/membres/{member.pk}/")
        listed = page.locator("#current-ratings .listed-rating")
        expect(listed).to_contain_text("Liste publiée en janvier 2022")
        expect(listed).to_contain_text("2012")
        expect(listed.locator("li")).to_contain_text("+9")
        card = page.locator("#current-ratings .card", has=page.locator(".listed-rating"))
        box, inner = card.bounding_box(), listed.bounding_box()
        assert box and inner and inner["x"] + inner["width"] <= box["x"] + box["width"] + 1
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= size["width"]
        shot = page.screenshot(path=SCREENSHOTS / f"member-listed-{name}.png", full_page=True)
        assert len(shot) > 10_000

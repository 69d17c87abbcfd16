"""Files a person downloads by clicking: the secretary the Belgian federation's Elo report
from the event's files page (which names the players the federation cannot identify), a
visitor the event's games as PGN from its public page. Screenshots at 1280 and 390 px."""

from datetime import UTC, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Event, Result
from tests.browser.session import sign_in_as_new_secretary
from tests.club.factories import (
    EventFactory,
    GameFactory,
    MemberFactory,
    PlayerFactory,
    RoundFactory,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE: ViewportSize = {"width": 390, "height": 844}
WIDE: ViewportSize = {"width": 1280, "height": 900}


def _event() -> Event:
    event = EventFactory(title="Rapide de novembre", venue="Wavre",
                         start=datetime(2026, 11, 6, 18, 0, tzinfo=UTC))  # fmt: skip
    anne = PlayerFactory(first_name="Anne", last_name="Lejeune", national_id="21430",
                         federation="BEL", national_rating=1850)  # fmt: skip
    zoe = PlayerFactory(first_name="Zoé", last_name="Martin", federation="FRA")
    first = RoundFactory(event=event, number=1, starts_at=event.start)
    GameFactory(round=first, board=1, white=anne, black=zoe, result=Result.DRAW,
                pgn="1. d4 d5 2. c4 e6 1/2-1/2")  # fmt: skip
    return event


def _shots(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    for size, label in ((WIDE, "1280"), (PHONE, "390")):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"{name}-{label}.png", full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} is {width} px wide at {label}"


def test_a_secretary_downloads_the_frbe_report(live_server: LiveServer, page: Page) -> None:
    event = _event()
    sign_in_as_new_secretary(page, live_server.url)
    page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/fichiers/")
    expect(page.get_by_role("status")).to_contain_text("MARTIN Zoé")
    _shots(page, "files-page")
    with page.expect_download() as download:
        page.get_by_role("link", name="Télécharger le rapport Elo FRBE-KBSB").click()
    lines = Path(download.value.path()).read_bytes().decode("latin-1").split("\r\n")
    assert lines[0] == "00A ### Rapide de novembre"
    assert lines[14][14:27] == "Lejeune, Anne" and lines[14][63:68] == "21430"


def test_a_visitor_downloads_an_events_games_as_pgn(live_server: LiveServer, page: Page) -> None:
    event = _event()
    page.goto(f"{live_server.url}/evenements/{event.pk}/")
    _shots(page, "event-page")
    with page.expect_download() as download:
        page.get_by_role("link", name="Télécharger les parties (PGN)").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert '[White "Lejeune, Anne"]' in text and "1. d4 d5 2. c4 e6 1/2-1/2" in text


def test_a_visitor_downloads_a_members_games_as_pgn(live_server: LiveServer, page: Page) -> None:
    event = _event()
    anne = event.rounds.get(number=1).games.get().white
    member = MemberFactory(player=anne)
    page.goto(f"{live_server.url}/membres/{member.pk}/")
    _shots(page, "member-page")
    with page.expect_download() as download:
        page.get_by_role("link", name="Télécharger les parties (PGN)").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert '[Event "Rapide de novembre"]' in text and '[Black "Martin, Zoé"]' in text

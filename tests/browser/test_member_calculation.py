"""A member's oldest rating change: its row comes with the older ones (htmx, a page at a
time), its calculation is not in the page, it comes in one click (htmx), with the
opponents and figures the stored breakdown holds; in French and in English, on a desk
screen and on a phone."""

from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Member
from public.member_games import GAMES_PAGE
from ratings.history import HISTORY_PAGE, change_calculation
from ratings.models import RatingChange
from tests.browser.axe import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
DESK: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.mark.parametrize(("prefix", "total"), [("", "Total"), ("/en", "Total")])
def test_an_older_calculation_opens_in_one_click(
    live_server: LiveServer, page: Page, prefix: str, total: str
) -> None:
    call_command("load_demo_club", verbosity=0)
    member = next(m for m in Member.objects.public() if m.player.rating_changes.count() >= 3)
    change = (
        RatingChange.objects.filter(player=member.player, games__gt=0)
        .order_by("batch__day", "pk")
        .first()
    )
    assert change is not None
    lines = change_calculation(change)["games"]
    page.set_viewport_size(DESK)
    page.goto(f"{live_server.url}{prefix}/membres/{member.pk}/")
    calculation = page.locator(f"#calc-{change.batch_id}")
    rows = page.locator("#history .history-row")
    while calculation.count() == 0:  # an older change: its rows come a page at a time
        shown = rows.count()
        page.locator("#history tr.older a").click()
        expect(rows).not_to_have_count(shown)
    expect(calculation).to_be_hidden()
    expect(calculation.locator("tbody tr")).to_have_count(0)  # not in the page yet
    page.locator(f'button[aria-controls="calc-{change.batch_id}"]').click()
    expect(calculation.locator("tbody tr")).to_have_count(len(lines))
    expect(calculation).to_be_visible()
    first = lines[0]["opponent_player"]
    expect(calculation.locator("tbody tr").first).to_contain_text(first.name)
    expect(calculation.locator("tfoot")).to_contain_text(total)
    assert serious_violations(page) == []
    SCREENSHOTS.mkdir(exist_ok=True)
    name = "fr" if not prefix else "en"
    page.screenshot(path=SCREENSHOTS / f"member-calculation-{name}.png", full_page=True)
    page.set_viewport_size(PHONE)
    # on a phone the row fits, its calculation's button within reach without scrolling
    toggle = page.locator(f'button[aria-controls="calc-{change.batch_id}"]').bounding_box()
    assert toggle is not None and toggle["x"] + toggle["width"] <= PHONE["width"]
    # and the calculation's change column shows without scrolling (issue #40: it was
    # off the screen, behind the expected score and the note)
    change_cell = calculation.locator("tfoot tr").first.locator("td:visible").last.bounding_box()
    assert change_cell is not None
    assert change_cell["x"] + change_cell["width"] <= PHONE["width"]
    assert serious_violations(page) == []
    page.screenshot(path=SCREENSHOTS / f"member-calculation-{name}-phone.png", full_page=True)


def test_older_changes_and_games_come_in_place(live_server: LiveServer, page: Page) -> None:
    """The member's page shows the newest changes and games; "older" adds the next page's
    rows in place (htmx), with their calculations openable, without leaving the page."""
    call_command("load_demo_club", seasons=4, verbosity=0)
    member = next(
        m
        for m in Member.objects.public()
        if m.player.rating_changes.count() > HISTORY_PAGE
        and m.player.games_as_white.count() + m.player.games_as_black.count() > GAMES_PAGE
    )
    url = f"{live_server.url}/membres/{member.pk}/"
    page.set_viewport_size(DESK)
    page.goto(url)
    changes = page.locator("#history .history-row")
    games = page.locator("#member-games tbody tr:not(.older)")
    expect(changes).to_have_count(HISTORY_PAGE)
    expect(games).to_have_count(GAMES_PAGE)
    page.locator("#history tr.older a").click()
    expect(changes).not_to_have_count(HISTORY_PAGE)
    older = changes.last
    older.locator("button").click()
    calculation = page.locator(f"#{older.locator('button').get_attribute('aria-controls')}")
    expect(calculation.locator("tfoot")).to_contain_text("Total")
    page.locator("#member-games tr.older a").click()
    expect(games).not_to_have_count(GAMES_PAGE)
    assert page.url == url
    assert serious_violations(page) == []

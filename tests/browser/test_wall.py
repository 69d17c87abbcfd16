"""The wall display on a projector, from 1024×768 to 1920×1080: the page is the screen
(no scroll bar either way), the type is large enough for the back of the hall, and every
board and every player of a 41-player evening comes up in turn as the pages of each table
turn (static/desk/wall.js), the round's starting time in the heading; the page a table
shows survives the wall's refresh.

The browser's clock is the test's: stopped, it moves only when the test runs it, so that
a page turns when the test says and not when a slow machine takes its time."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Bye, Event, Game, Participant, Player, Result
from desk.views.printing import WALL_PAGE_SECONDS
from tests.browser.session import sign_in_as_new_secretary
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"

# the rows of each table the screen shows, fully inside the viewport and its box
SHOWN = """() => {
  const inside = (row) => {
    const box = row.getBoundingClientRect();
    const pager = row.closest(".wall-pager").getBoundingClientRect();
    return !row.hidden && box.height > 0 && box.top >= pager.top - 1
      && box.bottom <= pager.bottom + 1 && box.bottom <= window.innerHeight
      && box.left >= 0 && box.right <= window.innerWidth;
  };
  const texts = (id) => [...document.querySelectorAll(`#${id} tbody tr`)]
    .filter(inside).map((row) => row.innerText.replace(/\\s+/g, " ").trim());
  return {pairings: texts("wall-pairings"), standings: texts("wall-standings")};
}"""


def _open_wall(page: Page, url: str, event: Event, *, refresh: bool) -> None:
    """The wall of ``event``, its clock stopped; without ``refresh`` its own refresh every
    30 s (htmx, a request) is refused: the pages turn and nothing else changes them."""
    page.clock.install(time=datetime(2026, 11, 26, 18, 0, tzinfo=UTC))
    page.clock.pause_at(datetime(2026, 11, 26, 18, 1, tzinfo=UTC))
    if not refresh:
        page.route(
            "**/affichage/",
            lambda route: (
                route.abort() if route.request.headers.get("hx-request") else route.continue_()
            ),
        )
    page.goto(f"{url}/secretariat/evenements/{event.pk}/affichage/")
    page.wait_for_load_state("load")


def _page_label(page: Page, table: str) -> str:
    return page.locator(f'[data-page-of="{table}"]').inner_text()


def _evening() -> Event:
    """41 players, some with long names; round 1 played (20 draws, a bye), round 2 paired
    for 19:30 (20 boards and a bye)."""
    event: Event = EventFactory(
        title="Rapide du jeudi", system=Event.System.SWISS, kind=Event.Kind.RAPID
    )
    players: list[Player] = [
        PlayerFactory(
            first_name=f"Joueuse{n:02d}" if n % 5 else f"Marie-Antoinette{n:02d}",
            last_name=f"Nom{n:02d}" if n % 7 else f"de La Tour d'Auvergne{n:02d}",
        )
        for n in range(41)
    ]
    for number, player in enumerate(players, 1):
        Participant.objects.create(event=event, player=player, number=number, rating=2000 - number)
    one = event.rounds.create(number=1)
    two = event.rounds.create(number=2, starts_at=datetime(2026, 11, 26, 18, 30, tzinfo=UTC))
    for round_, shift, result in ((one, 0, Result.DRAW), (two, 1, Result.PENDING)):
        Game.objects.bulk_create(
            Game(
                round=round_,
                board=board + 1,
                white=players[(2 * board + shift) % 41],
                black=players[(2 * board + shift + 1) % 41],
                result=result,
            )
            for board in range(20)
        )
        Bye.of_kind(
            Bye.Kind.PAIRING_ALLOCATED, round=round_, player=players[(40 + shift) % 41]
        ).save()
    return event


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1280, 800), (1920, 1080)])
def test_it_shows_every_board_and_player_in_turn_on_a_projector(
    live_server: LiveServer, page: Page, width: int, height: int
) -> None:
    event = _evening()
    sign_in_as_new_secretary(page, live_server.url)
    page.set_viewport_size({"width": width, "height": height})
    _open_wall(page, live_server.url, event, refresh=False)
    expect(page.locator("#wall-round")).to_contain_text("Ronde 2 · début à 19:30")

    # no heading or cell spills out of its column
    spilled = page.evaluate(
        """() => [...document.querySelectorAll(".wall-table th, .wall-table td")]
          .filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.innerText)"""
    )
    assert spilled == []
    # and the headings of the tables keep their words whole, on one line
    broken = page.evaluate(
        """() => [...document.querySelectorAll(".wall-table th")].filter((th) => {
          const range = document.createRange();
          range.selectNodeContents(th);
          return range.getClientRects().length > 1;
        }).map((th) => th.innerText)"""
    )
    assert broken == []
    # the page is the screen: neither scrolls
    sizes = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert sizes[0] <= width and sizes[1] <= height, sizes
    # read from the back of the hall: at least 19 px on the smallest projector
    cell = page.locator("#wall-standings tbody td.name").first
    assert float(cell.evaluate("c => parseFloat(getComputedStyle(c).fontSize)")) >= 19

    everyone = {
        "pairings": page.locator("#wall-pairings tbody tr").count(),
        "standings": page.locator("#wall-standings tbody tr").count(),
    }
    assert everyone == {"pairings": 21, "standings": 41}
    seen: dict[str, set[str]] = {"pairings": set(), "standings": set()}
    turns = 0
    while any(len(seen[t]) < everyone[t] for t in seen) and turns < 12:
        shown = page.evaluate(SHOWN)
        assert shown["pairings"] and shown["standings"]
        for table, rows in shown.items():
            seen[table].update(rows)
        if turns == 0:
            page.screenshot(path=SCREENSHOTS / f"wall-{width}x{height}.png")
        page.clock.run_for(WALL_PAGE_SECONDS * 1000)
        turns += 1
    assert {t: len(rows) for t, rows in seen.items()} == everyone
    assert any("de La Tour d'Auvergne07" in row for row in seen["standings"])
    if width == 1024:
        # 41 players do not fit a 768-pixel screen: pages, and the heading says which
        assert turns > 1
        expect(page.locator('[data-page-of="wall-standings"]')).to_contain_text(" / ")
    # after the last page the first comes back
    pages = int(_page_label(page, "wall-standings").split(" / ")[1] or 1)
    first = page.locator("#wall-standings tbody tr").first
    for _turn in range(pages):
        if first.is_visible():
            break
        page.clock.run_for(WALL_PAGE_SECONDS * 1000)
    expect(first).to_be_visible()
    sizes = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert sizes[0] <= width and sizes[1] <= height, sizes


def test_the_page_shown_survives_the_refresh(live_server: LiveServer, page: Page) -> None:
    event = _evening()
    sign_in_as_new_secretary(page, live_server.url)
    page.set_viewport_size({"width": 1024, "height": 768})
    _open_wall(page, live_server.url, event, refresh=True)
    # two turns (24 s): the third page of the standings
    page.clock.run_for(2 * WALL_PAGE_SECONDS * 1000)
    assert _page_label(page, "wall-standings").startswith("3 / ")
    shown = page.evaluate(SHOWN)["standings"]
    # a result typed at the desk meanwhile: the refresh, due at 30 s, brings it
    game = Game.objects.get(round__event=event, round__number=2, board=1)
    game.result = Result.WHITE_WINS
    game.save()
    with page.expect_response(lambda answer: bool(answer.request.headers.get("hx-request"))):
        page.clock.run_for(30_000 - 2 * WALL_PAGE_SECONDS * 1000)
    result = page.locator("#wall-pairings tbody tr").first.locator("td").nth(2)
    expect(result).to_have_text("1-0")
    page.clock.run_for(100)  # htmx settles the new content 20 ms after the swap
    # the same page of the standings, not the first again
    assert _page_label(page, "wall-standings").startswith("3 / ")
    assert page.evaluate(SHOWN)["standings"] == shown
    expect(page.locator("#wall-standings tbody tr").first).to_be_hidden()

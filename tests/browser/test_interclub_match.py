"""An interclub match of eight boards in Chromium, as the secretary runs it: a division,
the match, our line-up chosen among the members, the visitors' typed by name and rating,
every board's result typed with the keyboard on the desk's result page, then the team
result on the match's public page and the division's standings."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Game, Player, Result
from interclub.models import TeamMatch
from tests.browser.session import sign_in_as_new_secretary
from tests.club.factories import MemberFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
OURS = ["Dubois", "Lambert", "Peeters", "Janssens", "Maes", "Jacobs", "Willems", "Claes"]
THEIRS = [
    ("Dupont", "Marc", 2080), ("Lemaire", "Julie", 2010), ("Renard", "Paul", 1960),
    ("Collin", "Anne", 1880), ("Masson", "Luc", 1830), ("Gillet", "Emma", 1790),
    ("Hubert", "Louis", 1700), ("Leroy", "Chloé", 1600),
]  # fmt: skip
# White's result by board; Wavre (home) has white on the odd boards:
#   1: 1 Wavre, 2: 1 Namur, 3: = , 4: 0 Wavre, 5: 0 Namur, 6: =, 7: 1 Wavre, 8: - Wavre
#   Wavre 1+0+½+1+0+½+1+1 = 5, Namur 3: match points 2 - 0.
KEYS = ["1", "1", "=", "0", "0", "=", "1", "-"]


def _shots(page: Page, name: str) -> None:
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=SCREENSHOTS / f"interclub-{name}-{width}.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def _log_in(page: Page, url: str) -> None:
    sign_in_as_new_secretary(page, url)


def test_an_eight_board_interclub_match_from_line_ups_to_the_team_result(
    live_server: LiveServer, page: Page
) -> None:
    for n, name in enumerate(OURS):
        MemberFactory(
            player__last_name=name, player__first_name="Joueur",
            player__national_rating=2100 - 60 * n,
        )  # fmt: skip
    SCREENSHOTS.mkdir(exist_ok=True)
    url = live_server.url
    _log_in(page, url)

    page.goto(f"{url}/secretariat/interclubs/")
    page.locator("#new-division").click()
    page.fill("#id_season", "2026-2027")
    page.fill("#id_name", "Division 3 – série B")
    page.select_option("#id_boards", "8")
    page.fill("#id_our_teams", "Wavre 1")
    page.fill("#id_other_teams", "Namur 2\nLouvain 1\nLiège 3")
    page.locator("#save").click()

    page.select_option("#id_home", label="Wavre 1")
    page.select_option("#id_away", label="Namur 2")
    page.fill("#id_start", "2026-10-11T14:00")
    page.fill("#id_venue", "Wavre")
    page.locator("#save").click()
    expect(page.locator("h1")).to_contain_text("Wavre 1 – Namur 2")

    home = page.locator("#lineup-home")
    for board, name in enumerate(OURS, 1):
        home.locator(f"select[name=player-{board}]").select_option(
            label=f"Joueur {name} ({2100 - 60 * (board - 1)})"
        )
    home.locator("button[type=submit]").click()
    away = page.locator("#lineup-away")
    for board, (last, first, rating) in enumerate(THEIRS, 1):
        away.locator(f"input[name=last-{board}]").fill(last)
        away.locator(f"input[name=first-{board}]").fill(first)
        away.locator(f"input[name=rating-{board}]").fill(str(rating))
    away.locator("button[type=submit]").click()
    expect(page.locator("#boards tbody tr")).to_have_count(8)
    expect(page.locator("#boards tbody tr").nth(0).locator(".white")).to_contain_text("Dubois")
    expect(page.locator("#boards tbody tr").nth(1).locator(".white")).to_contain_text("Lemaire")
    _shots(page, "lineups")
    match = TeamMatch.objects.get()
    assert Player.objects.filter(club_name="Namur", membership__isnull=True).count() == 8

    page.locator("#enter-results").click()
    expect(page.locator(".result-input").first).to_be_focused()
    for key in KEYS:
        page.keyboard.press(key)
    lines = page.locator(".result-line")
    for board in range(8):
        expect(lines.nth(board)).to_have_attribute("data-state", "saved")
    expect(page.locator("#match-points")).to_have_text("5 – 3")
    _shots(page, "results")
    results = Game.objects.filter(round__event=match.event).order_by("board")
    assert [g.result for g in results] == [
        Result.WHITE_WINS, Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS,
        Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS, Result.BLACK_WINS_FORFEIT,
    ]  # fmt: skip

    page.goto(f"{url}/interclubs/matchs/{match.pk}/")
    expect(page.locator("#board-points")).to_have_text("5 – 3")
    expect(page.locator("#match-points")).to_contain_text("2 – 0")
    _shots(page, "match")

    page.goto(f"{url}/interclubs/divisions/{match.division_id}/")
    leader = page.locator("#team-standings tbody tr").first
    expect(leader).to_contain_text("Wavre 1")
    expect(leader.locator("td").nth(6)).to_have_text("2")
    expect(leader.locator("td").nth(7)).to_have_text("5")
    _shots(page, "division")

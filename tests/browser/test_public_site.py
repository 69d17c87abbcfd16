from datetime import date
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Member
from ratings.models import RatingChange

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE: ViewportSize = {"width": 390, "height": 844}


def _shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    assert len(page.screenshot(path=SCREENSHOTS / name, full_page=True)) > 10_000


def test_the_calendar_moves_month_by_month(live_server: LiveServer, page: Page) -> None:
    call_command("load_demo_club", verbosity=0)
    today = timezone.localdate()
    page.goto(f"{live_server.url}/calendrier/")
    title = page.locator("#month-title")
    expect(page.locator('td[aria-current="date"]')).to_contain_text(str(today.day))
    first = title.text_content() or ""
    page.locator("#next-month").click()
    expect(title).not_to_have_text(first)
    page.locator("#previous-month").click()
    expect(title).to_have_text(first)
    page.locator("#previous-month").click()
    expect(page).to_have_url(f"{live_server.url}/calendrier/?mois=" + _previous(today))
    _shot(page, "calendar.png")
    page.set_viewport_size(PHONE)
    _shot(page, "calendar-phone.png")


def _previous(today: date) -> str:
    year, month = (today.year, today.month - 1) if today.month > 1 else (today.year - 1, 12)
    return f"{year}-{month:02d}"


def test_a_member_page_draws_the_chart_and_expands_the_calculation(
    live_server: LiveServer, page: Page
) -> None:
    call_command("load_demo_club", verbosity=0)
    change = RatingChange.objects.filter(player__membership__isnull=False).latest("pk")
    member = Member.objects.get(player=change.player)
    page.goto(f"{live_server.url}/membres/{member.pk}/")
    canvas = page.locator("#rating-chart")
    expect(canvas).to_be_visible()
    drawn = page.evaluate(
        """() => {
            const canvas = document.getElementById('rating-chart');
            const chart = Chart.getChart(canvas);
            const context = canvas.getContext('2d');
            const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
            let painted = 0;
            for (let i = 3; i < pixels.length; i += 4) { if (pixels[i] > 0) painted++; }
            const placed = chart.getDatasetMeta(0).data.filter((p) => Number.isFinite(p.x));
            return {
                points: chart.data.datasets.reduce((n, d) => n + d.data.length, 0),
                placed: placed.length,
                painted,
            };
        }"""
    )
    assert drawn["points"] >= 2 and drawn["placed"] >= 1 and drawn["painted"] > 1000
    calculation = page.locator(f"#calc-{change.batch_id}")
    expect(calculation).to_be_hidden()
    page.locator(f'button[aria-controls="calc-{change.batch_id}"]').click()
    expect(calculation).to_be_visible()
    expect(calculation.locator("tbody tr").first).to_be_visible()
    _shot(page, "member.png")
    page.set_viewport_size(PHONE)
    _shot(page, "member-phone.png")


def test_the_calculator_gives_the_wavre_seed_1489(live_server: LiveServer, page: Page) -> None:
    """Seed 000: 1500 with 30 games; 1600 (1), 1400 (0), 1350 (½), 1800 (0) -> 1489."""
    page.goto(f"{live_server.url}/calculette/")
    page.select_option("#id_system", "frbe")
    page.fill("#id_rating", "1500")
    page.fill("#id_games", "30")
    page.fill("#id_date", "2020-03-01")
    for n, (rating, result) in enumerate(
        [("1600", "1"), ("1400", "0"), ("1350", "0.5"), ("1800", "0")]
    ):
        page.fill(f"#id_opponent_{n}", rating)
        page.select_option(f"#id_result_{n}", result)
    page.get_by_role("button", name="Calculer").click()
    expect(page.locator("#rating-after")).to_have_text("1489")
    expect(page.locator("#calculation tbody tr")).to_have_count(4)
    _shot(page, "calculator.png")


def test_the_board_viewer_steps_through_a_game(live_server: LiveServer, page: Page) -> None:
    call_command("load_demo_club", verbosity=0)
    from club.models import Game

    game = Game.objects.exclude(pgn="")[0]
    page.goto(f"{live_server.url}/parties/{game.pk}/")
    board = page.locator("#board")
    last = board.get_attribute("src")
    page.locator('[data-step="first"]').click()
    expect(board).to_have_attribute("src", f"/parties/{game.pk}/position/0.svg")
    page.keyboard.press("ArrowRight")
    expect(board).to_have_attribute("src", f"/parties/{game.pk}/position/1.svg")
    expect(page.locator("#moves a.move.current")).to_have_text(
        page.locator("#moves a.move").first.inner_text()
    )
    page.locator('[data-step="last"]').click()
    expect(board).to_have_attribute("src", last)
    _shot(page, "game.png")


def test_the_pages_break_no_content_security_policy_rule(
    live_server: LiveServer, page: Page
) -> None:
    call_command("load_demo_club", verbosity=0)
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    member = Member.objects.filter(player__rating_changes__isnull=False)[0]
    for path in ("/", "/calendrier/", f"/membres/{member.pk}/", "/calculette/", "/classements/"):
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("networkidle")
    assert violations == []

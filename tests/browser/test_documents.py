"""Every document an arbiter prints, in Chromium: no serious or critical axe-core
violation, no wider than a 390 px phone (a table scrolls in its own box), photographed at
1280 and 390 px and as printed (Chromium's print media on A4, and its own PDF of the
page: the browser's print keeps to A4 pages). test-results/ keeps the pictures."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Page
from pypdf import PdfReader
from pytest_django.live_server_helper import LiveServer

from club.models import Game, Result
from interclub import services
from interclub.models import Team
from interclub.services import Typed
from tests.browser.axe import serious_violations
from tests.browser.session import sign_in_as_new_secretary
from tests.club.factories import MemberFactory
from tests.desk.test_documents import build_round_robin, build_swiss

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"


def _match_sheet_url(user: User) -> str:
    division = services.create_division(
        "2026-2027", "Division 3", 4, ["Wavre 1"], ["Namur 2"], user
    )
    teams = {t.name: t for t in Team.objects.filter(division=division)}
    match = services.create_match(
        division.pk, teams["Wavre 1"].pk, teams["Namur 2"].pk,
        datetime(2026, 10, 11, 13, 0, tzinfo=UTC), "Wavre", user,
    )  # fmt: skip
    ours = [
        MemberFactory(player__fide_id=20500000 + n, player__national_rating=2000 - 50 * n)
        for n in range(1, 5)
    ]
    services.set_lineup(match.pk, match.home.pk, [Typed(player_id=m.player_id) for m in ours], user)
    theirs = [("Dupont", "Marc", 2080), ("Lemaire", "Julie", 2010), ("Renard", "Paul", 1960)]
    services.set_lineup(
        match.pk, match.away.pk, [Typed(first_name=f, last_name=n, rating=r) for n, f, r in theirs],
        user,
    )  # fmt: skip
    Game.objects.filter(round__event=match.event, board=1).update(result=Result.DRAW)
    return reverse("interclub:desk_match_sheet", args=[match.pk])


def test_every_document_is_accessible_fits_a_phone_and_prints_on_a4(
    live_server: LiveServer, page: Page
) -> None:
    user = sign_in_as_new_secretary(page, live_server.url)
    swiss, round_robin = build_swiss(), build_round_robin()
    round_2 = swiss.rounds.get(number=2)
    documents = {
        "players": reverse("desk:print_players", args=[swiss.pk]),
        "checkin": reverse("desk:print_checkin", args=[swiss.pk]),
        "standings": reverse("desk:print_standings", args=[swiss.pk]),
        "crosstable": reverse("desk:print_crosstable", args=[swiss.pk]),
        "pairings": reverse("desk:pairings_sheet", args=[round_2.pk]),
        "pairings-alpha": reverse("desk:pairings_sheet", args=[round_2.pk]) + "?ordre=alpha",
        "results": reverse("desk:print_results", args=[round_2.pk]),
        "round-robin": reverse("desk:print_table", args=[round_robin.pk]),
        "match-sheet": _match_sheet_url(user),
        "sheets": reverse("desk:sheets", args=[swiss.pk]),
    }
    SCREENSHOTS.mkdir(exist_ok=True)
    violations, too_wide = {}, {}
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 844})
        for name, path in documents.items():
            response = page.goto(f"{live_server.url}{path}")
            assert response is not None and response.status == 200, path
            if found := serious_violations(page):
                violations[f"{name} at {width}"] = found
            scroll_width = page.evaluate("document.documentElement.scrollWidth")
            if scroll_width > width:
                too_wide[f"{name} at {width}"] = scroll_width
            page.screenshot(path=SCREENSHOTS / f"print-{name}-{width}.png", full_page=True)
    assert not violations, violations
    assert not too_wide, too_wide

    # as printed: no menu nor buttons, the page's own A4 (landscape for the wide ones)
    page.set_viewport_size({"width": 1280, "height": 844})
    page.emulate_media(media="print")
    for name, path in documents.items():
        if name == "sheets":
            continue
        page.goto(f"{live_server.url}{path}")
        assert not page.locator(".site-header").is_visible()
        assert not page.locator("#print-button").is_visible()
        page.screenshot(path=SCREENSHOTS / f"print-{name}-printed.png", full_page=True)
        reader = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))
        box = reader.pages[0].mediabox
        landscape = name in ("players", "crosstable")
        assert (round(box.width), round(box.height)) == ((842, 595) if landscape else (595, 842))
        assert len(reader.pages) == 1, name
    page.emulate_media(media="screen")


def test_the_print_button_opens_the_browsers_print(live_server: LiveServer, page: Page) -> None:
    """The "Print" button calls window.print() (static/desk/print.js, no inline script);
    the "PDF" link gives WeasyPrint's file of the same page."""
    sign_in_as_new_secretary(page, live_server.url, language="en")
    swiss = build_swiss()
    page.add_init_script("window.print = () => { window.printed = true; };")
    page.goto(f"{live_server.url}/en{reverse('desk:print_checkin', args=[swiss.pk])}")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.printed") is True
    href = page.locator("#pdf-link").get_attribute("href")
    assert href == "?format=pdf"
    response = page.request.get(
        f"{live_server.url}/en{reverse('desk:print_checkin', args=[swiss.pk])}{href}"
    )
    assert response.headers["content-type"] == "application/pdf"
    assert response.body().startswith(b"%PDF-")

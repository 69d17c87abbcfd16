"""The secretary, in Chromium, defines two categories and three prizes for an open at the
desk, chooses Hort's system, and prints the prize list; the pages on the way, the public
event page and the printed documents have no serious or critical axe-core violation and
fit a 390 px phone, photographed at 1280 and 390 px (test-results/).

The open is ``tests.club.prize_open``'s. By hand, Hort's system: Albert, Fontaine and
Dumont level on 1½ for 100 and 60 keep 50, 30 and 0 and share the other 80: 26.67,
26.67, 26.66; they are paid 76.67, 56.67 and 26.66 (Dumont beyond the two prizes, a
share of the places pooled). The under-12s' 20 € and cup go to Chevalier."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from club.models import ChangeLog, EventCategory, Prize
from tests.browser.axe import serious_violations
from tests.browser.session import sign_in_as_new_secretary
from tests.club.prize_open import prize_open

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"


def _check(page: Page, name: str, problems: dict[str, object]) -> None:
    """axe-core and the page's width at 1280 and 390 px, each photographed."""
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 844})
        if found := serious_violations(page):
            problems[f"{name} at {width}: axe"] = found
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        if scroll_width > width:
            problems[f"{name} at {width}: width"] = scroll_width
        page.screenshot(path=SCREENSHOTS / f"prizes-{name}-{width}.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 844})


def test_the_secretary_defines_categories_and_prizes_and_prints_the_prize_list(
    live_server: LiveServer, page: Page
) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    sign_in_as_new_secretary(page, live_server.url, language="en")
    event = prize_open()
    problems: dict[str, object] = {}
    page.goto(f"{live_server.url}/en{reverse('desk:event', args=[event.pk])}")
    page.get_by_role("link", name="Categories and prizes").click()
    page.wait_for_selector("#category-form")

    page.get_by_label("Hort system").check()
    page.get_by_role("button", name="Save the rules").click()
    page.wait_for_selector("text=The prize rules are saved.")

    for name, kind, age in (("U12", "under", "12"), ("Women", "women", "")):
        page.fill("#id_name", name)
        page.select_option("#id_kind", kind)
        page.fill("#id_age", age)
        page.get_by_role("button", name="Add the category").click()
        page.wait_for_selector(f"text=The category “{name}” is added.")
    assert list(EventCategory.objects.values_list("name", "kind", "age")) == [
        ("U12", "under", 12),
        ("Women", "women", None),
    ]

    # a bad prize first: the 2nd place before the 1st, refused on its field
    page.fill("#id_place", "2")
    page.fill("#id_amount", "60")
    page.get_by_role("button", name="Save the prize").click()
    page.wait_for_selector("text=Places follow each other: the next one of this list is 1.")
    assert not Prize.objects.exists()
    _check(page, "desk-refused", problems)

    for category, place, amount, description in (
        ("Overall standings", "1", "100", ""),
        ("Overall standings", "2", "60", ""),
        ("U12", "1", "20", "Cup"),
    ):
        page.select_option("#id_category", label=category)
        page.fill("#id_place", place)
        page.fill("#id_amount", amount)
        page.fill("#id_description", description)
        page.get_by_role("button", name="Save the prize").click()
        page.wait_for_selector("text=The prize is saved.")
    assert Prize.objects.count() == 3
    assert ChangeLog.objects.filter(action="prize_set").count() == 3
    _check(page, "desk", problems)

    page.get_by_role("link", name="Print the prize list").click()
    page.wait_for_selector("#prize-table-overall")
    overall = page.locator("#prize-table-overall").inner_text()
    for text in ("Marc Albert", "76.67 €", "Paul Fontaine", "56.67 €", "Anne Dumont", "26.66 €"):
        assert text in overall, text
    u12 = page.locator(f"#prize-table-{EventCategory.objects.get(name='U12').pk}").inner_text()
    assert "Léo Chevalier" in u12 and "20 € Cup" in u12
    _check(page, "print", problems)
    page.emulate_media(media="print")
    assert not page.locator("#print-button").is_visible()
    page.screenshot(path=SCREENSHOTS / "prizes-print-printed.png", full_page=True)
    page.emulate_media(media="screen")
    pdf = page.request.get(page.url + "?format=pdf")
    assert pdf.headers["content-type"] == "application/pdf"
    (SCREENSHOTS / "prizes-list.pdf").write_bytes(pdf.body())

    for name, url in (
        ("categories", reverse("desk:print_categories", args=[event.pk])),
        ("standings", reverse("desk:standings", args=[event.pk])),
        ("public", reverse("event", args=[event.pk])),
    ):
        page.goto(f"{live_server.url}/en{url}")
        if name == "public":
            for summary in page.locator("summary").all():
                summary.click()  # the categories unfolded
        _check(page, name, problems)
    assert not problems, problems

"""A page as the accessibility walks check it: at 1280 px and at 390 px (the page laid out
again in the same tab, not loaded twice), axe-core's serious and critical violations, the
document no wider than the phone (tables scroll in their own box), and a screenshot at each
width into the folder ``WALK_SHOTS`` names, when it is set (looked at when a page
changes; the suite's runs take none; pytest-playwright empties ``test-results/`` at each
run, so a folder outside it keeps them)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Page, ViewportSize

from tests.browser.axe import SOURCE, serious_violations

SHOTS = Path(os.environ.get("WALK_SHOTS") or Path(__file__).resolve().parents[2] / "test-results")
DESK: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
WIDER_THAN_THE_SCREEN = """() => [...document.querySelectorAll("body *")]
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1
    && !e.closest(".table-responsive"))
  .map((e) => `${e.tagName}#${e.id}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)
  .slice(0, 4)"""


def shot_name(path: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-") or "home"


def prepare(page: Page) -> None:
    """axe-core loaded with every document the page opens (a third quicker than after);
    reduced motion asked for, as a person may, so that Bootstrap's colour transitions
    (a button the mouse leaves as the page is laid out again) are measured at their end."""
    page.add_init_script(SOURCE)
    page.emulate_media(reduced_motion="reduce")


def check(page: Page, name: str, sizes: tuple[ViewportSize, ...] = (DESK, PHONE)) -> list[str]:
    """What is wrong with the page shown, at each size in turn (left at the last one): its
    axe violations, and at a phone's width what sticks out of the screen."""
    found = []
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size in sizes:
        page.set_viewport_size(size)
        width = size["width"]
        found += [f"{width} px: {v}" for v in serious_violations(page)]
        if width <= 390 and page.evaluate("document.documentElement.scrollWidth") > width:
            wider = page.evaluate(WIDER_THAN_THE_SCREEN)
            found.append(f"{width} px: wider than the screen: {wider}")
        if "WALK_SHOTS" in os.environ:
            page.screenshot(path=SHOTS / f"{name}-{width}.png", full_page=True)
    return found


def visit(page: Page, url: str, name: str, status: int = 200) -> list[str]:
    """Open ``url`` (answered with ``status``) and check it."""
    response = page.goto(url)
    assert response is not None and response.status == status, (url, response and response.status)
    return check(page, name)


CUE = """(box) => {
  const style = getComputedStyle(box);
  return {
    start: style.getPropertyValue("--scroll-cue-start"),
    end: style.getPropertyValue("--scroll-cue-end"),
    overflows: box.scrollWidth > box.clientWidth,
  };
}"""


def scroll_cue(page: Page, selector: str) -> dict[str, object]:
    """The fades on the scroll box ``selector``'s edges (``static/club/site.css``): how wide
    each is in CSS pixels (0px: none), and whether the box's content is wider than it."""
    return dict(page.locator(selector).first.evaluate(CUE))


def scroll_to_the_end(page: Page, selector: str) -> None:
    page.locator(selector).first.evaluate("(box) => { box.scrollLeft = box.scrollWidth; }")


def expect_cue(page: Page, selector: str, wanted: dict[str, object]) -> None:
    """The fades as ``wanted``, once the page has drawn its next frames (two seconds at
    most)."""
    for _attempt in range(40):
        if scroll_cue(page, selector) == wanted:
            return
        page.wait_for_timeout(50)
    assert scroll_cue(page, selector) == wanted

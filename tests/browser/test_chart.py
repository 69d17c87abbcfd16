"""The rating chart in Chromium: a rating holds from one change to the next, so each
line is drawn in steps, level until the day of the change (Chart.js's ``stepped:
"before"``: "after" drew the new rating from the day after the previous change), never
smoothed (no Bézier control points: a flat rating looks flat, not a slope); a rating
known once is drawn as a level line, not a lone dot; the axis ends today."""

import json

import pytest
from django.core.management import call_command
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from club.models import Member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CONTROL_POINTS = """() => {
  const chart = Chart.getChart(document.getElementById("rating-chart"));
  return chart.data.datasets.map((dataset, i) => ({
    count: dataset.data.length,
    stepped: chart.getDatasetMeta(i).dataset.options.stepped,
    tension: chart.getDatasetMeta(i).dataset.options.tension,
    points: chart.getDatasetMeta(i).data.map(
      (p) => ({y: p.y, before: p.cp1y ?? null, after: p.cp2y ?? null})),
  }));
}"""


# Between two changes of different ratings, the colour of the canvas half-way: at the
# earlier rating's height (where the line must be) and at the later one's (where it must
# not be, for the player has not earned it yet)
BETWEEN = """() => {
  const chart = Chart.getChart(document.getElementById("rating-chart"));
  const ratio = chart.currentDevicePixelRatio;
  const pixel = (x, y) => Array.from(
    chart.ctx.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data);
  const seen = [];
  chart.data.datasets.forEach((dataset, i) => {
    const points = chart.getDatasetMeta(i).data;
    for (let k = 1; k < points.length; k++) {
      const [a, b] = [points[k - 1], points[k]];
      if (Math.abs(a.y - b.y) < 8 || b.x - a.x < 16) continue;
      const x = (a.x + b.x) / 2;
      seen.push({colour: dataset.borderColor, level: pixel(x, a.y), later: pixel(x, b.y)});
    }
  });
  return seen;
}"""


def _near(pixel: list[int], colour: str) -> bool:
    wanted = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return all(abs(p - w) <= 48 for p, w in zip(pixel[:3], wanted, strict=True))


def _series(page: Page) -> list[dict]:
    return json.loads(page.locator("#rating-chart-data").text_content() or "[]")


def test_the_line_is_stepped_and_a_single_rating_is_a_level_line(
    live_server: LiveServer, page: Page
) -> None:
    call_command("load_demo_club", verbosity=0)
    chosen = None
    for member in Member.objects.public():
        page.goto(f"{live_server.url}{member.get_absolute_url()}")
        counts = [len(s["points"]) for s in _series(page)]
        if 1 in counts and max(counts) >= 4:
            chosen = counts
            break
    assert chosen is not None, "the demo club has a member with one national rating"
    page.wait_for_function(
        "() => window.Chart && Chart.getChart(document.getElementById('rating-chart'))"
    )
    # the figures as the page writes them (lib/numbers.py): "1515,6", "−3,25", "1500"
    chart = "Chart.getChart(document.getElementById('rating-chart'))"
    assert page.evaluate(f"{chart}.options.locale") == "fr"
    tooltip = page.evaluate(
        f"""{chart}.options.plugins.tooltip.callbacks.label({{
            dataset: {{label: "Elo"}},
            raw: {{y: 1515.6, change: -3.25, x: Date.UTC(2026, 0, 15)}},
        }})"""
    )
    assert tooltip == "Elo: 1515,6 (\u22123,25) · 15 janv. 2026"
    rise = f"{chart}.options.plugins.tooltip.callbacks.label({{dataset: {{label: 'Elo'}}, "
    rise += "raw: {y: 1500, change: 12, x: Date.UTC(2026, 0, 15)}})"
    assert page.evaluate(rise).startswith("Elo: 1500 (+12)")
    assert page.evaluate(f"{chart}.options.scales.y.ticks.callback(2025)") == "2025"
    drawn = page.evaluate(CONTROL_POINTS)
    for dataset, count in zip(drawn, chosen, strict=True):
        points = dataset["points"]
        assert dataset["stepped"] == "before" and dataset["tension"] == 0
        # no curve: Chart.js computes no control point for a stepped line
        assert all(p["before"] is None and p["after"] is None for p in points)
        if count == 1:
            assert dataset["count"] == 2 and points[0]["y"] == points[1]["y"]
    steps = page.evaluate(BETWEEN)
    assert steps, "the chosen member's rating changed at least once"
    # the line is at the earlier rating half-way to the change (another system's line may
    # cross it there), never at the later one
    assert sum(_near(step["level"], step["colour"]) for step in steps) >= len(steps) / 2
    assert not any(_near(step["later"], step["colour"]) for step in steps)
    # the axis ends today, whatever the day of an estimated rating
    latest = page.evaluate(f"{chart}.scales.x.max")
    now = page.evaluate("Date.now()")
    assert now - 86_400_000 < latest <= now

"""The rating chart in Chromium: the smoothed line never overshoots between two points
(its Bézier control points stay within their neighbours' values: monotone cubic
interpolation), and a rating known once is drawn as a level line, not a lone dot."""

import json
from itertools import pairwise

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
    points: chart.getDatasetMeta(i).data.map((p) => ({y: p.y, before: p.cp1y, after: p.cp2y})),
  }));
}"""


def _series(page: Page) -> list[dict]:
    return json.loads(page.locator("#rating-chart-data").text_content() or "[]")


def test_the_line_does_not_overshoot_and_a_single_rating_is_a_level_line(
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
    drawn = page.evaluate(CONTROL_POINTS)
    for dataset, count in zip(drawn, chosen, strict=True):
        points = dataset["points"]
        if count == 1:
            assert dataset["count"] == 2 and points[0]["y"] == points[1]["y"]
            continue
        for left, right in pairwise(points):
            low, high = sorted((left["y"], right["y"]))
            assert low - 0.01 <= left["after"] <= high + 0.01
            assert low - 0.01 <= right["before"] <= high + 0.01

"""FIDE Rating Regulations 2024, 7.2.1: "Players whose ratings drop below 1400 are shown as
unrated on the next list. Thereafter they are treated as unrated players." The issue's
request through the calculator's four doors: 1410 loses three games to 1410, We = 0.50
each: 1410 + 20 × (0 − 1.5) = 1380, under 1400: unrated, not 1400."""

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from ratings.calculator import calculate

pytestmark = pytest.mark.django_db

REQUEST = {
    "system": "fide",
    "date": "2026-01-15",
    "player": {"rating": 1410, "games": 100},
    "games": [{"opponent": 1410, "score": 0}] * 3,
}
NOTE = (
    "1380 is below the rating floor 1400: unrated on the next list, then treated as an "
    "unrated player"
)


def _check(answer: dict[str, Any]) -> None:
    assert answer["status"] == "unrated"
    assert answer["rating_after"] is None
    assert answer["change"] is None
    assert answer["rating_exact"] is None  # the contract: "the same before the final rounding"
    assert NOTE in answer["notes"]


def test_the_function_answers_unrated_below_1400() -> None:
    _check(calculate(REQUEST))


def test_the_command_answers_unrated_below_1400(tmp_path: Path) -> None:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(REQUEST))
    out = io.StringIO()
    call_command("calculate_rating", str(path), stdout=out)
    _check(json.loads(out.getvalue()))


def test_the_api_answers_unrated_below_1400(client: Client) -> None:
    response = client.post(
        "/api/ratings/calculate", data=json.dumps(REQUEST), content_type="application/json"
    )
    assert response.status_code == 200
    _check(response.json())


def test_the_page_shows_the_player_unrated_below_1400(client: Client) -> None:
    form = {"system": "fide", "rating": "1410", "games": "100", "date": "2026-01-15"}
    for n in range(3):
        form |= {f"opponent_{n}": "1410", f"result_{n}": "0"}
    response = client.post(reverse("ratings:calculator"), form)
    _check(response.context["answer"])
    html = response.content.decode()
    assert '<strong id="rating-after">non classé</strong>' in html
    assert "sous le plancher de 1400" in html


@pytest.mark.parametrize(
    ("day", "k", "after"), [("2012-10-10", 15, 2010), ("2014-07-10", 20, 2013)]
)
def test_the_calculator_rates_with_the_regulation_of_the_requests_date(
    day: str, k: int, after: int
) -> None:
    """8.56 before July 2014: "K = 15 as long as a player's rating remains under 2400";
    from July 2014, K = 20. 2000 beats 2100, We = 0.36: 2000 + 15 × 0.64 = 2009.6 → 2010;
    2000 + 20 × 0.64 = 2012.8 → 2013."""
    answer = calculate(
        {
            "system": "fide",
            "date": day,
            "player": {"rating": 2000, "games": 100},
            "games": [{"opponent": 2100, "score": 1}],
        }
    )
    assert (answer["k"], answer["rating_after"]) == (k, after)

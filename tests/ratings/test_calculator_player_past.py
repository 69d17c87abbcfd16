"""The player's past and exact age through the calculator (function, command, API):
FIDE 8.3.3 (2024): « K = 40 for all players until the end of the year of their 18th
birthday, as long as their rating remains under 2300 »; 2014 (8.56): « until their 18th
birthday ». Wins against an equal rating: We = .50 (« 0-3 .50 »)."""

import io
import json
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from ratings.calculator import calculate


def _junior(**player: Any) -> dict[str, Any]:
    return {
        "system": "fide",
        "date": "2025-03-01",
        "player": {"rating": 2280, "games": 40, "birth_date": "2010-05-01", **player},
        "games": [{"opponent": 2280, "score": 1}],
    }


def test_a_junior_who_reached_2300_has_k_20() -> None:
    """Peak 2320: 2280 + 20 × .50 = 2290; never above 2280: 2280 + 40 × .50 = 2300."""
    assert calculate(_junior(peak_rating=2320))["k"] == 20
    assert calculate(_junior(peak_rating=2320))["rating_after"] == 2290
    assert calculate(_junior())["rating_after"] == 2300


@pytest.mark.parametrize(("day", "after"), [("2016-06-14", 2020), ("2016-06-15", 2010)])
def test_in_2016_the_junior_ends_on_the_18th_birthday(day: str, after: int) -> None:
    """Born 15 June 1998, 2000 after 100 games: K 40 on 14 June 2016 (2000 + 20), K 20 on
    the birthday (2000 + 10)."""
    request = {
        "system": "fide",
        "date": day,
        "player": {"rating": 2000, "games": 100, "birth_date": "1998-06-15"},
        "games": [{"opponent": 2000, "score": 1}],
    }
    assert calculate(request)["rating_after"] == after


def test_the_command_and_the_endpoint_read_the_peak(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    request = _junior(peak_rating=2320)
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(request)))
    out = io.StringIO()
    call_command("calculate_rating", "-", stdout=out)
    assert (json.loads(out.getvalue())["k"], json.loads(out.getvalue())["rating_after"]) == (
        20,
        2290,
    )
    response = client.post("/api/ratings/calculate", json.dumps(request), "application/json")
    assert response.status_code == 200 and response.json()["rating_after"] == 2290

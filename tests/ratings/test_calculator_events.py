"""The calculator's optional ``games[].event`` (issue #26; docs/ratings/README.md), through
the function, the command and the endpoint.

2022 regulation, 8.3.1: « In any tournament, a player may benefit from only one upgrade
under this rule, for the game in which the rating difference is greatest. » A 2400 who has
reached 2400 (K 10) beats 1900 and 1950 in June 2022: in one event, the 500 counts as 400,
We = .92 (« 392-411 .92 »), the 450 as it is, We = .94 (« 433-456 .94 »): 10 × (.08 +
.06) = 1.4 → 2401; in two events, both at .92: 1.6 → 2402; without ``event``, the games
are one event.
"""

import io
import json
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from ratings.calculator import calculate
from ratings.calculator_request import CalculationError


def _request(*events: object, day: str = "2022-06-30") -> dict[str, Any]:
    games: list[dict[str, Any]] = [
        {"opponent": 1900, "score": 1},
        {"opponent": 1950, "score": 1},
    ]
    for game, event in zip(games, events, strict=False):
        game["event"] = event
    return {
        "system": "fide",
        "date": day,
        "player": {"rating": 2400, "games": 200, "peak_rating": 2400},
        "games": games,
    }


@pytest.mark.parametrize(
    ("events", "after", "expected"),
    [
        (("open", "open"), 2401, [0.92, 0.94]),
        ((), 2401, [0.92, 0.94]),
        (("open", "rapid"), 2402, [0.92, 0.92]),
        ((1, 2), 2402, [0.92, 0.92]),
    ],
)
def test_the_400_point_rule_benefits_one_game_per_event_in_2022(
    events: tuple[object, ...], after: int, expected: list[float]
) -> None:
    answer = calculate(_request(*events))
    assert answer["rating_after"] == after
    assert [g["expected"] for g in answer["games"]] == expected


def test_from_march_2024_both_games_are_capped() -> None:
    assert calculate(_request("open", "open", day="2024-06-30"))["rating_after"] == 2402


def test_a_first_rating_before_2014_averages_each_events_ru() -> None:
    """Seed 001: « la moyenne pondérée des Ru de chaque tournoi ». 2013: six games against
    2000 with 3 points (Ru 2000), three wins against 1800 in another event (Ru = 1800 + 20
    × 3 = 1860): (2000 × 6 + 1860 × 3) / 9 = 1953.3 → 1953."""
    games = [{"opponent": 2000, "score": s, "event": "a"} for s in (1, 0) * 3]
    games += [{"opponent": 1800, "score": 1, "event": "b"}] * 3
    answer = calculate({"system": "fide", "date": "2013-06-30", "games": games})
    assert (answer["rating_after"], answer["status"]) == (1953, "rated")


@pytest.mark.parametrize("event", [True, {"name": "x"}, "x" * 201])
def test_a_bad_event_is_refused_by_name(event: object) -> None:
    with pytest.raises(CalculationError) as error:
        calculate(_request(event))
    assert error.value.field == "games[0].event"


def test_the_command_and_the_endpoint_read_the_events(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(_request("a", "b"))))
    out = io.StringIO()
    call_command("calculate_rating", "-", stdout=out)
    assert json.loads(out.getvalue())["rating_after"] == 2402
    body = json.dumps(_request("a", "a"))
    response = client.post("/api/ratings/calculate", body, "application/json")
    assert response.status_code == 200 and response.json()["rating_after"] == 2401
    bad = client.post("/api/ratings/calculate", json.dumps(_request([1])), "application/json")
    assert bad.status_code == 400 and bad.json()["field"] == "games[0].event"

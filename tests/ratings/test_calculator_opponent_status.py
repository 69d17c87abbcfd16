"""The calculator's optional ``games[].status`` (issue #26; docs/ratings/README.md), through
the function, the command and the endpoint.

Seed 000: « Les parties contre des joueurs non classés ne sont pas prises en compte »; a
provisional rating (10 to 19 games) is not yet « la première cote ». A 1600 with 30 games
(K 32) losing to a 1500: counted, 100 points, We = .64 (« 99-106 .64 »), 1600 + 32 × (0 −
.64) = 1579.52 → 1580; against a provisional 1500, not counted: 1600.
"""

import io
import json
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from ratings.calculator import calculate
from ratings.calculator_request import CalculationError

LOSS_TO_1500: dict[str, Any] = {
    "system": "frbe",
    "date": "2025-03-01",
    "player": {"rating": 1600, "games": 30},
    "games": [{"opponent": 1500, "score": 0}],
}


def _with_status(status: object, opponent: float | None = 1500) -> dict[str, Any]:
    game: dict[str, Any] = {"opponent": opponent, "score": 0}
    if status is not None:
        game["status"] = status
    return {**LOSS_TO_1500, "games": [game]}


def test_it_does_not_count_a_loss_to_a_provisional_newcomer() -> None:
    answer = calculate(_with_status("provisional"))
    assert (answer["rating_after"], answer["change"]) == (1600, 0)
    assert answer["games"][0]["counted"] is False
    assert answer["games"][0]["opponent"] == 1500
    assert answer["games"][0]["note"] == (
        "opponent provisional (not rated before 20 games): not counted"
    )


@pytest.mark.parametrize("status", [None, "rated"])
def test_a_rated_opponent_counts_as_before(status: str | None) -> None:
    answer = calculate(_with_status(status))
    assert (answer["rating_exact"], answer["rating_after"]) == (1579.52, 1580)


def test_an_unrated_status_with_a_rating_shows_it_and_does_not_count() -> None:
    """Seed 000: the game against an unrated player is not counted; its rating is shown."""
    answer = calculate(_with_status("unrated"))
    assert answer["rating_after"] == 1600
    assert (answer["games"][0]["opponent"], answer["games"][0]["counted"]) == (1500, False)


def test_a_provisional_opponent_counts_where_the_system_has_no_such_rule() -> None:
    """FIDE rates against every rated opponent (seed 001). 1600 (K 20 from 2014, 30 games
    done) loses to a 1500: 1600 + 20 × (0 − .64) = 1587.2 → 1587."""
    request = {**_with_status("provisional"), "system": "fide"}
    answer = calculate(request)
    assert (answer["k"], answer["rating_after"]) == (20, 1587)


@pytest.mark.parametrize(
    ("request_", "field", "words"),
    [
        (_with_status("established"), "games[0].status", "one of 'rated', 'provisional' or"),
        (_with_status(3), "games[0].status", "status is one of 'rated'"),
        (_with_status("provisional", None), "games[0].opponent", "has a rating"),
    ],
)
def test_a_bad_status_is_refused_by_name(request_: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(CalculationError) as error:
        calculate(request_)
    assert error.value.field == field and words in error.value.message


def test_the_command_reads_the_status(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(_with_status("provisional"))))
    out = io.StringIO()
    call_command("calculate_rating", "-", stdout=out)
    answer = json.loads(out.getvalue())
    assert (answer["rating_after"], answer["games"][0]["counted"]) == (1600, False)


def test_the_endpoint_reads_the_status_and_refuses_a_bad_one(client: Client) -> None:
    url = "/api/ratings/calculate"
    ok = client.post(url, json.dumps(_with_status("provisional")), "application/json")
    assert ok.status_code == 200 and ok.json()["rating_after"] == 1600
    bad = client.post(url, json.dumps(_with_status("maybe")), "application/json")
    assert bad.status_code == 400 and bad.json()["field"] == "games[0].status"

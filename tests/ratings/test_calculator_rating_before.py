"""``games[].rating_before``: FIDE rates each event from the list in force when it started
(shared/calculator.md). FIDE's published calculation F-P03 (ratings.fide.com,
``a_indv_calculation.php?id_number=2064871&rating_period=2025-12-01``, as recorded in
zugzwang-foundation/Chess-ELO-Rating, tests/fixtures/fide_calculator/
published_calculations.json): the period of December 2025 holds an event that started on
31 October, rated from the October list (Ro 2499), and two November events rated from the
November list (Ro 2505); K 10; total 2.10 + 2.90 − 3.10 = 1.90; list of December: 2507."""

from typing import Any

import pytest

from ratings.calculator import calculate
from ratings.calculator_request import CalculationError

OCTOBER = "2nd Annual ACA Thanksgiving Open"
NOVEMBER = ["1st Annual Washington Dulles Open", "2025 Northern Virginia Open"]
# (event, opponent's rating as FIDE used it, score), FIDE's order
GAMES = [
    (OCTOBER, 2099, 1), (OCTOBER, 2322, 1), (OCTOBER, 2422, 1), (OCTOBER, 2325, 0.5),
    (OCTOBER, 2255, 0.5),
    (NOVEMBER[0], 2105, 1), (NOVEMBER[0], 2105, 1), (NOVEMBER[0], 2237, 0.5),
    (NOVEMBER[0], 2134, 1), (NOVEMBER[0], 2813, 0.5),
    (NOVEMBER[1], 2105, 1), (NOVEMBER[1], 2105, 1), (NOVEMBER[1], 2105, 1),
    (NOVEMBER[1], 2400, 0), (NOVEMBER[1], 2118, 1),
]  # fmt: skip
# FIDE's published change of each game (W − We)
PUBLISHED = [0.08, 0.27, 0.39, -0.23, -0.30, 0.08, 0.08, -0.33, 0.10, 0.36,
             0.08, 0.08, 0.08, -0.64, 0.09]  # fmt: skip


def _request(october_from: float | None) -> dict[str, Any]:
    games = []
    for event, opponent, score in GAMES:
        game: dict[str, Any] = {"opponent": opponent, "score": score, "event": event}
        if event == OCTOBER and october_from is not None:
            game["rating_before"] = october_from
        games.append(game)
    return {
        "system": "fide",
        "date": "2025-11-23",
        "player": {"rating": 2505, "games": 400, "peak_rating": 2505},
        "games": games,
    }


def test_an_event_rated_from_the_list_in_force_when_it_started_gives_fides_figures() -> None:
    answer = calculate(_request(2499))
    assert [round(g["change"] / 10, 2) for g in answer["games"]] == PUBLISHED
    assert (answer["rating_before"], answer["rating_exact"]) == (2505, 2506.9)
    assert answer["rating_after"] == 2507  # FIDE's list of December 2025
    assert answer["k"] == 10
    assert "an event rated from 2499: the list in force when it started" in answer["notes"]


def test_without_it_the_october_event_is_rated_from_the_november_list() -> None:
    """From 2505 the October games differ from FIDE's: 406 capped at 400 (0.08), 183
    (0.26), 180 (−0.24), 250 (−0.31): the event's 2.10 becomes 1.80."""
    answer = calculate(_request(None))
    october = [round(g["change"] / 10, 2) for g in answer["games"][:5]]
    assert october == [0.08, 0.26, 0.39, -0.24, -0.31]
    assert answer["rating_exact"] == 2506.6


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"system": "frbe"}, "games[0].rating_before", "frbe rates every game from player"),
        ({"player": {"games": 0}}, "games[0].rating_before", "an unrated player has no"),
    ],
)
def test_it_refuses_a_rating_before_the_system_or_player_cannot_have(
    change: dict[str, Any], field: str, message: str
) -> None:
    request = {**_request(2499), **change}
    if change.get("system") == "frbe":
        request["date"] = "2022-11-23"
    with pytest.raises(CalculationError) as refused:
        calculate(request)
    assert refused.value.field == field
    assert refused.value.message.startswith(message)


def test_the_games_of_one_event_share_their_rating_before() -> None:
    request = _request(2499)
    request["games"][2]["rating_before"] = 2490
    with pytest.raises(CalculationError) as refused:
        calculate(request)
    assert refused.value.field == "games[2].rating_before"
    assert "2499 in games[0], 2490 here" in refused.value.message

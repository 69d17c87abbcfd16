import copy
from typing import Any

import pytest
from pytest_django import DjangoAssertNumQueries

from ratings.calculator import calculate
from ratings.calculator_request import CalculationError
from tests.ratings.calculator_requests import FIDE_2606, FQE_DANIEL, FSE_1880, WAVRE, WAVRE_UNRATED


def test_the_wavre_example_of_seed_000() -> None:
    answer = calculate(WAVRE)
    assert answer["rating_before"] == 1500
    assert answer["rating_after"] == 1489
    assert answer["rating_exact"] == 1488.8
    assert answer["change"] == -11
    assert answer["k"] == 32
    assert answer["score"] == 1.5
    assert answer["expected"] == 1.85
    assert answer["performance"]["classical"] == 1451
    assert [g["expected"] for g in answer["games"]] == [0.36, 0.64, 0.7, 0.15]
    assert [g["opponent"] for g in answer["games"]] == [1600, 1400, 1350, 1800]
    assert answer["status"] == "rated"


def test_the_unrated_wavre_example_performs_1451() -> None:
    answer = calculate(WAVRE_UNRATED)
    assert answer["performance"]["classical"] == 1451
    assert (answer["rating_after"], answer["change"], answer["status"]) == (None, None, "unrated")


def test_seed_001_2600_beating_2700() -> None:
    answer = calculate(FIDE_2606)
    assert (answer["rating_exact"], answer["rating_after"], answer["k"]) == (2606.4, 2606, 10)


def test_seed_002_the_1880_player_loses_16_3() -> None:
    answer = calculate(FSE_1880)
    assert round(answer["rating_exact"], 1) == 1863.7
    assert answer["change"] == -16.3


def test_seed_004_daniel_reaches_2012() -> None:
    answer = calculate(FQE_DANIEL)
    assert (answer["rating_after"], answer["expected"]) == (2012, 2.88)
    assert "bonus of 52: gain above 32 points in 8 rounds" in answer["notes"]


def _bad(**changes: Any) -> dict[str, Any]:
    request = copy.deepcopy(WAVRE)
    for path, value in changes.items():
        target: Any = request
        *parents, last = path.split("__")
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return request


@pytest.mark.parametrize(
    ("request_", "field", "message"),
    [
        (_bad(system="uscf"), "system", "system is one of 'fide', 'frbe', 'ffe', 'fqe', 'fse'"),
        (_bad(params={"kk": 3}), "params.kk", "unknown parameter 'kk' for frbe"),
        (
            _bad(params={"difference_cap": -5}),
            "params.difference_cap",
            "difference_cap must be at least 0",
        ),
        (_bad(games__2__score=2), "games[2].score", "a score is 1, 0.5 or 0, not 2"),
        (_bad(games__1__opponent="1400"), "games[1].opponent", "opponent must be a number"),
        (_bad(player__rating="strong"), "player.rating", "rating must be a number"),
        (_bad(games=[]), "games", "games: at least 1 needed, not 0"),
        (_bad(date="01/03/2025"), "date", "'01/03/2025' is not a date"),
        (_bad(rounds=0), "rounds", "rounds must be at least 1"),
        (_bad(player__games=-1), "player.games", "games must be at least 0"),
        (_bad(player__games=2.5), "player.games", "games must be a whole number"),
        (_bad(colour="white"), "colour", "unknown field 'colour'"),
        ([1, 2], "", "the request must be a JSON object"),
    ],
)
def test_a_bad_request_names_what_is_wrong_and_where(
    request_: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(CalculationError) as raised:
        calculate(request_)
    assert raised.value.field == field
    assert raised.value.message.startswith(message)
    assert isinstance(raised.value, ValueError)


def test_the_same_request_gives_the_same_answer() -> None:
    assert calculate(WAVRE) == calculate(copy.deepcopy(WAVRE))


def test_a_calculation_writes_nothing(
    db: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    with django_assert_num_queries(0):
        calculate(FQE_DANIEL)

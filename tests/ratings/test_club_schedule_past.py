"""The club Elo's K schedule with the player's past and exact age, through the calculator,
the administrators' form and a replay (issue #26; docs/ratings/club.md).

Seed 001: « 10 pour les joueurs ayant atteint 2400 Elo » (« même si leur classement
redescend en dessous de 2400 »); « K vaut 40 pour tout joueur jusqu'à son 18e
anniversaire, tant que son classement reste en dessous de 2300 ». Games between equal
ratings: by the logistic formula p(0) = .5, a win gains K × .5.
"""

import json
from datetime import date
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Player
from ratings.calculator import calculate
from ratings.calculator_request import CalculationError
from ratings.models import Rating, RatingChange, RatingSystem
from ratings.params_form import ParamsForm
from ratings.rules.club import KRule
from ratings.services import recalculate
from tests.ratings.conftest import MakeEvent, W

SCHEDULE = [
    {"k": 10, "reached_rating": 2400},
    {"k": 40, "until_year_of_age": 18, "peak_below": 2300},
    {"k": 20},
]


def _request(**player: Any) -> dict[str, Any]:
    return {
        "system": "club",
        "date": "2018-12-31",
        "params": {"k_schedule": SCHEDULE},
        "player": {"rating": 2000, "games": 100, **player},
        "games": [{"opponent": player.get("rating", 2000), "score": 1}],
    }


def test_the_calculator_reads_a_schedule_with_the_past_and_the_year_of_age() -> None:
    """Born 15 June 2000: on 31 December 2018 still « until the end of the year of their
    18th birthday »: K 40, 2000 + 20 = 2020; on 1 January 2019, K 20: 2010. At 2350 after
    a peak of 2410: K 10, 2355."""
    assert calculate(_request(birth_date="2000-06-15"))["rating_after"] == 2020
    next_year = {**_request(birth_date="2000-06-15"), "date": "2019-01-01"}
    assert calculate(next_year)["rating_after"] == 2010
    assert calculate(_request(rating=2350, peak_rating=2410))["rating_after"] == 2355


def test_the_calculator_refuses_an_unknown_part_of_a_row() -> None:
    request = {**_request(), "params": {"k_schedule": [{"k": 20, "older_than": 3}]}}
    with pytest.raises(CalculationError) as error:
        calculate(request)
    assert error.value.field == "params.k_schedule"


@pytest.mark.django_db
def test_the_administrators_form_writes_the_new_conditions(client: Client) -> None:
    client.force_login(User.objects.create_user("admin", password="x", is_superuser=True))
    system = RatingSystem.objects.get(engine="club")
    form = ParamsForm(system.params_on(timezone.localdate()), prefix="p")
    data = {}
    for name, field in form.fields.items():
        initial = form.get_initial_for_field(field, name)
        if initial is not None and initial != "" and not name.startswith("k_schedule_"):
            data[f"p-{name}"] = "on" if initial is True else str(initial)
    for row, values in enumerate(SCHEDULE):
        data.update({f"p-k_schedule_{row}_{part}": str(v) for part, v in values.items()})
    response = client.post(reverse("ratings:preview", args=[system.pk]), data)
    assert response.status_code == 200
    rows = json.loads(response.context["overrides"])["k_schedule"]
    assert tuple(KRule(**row) for row in rows) == (
        KRule(10, reached_rating=2400),
        KRule(40, until_year_of_age=18, peak_below=2300),
        KRule(20),
    )
    assert rows[1]["until_year_of_age"] == 18 and isinstance(rows[1]["until_year_of_age"], int)


@pytest.mark.django_db
def test_a_replay_gives_k_40_the_day_before_the_18th_birthday_and_20_on_it(
    club_system: RatingSystem, make_event: MakeEvent
) -> None:
    """The default schedule (seed 001). J, born 15 January 2007, 1800 with the 30 games of
    a recorded rating, beats A (1800) on 14 January 2025: K 40, 1820 (A, an adult: K 20,
    1790). On 15 January 2025, J's 18th birthday, J beats B (1820): K 20, 1830."""
    j = Player.objects.create(
        first_name="J", last_name="Junior", national_rating=1800, birth_date=date(2007, 1, 15)
    )
    a = Player.objects.create(
        first_name="A", last_name="Adult", national_rating=1800, birth_date=date(1980, 1, 1)
    )
    b = Player.objects.create(first_name="B", last_name="Adult", national_rating=1820)
    make_event(date(2025, 1, 14), [[(j, a, W)]])
    make_event(date(2025, 1, 15), [[(j, b, W)]])
    recalculate(club_system)
    rows = RatingChange.objects.filter(batch__system=club_system, player=j).order_by("batch__day")
    assert [(r.k, r.rating_after) for r in rows] == [(40, 1820), (20, 1830)]
    assert Rating.objects.get(system=club_system, player=a).rating == 1790

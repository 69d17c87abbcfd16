"""The club Elo's K schedule reads the player's past and exact age (issue #26;
docs/ratings/club.md).

Seed 001 (001_4b8a6bbe86009993.txt): « Ce coefficient est de 40 pour les nouveaux joueurs
jusqu'à leur trentième partie, puis 20 tant que leur classement reste inférieur à 2400, et
enfin 10 pour les joueurs ayant atteint 2400 Elo » — « même si leur classement redescend en
dessous de 2400 » — « À noter que K vaut 40 pour tout joueur jusqu'à son 18e anniversaire,
tant que son classement reste en dessous de 2300 ». Every game below is against an equal
rating: by the logistic formula p(0) = 1 / (1 + 10^0) = .5, a win gains K × .5.
"""

from datetime import date

import pytest

from ratings.rules import club
from ratings.rules.base import PlayerState
from ratings.rules.club import KRule
from tests.ratings.rules.helpers import against

DEFAULT = club.Params()


def _win(me: PlayerState, day: date, params: club.Params = DEFAULT) -> tuple[float, float]:
    assert me.rating is not None
    result = club.rate(against(me, [(me.rating, 1)], day=day), params)["me"]
    assert result.k is not None and result.rating_after is not None
    return result.k, result.rating_after


JUNIOR = PlayerState(rating=1800, games=50, birth_date=date(2007, 1, 15))


@pytest.mark.parametrize(
    ("day", "k", "after"),
    [
        (date(2025, 1, 14), 40, 1820),  # 17 years old: 1800 + 40 × .5
        (date(2025, 1, 15), 20, 1810),  # the 18th birthday: 1800 + 20 × .5
    ],
)
def test_the_default_schedule_has_seed_001s_junior_rule(day: date, k: int, after: float) -> None:
    assert _win(JUNIOR, day) == (k, after)


def test_a_junior_who_reached_2300_has_k_20_by_default() -> None:
    """« tant que son classement reste en dessous de 2300 »: 2280 after a peak of 2310,
    K 20: 2280 + 10 = 2290; never above 2280: K 40, 2300."""
    me = JUNIOR.replace(rating=2280)
    assert _win(me.replace(peak_rating=2310), date(2024, 3, 1)) == (20, 2290)
    assert _win(me, date(2024, 3, 1)) == (40, 2300)


def test_k_10_stays_once_2400_was_reached_by_default() -> None:
    """« même si leur classement redescend en dessous de 2400 »: 2350 after a peak of
    2410: K 10, 2355; never 2400: K 20, 2360."""
    adult = PlayerState(rating=2350, games=200, birth_date=date(1980, 1, 1))
    assert _win(adult.replace(peak_rating=2410), date(2025, 3, 1)) == (10, 2355)
    assert _win(adult, date(2025, 3, 1)) == (20, 2360)


@pytest.mark.parametrize(
    ("day", "k", "after"),
    [
        (date(2018, 6, 15), 40, 2020),  # the 18th birthday
        (date(2018, 12, 31), 40, 2020),  # the end of that year
        (date(2019, 1, 1), 20, 2010),  # the next year
    ],
)
def test_an_administrator_can_count_to_the_end_of_the_year(day: date, k: int, after: float) -> None:
    """FIDE 2024, 8.3.3: « until the end of the year of their 18th birthday ». Born 15
    June 2000, 2000 after 100 games."""
    params = club.Params(k_schedule=(KRule(40, until_year_of_age=18), KRule(20)))
    me = PlayerState(rating=2000, games=100, birth_date=date(2000, 6, 15))
    assert _win(me, day, params) == (k, after)


def test_age_and_peak_conditions_need_what_they_read() -> None:
    """No birth date: no age row matches (K 20 by default: 1800 + 10)."""
    assert _win(JUNIOR.replace(birth_date=None), date(2025, 1, 14)) == (20, 1810)
    assert KRule(10, reached_rating=2400).is_catch_all is False
    with pytest.raises(ValueError, match="the last row must have no condition"):
        club.Params(k_schedule=(KRule(40), KRule(10, peak_below=2300)))
    with pytest.raises(ValueError, match="until_year_of_age must be at most 120"):
        KRule(40, until_year_of_age=200)

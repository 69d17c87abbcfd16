"""FIDE's K from the player's past and exact age (issue #26; docs/ratings/fide.md).

The texts:
- 2014 (8.56) and 2022/2024 (8.3.3): « K = 10 once a player's published rating has
  reached 2400 and remains at that level subsequently, even if the rating drops below
  2400. »
- 2014 (8.56): « K = 40 for all players until their 18th birthday, as long as their
  rating remains under 2300. »
- 2022 and 2024 (8.3.3): « K = 40 for all players until the end of the year of their 18th
  birthday, as long as their rating remains under 2300. »
Each game below is against an equal rating: difference 0, We = .50 (« 0-3 .50 »).
"""

from datetime import date

import pytest

from ratings.rules import fide, params_on
from ratings.rules.base import PlayerState
from tests.ratings.rules.helpers import against


def _after_a_win(me: PlayerState, day: date) -> tuple[float, float | None]:
    """K and the rating after one win against an opponent of the same rating."""
    assert me.rating is not None
    result = fide.rate(against(me, [(me.rating, 1)], day=day), params_on("fide", day))["me"]
    assert result.k is not None
    return result.k, result.rating_after


JUNIOR = PlayerState(rating=2280, games=40, birth_date=date(2010, 5, 1))


def test_a_junior_who_never_reached_2300_has_k_40() -> None:
    """2280 + 40 × (1 − .50) = 2300."""
    assert _after_a_win(JUNIOR, date(2025, 3, 31)) == (40, 2300)


def test_a_junior_who_once_reached_2300_has_k_20_even_back_under_it() -> None:
    """« as long as their rating remains under 2300 »: at 2280 after a peak of 2320 the
    rating has not remained under 2300. 2280 + 20 × .50 = 2290."""
    once_2320 = JUNIOR.replace(peak_rating=2320)
    assert _after_a_win(once_2320, date(2025, 3, 31)) == (20, 2290)


def test_k_10_stays_once_2400_was_reached() -> None:
    """« even if the rating drops below 2400 »: an adult at 2350 who reached 2410: K 10,
    2350 + 10 × .50 = 2355; one who never did: K 20, 2360."""
    adult = PlayerState(rating=2350, games=200, birth_date=date(1980, 1, 1))
    assert _after_a_win(adult.replace(peak_rating=2410), date(2025, 3, 31)) == (10, 2355)
    assert _after_a_win(adult, date(2025, 3, 31)) == (20, 2360)


@pytest.mark.parametrize(
    ("day", "k", "rating"),
    [
        (date(2016, 6, 14), 40, 2020),  # 17 the day before the 18th birthday: 2000 + 20
        (date(2016, 6, 15), 20, 2010),  # the 18th birthday: no longer a junior, 2000 + 10
    ],
)
def test_from_2014_to_2017_a_junior_until_the_18th_birthday(day: date, k: int, rating: int) -> None:
    """2014 text: « until their 18th birthday ». Born 15 June 1998, 2000 after 100 games."""
    me = PlayerState(rating=2000, games=100, birth_date=date(1998, 6, 15))
    assert params_on("fide", day).junior_until == "birthday"
    assert _after_a_win(me, day) == (k, rating)


@pytest.mark.parametrize(
    ("day", "k", "rating"),
    [
        (date(2018, 6, 15), 40, 2020),  # the 18th birthday: still a junior
        (date(2018, 12, 31), 40, 2020),  # the end of the year of the 18th birthday
        (date(2019, 1, 1), 20, 2010),  # the next year: K 20
    ],
)
def test_from_2017_a_junior_until_the_end_of_the_year_of_the_18th_birthday(
    day: date, k: int, rating: int
) -> None:
    """2022/2024 text: « until the end of the year of their 18th birthday ». Born 15 June
    2000, 2000 after 100 games."""
    me = PlayerState(rating=2000, games=100, birth_date=date(2000, 6, 15))
    assert params_on("fide", day).junior_until == "year_end"
    assert _after_a_win(me, day) == (k, rating)


def test_the_age_boundary_is_checked() -> None:
    with pytest.raises(ValueError, match="junior_until must be"):
        fide.Params(junior_until="someday")

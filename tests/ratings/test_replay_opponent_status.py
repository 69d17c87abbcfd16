"""A replay keeps each player's status, and the Belgian rule on provisional newcomers
applies to the history as to the calculator (issue #26; docs/ratings/frbe.md).

Seed 000: « on ne calcule de cote provisoire qu'avec au moins 10 parties jouées. A 20
parties, le calcul décrit ci-dessus fournit la première cote habituelle »; « Les parties
contre des joueurs non classés ne sont pas prises en compte ».
"""

from datetime import date

import pytest

from club.models import Player
from ratings.models import Rating, RatingChange, RatingSystem
from ratings.services import recalculate
from tests.ratings.conftest import B, D, MakeEvent, W

pytestmark = pytest.mark.django_db


def _player(name: str, national: int | None) -> Player:
    return Player.objects.create(first_name=name, last_name="Test", national_rating=national)


def test_a_rated_player_losing_to_a_provisional_newcomer_keeps_the_rating(
    national_system: RatingSystem, make_event: MakeEvent
) -> None:
    """January 2025: the newcomer N plays ten games against R (1500), five wins and five
    losses: Rc = 1500, P = .50, D(.50) = 0: provisional 1500 (10 games). R's games against
    an unrated N do not count. April 2025: A (1600, 30 games) loses to N: not counted, A
    stays 1600 (counted it would be 1600 + 32 × (0 − .64) = 1579.52 → 1580). N counts it:
    11 games, Rc = (15000 + 1600) / 11 = 1509.09, P = 6 / 11 = .545 → .55, D(.55) = 36:
    1545.09 → 1545, still provisional."""
    newcomer, r, a = _player("N", None), _player("R", 1500), _player("A", 1600)
    make_event(date(2025, 1, 15), [[(newcomer, r, W if n % 2 else B)] for n in range(10)])
    make_event(date(2025, 4, 15), [[(a, newcomer, B)]])
    recalculate(national_system)
    ratings = {
        rating.player_id: (rating.rating, rating.status)
        for rating in Rating.objects.filter(system=national_system)
    }
    assert ratings[newcomer.pk] == (1545, "provisional")
    assert ratings[a.pk] == (1600, "rated")
    assert ratings[r.pk] == (1500, "rated")
    change = RatingChange.objects.get(batch__system=national_system, player=a)
    assert (change.rating_before, change.rating_after, change.games) == (1600, 1600, 0)
    line = change.breakdown["games"][0]
    assert line["counted"] is False


def test_once_rated_at_20_games_the_newcomer_counts_for_everyone(
    national_system: RatingSystem, make_event: MakeEvent
) -> None:
    """Twenty draws against R (1500): Rc = 1500, P = .50, D = 0: « la première cote »
    1500 after 20 games. April 2025: A (1600, 30 games) draws N: 100 points, We = .64,
    1600 + 32 × (.5 − .64) = 1595.52 → 1596."""
    newcomer, r, a = _player("N", None), _player("R", 1500), _player("A", 1600)
    make_event(date(2025, 1, 15), [[(newcomer, r, D)] for _n in range(20)])
    make_event(date(2025, 4, 15), [[(a, newcomer, D)]])
    recalculate(national_system)
    assert Rating.objects.get(system=national_system, player=a).rating == 1596
    assert Rating.objects.get(system=national_system, player=newcomer).status == "rated"

"""Seed 004's match cap in a replay: an event of the match system is rated as a match."""

from datetime import date

import pytest

from club.models import Event, Player
from ratings.models import RatingChange, RatingSystem
from ratings.services import recalculate
from tests.ratings.conftest import MakeEvent, W

pytestmark = pytest.mark.django_db


@pytest.fixture
def quebec(db: None) -> RatingSystem:
    # players who enter with a recorded rating count 100 games: permanent ratings (seed 004)
    return RatingSystem.objects.create(
        name="Québec", engine="fqe", role=RatingSystem.Role.NATIONAL, seed_games=100
    )


def _four_wins(make_event: MakeEvent, system: str) -> tuple[Player, Event]:
    low = Player.objects.create(first_name="Low", last_name="Rated", national_rating=999)
    high = Player.objects.create(first_name="High", last_name="Rated", national_rating=1762)
    rounds = [[(low, high, W)], [(low, high, W)], [(low, high, W)], [(low, high, W)]]
    event = make_event(date(2025, 6, 1), rounds)
    event.system = system
    event.save(update_fields=["system"])
    return low, event


def test_a_match_event_caps_the_gain_at_50_points(
    quebec: RatingSystem, make_event: MakeEvent
) -> None:
    """Seed 004: "l'augmentation de cote acquise lors d'un match ne peut excéder 50 points".
    999 beats 1762 four times: 763 apart ("735 et plus 100"), Rp = 0; 32 × 4 = 128, bonus
    128 − 24 = 104 (4 rounds), 232 in all, capped at 50: 999 → 1049 (not 1231)."""
    low, _event = _four_wins(make_event, Event.System.MATCH)
    recalculate(quebec)
    row = RatingChange.objects.get(batch__system=quebec, player=low)
    assert (row.rating_before, row.rating_after) == (999, 1049)


def test_the_same_games_in_a_tournament_are_not_capped(
    quebec: RatingSystem, make_event: MakeEvent
) -> None:
    low, _event = _four_wins(make_event, Event.System.ROUND_ROBIN)
    recalculate(quebec)
    row = RatingChange.objects.get(batch__system=quebec, player=low)
    assert row.rating_after == 999 + 128 + 104

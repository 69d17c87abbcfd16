"""Replays of histories crossing a change of the rules: each batch is rated with the rules
in force on its day (hand calculations quote the text; docs/ratings/fide.md, frbe.md)."""

from datetime import date
from typing import Any

import pytest

from club.models import Player
from ratings.models import (
    OfficialRating,
    Rating,
    RatingAdjustment,
    RatingBatch,
    RatingChange,
    RatingSystem,
)
from ratings.services import rating_period, recalculate
from tests.ratings.conftest import B, D, MakeEvent, W

pytestmark = pytest.mark.django_db


@pytest.fixture
def fide_system(db: None) -> RatingSystem:
    return RatingSystem.objects.get(engine="fide")


def _player(name: str, fide: int | None = None, national: int | None = None) -> Player:
    return Player.objects.create(
        first_name=name, last_name="Test", fide_rating=fide, national_rating=national
    )


def _rows(system: RatingSystem, player: Player) -> list[tuple[Any, ...]]:
    rows = RatingChange.objects.filter(batch__system=system, player=player)
    return [
        (r.batch.kind, r.batch.day, r.rating_before, r.rating_after, r.k)
        for r in rows.select_related("batch").order_by("batch__day", "batch__order")
    ]


def test_a_fide_replay_crossing_july_2014_uses_k_15_then_k_20(
    fide_system: RatingSystem, make_event: MakeEvent
) -> None:
    """June 2014 (8.56 before July 2014, "K = 15 as long as a player's rating remains under
    2400"): 2000 beats 2100, We = 0.36: 2000 + 15 × 0.64 = 2009.6 → 2010; 2100 − 9.6 → 2090.
    July 2014 (K = 20): 2010 beats 2090, difference 80, We = 0.39: 2010 + 20 × 0.61 =
    2022.2 → 2022; 2090 − 12.2 → 2078."""
    a, b = _player("A", fide=2000), _player("B", fide=2100)
    make_event(date(2014, 6, 10), [[(a, b, W)]])
    make_event(date(2014, 7, 10), [[(b, a, B)]])
    recalculate(fide_system)
    assert _rows(fide_system, a) == [
        ("period", date(2014, 6, 30), 2000, 2010, 15),
        ("period", date(2014, 7, 31), 2010, 2022, 20),
    ]
    assert [r[3] for r in _rows(fide_system, b)] == [2090, 2078]


def test_a_fide_replay_of_2024_includes_the_march_adjustment(
    fide_system: RatingSystem, make_event: MakeEvent
) -> None:
    """February 2024: 1500 draws 1600, We = 0.36: 1500 + 20 × 0.14 = 1502.8 → 1503; 1600 −
    2.8 → 1597. 1 March 2024: R + 0.4 × (2000 − R): 1503 + 198.8 = 1701.8 → 1702; 1597 +
    161.2 = 1758.2 → 1758. March: 1702 beats 1758, difference 56, We = 0.42: 1702 + 20 ×
    0.58 = 1713.6 → 1714; 1758 − 11.6 → 1746."""
    a, b = _player("A", fide=1500), _player("B", fide=1600)
    make_event(date(2024, 2, 10), [[(a, b, D)]])
    make_event(date(2024, 3, 10), [[(a, b, W)]])
    recalculate(fide_system)
    assert _rows(fide_system, a) == [
        ("period", date(2024, 2, 29), 1500, 1503, 20),
        ("adjustment", date(2024, 3, 1), 1503, 1702, None),
        ("period", date(2024, 3, 31), 1702, 1714, 20),
    ]
    assert [r[3] for r in _rows(fide_system, b)] == [1597, 1758, 1746]


def test_an_administrator_can_switch_the_published_adjustment_off(
    fide_system: RatingSystem, make_event: MakeEvent
) -> None:
    a, b = _player("A", fide=1500), _player("B", fide=1600)
    make_event(date(2024, 2, 10), [[(a, b, D)]])
    fide_system.params = {"adjustment_applied": False}
    fide_system.save()
    recalculate(fide_system)
    assert not RatingBatch.objects.filter(system=fide_system, kind="adjustment").exists()
    assert Rating.objects.get(system=fide_system, player=a).rating == 1503


def test_an_adjustment_added_by_hand_on_the_same_day_is_not_applied_twice(
    fide_system: RatingSystem, make_event: MakeEvent
) -> None:
    a, b = _player("A", fide=1500), _player("B", fide=1600)
    make_event(date(2024, 2, 10), [[(a, b, D)]])
    RatingAdjustment.objects.create(
        system=fide_system, day=date(2024, 3, 1), threshold=2000, factor=0.4, label="by hand"
    )
    recalculate(fide_system)
    assert RatingBatch.objects.filter(system=fide_system, kind="adjustment").count() == 1
    assert Rating.objects.get(system=fide_system, player=a).rating == 1702


def test_a_frbe_replay_around_april_2024_rates_the_quarter_then_adjusts(
    national_system: RatingSystem, make_event: MakeEvent
) -> None:
    """February 2024, the federation's lists since April 2015 (cap 400, expectation .08/.92
    beyond 400; quarterly lists since October 2013, docs/ratings/frbe.md): 1500 beats 1900,
    We = 0.08, K = 32: 1500 + 32 × 0.92 = 1529.44 → 1529; 1900 − 29.44 = 1870.56 → 1871
    (with the seed's cap of 350, We = 0.11, it would be 1528). The quarter closes on 31
    March; 1 April 2024: R + 0.4 × (2000 − R): 1529 + 188.4 = 1717.4 → 1717; 1871 + 51.6 =
    1922.6 → 1923. May (cap 400): 1717 draws 1923, difference 206, We = 0.24: 1717 + 32 ×
    0.26 = 1725.32 → 1725; 1923 − 8.32 = 1914.68 → 1915."""
    x, y = _player("X", national=1500), _player("Y", national=1900)
    make_event(date(2024, 2, 15), [[(x, y, W)]])
    make_event(date(2024, 5, 10), [[(y, x, D)]])
    recalculate(national_system)
    assert _rows(national_system, x) == [
        ("period", date(2024, 3, 31), 1500, 1529, 32),
        ("adjustment", date(2024, 4, 1), 1529, 1717, None),
        ("period", date(2024, 6, 30), 1717, 1725, 32),
    ]
    assert [r[3] for r in _rows(national_system, y)] == [1871, 1923, 1915]
    periods = RatingBatch.objects.filter(system=national_system, kind="period").in_order()
    assert [(p.period_start, p.period_end) for p in periods] == [
        (date(2024, 1, 1), date(2024, 3, 31)),
        (date(2024, 4, 1), date(2024, 6, 30)),
    ]


@pytest.mark.parametrize(
    ("end", "period"),
    [
        # monthly lists, closing date 3 days before the list (since July 2012)
        (date(2026, 1, 29), (date(2026, 1, 1), date(2026, 1, 31))),
        (date(2026, 1, 30), (date(2026, 2, 1), date(2026, 2, 28))),
        (date(2026, 1, 31), (date(2026, 2, 1), date(2026, 2, 28))),
        # lists every two months, closing date 7 days before the list (July 2009)
        (date(2010, 2, 22), (date(2010, 1, 1), date(2010, 2, 28))),
        (date(2010, 2, 23), (date(2010, 3, 1), date(2010, 4, 30))),
        # the last two-monthly list (1 July 2012) closed on 24 June: the next is monthly
        (date(2012, 6, 25), (date(2012, 7, 1), date(2012, 7, 31))),
        # quarterly lists from July 2000 to June 2009
        (date(2005, 5, 20), (date(2005, 4, 1), date(2005, 6, 30))),
        (date(2000, 8, 1), (date(2000, 7, 1), date(2000, 9, 30))),
        # two lists a year from 1981, one before
        (date(2000, 6, 15), (date(2000, 1, 1), date(2000, 6, 30))),
        (date(1990, 3, 1), (date(1990, 1, 1), date(1990, 6, 30))),
        (date(1975, 6, 1), (date(1975, 1, 1), date(1975, 12, 31))),
    ],
)
def test_a_fide_event_belongs_to_the_list_whose_closing_date_it_ends_by(
    fide_system: RatingSystem, end: date, period: tuple[date, date]
) -> None:
    """Rating Regulations (2012 on): "The closing date for tournaments for a list is 3 days
    before the date of the list; tournaments ending before or on that day may be rated on
    the list." July 2009: "The closing date ... will be seven days before the list date".
    The 1 February list closes on 29 January: an event ending on the 30th or 31st is
    rated on the 1 March list."""
    assert rating_period(fide_system, end) == period


def test_a_fide_event_of_the_last_days_of_a_month_is_rated_in_the_next_period(
    fide_system: RatingSystem, make_event: MakeEvent
) -> None:
    a, b = _player("A", fide=2000), _player("B", fide=2100)
    make_event(date(2026, 1, 29), [[(a, b, W)]])
    make_event(date(2026, 1, 30), [[(a, b, W)]])
    recalculate(fide_system)
    assert [r[:2] for r in _rows(fide_system, a)] == [
        ("period", date(2026, 1, 31)),
        ("period", date(2026, 2, 28)),
    ]


def test_a_replay_from_a_day_equals_a_replay_from_scratch_across_the_closing_date(
    fide_system: RatingSystem, make_event: MakeEvent
) -> None:
    a, b = _player("A", fide=2000), _player("B", fide=2100)
    make_event(date(2026, 1, 12), [[(a, b, W)]])
    make_event(date(2026, 1, 30), [[(a, b, D)]])
    make_event(date(2026, 2, 10), [[(b, a, W)]])
    recalculate(fide_system)
    scratch = _rows(fide_system, a)
    recalculate(fide_system, since=date(2026, 2, 10))
    assert _rows(fide_system, a) == scratch
    assert len(scratch) == 2


def test_a_fide_player_dropping_below_1400_is_unrated_and_then_treated_as_unrated(
    fide_system: RatingSystem, make_event: MakeEvent
) -> None:
    """Rating Regulations 2024, 7.2.1. January 2026: 1410 loses three games to 1410:
    1410 − 20 × 1.5 = 1380 < 1400: unrated. February: the player's games count towards a
    first rating, like any unrated player's (no rating before the row)."""
    c, d = _player("C", fide=1410), _player("D", fide=1410)
    make_event(date(2026, 1, 9), [[(c, d, B)], [(d, c, W)], [(c, d, B)]])
    make_event(date(2026, 2, 6), [[(c, d, D)]])
    recalculate(fide_system)
    rows = _rows(fide_system, c)
    assert rows[0] == ("period", date(2026, 1, 31), 1410, None, 20)
    assert rows[1][2:4] == (None, None)
    current = Rating.objects.get(system=fide_system, player=c)
    assert (current.rating, current.status) == (None, "unrated")


def test_the_official_list_of_the_adjustments_day_is_not_adjusted_again(
    fide_system: RatingSystem, make_event: MakeEvent
) -> None:
    """FIDE's list of 1 March 2024 already shows the adjusted ratings: the adjustment
    comes first on its day and the list is the anchor (1702 stays 1702, not 1702 + 0.4 ×
    298 = 1821)."""
    a, b = _player("A", fide=1500), _player("B", fide=1600)
    make_event(date(2024, 2, 10), [[(a, b, D)]])
    OfficialRating.objects.create(
        system=fide_system, player=a, list_date=date(2024, 3, 1), rating=1702, source="FIDE"
    )
    recalculate(fide_system)
    assert [r[0] for r in _rows(fide_system, a)] == ["period", "adjustment", "official"]
    assert Rating.objects.get(system=fide_system, player=a).rating == 1702


def test_the_event_page_shows_the_period_that_rates_the_event(
    fide_system: RatingSystem, make_event: MakeEvent
) -> None:
    """The event ended on 30 January 2026, after the closing date of the February list:
    its changes are those of the February period."""
    from ratings.templatetags.ratings_tags import event_rating_changes

    RatingSystem.objects.filter(pk=fide_system.pk).update(enabled=True)
    a, b = _player("A", fide=2000), _player("B", fide=2100)
    make_event(date(2026, 1, 12), [[(a, b, D)]])
    late = make_event(date(2026, 1, 30), [[(a, b, W)]])
    recalculate(fide_system)
    [section] = event_rating_changes(late)["sections"]
    assert (section["batch"].period_start, section["batch"].period_end) == (
        date(2026, 2, 1),
        date(2026, 2, 28),
    )

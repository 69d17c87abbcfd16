"""FIDE's dated regulations (docs/ratings/fide.md gives each version with its source):
each test computes a figure by hand from the text in force on the game's day."""

from collections.abc import Sequence
from datetime import date

import pytest

from ratings.rules import fide, params_on
from ratings.rules.base import PlayerResult, PlayerState, Status
from tests.ratings.rules.helpers import against


def _me(state: PlayerState, games: Sequence[tuple[float | None, float]], day: date) -> PlayerResult:
    return fide.rate(against(state, games, day=day), params_on("fide", day))["me"]


def test_a_2012_game_is_rated_with_k_15_below_2400() -> None:
    """Rating Regulations before 1 July 2014, 8.56: "K = 15 as long as a player's rating
    remains under 2400". 2000 beats 2100: We = 0.36, 2000 + 15 × 0.64 = 2009.6 → 2010."""
    me = _me(PlayerState(rating=2000, games=100), [(2100, 1)], date(2012, 10, 10))
    assert me.k == 15
    assert me.rating_after == 2010


def test_the_same_game_after_july_2014_is_rated_with_k_20() -> None:
    """Regulations of 1 July 2014, 8.56: "K = 20 as long as a player's rating remains under
    2400". 2000 + 20 × 0.64 = 2012.8 → 2013."""
    me = _me(PlayerState(rating=2000, games=100), [(2100, 1)], date(2014, 7, 10))
    assert me.k == 20
    assert me.rating_after == 2013


@pytest.mark.parametrize(
    ("day", "k", "after"),
    [
        (date(2010, 5, 1), 25, 2016),  # 2000 + 25 × 0.64 = 2016
        (date(2012, 5, 1), 30, 2019),  # 2000 + 30 × 0.64 = 2019.2
        (date(2015, 5, 1), 40, 2026),  # 2000 + 40 × 0.64 = 2025.6
    ],
)
def test_a_new_players_k_was_25_then_30_from_july_2011_then_40_from_july_2014(
    day: date, k: int, after: int
) -> None:
    """Handbook B.02 (2002) 9.12a: "when k = 25"; K 30 "for a player new to the rating list
    until he has completed events with at least 30 games" (8.56 before July 2014, in force
    from July 2011); K 40 from 1 July 2014."""
    me = _me(PlayerState(rating=2000, games=10), [(2100, 1)], day)
    assert (me.k, me.rating_after) == (k, after)


def test_juniors_have_k_40_only_from_july_2014() -> None:
    """The junior rule ("K = 40 for all players until their 18th birthday, as long as their
    rating remains under 2300") is new in July 2014: a 15-year-old rated 1800 with 100
    games has K 15 in 2013, K 40 in 2015."""
    state = PlayerState(rating=1800, games=100, birth_date=date(2000, 1, 1))
    assert _me(state, [(1800, 1)], date(2013, 3, 1)).k == 15
    assert _me(state, [(1800, 1)], date(2015, 3, 1)).k == 40


def test_the_700_limit_on_k_times_games_starts_in_july_2014() -> None:
    """Before July 2014 the text has no limit: 50 games with K 15 keep K 15 (750). Since:
    "If the number of games (n) ... multiplied by K exceeds 700, then K shall be the
    largest whole number such that K × n does not exceed 700": 50 games, K 20 → 14."""
    games = [(2000, 0.5)] * 50
    assert _me(PlayerState(rating=2000, games=100), games, date(2013, 3, 1)).k == 15
    assert _me(PlayerState(rating=2000, games=100), games, date(2015, 3, 1)).k == 14


@pytest.mark.parametrize(
    ("day", "status", "after"),
    [
        (date(2010, 3, 1), Status.UNRATED, None),  # floor 1200 from July 2009
        (date(2013, 3, 1), Status.RATED, 1188),  # floor 1000 from July 2012
    ],
)
def test_the_floor_below_which_a_player_becomes_unrated_follows_the_date(
    day: date, status: Status, after: int | None
) -> None:
    """Regulations amended to 2008, 0.6: "after 1.7.2009 the floor will be 1200"; 1000 from
    1 July 2012 (Presidential Board, June 2011); below it, "listed on the next list as
    delisted... treated in the same manner as any other unrated player". 1210 loses three
    games to 1210 with K 15: 1210 − 15 × 1.5 = 1187.5, the change −22.5 rounded half up as
    FIDE's lists did before March 2024 (test_fide_rounding.py): 1188."""
    me = _me(PlayerState(rating=1210, games=100), [(1210, 0)] * 3, day)
    assert me.after.status == status
    assert me.rating_after == after


@pytest.mark.parametrize(
    ("day", "rating", "after"),
    [
        (date(1980, 3, 1), 2210, None),  # floor 2200 until 1993
        (date(1995, 3, 1), 2210, 2188),
        (date(1995, 3, 1), 1810, None),  # floor 1801 (Handbook 2002, 9.21)
    ],
)
def test_the_older_floors_2200_then_1801(day: date, rating: int, after: int | None) -> None:
    """Seed 001: "Jusqu'en 1993, le seuil minimal du classement FIDE était fixé à 2 200";
    Handbook 2002, 9.21: "Players whose ratings drop below 1801 are listed on the next
    list as delisted". Three losses against an equal rating with K 15: R − 22.5, the
    change rounded half up as FIDE's lists did before March 2024: R − 22 (2210 → 2188,
    1810 → 1788)."""
    me = _me(PlayerState(rating=rating, games=100), [(rating, 0)] * 3, day)
    assert me.rating_after == after


def test_before_july_2009_the_difference_counts_at_most_350() -> None:
    """Seed 001: "ramenée à 400 si elle dépasse 400 depuis [juillet 2009] - au lieu de 350
    avant cette date". 2000 beats 1500 in 2005: 500 counts as 350, We = 0.89 (band
    345-357): 2000 + 15 × 0.11 = 2001.65 → 2002; in 2010, 400: We = 0.92, 2000 + 15 ×
    0.08 = 2001.2 → 2001."""
    assert (
        _me(PlayerState(rating=2000, games=100), [(1500, 1)], date(2005, 3, 1)).rating_after == 2002
    )
    assert (
        _me(PlayerState(rating=2000, games=100), [(1500, 1)], date(2010, 3, 1)).rating_after == 2001
    )


def test_a_first_rating_needed_9_games_before_july_2014_and_5_after() -> None:
    """Handbook B.02 (2002) 9.14: "a minimum of 9 games played against rated opponents";
    US Chess, *Initial FIDE rating*: "Effective 1.July.2014 ... only 5 games is necessary
    for the initial FIDE rating (down from 9 games)" (issue #26: the change was dated July
    2009 before). Five draws against 2000: Ru = Rc = 2000."""
    draws = [(2000, 0.5)] * 5
    for day in (date(2008, 3, 1), date(2010, 3, 1), date(2014, 6, 1)):
        before = _me(PlayerState(), draws, day)
        assert before.rating_after is None
        assert "unrated: 5 of the 9 games needed for a first rating" in [
            str(n) for n in before.notes
        ]
    assert _me(PlayerState(), draws, date(2014, 7, 1)).rating_after == 2000


@pytest.mark.parametrize(
    ("day", "periods"),
    [
        (date(1975, 6, 1), ("01-01",)),
        (date(1990, 6, 1), ("01-01", "07-01")),
        (date(2005, 6, 1), ("01-01", "04-01", "07-01", "10-01")),
        (date(2010, 6, 1), ("01-01", "03-01", "05-01", "07-01", "09-01", "11-01")),
        (date(2013, 6, 1), tuple(f"{m:02d}-01" for m in range(1, 13))),
    ],
)
def test_the_list_calendar_follows_the_date(day: date, periods: tuple[str, ...]) -> None:
    """Seed 001: lists once a year to 1980, twice a year (January, July) from 1981, four
    times (January, April, July, October; GA 1999), every two months from July 2009
    ("The list dates will be January 1, March 1, May 1, July 1, September 1 and November
    1"), monthly since July 2012."""
    assert params_on("fide", day).periods == periods


def test_from_july_2014_a_first_rating_needs_half_a_point() -> None:
    """Seed 001: « Depuis [juillet 2014], il suffit de faire au moins une partie nulle (1/2
    point) sur un minimum de 5 parties jouées contre des joueurs classés »; the FFE's letter
    of 27 June 2014: « au moins ½ point dans le tournoi contre les classés ». Five losses
    against 2000 in one event: Rc = 2000, p = 0, D(0) = −800, Ru = 1200, above the floor,
    but no half point in the event: it is disregarded, no game kept, unrated."""
    me = _me(PlayerState(), [(2000, 0)] * 5, date(2016, 6, 1))
    assert (me.rating_after, me.after.status, me.after.games) == (None, Status.UNRATED, 0)
    assert "a zero score in the first event is disregarded" in [str(n) for n in me.notes]
    # With a draw instead of the fifth loss: p = 0.5 / 5 = 0.1, D(0.1) = −366, 2000 − 366.
    drew = _me(PlayerState(), [(2000, 0)] * 4 + [(2000, 0.5)], date(2016, 6, 1))
    assert drew.rating_after == 1634


@pytest.mark.parametrize(
    ("day", "games", "after"),
    [
        # 2016, 7.14: "The rating is at least 1000". A draw and four losses: p = 0.1,
        # D(0.1) = −366: against 1366, 1000 (published); against 1365, 999 (not).
        (date(2016, 6, 1), [(1366, 0)] * 4 + [(1366, 0.5)], 1000),
        (date(2016, 6, 1), [(1365, 0)] * 4 + [(1365, 0.5)], None),
        # 2013, seed 001: « si toutefois celle-ci dépasse 1000 »; 9 games and a point in
        # the event. A win and eight losses: p = 1/9 → 0.11, D(0.11) = −351: against
        # 1351, 1000 (not above 1000: unrated); against 1352, 1001.
        (date(2013, 6, 1), [(1351, 1)] + [(1351, 0)] * 8, None),
        (date(2013, 6, 1), [(1352, 1)] + [(1352, 0)] * 8, 1001),
    ],
)
def test_a_first_rating_of_1000_is_published_from_july_2014_not_before(
    day: date, games: list[tuple[float, float]], after: int | None
) -> None:
    assert _me(PlayerState(), games, day).rating_after == after

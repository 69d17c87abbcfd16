"""A FIDE replay of a club history crossing 2009, 2014, 2022 and 2024: each period is rated
with the version in force, and the rules that apply per event read the club's events
(issue #26; docs/ratings/fide.md). Every figure is computed by hand from the texts:

- Handbook B.02 (2002) 9.14: « a minimum of 9 games played against rated opponents »; US
  Chess, *Initial FIDE rating*: « Effective 1.July.2014 ... only 5 games is necessary for
  the initial FIDE rating (down from 9 games) »; FIDE, changes effective from 1 July 2009:
  « if the player plays against at least three rated opponents, scores at least 1 point
  against the rated opponents »; seed 001: « Rn, est égal à la moyenne pondérée des Ru de
  chaque tournoi », « si p < 0,5 ... Ru = Rc + D(p) ».
- 2022 regulation, 8.3.1: « In any tournament, a player may benefit from only one upgrade
  under this rule, for the game in which the rating difference is greatest »; abolished
  on 1 March 2024.
- Table (seed 000): « 392-411 .92 », « 433-456 .94 »; D(p): « .50 0 », « .25 -193 ».
"""

from datetime import date

import pytest

from club.models import Player
from ratings.models import Rating, RatingChange, RatingSystem
from ratings.services import recalculate
from tests.ratings.conftest import B, D, MakeEvent, W

pytestmark = pytest.mark.django_db


def _player(name: str, fide: int | None = None) -> Player:
    return Player.objects.create(first_name=name, last_name="Years", fide_rating=fide)


def _rating(system: RatingSystem, player: Player) -> tuple[float | None, str]:
    rating = Rating.objects.get(system=system, player=player)
    return rating.rating, rating.status


def test_a_history_from_2008_to_2024_follows_each_years_rules(make_event: MakeEvent) -> None:
    fide_system = RatingSystem.objects.get(engine="fide")
    r = _player("R", 2000)
    newcomer_2008 = _player("N")
    newcomer_2014 = _player("M")
    top = _player("T", 2400)
    low, lower = _player("L", 1900), _player("K", 1950)
    a, b = _player("A", 1500), _player("C", 1550)
    # March 2008: five draws against 2000 (Ru 2000): 5 of the 9 games, unrated.
    make_event(date(2008, 3, 12), [[(newcomer_2008, r, D)]] * 5)
    # November 2009: four games against 2000, one win (1 point, 4 rated opponents: the
    # event counts): p = .25, Ru = 2000 − 193 = 1807. Nine games: Rn = (2000 × 5 + 1807 ×
    # 4) / 9 = 1914.2 → 1914.
    make_event(date(2009, 11, 10), [[(newcomer_2008, r, W)]] + [[(newcomer_2008, r, B)]] * 3)
    # June 2014: five draws against 2000: still 9 games needed, unrated. August 2014 (5
    # games from July): one more draw, Rn = 2000 over the 6 games.
    make_event(date(2014, 6, 11), [[(newcomer_2014, r, D)]] * 5)
    make_event(date(2014, 8, 13), [[(newcomer_2014, r, D)]])
    # June 2022: T (2400 reached: K 10) beats 1900 and 1950 in one tournament: the 500
    # counts as 400 (We .92), the 450 as it is (We .94): 10 × (.08 + .06) = 1.4 → 2401.
    make_event(date(2022, 6, 15), [[(top, low, W)], [(top, lower, W)]])
    # June 2024: T (2401) beats 1500 and 1550 in one tournament: both capped, We .92:
    # 10 × .16 = 1.6 → 2: 2403.
    make_event(date(2024, 6, 12), [[(top, a, W)], [(top, b, W)]])
    recalculate(fide_system)

    n_rows = RatingChange.objects.filter(batch__system=fide_system, player=newcomer_2008)
    # 1 March 2024, the one-time adjustment: 1914 + 0.4 × (2000 − 1914) = 1948.4 → 1948.
    assert [r.rating_after for r in n_rows.order_by("batch__day")] == [None, 1914, 1948]
    m_rows = RatingChange.objects.filter(batch__system=fide_system, player=newcomer_2014)
    assert [r.rating_after for r in m_rows.order_by("batch__day")] == [None, 2000]
    t_rows = RatingChange.objects.filter(batch__system=fide_system, player=top)
    assert [(r.rating_before, r.rating_after, r.k) for r in t_rows.order_by("batch__day")] == [
        (2400, 2401, 10),
        (2401, 2403, 10),
    ]
    assert _rating(fide_system, newcomer_2008) == (1948, "rated")
    assert _rating(fide_system, top) == (2403, "rated")


def test_a_newcomers_zero_event_is_disregarded_from_2014_but_not_after_one_counted(
    make_event: MakeEvent,
) -> None:
    """FFE, 27 June 2014: « au moins ½ point dans le tournoi contre les classés »; 2022 and
    2024, 8.2.1: « If an unrated player scores zero in their first event this score is
    disregarded. Otherwise, their rating is calculated using all their results ». The
    opponents (2000) play only newcomers, whose games do not count for them: they stay
    2000.

    - Z, March 2016: three losses (disregarded); April 2016 (another period): 2.5 of 5:
      p .50, Ru 2000 over 5 games (kept, the zero would give 2.5 / 8 = .31, 1859).
    - Y, May 2016, one period: half a point against three 2000s in one event, two losses
      in another (counted), all « as if they were played in one tournament » (2014, 7.14):
      Rc = 2000, p = .5 / 5 = .10, D(.10) = −366, 1634.
    - X, September 2010 (every event needs three rated opponents and a point): a draw and
      two losses counts nothing, then 4.5 of 9 against 2000: 2000 over 9 games."""
    fide_system = RatingSystem.objects.get(engine="fide")
    s, t, u = _player("S", 2000), _player("T", 2000), _player("U", 2000)
    z, y, x = _player("Z"), _player("Y"), _player("X")
    make_event(date(2016, 3, 9), [[(z, s, B)]] * 3)
    make_event(date(2016, 4, 13), [[(z, s, r)] for r in (W, B, W, B, D)])
    make_event(date(2016, 5, 4), [[(y, t, D)], [(y, t, B)], [(y, t, B)]])
    make_event(date(2016, 5, 18), [[(y, t, B)]] * 2)
    make_event(date(2010, 9, 8), [[(x, u, D)], [(x, u, B)], [(x, u, B)]])
    make_event(date(2010, 9, 22), [[(x, u, r)] for r in (W, B) * 4 + (D,)])
    recalculate(fide_system)

    def rows(player: Player) -> list[tuple[float | None, int]]:
        changes = RatingChange.objects.filter(batch__system=fide_system, player=player)
        return [(c.rating_after, c.games) for c in changes.order_by("batch__day")]

    assert rows(z)[:2] == [(None, 0), (2000, 5)]
    assert rows(y)[0] == (1634, 5)
    assert rows(x)[0] == (2000, 9)
    assert _rating(fide_system, s) == (2000, "rated")

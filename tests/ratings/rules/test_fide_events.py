"""FIDE rules that apply per event inside a rating period (issue #26; docs/ratings/fide.md).

Every game knows its event (``Game.event``). The texts:
- 2022 regulation, 8.3.1: « A difference in rating of more than 400 points shall be
  counted for rating purposes as though it were a difference of 400 points. In any
  tournament, a player may benefit from only one upgrade under this rule, for the game in
  which the rating difference is greatest. » Abolished on 1 March 2024 (FIDE Qualification
  Commission: « the limitation of the 400-points rule to once per event has been
  abolished »).
- FIDE, changes effective from 1 July 2009: « the rating of a previously unrated player
  is calculated, if the player plays against at least three rated opponents, scores at
  least 1 point against the rated opponents »; US Chess, *Initial FIDE rating* (2014):
  « Effective 1.July.2014 ... only 5 games is necessary for the initial FIDE rating (down
  from 9 games) ».
- Seed 001: « le premier classement publié, Rn, est égal à la moyenne pondérée des Ru de
  chaque tournoi »; « si p > 0,5 ... Ru = Rc + 20 par demi-point marqué au-dessus de 50 % ».
  From July 2014, the regulation's 7.14 (kinabaluchess.com, *Official FIDE Rating List*):
  « The rating is calculated using all his results as if they were played in one
  tournament ».
- 2022 and 2024 regulations, 8.2.1: « If an unrated player scores zero in their first
  event this score is disregarded. Otherwise, their rating is calculated using all their
  results as in 7.1.4. »; the FFE's letter of 27 June 2014: « au moins ½ point dans le
  tournoi contre les classés (au lieu de 1 point) ».
- Handbook B.02 (2003), 6.1: « If an unrated player scores zero or half in an event, his
  score and that of his opponents against him are disregarded. (GA 2003) »; 6.42: « For
  unrated players, results are only counted if the player meets at least three rated
  opponents in the event. »
Table (seed 000): « 392-411 .92 », « 433-456 .94 »; D(p): « .50 0 », « .39 -80 ».
"""

from collections.abc import Sequence
from datetime import date

from ratings.rules import fide, params_on
from ratings.rules.base import Archive, Batch, Game, PlayerResult, PlayerState, Status


def _rate(me: PlayerState, games: Sequence[tuple[float, float, object]], day: date) -> PlayerResult:
    """``me`` plays (opponent rating, my score, event) in turn."""
    players = {"me": me}
    played = []
    for n, (rating, score, event) in enumerate(games):
        players[f"o{n}"] = PlayerState(rating=rating, games=200)
        played.append(Game("me", f"o{n}", score, round=n + 1, event=event))
    batch = Batch(day, players, tuple(played))
    return fide.rate(batch, params_on("fide", day))["me"]


TOP = PlayerState(rating=2400, games=200, peak_rating=2400)  # K 10: 2400 reached


def test_in_2022_the_400_point_rule_benefits_one_game_per_event() -> None:
    """2400 (K 10) beats 1900 and 1950 in one tournament: the greatest difference, 500,
    counts as 400, We = .92; the 450 counts as it is, We = .94. 10 × (.08 + .06) = 1.4
    → 1: 2401."""
    me = _rate(TOP, [(1900, 1, "open"), (1950, 1, "open")], date(2022, 6, 30))
    assert [line.expected for line in me.games] == [0.92, 0.94]
    assert me.rating_after == 2401


def test_in_2022_two_events_each_have_their_upgrade() -> None:
    """The same wins in two tournaments of the period: both at 400, We = .92: 10 × .16 =
    1.6 → 2: 2402."""
    me = _rate(TOP, [(1900, 1, "open"), (1950, 1, "rapid")], date(2022, 6, 30))
    assert [line.expected for line in me.games] == [0.92, 0.92]
    assert me.rating_after == 2402


def test_from_march_2024_every_game_is_capped_again() -> None:
    """« the limitation of the 400-points rule to once per event has been abolished »:
    one tournament, both at .92: 2402."""
    me = _rate(TOP, [(1900, 1, "open"), (1950, 1, "open")], date(2024, 6, 30))
    assert me.rating_after == 2402


def test_the_lower_rated_player_keeps_the_cap() -> None:
    """The cap is no upgrade for the 1900 (200 games, K 20) losing to the 2400: −500
    counts as −400, We = .08: 1900 − 20 × .08 = 1898.4 → 1898, in 2022 as in 2024."""
    players = {"me": TOP, "low": PlayerState(rating=1900, games=200)}
    games = (Game("me", "low", 1, event="open"), Game("me", "low", 1, event="open"))
    for day in (date(2022, 6, 30), date(2024, 6, 30)):
        low = fide.rate(Batch(day, players, games), params_on("fide", day))["low"]
        assert [line.expected for line in low.games] == [0.08, 0.08]


def test_before_july_2014_a_first_rating_needs_9_games() -> None:
    """2013: eight games against 2000 with 4 points: not yet (9 games); nine with 4.5:
    p = .50, D = 0, Ru = 2000. 2015: five games with 2.5 points are enough: 2000."""
    eight = _rate(PlayerState(), [(2000, s, "e") for s in (1, 0) * 4], date(2013, 6, 30))
    assert eight.rating_after is None
    assert "unrated: 8 of the 9 games needed for a first rating" in map(str, eight.notes)
    nine = _rate(PlayerState(), [(2000, s, "e") for s in (1, 0) * 4 + (0.5,)], date(2013, 6, 30))
    assert nine.rating_after == 2000
    five = _rate(PlayerState(), [(2000, s, "e") for s in (1, 0, 1, 0, 0.5)], date(2015, 6, 30))
    assert five.rating_after == 2000


def test_before_july_2014_the_first_rating_averages_each_events_ru() -> None:
    """2013, one period: event a, six games against 2000 with 3 points: Ru = 2000; event b,
    three wins against 1800: p = 1 > .5, Ru = 1800 + 20 × 3 half points = 1860. Rn = (2000
    × 6 + 1860 × 3) / 9 = 1953.3 → 1953 (pooled as one event it would be Rc = 1933.3 + 20
    × 3 = 1993)."""
    games = [(2000, s, "a") for s in (1, 0) * 3] + [(1800, 1, "b")] * 3
    me = _rate(PlayerState(), games, date(2013, 6, 30))
    assert me.rating_after == 1953


def test_from_july_2014_the_first_rating_pools_the_events_as_one_tournament() -> None:
    """7.14 (2014): « The rating is calculated using all his results as if they were
    played in one tournament »; 2022, 8.2.1: « calculated using all their results as in
    7.1.4 ». The same games as in 2013, in 2016: Rc = (2000 × 6 + 1800 × 3) / 9 = 1933.3,
    p = 6 / 9 = .67 > .5, 1.5 points over 50 % = 3 half points: Ru = 1933.3 + 20 × 3 =
    1993.3 → 1993. Three draws against 2000 (a) and three wins against 1800 (b): Rc = 1900,
    4.5 / 6 = .75, Ru = 1900 + 20 × 3 = 1960 (each event's Ru would give (2000 × 3 + 1860 ×
    3) / 6 = 1930)."""
    games = [(2000, s, "a") for s in (1, 0) * 3] + [(1800, 1, "b")] * 3
    assert _rate(PlayerState(), games, date(2016, 6, 30)).rating_after == 1993
    draws_and_wins = [(2000, 0.5, "a")] * 3 + [(1800, 1, "b")] * 3
    assert _rate(PlayerState(), draws_and_wins, date(2016, 6, 30)).rating_after == 1960


def test_the_performance_of_a_newcomer_leaves_out_a_disregarded_event() -> None:
    """The calculator contract: « performance.classical: average of the counted opponents
    + D(p) ». 2016: three losses to 2000 (a, disregarded), then 3 of 5 against 2000 (b):
    2000 + D(.60) = 2000 + 72 = 2072 (all eight games: 3 / 8 = .38, D = −87, 1913)."""
    games = [(2000, 0, "a")] * 3 + [(2000, 0.5, "b")] * 4 + [(2000, 1, "b")]
    me = _rate(PlayerState(), games, date(2016, 6, 30))
    assert [line.counted for line in me.games] == [False] * 3 + [True] * 5
    assert me.performance_classical == 2072
    assert me.rating_after == 2000 + 20 * 1  # p = .6: 0.5 point over 50 %, one half point


def test_from_july_2004_every_event_needs_three_rated_opponents_and_a_point() -> None:
    """2010 (July 2009 version): event a, nine games against 2000 with 4.5 points counts;
    event b, three games against 1800 with half a point, does not (less than 1 point): Rn
    = 2000 over the 9 games of a. With only two rated opponents in b (2 points), b does not
    count either. (Handbook B.02, 6.1, GA 2003: « If an unrated player scores zero or half
    in an event, his score ... disregarded »; 6.42: « at least three rated opponents in the
    event ».) In 2005 the same: Rn 2000 over 9."""
    a = [(2000, s, "a") for s in (1, 0) * 4 + (0.5,)]
    for day in (date(2010, 10, 31), date(2005, 3, 31)):
        half = _rate(PlayerState(), [*a, (1800, 0.5, "b"), (1800, 0, "b"), (1800, 0, "b")], day)
        assert (half.rating_after, half.after.games) == (2000, 9)
        assert [line.counted for line in half.games][-3:] == [False, False, False]
        assert (
            "an event with 0.5 points against 3 rated opponents does not count for a first "
            "rating: at least 1 points against 3 are needed"
        ) in map(str, half.notes)
        two = _rate(PlayerState(), [*a, (1800, 1, "b"), (1800, 1, "b")], day)
        assert (two.rating_after, two.after.games) == (2000, 9)


def test_before_july_2004_no_event_condition_was_read() -> None:
    """2003: the same games all count: event b, p = .5 / 3 = .17, D(.17) = −273, Ru = 1527;
    Rn = (2000 × 9 + 1527 × 3) / 12 = 1881.75 → 1882 (over the floor of 1801)."""
    a = [(2000, s, "a") for s in (1, 0) * 4 + (0.5,)]
    me = _rate(
        PlayerState(), [*a, (1800, 0.5, "b"), (1800, 0, "b"), (1800, 0, "b")], date(2003, 3, 31)
    )
    assert (me.rating_after, me.after.games) == (1882, 12)


def test_from_july_2011_the_conditions_hold_only_until_an_event_counts() -> None:
    """US Chess forum on 8.21 (July 2011): « after they have gained their initial 3 game
    performance, to pick up additional games one at a time ». 2013: event a (nine games
    against 2000, 4.5 points) counts, then event b (half a point against three 1800s)
    counts too: p = .5 / 3 = .17, D(.17) = −273, Ru = 1527; Rn = (2000 × 9 + 1527 × 3) /
    12 = 1881.75 → 1882. In the other order b comes first, does not count, and a gives
    2000 over 9 games."""
    a = [(2000, s, "a") for s in (1, 0) * 4 + (0.5,)]
    b = [(1800, 0.5, "b"), (1800, 0, "b"), (1800, 0, "b")]
    after_a = _rate(PlayerState(), [*a, *b], date(2013, 6, 30))
    assert (after_a.rating_after, after_a.after.games) == (1882, 12)
    b_first = _rate(PlayerState(), [*b, *a], date(2013, 6, 30))
    assert (b_first.rating_after, b_first.after.games) == (2000, 9)
    assert [line.counted for line in b_first.games][:3] == [False, False, False]


def test_from_july_2014_a_zero_first_event_is_disregarded() -> None:
    """FFE, 27 June 2014: « au moins ½ point dans le tournoi contre les classés »; 2022,
    8.2.1: « If an unrated player scores zero in their first event this score is
    disregarded. Otherwise, their rating is calculated using all their results ». 2016:
    event a, three losses against 2000 (disregarded); event b, five games against 2000
    with 2.5 points: p = .50, Ru = 2000 over 5 games. (Kept, the zero would give p = 2.5
    / 8 = .31, D(.31) = −141, 1859.) In 2022, the same."""
    games = [(2000, 0, "a")] * 3 + [(2000, s, "b") for s in (1, 0, 1, 0, 0.5)]
    for day in (date(2016, 6, 30), date(2022, 6, 30)):
        me = _rate(PlayerState(), games, day)
        assert (me.rating_after, me.after.games) == (2000, 5)
        assert "a zero score in the first event is disregarded" in map(str, me.notes)
        assert [line.counted for line in me.games] == [False] * 3 + [True] * 5


def test_from_july_2014_after_a_half_point_event_a_zero_event_counts() -> None:
    """2016: event a, half a point against three 2000s counts; event b, two losses against
    2000, counts after it (« Otherwise, their rating is calculated using all their
    results as in 7.1.4 »; 2014, 7.14: « as if they were played in one tournament »). One
    tournament: Rc = 2000, p = .5 / 5 = .10, D(.10) = −366, Rn = 1634. (Each event's Ru,
    seed 001, would give a 1727, b 1200: (1727 × 3 + 1200 × 2) / 5 = 1516.) With b first,
    b is disregarded: 3 of the 5 games needed, unrated."""
    a = [(2000, 0.5, "a"), (2000, 0, "a"), (2000, 0, "a")]
    b = [(2000, 0, "b")] * 2
    me = _rate(PlayerState(), [*a, *b], date(2016, 6, 30))
    assert (me.rating_after, me.after.games) == (1634, 5)
    b_first = _rate(PlayerState(), [*b, *a], date(2016, 6, 30))
    assert (b_first.rating_after, b_first.after.games) == (None, 3)
    assert "unrated: 3 of the 5 games needed for a first rating" in map(str, b_first.notes)


def test_a_zero_event_after_counted_games_of_an_earlier_period_counts() -> None:
    """2016: a newcomer whose archive holds 3 counted games (half a point against 2000s)
    loses twice to 2000 in a new event: it counts (an event has counted already), all the
    games as one tournament (7.14): Rc = 2000, p = .5 / 5 = .10, D(.10) = −366, Rn = 1634."""
    archive = Archive(performance=1727, games=3, opponents_sum=6000, score=0.5)
    me = _rate(PlayerState(archive=archive), [(2000, 0, "b")] * 2, date(2016, 6, 30))
    assert (me.rating_after, me.after.games) == (1634, 5)


def test_in_2024_the_first_events_zero_is_disregarded() -> None:
    """2025, one period: event a, two losses against 1800 (zero: disregarded); event b, five
    games against 1800 with 2.5 points. With the two hypothetical draws against 1800: Ra =
    1800, p = 3.5 / 7 = .50, Ru = 1800. (Pooled, the zero would not be disregarded: p =
    3.5 / 9 = .39, D = −80, 1720.)"""
    games = [(1800, 0, "a")] * 2 + [(1800, s, "b") for s in (1, 0, 1, 0, 0.5)]
    me = _rate(PlayerState(), games, date(2025, 6, 30))
    assert (me.rating_after, me.after.status) == (1800, Status.RATED)
    assert "a zero score in the first event is disregarded" in map(str, me.notes)
    assert [line.counted for line in me.games] == [False, False, True, True, True, True, True]


def test_in_2024_a_second_zero_event_is_the_first_that_could_count() -> None:
    """2025: events a and b, two and one losses against 1800, both disregarded (a is, and b
    is then the player's first event, scored zero: the same reading across periods, where
    the archive stays empty); event c, 2.5 of 5 against 1800: with the two hypothetical
    draws, p = 3.5 / 7 = .50, Ru = 1800."""
    games = [(1800, 0, "a")] * 2 + [(1800, 0, "b")] + [(1800, s, "c") for s in (1, 0, 1, 0, 0.5)]
    me = _rate(PlayerState(), games, date(2025, 6, 30))
    assert (me.rating_after, me.after.games) == (1800, 5)
    assert [line.counted for line in me.games] == [False] * 3 + [True] * 5


def test_from_july_2014_a_first_rating_of_exactly_1000_is_published() -> None:
    """7.14 (2014): « The rating is at least 1000. » A draw and four losses against 1366:
    p = .10, D(.10) = −366: 1000, published; against 1365: 999, not."""
    games = [(1366, 0, "e")] * 4 + [(1366, 0.5, "e")]
    assert _rate(PlayerState(), games, date(2016, 6, 30)).rating_after == 1000
    lower = [(1365, 0, "e")] * 4 + [(1365, 0.5, "e")]
    assert _rate(PlayerState(), lower, date(2016, 6, 30)).rating_after is None

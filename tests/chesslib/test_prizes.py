"""The prize list computed from the standings, the categories and the prizes, with the
figures worked out by hand beside each test.

The rules follow two real opens' published regulations:

- Cappelle-la-Grande (32nd International Open, 2016, "Classification – Prizes"): "If
  there is a tie the first 20 prizes in the general classification are shared according
  to the Hort system. Other prizes are not shared. A player cannot win more than one
  prize." (The 40th, 2024: "the first 12 prizes in the general classification are shared
  according to the Hort system. Other prizes are not shared.")
- Limburg Open (prize fund 2020): "If more players have the same amount of points
  prizes in money will be divided. [...] For prizes in kind the tie break rules
  mentioned in the tournament regulations will be applied."

Hort's system as the Fish Partners Open (Netherlands) states it: "elke speler ontvangt
50% van het prijzengeld waar hij op grond van zijn positie in de eindstand recht heeft.
De overige 50% wordt gelijkelijk verdeeld onder de met hem/haar gelijk (in punten)
geëindigde spelers." The example of German Wikipedia's article "Hort-System" is the
first test's.

Which prize a player winning two takes is ours (the regulations say one prize only):
the highest by amount, then the overall before a category, then the categories in
their order."""

from decimal import Decimal

from chesslib.prizes import Award, Prize, Standing, Ties, award, shares

D = Decimal


def _standings(*points: str) -> list[Standing]:
    """Players 1, 2, ... in rank order with these points, each their own rank."""
    return [Standing(n, n, D(p)) for n, p in enumerate(points, 1)]


def _overall(*amounts: str | None) -> list[Prize]:
    return [
        Prize(place, None, place, D(a) if a is not None else None)
        for place, a in enumerate(amounts, 1)
    ]


def _paid(awards: list[Award]) -> dict[int, Decimal | None]:
    return {a.player: a.amount for a in awards}


# Wikipedia's example: prizes 100, 80, 60, 40, 20, 10 €; A and B 8 points, C 7.5,
# D, E and F 7, G 6.5 (no prize).
EXAMPLE = _standings("8", "8", "7.5", "7", "7", "7", "6.5")
EXAMPLE_PRIZES = _overall("100", "80", "60", "40", "20", "10")


def test_it_shares_by_hort_system_to_the_cent() -> None:
    """By hand: A keeps 50 of 100 and B 40 of 80, pooling 50 + 40 = 90: 45 each, A 95 and
    B 85. C alone keeps 60. D keeps 20 of 40, E 10 of 20, F 5 of 10, pooling 35: 11.67,
    11.67, 11.66 (the extra cent to the better placed), D 31.67, E 21.67, F 16.66 (the
    article pays whole euros, 32, 22 and 17; we pay cents). The six add up to 310."""
    awards = award(EXAMPLE, {}, EXAMPLE_PRIZES, Ties.HORT)
    assert _paid(awards) == {
        1: D("95.00"),
        2: D("85.00"),
        3: D("60.00"),
        4: D("31.67"),
        5: D("21.67"),
        6: D("16.66"),
    }
    assert sum(a.amount or 0 for a in awards) == D("310")
    assert [a.shared for a in awards] == [(1, 2), (1, 2), None, (4, 6), (4, 6), (4, 6)]


def test_it_shares_money_equally_among_players_level_on_points() -> None:
    """By hand: A and B pool 100 + 80 = 180, 90 each; C 60; D, E and F pool 40 + 20 + 10
    = 70, 23.34, 23.33 and 23.33."""
    awards = award(EXAMPLE, {}, EXAMPLE_PRIZES, Ties.SHARED)
    assert _paid(awards) == {
        1: D("90.00"),
        2: D("90.00"),
        3: D("60.00"),
        4: D("23.34"),
        5: D("23.33"),
        6: D("23.33"),
    }


def test_it_gives_each_place_by_the_tiebreaks_when_the_event_says_so() -> None:
    awards = award(EXAMPLE, {}, EXAMPLE_PRIZES, Ties.TIEBREAK)
    assert _paid(awards) == {
        1: D("100.00"),
        2: D("80.00"),
        3: D("60.00"),
        4: D("40.00"),
        5: D("20.00"),
        6: D("10.00"),
    }
    assert all(a.shared is None for a in awards)


def test_it_shares_the_money_of_players_level_on_every_tiebreak_even_by_tiebreak() -> None:
    """Players 2 and 3 share rank 2 (nothing separates them): 50 + 30 = 80, 40 each."""
    standings = [Standing(1, 1, D(5)), Standing(2, 2, D(4)), Standing(3, 2, D(4))]
    awards = award(standings, {}, _overall("100", "50", "30"), Ties.TIEBREAK)
    assert _paid(awards) == {1: D("100.00"), 2: D("40.00"), 3: D("40.00")}


def test_three_level_for_two_prizes_pool_them_and_the_third_is_paid_a_share() -> None:
    """A, B and C 5 points for prizes of 100 and 50 (no 3rd): shared, 150 / 3 = 50 each;
    by Hort, A keeps 50, B 25, C 0, and they pool 75, 25 each: 75, 50 and 25. D, with 4,
    gets nothing either way."""
    standings = _standings("5", "5", "5", "4")
    prizes = _overall("100", "50")
    shared = award(standings, {}, prizes, Ties.SHARED)
    assert _paid(shared) == {1: D(50), 2: D(50), 3: D(50)}
    third = shared[2]
    assert (third.prize, third.place, third.shared) == (None, 3, (1, 3))
    assert _paid(award(standings, {}, prizes, Ties.HORT)) == {1: D(75), 2: D(50), 3: D(25)}


def test_a_player_wins_one_prize_and_the_category_prize_passes_down() -> None:
    """Overall 300, 200, 100; U12 80 and 40. Players 1, 3, 5 and 6 are U12. Player 1
    wins the overall 1st (300 > 80), player 3 the overall 3rd (100 > 80): the U12 1st
    passes down to player 5, its 2nd to player 6; player 4 wins nothing."""
    standings = _standings("6", "5", "4", "3", "2", "1")
    u12 = 10
    prizes = [*_overall("300", "200", "100"), Prize(4, u12, 1, D(80)), Prize(5, u12, 2, D(40))]
    awards = award(standings, {u12: {1, 3, 5, 6}}, prizes)
    assert [(a.player, a.category, a.place, a.amount) for a in awards] == [
        (1, None, 1, D(300)),
        (2, None, 2, D(200)),
        (3, None, 3, D(100)),
        (5, u12, 1, D(80)),
        (6, u12, 2, D(40)),
    ]
    assert len({a.player for a in awards}) == len(awards)


def test_a_player_takes_a_category_prize_worth_more_than_their_overall_place() -> None:
    """Overall 100, 50, 30; U1600 60. Player 3 (U1600) takes its 60 rather than the 30
    of the overall 3rd, which passes to player 4."""
    standings = _standings("5", "4", "3", "2")
    prizes = [*_overall("100", "50", "30"), Prize(4, 7, 1, D(60))]
    assert _paid(award(standings, {7: {3, 4}}, prizes)) == {
        1: D(100),
        2: D(50),
        3: D(60),
        4: D(30),
    }


def test_at_equal_money_the_overall_comes_first_then_the_categories_in_order() -> None:
    """Overall 3rd 50 and U12 1st 50: player 3 (U12) takes the overall 3rd, the U12 1st
    passes to player 4. Player 5 is in both the women's (listed first) and U12: the women's
    1st (40) and the U12 2nd (40) are equal, the women's comes first."""
    standings = _standings("5", "4", "3", "2", "1", "0")
    women, u12 = 1, 2
    prizes = [
        *_overall("100", "70", "50"),
        Prize(4, u12, 1, D(50)),
        Prize(5, u12, 2, D(40)),
        Prize(6, women, 1, D(40)),
    ]
    awards = award(standings, {women: {5}, u12: {3, 4, 5, 6}}, prizes)
    assert {a.player: (a.category, a.place) for a in awards} == {
        1: (None, 1),
        2: (None, 2),
        3: (None, 3),
        4: (u12, 1),
        5: (women, 1),
        6: (u12, 2),
    }


def test_a_player_in_a_tie_for_overall_money_prefers_a_bigger_category_prize() -> None:
    """A, B and C level on 5 points for 100 and 50, shared: 50 each. C is U12, whose 1st
    pays 60: C takes it, and A and B share 150, 75 each (US Chess's rule 32B too)."""
    standings = _standings("5", "5", "5", "4")
    prizes = [*_overall("100", "50"), Prize(3, 9, 1, D(60))]
    awards = award(standings, {9: {3, 4}}, prizes, Ties.SHARED)
    assert _paid(awards) == {3: D(60), 1: D(75), 2: D(75)}


def test_each_player_of_a_pooled_group_is_weighed_against_their_category() -> None:
    """The walk's case: ten players level on 1 point for overall 300, 60, 40 by Hort's
    system (40 a player on average); players 9 and 10 are women, whose 1st prize is 40,
    players 11 and 12 women on 0. With all ten in the pool each keeps half their place
    (150, 30, 20) and the pooled 200 pays 20 each: player 9 would get 20 while the
    women's 40 went to player 11, on 0. Player 9 takes the women's 40; the nine others
    pool 200 / 9 = 22.22 (the two extra cents to players 1 and 2): 172.23, 52.23, 42.22
    and 22.22. Player 10, 2nd woman, has no women's prize and keeps the pool's share."""
    standings = _standings(*["1"] * 10, "0", "0")
    women = 3
    prizes = [*_overall("300", "60", "40"), Prize(4, women, 1, D(40))]
    awards = award(standings, {women: {9, 10, 11, 12}}, prizes, Ties.HORT)
    assert _paid(awards) == {
        1: D("172.23"),
        2: D("52.23"),
        3: D("42.22"),
        **{n: D("22.22") for n in (4, 5, 6, 7, 8, 10)},
        9: D(40),
    }


def test_a_player_leaves_the_pool_for_a_lower_place_of_a_category_paying_more() -> None:
    """Overall 300, 30, 30 by Hort; players 1, 2 and 3 level on 4 points keep 150, 15, 15
    and pool 180: 210, 75, 75. Players 2, 3 and 4 are U1600 (1st 100, 2nd 90): player 2
    takes its 100 and player 3, 2nd of U1600 behind player 2, its 90, both more than 75.
    Player 1, alone on the 1st place, is paid its 300; the overall 2nd (30) passes to
    player 4, whom U1600 has no 3rd prize for. Before each was weighed, players 2 and 3
    took 75 each and U1600's 100 went to player 4."""
    standings = _standings("4", "4", "4", "3")
    prizes = [*_overall("300", "30", "30"), Prize(4, 5, 1, D(100)), Prize(5, 5, 2, D(90))]
    awards = award(standings, {5: {2, 3, 4}}, prizes, Ties.HORT)
    assert _paid(awards) == {1: D(300), 2: D(100), 3: D(90), 4: D(30)}
    assert {a.player: (a.category, a.place) for a in awards} == {
        1: (None, 1),
        2: (5, 1),
        3: (5, 2),
        4: (None, 2),
    }


def test_category_prizes_go_by_tiebreak_unless_the_event_shares_them_too() -> None:
    """Overall 1st 100 to player 1; players 2 and 3 (both U12) level on points for U12's
    60 and 20: by tie-break 60 and 20, shared 40 each."""
    standings = _standings("5", "4", "4")
    prizes = [*_overall("100"), Prize(2, 4, 1, D(60)), Prize(3, 4, 2, D(20))]
    apart = award(standings, {4: {2, 3}}, prizes, Ties.SHARED)
    assert _paid(apart) == {1: D(100), 2: D(60), 3: D(20)}
    together = award(standings, {4: {2, 3}}, prizes, Ties.SHARED, share_categories=True)
    assert _paid(together) == {1: D(100), 2: D(40), 3: D(40)}


def test_a_prize_in_kind_goes_by_tiebreak_while_the_money_is_shared() -> None:
    """1st: 100 € and a cup, 2nd 50 €; A and B level: 75 € each, the cup to A."""
    standings = _standings("5", "5", "3")
    prizes = [Prize(1, None, 1, D(100), "cup"), Prize(2, None, 2, D(50))]
    awards = award(standings, {}, prizes, Ties.SHARED)
    assert [(a.player, a.amount, a.prize and a.prize.description) for a in awards] == [
        (1, D(75), "cup"),
        (2, D(75), ""),
    ]


def test_prizes_in_kind_only_are_not_paid_and_not_shared() -> None:
    """Only trophies for the first two, A, B and C level: A and B get them; C nothing."""
    standings = _standings("5", "5", "5")
    prizes = [Prize(1, None, 1, None, "trophy"), Prize(2, None, 2, None, "medal")]
    awards = award(standings, {}, prizes, Ties.SHARED)
    assert [(a.player, a.amount, a.prize and a.prize.description) for a in awards] == [
        (1, None, "trophy"),
        (2, None, "medal"),
    ]


def test_a_prize_nobody_can_win_stays_unawarded() -> None:
    """The women's prize with no woman in the event, a 3rd prize with two players."""
    awards = award(_standings("1", "0"), {5: set()}, [*_overall("10", "5", "2"), Prize(9, 5, 1)])
    assert [(a.player, a.place) for a in awards] == [(1, 1), (2, 2)]


def test_shares_add_up_to_the_money_pooled() -> None:
    """100 € among three: 33.34, 33.33, 33.33; 0.05 € among three by Hort (kept 0.02, 0,
    pooled 0.03): 0.03, 0.01, 0.01."""
    assert shares([D(100)], 3, Ties.SHARED) == [D("33.34"), D("33.33"), D("33.33")]
    assert shares([D("0.05")], 3, Ties.HORT) == [D("0.03"), D("0.01"), D("0.01")]

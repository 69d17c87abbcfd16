"""Who is in an event's categories: ages at the reference date on both sides of a
birthday, birth years alone, rating bands, women, a club, the unrated; and the ranks
within a category."""

from datetime import date

import pytest

from chesslib.categories import Facts, Kind, Rule, Source, age_on, members, ranked_within

JANUARY_2026 = date(2026, 1, 1)


@pytest.mark.parametrize(
    ("born", "reference", "age"),
    [
        (date(2014, 1, 1), JANUARY_2026, 12),  # 12 that very day
        (date(2014, 1, 2), JANUARY_2026, 11),  # 12 the day after
        (date(2010, 7, 15), date(2026, 7, 15), 16),
        (date(2010, 7, 16), date(2026, 7, 15), 15),
        (date(2012, 2, 29), date(2026, 2, 28), 13),  # no 29 February in 2026
        (date(2012, 2, 29), date(2026, 3, 1), 14),
        (date(2012, 2, 29), date(2028, 2, 29), 16),
    ],
)
def test_it_counts_the_age_at_the_reference_date(born: date, reference: date, age: int) -> None:
    assert age_on(reference, born) == age


def test_it_counts_a_birth_year_alone_as_a_birthday_after_the_reference_date() -> None:
    """Born in 2014, at 1 January 2026: 11 (every player born in 2014 but on 1 January),
    so under 12 as FIDE counts U12 in 2026; born in 2013: 12, no longer."""
    assert age_on(JANUARY_2026, birth_year=2014) == 11
    assert age_on(JANUARY_2026, birth_year=2013) == 12
    assert age_on(JANUARY_2026) is None


@pytest.mark.parametrize(
    ("born", "under_12"),
    [(date(2014, 1, 1), False), (date(2014, 1, 2), True), (date(2025, 12, 31), True)],
)
def test_an_under_12_category_takes_the_players_not_yet_12_on_its_date(
    born: date, under_12: bool
) -> None:
    assert Rule(Kind.UNDER, age=12).admits(Facts(birth_date=born), JANUARY_2026) is under_12


def test_a_seniors_category_takes_the_players_of_that_age_or_older() -> None:
    """65+ at 1 January 2026: born on 1 January 1961, 65 that day; the day after, 64."""
    rule = Rule(Kind.SENIOR, age=65)
    assert rule.admits(Facts(birth_date=date(1961, 1, 1)), JANUARY_2026)
    assert not rule.admits(Facts(birth_date=date(1961, 1, 2)), JANUARY_2026)
    assert rule.admits(Facts(birth_year=1960), JANUARY_2026)  # 65 by the year
    assert not rule.admits(Facts(birth_year=1961), JANUARY_2026)
    assert not rule.admits(Facts(), JANUARY_2026)  # no age known: in no age group


def test_a_rating_band_reads_the_chosen_rating_its_bounds_included() -> None:
    band = Rule(Kind.RATING, source=Source.NATIONAL, minimum=1400, maximum=1599)
    facts = {
        1: Facts(ratings={Source.NATIONAL: 1400, Source.FIDE: 1700}),
        2: Facts(ratings={Source.NATIONAL: 1599}),
        3: Facts(ratings={Source.NATIONAL: 1600, Source.FIDE: 1500}),
        4: Facts(ratings={Source.NATIONAL: None}),
        5: Facts(ratings={Source.NATIONAL: 1399}),
    }
    assert members({7: band}, facts, JANUARY_2026) == {7: {1, 2}}
    under = Rule(Kind.RATING, source=Source.FIDE, maximum=1599)
    assert members({8: under}, facts, JANUARY_2026) == {8: {3}}  # the unrated are not under


def test_the_unrated_are_those_without_a_rating_or_with_0_on_the_chosen_list() -> None:
    rule = Rule(Kind.UNRATED, source=Source.EVENT)
    facts = {
        1: Facts(ratings={Source.EVENT: 0}),
        2: Facts(ratings={Source.EVENT: None, Source.FIDE: 1800}),
        3: Facts(ratings={Source.EVENT: 1200}),
        4: Facts(),
    }
    assert members({1: rule}, facts, JANUARY_2026) == {1: {1, 2, 4}}


def test_women_and_clubs() -> None:
    facts = {
        1: Facts(female=True, member=True),
        2: Facts(club="Cercle d'échecs de Namur"),
        3: Facts(female=True, club="CERCLE D'ÉCHECS DE NAMUR "),
    }
    rules = {
        1: Rule(Kind.WOMEN),
        2: Rule(Kind.CLUB),  # the club's own members
        3: Rule(Kind.CLUB, club="cercle d'échecs de namur"),
    }
    assert members(rules, facts, JANUARY_2026) == {1: {1, 3}, 2: {1}, 3: {2, 3}}


def test_a_player_may_be_in_several_categories() -> None:
    facts = {1: Facts(birth_date=date(2015, 3, 1), female=True, ratings={Source.FIDE: None})}
    rules = {1: Rule(Kind.UNDER, age=12), 2: Rule(Kind.WOMEN), 3: Rule(Kind.UNRATED)}
    assert members(rules, facts, JANUARY_2026) == {1: {1}, 2: {1}, 3: {1}}


def test_ranks_within_a_category_follow_the_overall_ranks_and_keep_shared_ones() -> None:
    """Overall: 1, 2 and 3 sharing rank 2, 4, 5. Players 2, 3 and 5 in the category:
    2 and 3 share its 1st place, 5 is 3rd."""
    ranks = [(1, 1), (2, 2), (3, 2), (4, 4), (5, 5)]
    assert ranked_within(ranks, {2, 3, 5}) == [(2, 1), (3, 1), (5, 3)]

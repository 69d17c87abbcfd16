"""The Belgian rules as the federation's lists apply them (issue #37), each checked on a
real player of a published list (``cropr/frbekbsb-migrated``, ``sites/data/ELO/``,
``PLAYER_YYYYMM.ZIP`` beside ``CHCKLIST_YYYYMM.ZIP``; docs/ratings/frbe.md), through the
calculator: the rating before, the games before and the period's games as the files give
them, the figure the list publishes."""

from datetime import date
from typing import Any

import pytest

from ratings.calculator import calculate
from ratings.rules import frbe
from ratings.rules.base import Archive, Batch, BatchResult, Game, PlayerState, Status
from ratings.rules.parameters import version_on


def _rate(day: str, rating: int, games: int, played: list[tuple[int, float]]) -> dict[str, Any]:
    return calculate(
        {
            "system": "frbe",
            "date": day,
            "player": {"rating": rating, "games": games},
            "games": [{"opponent": o, "score": s} for o, s in played],
        }
    )


@pytest.mark.parametrize(
    ("rating", "games", "played", "published"),
    [
        # 202204, 4332: 1662 with 99 games beats 1665 (K 32, We .50) and 1451 (game 101:
        # K 24, We .77): 1662 + 16 + 5.52 = 1683.52 → 1684 (K 32 for both: 1685).
        (1662, 99, [(1665, 1), (1451, 1)], 1684),
        # 202204, 16867: 1576 with 98 games: +1 1773, 0 1740 at K 32, 0 1582, +1 1594 at K 24.
        (1576, 98, [(1773, 1), (1740, 0), (1582, 0), (1594, 1)], 1592),
    ],
)
def test_k_is_read_for_each_game_from_its_number(
    rating: int, games: int, played: list[tuple[int, float]], published: int
) -> None:
    answer = _rate("2022-03-31", rating, games, played)
    assert answer["rating_after"] == published
    assert "K by each game's number" in " ".join(answer["notes"])


@pytest.mark.parametrize(
    ("rating", "games", "played", "published"),
    [
        # 202204, 92941: 2003 (776 games, K 12) loses to 2032 and 2146: We .54 + .69;
        # 3 points at K 12 to 2000, the rest at K 16; published 1992.
        (2003, 776, [(2032, 0), (2146, 0)], 1992),
        # 202204, 99368: 2204 (319 games, K 10 from the 301st) loses to 2013: We .75, −7.5
        # at K 10: 4 points to 2200, the other 3.5 at K 12: 4.2; 2195.8 → 2196.
        (2204, 319, [(2013, 0)], 2196),
        # 202204, 43516: 1991 (385 games, K 16) scores 3 of 4 against 2038, 1948, 1691,
        # 2029; published 2002.
        (1991, 385, [(2038, 1), (1948, 0), (1691, 1), (2029, 1)], 2002),
    ],
)
def test_a_change_that_crosses_2000_or_2200_is_split_between_the_bands(
    rating: int, games: int, played: list[tuple[int, float]], published: int
) -> None:
    answer = _rate("2022-03-31", rating, games, played)
    assert answer["rating_after"] == published
    assert "the part beyond it counts at the other band's K" in " ".join(answer["notes"])


@pytest.mark.parametrize(
    ("day", "rating", "games", "played", "published"),
    [
        # 201704, Régis Lanoye (57312): 2004 (541 games, K 12) draws with 1684 (We .87):
        # 2004 − 4.44 = 1999.56 → 2000, published 2000 (split: 4 to 2000, 0.44 × 16/12
        # beyond: 1999.41 → 1999).
        ("2017-03-31", 2004, 541, [(1684, 0.5)], 2000),
        # 201801, Dag Wyntin (59111): 2007 (798 games, K 12) loses to 2166 (We .29) and
        # 2131 (.33): 2007 − 7.44 = 1999.56 → 2000, published 2000 (split: 1999).
        ("2017-12-31", 2007, 798, [(2166, 0), (2131, 0)], 2000),
        # 201301, Denis Luminet (9245): 2200 (704 games, K 10), six games, W − We = −0.05:
        # 2199.5 → 2200, published 2200 (split: 2199.4 → 2199).
        (
            "2012-12-31",
            2200,
            704,
            [(2123, 0), (2244, 0.5), (2234, 0.5), (2263, 0.5), (2102, 1), (2196, 0.5)],
            2200,
        ),
    ],
)
def test_a_change_whose_rounded_rating_stays_in_the_band_is_not_split(
    day: str, rating: int, games: int, played: list[tuple[int, float]], published: int
) -> None:
    """The split at 2000 or 2200 applies only where the plain rating, rounded, is in the
    other band (``k_split_rounded_crossing``): these three are published on the line."""
    answer = _rate(day, rating, games, played)
    assert answer["rating_after"] == published
    assert "the part beyond it counts at the other band's K" not in " ".join(answer["notes"])


def test_the_example_of_the_issue_1986_gaining_20_16_is_2005() -> None:
    """The issue's reading (a 1986 player at K 16 gaining 20.16 is published at 2005: 14 +
    6.16 × 12/16). Here 1986 with 400 games beats 1986, 1900 and 1850: We .50, .62, .68,
    +19.2 at K 16: 14 points to 2000, the other 5.2 × 12/16 = 3.9: 2003.9 → 2004."""
    answer = _rate("2022-03-31", 1986, 400, [(1986, 1), (1900, 1), (1850, 1)])
    assert answer["rating_exact"] == pytest.approx(2003.9)
    assert answer["rating_after"] == 2004


def test_2000_itself_is_in_the_k_12_band_and_2200_in_the_k_10_band() -> None:
    """The lists give K 12 to a rating of exactly 2000 (201501: 28321 and 57169, 2000 with
    461 and 452 games, K 12 in the check list) and K 10 to exactly 2200 (201504: 66770)."""
    assert _rate("2014-12-31", 2000, 461, [(2000, 1)])["k"] == 12
    assert _rate("2015-03-31", 2200, 510, [(2200, 1)])["k"] == 10


def test_k_10_comes_only_with_the_301st_game() -> None:
    """The lists since 2008: a 2202 player with 203 games is at K 24 (202204: 1686)."""
    assert _rate("2022-03-31", 2202, 203, [(2176, 0)])["k"] == 24
    assert _rate("2012-12-31", 2250, 250, [(2176, 0)])["k"] == 24


def test_the_cap_is_350_until_the_list_of_january_2015_and_400_from_april_2015() -> None:
    """1681 (576 games, K 16) beats a 1174: .89 (350) until the period of the list of
    January 2015, .92 (400) from the period of April 2015 (202104: 94072, 1682)."""
    assert _rate("2014-12-31", 1681, 576, [(1174, 1)])["rating_exact"] == pytest.approx(1682.76)
    assert _rate("2015-03-31", 1681, 576, [(1174, 1)])["rating_exact"] == pytest.approx(1682.28)


def test_the_seed_version_keeps_the_seed_rules() -> None:
    """Before the lists' versions (2007-07-01), the seed's text: no floor, K from the games
    before the period, 2000 in the K 16 band."""
    assert _rate("2005-06-30", 1150, 122, [(1619, 0)])["rating_after"] == 1147
    assert _rate("2005-06-30", 2000, 461, [(2000, 1)])["k"] == 16


def _batch(
    day: date, players: dict[str, PlayerState], games: list[tuple[str, str, float]]
) -> BatchResult:
    return frbe.rate(
        Batch(day, players, tuple(Game(w, b, s) for w, b, s in games)),
        version_on(frbe.VERSIONS, day).params,
    )


def test_a_newcomer_rated_in_the_period_counts_for_the_rated_at_the_first_rating() -> None:
    """The list of July 2021 (tests/fixtures/frbe_lists, with April 2021 before it). David
    Vertenten (V), 19 games (opponents 27390, 5 points), draws his 20th against Gaspard
    Bosteels (B, 1423, 591 games): first rating (27390 + 1423) / 20 = 1440.65, p 0.28,
    D −166: 1275. Bosteels also lost to a 1814 (X); his game against Vertenten counts,
    after the other, at 1275: 1423 + 16 × (0 − .09) + 16 × (.5 − .70) = 1418.36, published
    1418 (593 games). Kristof Onghena (O), 19 games (25833, 6 points), loses to Frans Van
    Mullem (M, 1677, 846 games): 1227; Van Mullem, who also lost to a 1914 (Y): 1677 + 16 ×
    (0 − .20) + 16 × (1 − .92) = 1675.08, published 1675."""
    provisional = Status.PROVISIONAL
    players = {
        "V": PlayerState(
            1258, 19, provisional, archive=Archive(games=19, opponents_sum=27390, score=5)
        ),
        "O": PlayerState(
            1227, 19, provisional, archive=Archive(games=19, opponents_sum=25833, score=6)
        ),
        "B": PlayerState(1423, 591),
        "M": PlayerState(1677, 846),
        "X": PlayerState(1814, 1000),
        "Y": PlayerState(1914, 1000),
    }
    games = [("B", "X", 0), ("V", "B", 0.5), ("M", "Y", 0), ("O", "M", 0)]
    result = _batch(date(2021, 6, 30), players, games)
    assert [result[p].rating_after for p in "VOBM"] == [1275, 1227, 1418, 1675]
    assert result["B"].games[1].opponent_rating == 1275
    assert result["B"].after.games == 593


def test_a_newcomer_past_20_games_is_rated_with_k_after_the_first_rating() -> None:
    """The list of April 2022 (PLAYER_202204, CHCKLIST_202204), player 23259: 10 games
    in January 2022's list (opponents 15205, 5.5 points), 16 in the period. The first
    10 (1685 W, 1617 W, 1820 L, 1727 L, 1654 L, 1503 W, 1525 W, 1211 W, 1699 L, 1568 L)
    give the first rating over 20 games; the last 6 (1670 W, 1200 D, 1633 D, 1836 W,
    1743 W, 1360 W) are rated at K 32 from it: published 1647 (the performance over all 26
    games would be 1636)."""
    opponents = [1685, 1617, 1820, 1727, 1654, 1503, 1525, 1211, 1699, 1568]
    opponents += [1670, 1200, 1633, 1836, 1743, 1360]
    scores = [1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0.5, 0.5, 1, 1, 1]
    players = {
        "N": PlayerState(
            1557, 10, Status.PROVISIONAL, archive=Archive(games=10, opponents_sum=15205, score=5.5)
        )
    }
    players.update({f"o{i}": PlayerState(r, 1000) for i, r in enumerate(opponents)})
    games = [("N", f"o{i}", s) for i, s in enumerate(scores)]
    result = _batch(date(2022, 3, 31), players, games)["N"]
    assert result.rating_after == 1647
    assert (result.after.status, result.after.games) == (Status.RATED, 26)


def test_a_newcomer_reaches_20_games_through_a_newcomer_rated_before_it() -> None:
    """The list of January 2022 (PLAYER_202201, CHCKLIST_202201, PLAYER_202110 before it),
    a youth tournament: 14302 (14 games: opponents 17470, 1 point) and 13808 (13 games:
    15987, 0 points), both provisional, play rated players and each other. 14302 reaches
    20 games against rated players (1414 L, 1939 L, 1150 W, 1316 L, 1385 W, 1357 L): (17470
    + 8561) / 20 = 1301.55, D(0.15): 1006; 13808 has 19 with its rated games (1150, 1316,
    1385, 1357, 1414, 1939, all lost), its 20th is the win against 14302, at 1006: its
    list's ADVERSAIRE is 15987 + 8561 + 1006 = 25554: 1277.7 + D(0.05), p held at 0.08
    (the cap of 400): 1277.7 − 401 = 877 (808 with D(0.05) = −470). Their provisional
    ratings in October 2021's list hold p the same way: 17470 / 14 − 401 = 847 (826 with
    D(0.07)), 15987 / 13 − 401 = 829 (430 with −800). Both first ratings are under 1150:
    published 1150. Ellen Deleu (14510, 1357, 187 games, K 24)
    drew 1385, beat 1316, drew 1414, lost to 1939, drew 1150, and beat both newcomers:
    published 1367."""
    provisional = Status.PROVISIONAL
    rated = {"A": 1150, "B": 1316, "C": 1385, "D": 1414, "E": 1939}
    players = {p: PlayerState(r, 500) for p, r in rated.items()}
    players["N14302"] = PlayerState(
        847, 14, provisional, archive=Archive(games=14, opponents_sum=17470, score=1)
    )
    players["N13808"] = PlayerState(
        829, 13, provisional, archive=Archive(games=13, opponents_sum=15987, score=0)
    )
    players["Deleu"] = PlayerState(1357, 187)
    games = [("Deleu", p, s) for p, s in zip("CBDEA", (0.5, 1, 0.5, 0, 0.5), strict=True)]
    games += [("N14302", p, s) for p, s in zip("DEABC", (0, 0, 1, 0, 1), strict=True)]
    games += [("N14302", "Deleu", 0), ("N13808", "N14302", 1)]
    games += [("N13808", p, 0) for p in "ABCDE"] + [("N13808", "Deleu", 0)]
    result = _batch(date(2021, 12, 31), players, games)
    assert (result["N14302"].rating_after, result["N13808"].rating_after) == (1150, 1150)
    assert result["N13808"].after.games == 20
    deleu = result["Deleu"]
    assert [line.opponent_rating for line in deleu.games][-2:] == [1006, 877]
    assert deleu.rating_after == 1367

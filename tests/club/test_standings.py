from decimal import Decimal

import pytest

from club.standings import Round, Tiebreak, crosstable, parse_tiebreaks, standings

D = Decimal
H = D("0.5")


def _records():
    """A 4-player round robin: A beats B and C, draws D; B beats C and D; C beats D.
    Points: A 2.5, B 2, C 1, D 0.5."""
    games = [
        ("A", "B", 1),
        ("A", "C", 1),
        ("A", "D", H),
        ("B", "C", 1),
        ("B", "D", 1),
        ("C", "D", 1),
    ]
    records = {p: [] for p in "ABCD"}
    for white, black, score in games:
        records[white].append(Round(black, D(score)))
        records[black].append(Round(white, 1 - D(score)))
    return records


def test_points_then_each_tiebreak_in_order():
    rows = standings(_records(), [Tiebreak.SONNEBORN_BERGER, Tiebreak.BUCHHOLZ])
    assert [(r.player, r.points) for r in rows] == [("A", D("2.5")), ("B", 2), ("C", 1), ("D", H)]
    # Sonneborn-Berger of A: B (2) + C (1) + half of D (0.5) = 3.25
    assert rows[0].tiebreaks[Tiebreak.SONNEBORN_BERGER] == D("3.25")
    # Buchholz of B: A 2.5 + C 1 + D 0.5 = 4
    assert rows[1].tiebreaks[Tiebreak.BUCHHOLZ] == 4


def test_buchholz_cut1_median_progressive_and_wins():
    rows = {r.player: r for r in standings(_records(), list(Tiebreak)[:-1])}
    a = rows["A"].tiebreaks
    assert a[Tiebreak.BUCHHOLZ] == D("3.5")  # 2 + 1 + 0.5
    assert a[Tiebreak.BUCHHOLZ_CUT1] == 3  # without the lowest, 0.5
    assert a[Tiebreak.MEDIAN] == 1  # without the highest and the lowest
    assert a[Tiebreak.PROGRESSIVE] == D("1") + D("2") + D("2.5")
    assert a[Tiebreak.WINS] == 2


def test_the_direct_encounter_separates_players_level_on_points():
    records = {
        "X": [Round("Y", D(1)), Round("Z", D(0))],
        "Y": [Round("X", D(0)), Round("Z", D(1))],
        "Z": [Round("X", D(1)), Round("Y", D(0))],
    }
    rows = standings(records, [Tiebreak.DIRECT_ENCOUNTER])
    assert {r.points for r in rows} == {1}
    assert all(r.tiebreaks[Tiebreak.DIRECT_ENCOUNTER] == 1 for r in rows)
    assert [r.rank for r in rows] == [1, 1, 1]


def test_a_bye_counts_the_players_own_score_in_buchholz():
    records = {"A": [Round("B", D(1)), Round(None, D(1), played=False)], "B": [Round("A", D(0))]}
    rows = {r.player: r for r in standings(records, [Tiebreak.BUCHHOLZ])}
    assert rows["A"].tiebreaks[Tiebreak.BUCHHOLZ] == 0 + 2


def test_tiebreak_keys_are_checked():
    assert parse_tiebreaks("buchholz, wins") == [Tiebreak.BUCHHOLZ, Tiebreak.WINS]
    with pytest.raises(ValueError, match="unknown tiebreak"):
        parse_tiebreaks("koya")


def test_the_crosstable_holds_each_result_from_both_sides():
    table = crosstable("AB", [("A", "B", D(1), D(0))])
    assert table == {"A": {"B": [1]}, "B": {"A": [0]}}

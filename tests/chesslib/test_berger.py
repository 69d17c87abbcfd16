from itertools import combinations

import pytest

from chesslib.berger import berger_round, round_robin


def test_it_follows_the_fide_berger_table_for_six_players() -> None:
    """FIDE Handbook C.05, Annex 1: the Berger table for 5 or 6 players."""
    table = [berger_round(6, r) for r in range(1, 6)]
    assert table == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


@pytest.mark.parametrize("count", [4, 5, 8, 10, 13])
def test_everyone_meets_everyone_exactly_once(count: int) -> None:
    players = [f"P{i}" for i in range(count)]
    pairs = [frozenset(pair) for round_ in round_robin(players) for pair in round_]
    assert sorted(map(sorted, pairs)) == sorted(
        map(sorted, map(frozenset, combinations(players, 2)))
    )


def test_an_odd_field_gives_one_bye_a_round() -> None:
    rounds = round_robin(["A", "B", "C", "D", "E"])
    assert len(rounds) == 5
    assert [len(r) for r in rounds] == [2] * 5


def test_it_refuses_an_odd_table() -> None:
    with pytest.raises(ValueError, match="even number"):
        berger_round(5, 1)

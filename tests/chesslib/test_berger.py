import json
from itertools import combinations
from pathlib import Path

import pytest

from chesslib.berger import berger_round, double_round_robin, round_robin


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


TABLES = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures/berger/milvang_berger_tables.json").read_text()
)


@pytest.mark.parametrize("count", range(4, 17, 2))
def test_it_gives_the_berger_tables_of_an_independent_implementation(count: int) -> None:
    """Otto Milvang's TieBreakServer (tests/fixtures/berger/README.md) for 4 to 16."""
    assert [[list(p) for p in berger_round(count, r)] for r in range(1, count)] == TABLES[
        str(count)
    ]


def test_it_quotes_the_published_table_for_ten_players() -> None:
    """FIDE C.05 Annex 1, 9 or 10 players, as Chris Fox's chess pages reproduce it
    (c.w.fox.tripod.com/chess/berger.html): rounds 1, 2 and 9."""
    assert berger_round(10, 1) == [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)]
    assert berger_round(10, 2) == [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)]
    assert berger_round(10, 9) == [(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)]


@pytest.mark.parametrize("count", range(3, 17))
def test_a_double_round_robin_follows_c05_for_3_to_16_players(count: int) -> None:
    """C.05 Annex 1 (as Chris Fox's pages quote it): "If it is decided that players
    shall play each other twice, the fixture list will be repeated for the second half
    of the tournament with the black and white players reversed. In this case, it is
    recommended that the last two rounds of the first half of the schedule be switched,
    in order to avoid giving a player three consecutive games with the same colour." The
    tables are Milvang's (above); an odd field's last number is the bye."""
    seats = count + count % 2
    table = [[tuple(p) for p in r] for r in TABLES[str(seats)]]
    table = [[(w, b) for w, b in r if max(w, b) <= count] for r in table]
    first = [*table[:-2], table[-1], table[-2]]
    second = [[(b, w) for w, b in r] for r in table]
    assert double_round_robin(list(range(1, count + 1))) == [*first, *second]


def test_the_ten_player_double_round_robin_is_vegas_adjusted_table() -> None:
    """The Vega manual (2016, appendix C, "Adjusted Berger Table for double round robin -
    10 players"): rounds 8 and 9 switched, rounds 10 to 18 the table's 1 to 9 reversed;
    and no player then has one colour three times in a row."""
    rounds = double_round_robin(list(range(1, 11)))
    assert rounds[7] == berger_round(10, 9) and rounds[8] == berger_round(10, 8)
    assert rounds[9] == [(b, w) for w, b in berger_round(10, 1)]
    for player in range(1, 11):
        colours = "".join("w" if any(w == player for w, _b in r) else "b" for r in rounds)
        assert "www" not in colours and "bbb" not in colours, (player, colours)

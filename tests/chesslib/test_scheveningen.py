import re
from collections import Counter
from itertools import product
from pathlib import Path

import pytest

from chesslib.scheveningen import scheveningen, scheveningen_round

TABLES = Path(__file__).parent / "fixtures" / "scheveningen_tables.txt"


def _published() -> dict[int, list[list[tuple[int, int, bool]]]]:
    """The tables of the fixture as (a, b, a_white) boards, in A's order."""
    tables: dict[int, list[list[tuple[int, int, bool]]]] = {}
    current: list[list[tuple[int, int, bool]]] = []
    for line in TABLES.read_text().splitlines():
        if line.startswith("["):
            current = tables.setdefault(int(line.strip("[]")), [])
        elif line and not line.startswith("#"):
            boards = []
            for white, black in re.findall(r"([AB]\d+)-([AB]\d+)", line):
                a, b = (white, black) if white[0] == "A" else (black, white)
                boards.append((int(a[1:]), int(b[1:]), white[0] == "A"))
            current.append(sorted(boards))
    return tables


PUBLISHED = _published()


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_it_gives_the_published_table(n: int) -> None:
    """Wikipedia's standard tables for 2, 3, 4, 5 and 7 boards, rimassoft.eu's for 8:
    each round's opponents and colours."""
    assert [scheveningen_round(n, r) for r in range(1, n + 1)] == PUBLISHED[n]


def test_the_fixture_holds_the_tables_it_names() -> None:
    assert sorted(PUBLISHED) == [2, 3, 4, 5, 7, 8]
    assert all(len(rounds) == n for n, rounds in PUBLISHED.items())


@pytest.mark.parametrize("n", range(1, 13))
def test_each_player_meets_the_whole_other_side_once(n: int) -> None:
    met = Counter((a, b) for r in range(1, n + 1) for a, b, _ in scheveningen_round(n, r))
    assert set(met) == set(product(range(1, n + 1), repeat=2))
    assert set(met.values()) == {1}


@pytest.mark.parametrize("n", range(2, 13))
def test_no_player_has_one_colour_three_times_running(n: int) -> None:
    """The tables' colours: alternating, one colour at most twice in a row."""
    colours: dict[str, list[bool]] = {}
    for r in range(1, n + 1):
        for a, b, a_white in scheveningen_round(n, r):
            colours.setdefault(f"A{a}", []).append(a_white)
            colours.setdefault(f"B{b}", []).append(not a_white)
    for player, seq in colours.items():
        assert all(len(set(seq[i : i + 3])) == 2 for i in range(len(seq) - 2)), player
        assert abs(2 * sum(seq) - n) <= 2, player


def test_it_pairs_two_sides_with_the_first_named_white_on_board_one() -> None:
    rounds = scheveningen(["Anna", "Alex"], ["Bea", "Bob"])
    assert rounds == [[("Anna", "Bea"), ("Alex", "Bob")], [("Bob", "Anna"), ("Bea", "Alex")]]


def test_a_shorter_side_leaves_one_player_without_a_game_each_round() -> None:
    rounds = scheveningen(["A1", "A2"], ["B1", "B2", "B3"])
    assert len(rounds) == 3
    assert [len(r) for r in rounds] == [2, 2, 2]
    pairs = {frozenset(p) for r in rounds for p in r}
    assert pairs == {frozenset((a, b)) for a in ("A1", "A2") for b in ("B1", "B2", "B3")}


def test_it_refuses_a_round_the_table_has_not() -> None:
    with pytest.raises(ValueError, match="rounds 1 to 4"):
        scheveningen_round(4, 5)
    with pytest.raises(ValueError, match="at least one board"):
        scheveningen_round(0, 1)

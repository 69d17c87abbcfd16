"""The pairing-allocated bye as C.04.3 (2026) gives it (``chesslib.swiss_bye``), against
bbpPairings 6, the FIDE-endorsed engine: rounds whose bye the desk's engine (py4swiss
0.3.1, the text before 2026) gave to another player, and bbpPairings' pairing of each,
colours and board order included (``fixtures/bye2026/README.md``;
``docs/upstream/py4swiss-cases/``).

A file's rounds are read as the TRF-16 player line has them: start number in columns 5-8,
rating 49-52, then each round from column 92, 10 columns a round (opponent, colour,
result code); ``XXA`` gives the virtual points of acceleration, ``XXC`` the initial
colour, ``XXR`` the rounds planned. The round to pair is the one after the last complete
round; a player with ``0000 - Z`` in it is not paired."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from chesslib import swiss
from chesslib.swiss_bye import Standing, bye_by_2026_rules

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures" / "bye2026"
UPSTREAM = ROOT / "docs" / "upstream" / "py4swiss-cases"
POINTS = {
    "1": "1",
    "=": "0.5",
    "0": "0",
    "+": "1",
    "-": "0",
    "U": "1",
    "H": "0.5",
    "Z": "0",
    "F": "1",
}


def _round_to_pair(
    text: str,
) -> tuple[list[swiss.Entrant], int, int, str, dict[int, list[Decimal]]]:
    lines = text.splitlines()
    rows = [line.rstrip() for line in lines if line.startswith("001")]
    cells = {int(r[4:8]): [r[91 + 10 * n : 99 + 10 * n] for n in range((len(r) - 89) // 10)]
             for r in rows}  # fmt: skip
    played = min(len(c) for c in cells.values())  # every player has the complete rounds
    number = played + 1
    total, colour = number, "white"
    accelerations: dict[int, list[Decimal]] = {}
    for line in lines:
        if line.startswith("XXR"):
            total = max(total, int(line.split()[1]))
        elif line.startswith("XXC") and "black1" in line:
            colour = "black"
        elif line.startswith("XXA"):
            accelerations[int(line[4:8])] = [Decimal(v) for v in line[9:].split()]
    entrants = []
    for row in rows:
        key = int(row[4:8])
        entrant = swiss.Entrant(key, int(row[48:52]), key)
        for cell in cells[key][:played]:
            opponent, colour_code, code = cell[:4].strip(), cell[5], cell[7]
            unplayed = opponent == "0000"
            entrant.scores.append(Decimal(POINTS[code]))
            entrant.opponents.append(None if unplayed else int(opponent))
            entrant.colours.append(
                "none" if unplayed else {"w": "white", "b": "black"}[colour_code]
            )
            entrant.played.append(code in "1=0")
        entrant.absent = len(cells[key]) > played and cells[key][played][7] == "Z"
        entrants.append(entrant)
    return entrants, number, total, colour, accelerations


def _bbp(path: Path) -> list[tuple[int, int]]:
    """bbpPairings' output: the count, then one pair a line (``N 0``: the bye)."""
    lines = path.read_text().split("\n")
    return [(int(a), int(b)) for a, b in (line.split() for line in lines[1:] if line.strip())]


CASES = {
    "dutch_2025_C5": (FIXTURES / "dutch_2025_C5.trf", FIXTURES / "dutch_2025_C5.pairs"),
    "dutch_2025_C9": (FIXTURES / "dutch_2025_C9.trf", FIXTURES / "dutch_2025_C9.pairs"),
    "checkin_byes_r4": (FIXTURES / "checkin_byes_r4.trf", FIXTURES / "checkin_byes_r4.pairs"),
    "24x9_r6": (UPSTREAM / "24x9_r6.trf", UPSTREAM / "24x9_r6.bbppairings"),
    "41x9_r4": (UPSTREAM / "41x9_r4.trf", UPSTREAM / "41x9_r4.bbppairings"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_it_pairs_the_round_as_bbppairings_does(name: str) -> None:
    trf, pairs = CASES[name]
    entrants, number, total, colour, accelerations = _round_to_pair(trf.read_text())
    got = swiss.pair(entrants, number, total, colour, accelerations)
    assert [(p.white, p.black or 0) for p in got] == _bbp(pairs)


@pytest.mark.parametrize(
    ("name", "engine_bye", "bye"),
    [("dutch_2025_C5", 5, 6), ("checkin_byes_r4", 8, 4), ("24x9_r6", 4, 24), ("41x9_r4", 32, 38)],
)
def test_the_engine_alone_gives_the_bye_to_another_player(
    name: str, engine_bye: int, bye: int
) -> None:
    """What the rule corrects: the engine's own choice (its command line, ``py4swiss -t``,
    on the same file) and the receiver C5 and C9 give the bye to."""
    trf, _pairs = CASES[name]
    entrants, number, total, colour, accelerations = _round_to_pair(trf.read_text())
    engine = swiss.engine_pairs(entrants, number, total, colour, accelerations, ())
    assert [p.white for p in engine if p.black is None] == [engine_bye]
    assert [p.white for p in swiss.pair(entrants, number, total, colour, accelerations)
            if p.black is None] == [bye]  # fmt: skip


def _round_of(text: str, number: int) -> tuple[list[swiss.Entrant], set[tuple[int, int]]]:
    """Round ``number`` of a complete tournament: the entrants with the rounds before it
    (a player with no game in it but the bye, ``U``, is not paired), and its pairs as
    played (``(white, black)``, ``(N, 0)`` the bye)."""
    rows = [line.rstrip() for line in text.splitlines() if line.startswith("001")]
    entrants, pairs = [], set()
    for row in rows:
        key = int(row[4:8])
        entrant = swiss.Entrant(key, int(row[48:52]), key)
        cells = [row[91 + 10 * n : 99 + 10 * n] for n in range(number)]
        for cell in cells[:-1]:
            opponent, colour_code, code = cell[:4].strip(), cell[5], cell[7]
            unplayed = opponent == "0000"
            entrant.scores.append(Decimal(POINTS[code]))
            entrant.opponents.append(None if unplayed else int(opponent))
            entrant.colours.append(
                "none" if unplayed else {"w": "white", "b": "black"}[colour_code]
            )
            entrant.played.append(code in "1=0" and not unplayed)
        opponent, colour_code, code = cells[-1][:4].strip(), cells[-1][5], cells[-1][7]
        if code == "U":
            pairs.add((key, 0))
        elif opponent == "0000":
            entrant.absent = True
        elif colour_code == "w":
            pairs.add((key, int(opponent)))
        entrants.append(entrant)
    return entrants, pairs


RANDOM = {5: (7, {6}), 16: (6, {4, 6}), 20: (6, {4}), 58: (5, {5})}


@pytest.mark.parametrize("seed", sorted(RANDOM))
def test_every_round_of_a_random_tournament_is_bbppairings(seed: int) -> None:
    """bbpPairings' own random tournaments (fixtures/bye2026/README.md): every round from
    the second re-paired from the rounds before it is the round bbpPairings paired; in
    the rounds listed the engine alone gave the bye to another player."""
    text = (FIXTURES / f"rtg_{seed}.trf").read_text()
    rounds, decided = RANDOM[seed]
    assert "exit status 0" in (FIXTURES / f"rtg_{seed}.verdict").read_text()
    for number in range(2, rounds + 1):
        entrants, played = _round_of(text, number)
        got = {(p.white, p.black or 0) for p in swiss.pair(entrants, number, rounds)}
        assert got == played, number
        engine = swiss.engine_pairs(entrants, number, rounds, "white", None, ())
        assert ({(p.white, p.black or 0) for p in engine} != played) == (number in decided)


def _standing(number: int, score: str, unplayed: int = 0, eligible: bool = True) -> Standing:
    return Standing(number, Decimal(score), unplayed, eligible)


def test_c9_does_not_trade_a_bracket_s_floaters_for_the_bye() -> None:
    """C9 comes after C6 and C7: 14 (1 point, 2 unplayed rounds) has the engine's bye; 13
    (1 point, none unplayed) would get it only with 12 (2 points) floating down to play 14:
    one more downfloater from the 2-point bracket, so 14 keeps the bye."""
    standings = {
        14: _standing(4, "1", 2), 13: _standing(3, "1"),
        12: _standing(2, "2"), 11: _standing(1, "2"), 15: _standing(5, "2"),
    }  # fmt: skip
    Pairing = swiss.Pairing
    engine = [Pairing(11, 15, 1), Pairing(12, 13, 2), Pairing(14, None, 0)]
    forced = [Pairing(11, 13, 1), Pairing(12, 14, 2), Pairing(15, None, 0)]
    asked: list[int] = []

    def repair(key: int) -> list[swiss.Pairing]:
        asked.append(key)
        return forced

    assert bye_by_2026_rules(standings, engine, repair) == engine
    assert asked == [13]


def test_c9_gives_the_bye_to_the_player_with_fewer_unplayed_rounds() -> None:
    """The same bracket where nothing else changes: 13 gets the bye, 14 plays."""
    standings = {14: _standing(4, "1", 2), 13: _standing(3, "1"), 11: _standing(1, "1")}
    Pairing = swiss.Pairing
    engine = [Pairing(11, 13, 1), Pairing(14, None, 0)]
    forced = [Pairing(14, 11, 1), Pairing(13, None, 0)]
    assert bye_by_2026_rules(standings, engine, lambda key: forced) == forced


def test_no_second_bye_and_no_bye_after_a_forfeit_win() -> None:
    """C2: a player who had a bye or a forfeit win is not asked, however low his score."""
    standings = {1: _standing(1, "2"), 2: _standing(2, "0", 1, eligible=False)}
    engine = [swiss.Pairing(1, None, 0)]

    def repair(key: int) -> list[swiss.Pairing]:
        raise AssertionError(key)

    assert bye_by_2026_rules(standings, engine, repair) == engine


def test_it_asks_the_engine_a_bounded_number_of_times() -> None:
    """Forty players on the bye's score with fewer unplayed rounds, none of whom the
    re-pairing keeps alike: the engine is asked REPAIRS times, lowest ranked first, and
    its own pairing stays."""
    from chesslib.swiss_bye import REPAIRS

    standings = {n: _standing(n, "0") for n in range(1, 41)} | {41: _standing(41, "0", 1)}
    engine = [swiss.Pairing(n, n + 20, n) for n in range(1, 21)] + [swiss.Pairing(41, None, 0)]
    asked: list[int] = []

    def repair(key: int) -> None:
        asked.append(key)
        return None

    assert bye_by_2026_rules(standings, engine, repair) == engine
    assert asked == list(range(40, 40 - REPAIRS, -1))

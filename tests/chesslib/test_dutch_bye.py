"""Rounds whose pairing-allocated bye C.04.3 (2026) decides (C5: the lowest score
possible; C9: the fewest unplayed games), and every round of bbpPairings' own random
tournaments, paired by ``chesslib.dutch`` as bbpPairings 6, the FIDE-endorsed engine,
pairs them, colours and board order included (``fixtures/bye2026/README.md``).

A file's rounds are read as the TRF-16 player line has them: start number in columns 5-8,
rating 49-52, then each round from column 92, 10 columns a round (opponent, colour,
result code); ``XXA`` gives the virtual points of acceleration, ``XXC`` the initial
colour, ``XXR`` the rounds planned. The round to pair is the one after the last complete
round; a player with ``0000 - Z`` in it is not paired."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from types import ModuleType
from typing import cast

import pytest

from benchmarks import generated_pairings as generated
from chesslib import dutch, swiss

FIXTURES = Path(__file__).parent / "fixtures" / "bye2026"
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
    "24x9_r6": (FIXTURES / "24x9_r6.trf", FIXTURES / "24x9_r6.pairs"),
    "41x9_r4": (FIXTURES / "41x9_r4.trf", FIXTURES / "41x9_r4.pairs"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_it_pairs_the_round_as_bbppairings_does(name: str) -> None:
    trf, pairs = CASES[name]
    entrants, number, total, colour, accelerations = _round_to_pair(trf.read_text())
    got = dutch.pair(entrants, number, total, colour, accelerations)
    assert [(p.white, p.black or 0) for p in got] == _bbp(pairs)


def test_every_round_of_the_sixty_random_tournaments_is_bbppairings() -> None:
    """The 290 rounds from the second of the sixty tournaments (fixtures/bye2026/README.md:
    forfeits, withdrawals, half-point byes), each re-paired from the rounds before it with
    the players given as the desk gives them (``benchmarks.generated_pairings``, which
    reads the initial colour from round 1): every one the round bbpPairings paired."""
    rounds, differ = 0, []
    for trf in sorted(FIXTURES.glob("rtg_*.trf")):
        assert "exit status 0" in trf.with_suffix(".verdict").read_text()
        text = trf.read_text()
        total = min(len(line.rstrip()) - 89 for line in text.splitlines() if line.startswith("001"))
        tournament = generated.read(trf.stem, f"{text}XXR {total // 10}\n")
        for number in range(2, total // 10 + 1):
            rounds += 1
            paired = generated.pair_round(cast(ModuleType, dutch), tournament, number)
            if set(paired) != generated.played_round(tournament, number):
                differ.append(f"{trf.stem} r{number}")
    assert (rounds, differ) == (290, [])

"""chesslib.dutch, the club's own Dutch engine, against bbpPairings (the FIDE-endorsed
engine) on pairings it made: the 40 reference cases (``tests/fixtures/pairing_conformance``),
every round of a sample of the generated tournaments (``tests/fixtures/pairing_generated``:
forfeits, double forfeits, byes, absences, Baku acceleration), bbpPairings' own tests of
C5 and C9 and first rounds with players resting. Boards compared as bbpPairings writes
them: white's and black's pairing numbers board by board, then the bye as ``(N, 0)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import cast

import pytest

from benchmarks import generated_pairings as generated
from chesslib import dutch
from tests.chesslib.test_dutch_bye import CASES as BYE_CASES
from tests.chesslib.test_dutch_bye import _round_to_pair

ROOT = Path(__file__).resolve().parents[1]
CONFORMANCE = ROOT / "fixtures" / "pairing_conformance"
FIRST_ROUNDS = ROOT / "desk" / "fixtures" / "bbp"
SCORING = Path(__file__).parent / "fixtures" / "dutch_scoring"
ONE, ZERO = Decimal(1), Decimal(0)

# small and middle-sized tournaments and a few larger ones, with every kind of history
SAMPLE = (
    "g001", "g003", "g006", "g011", "g013", "g019", "g045", "g060", "g071", "g093",
    "g194", "g197", "g199", "g200", "g121", "g141",
)  # fmt: skip
TOURNAMENTS = {t.name: t for t in generated.load(names=set(SAMPLE))}


def _expected(path: Path) -> list[tuple[int, int]]:
    numbers = [int(x) for x in path.read_text().split()]
    boards = list(zip(numbers[1::2], numbers[2::2], strict=True))
    assert len(boards) == numbers[0]
    return boards


def _boards(pairs: list[dutch.Pairing]) -> list[tuple[int, int]]:
    return [(p.white, p.black or 0) for p in pairs]


@pytest.mark.parametrize("name", sorted(p.stem for p in CONFORMANCE.glob("*.input")))
def test_it_pairs_each_reference_case_as_bbppairings(name: str) -> None:
    tournament = generated.read(name, (CONFORMANCE / f"{name}.input").read_text())
    number = int(name.rsplit("_r", 1)[1])
    assert generated.pair_round(dutch, tournament, number) == _expected(
        CONFORMANCE / f"{name}.output.expected"
    )


@pytest.mark.parametrize("name", SAMPLE)
def test_it_pairs_every_round_of_a_generated_tournament_as_bbppairings(name: str) -> None:
    tournament = TOURNAMENTS[name]
    different = [
        number
        for number, expected in sorted(tournament.expected.items())
        if generated.pair_round(dutch, tournament, number) != expected
    ]
    assert different == []


def test_the_sample_holds_every_kind_of_history() -> None:
    kinds = {
        kind
        for tournament in TOURNAMENTS.values()
        for number in tournament.expected
        for kind in generated.categories(tournament, number)
    }
    assert {
        "plain", "forfeit", "double forfeit", "zero-point bye", "half-point bye",
        "pairing-allocated bye", "Baku, accelerated", "Baku, after",
    } <= kinds  # fmt: skip


@pytest.mark.parametrize("name", sorted(BYE_CASES))
def test_it_gives_the_bye_as_c5_and_c9_of_2026_do(name: str) -> None:
    """bbpPairings' tests of C5 (the bye's receiver has the lowest score possible) and C9
    (then the fewest unplayed games), and rounds where the text before 2026 differs."""
    trf, pairs = BYE_CASES[name]
    entrants, number, total, colour, accelerations = _round_to_pair(trf.read_text())
    got = dutch.pair(entrants, number, total, colour, accelerations)
    assert _boards(got) == _expected(pairs)


@pytest.mark.parametrize("name", sorted(p.stem for p in FIRST_ROUNDS.glob("round1_*.pairs")))
def test_it_pairs_a_first_round_with_players_resting_as_bbppairings(name: str) -> None:
    """Round 1 with half-point and zero-point byes asked (and Baku's virtual points): E.5
    reads each player's place among those paired, not his pairing number."""
    tournament = generated.read(name, (FIRST_ROUNDS / f"{name}.trf").read_text())
    got = generated.pair_round(dutch, tournament, 1)
    assert got == _expected(FIRST_ROUNDS / f"{name}.pairs")


@pytest.mark.parametrize("name", sorted(p.stem for p in SCORING.glob("*.trf")))
def test_it_pairs_with_the_events_own_scoring_as_bbppairings(name: str) -> None:
    """3-1-0 (the XXS record the desk writes, bbpPairings reading its BB* records): the
    score groups, the topscorers and the floats of byes are made of those points."""
    text = (SCORING / f"{name}.trf").read_text()
    records = [line for line in text.splitlines() if line.startswith(("XXS", "BB"))]

    def with_records(
        entrants: Sequence[dutch.Entrant],
        round_number: int,
        total_rounds: int,
        initial_colour: str,
        accelerations: Mapping[int, Sequence[Decimal]] | None,
        _scoring: Sequence[str],
    ) -> list[dutch.Pairing]:
        return dutch.pair(
            entrants, round_number, total_rounds, initial_colour, accelerations, records
        )

    engine = SimpleNamespace(Entrant=dutch.Entrant, Unpairable=dutch.Unpairable, pair=with_records)
    tournament = generated.read(name, text)
    number = int(name.removesuffix("_310").rsplit("_r", 1)[1])
    got = generated.pair_round(cast(ModuleType, engine), tournament, number)
    assert got == _expected(SCORING / f"{name}.pairs")
    assert got != _expected(CONFORMANCE / f"{name.removesuffix('_310')}.output.expected")


def test_it_refuses_a_round_that_only_a_repeat_could_pair() -> None:
    """C1: two players who met in round 1 are not paired again."""
    entrants = [
        dutch.Entrant(1, 2000, 1, [ONE], ["white"], [2], [True]),
        dutch.Entrant(2, 1900, 2, [ZERO], ["black"], [1], [True]),
    ]
    with pytest.raises(dutch.Unpairable):
        dutch.pair(entrants, 2, 3)


def test_players_who_met_by_forfeit_only_may_meet() -> None:
    """C.04.1: a forfeited game was not played, so its players may be paired again; their
    colours of that round do not count (the bye goes to no one: two players)."""
    entrants = [
        dutch.Entrant(1, 2000, 1, [ONE], ["white"], [2], [False]),
        dutch.Entrant(2, 1900, 2, [ZERO], ["black"], [1], [False]),
    ]
    assert _boards(dutch.pair(entrants, 2, 3)) == [(1, 2)]


def test_it_gives_the_initial_colour_to_the_first_board_in_round_one() -> None:
    """E.5: with no colour history, the higher-ranked player of each board gets the
    initial colour if his place is odd (1st, 3rd...), S1 against S2."""
    entrants = [dutch.Entrant(n, 2400 - n, n) for n in range(1, 7)]
    assert _boards(dutch.pair(entrants, 1, 5, "black")) == [(4, 1), (2, 5), (6, 3)]

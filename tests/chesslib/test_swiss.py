"""chesslib.swiss: the TRF(x) handed to the Dutch engine and what comes back.

The result codes are those of FIDE's TRF (TRF-16, "Tournament Report File", field "Result"
of the player line): ``1`` win, ``=`` draw, ``0`` loss, ``+`` forfeit win, ``-`` forfeit
loss, ``H`` half-point bye, ``U`` pairing-allocated bye, ``Z`` zero-point bye; an unplayed
round has the opponent ``0000`` and the colour ``-``. Columns as the TRF fixes them:
start number in 5-8, points in 81-84, the first round's opponent in 92-95, colour in 97,
result in 99, each later round 10 columns on.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from chesslib import swiss

ONE, HALF, ZERO = Decimal(1), Decimal("0.5"), Decimal(0)
FIXTURES = Path(__file__).resolve().parents[1] / "desk" / "fixtures" / "bbp"


def _cells(line: str) -> list[str]:
    return [line[91 + 10 * n : 99 + 10 * n] for n in range((len(line) - 89) // 10)]


def test_it_writes_games_forfeits_byes_and_absences_as_trf_codes() -> None:
    """Round 1: 1 beats 2, 3 draws 4; round 2: 1 wins by forfeit against 3 (not played),
    2 has a half-point bye, 4 the pairing-allocated bye; round 3: 4 is absent."""
    entrants = [
        swiss.Entrant(1, 2000, 1, [ONE, ONE], ["white", "white"], [2, 3], [True, False]),
        swiss.Entrant(2, 1900, 2, [ZERO, HALF], ["black", "none"], [1, None], [True, False]),
        swiss.Entrant(3, 1800, 3, [HALF, ZERO], ["white", "black"], [4, 1], [True, False]),
        swiss.Entrant(4, 1700, 4, [HALF, ONE], ["black", "none"], [3, None], [True, False], True),
    ]

    text, ids = swiss.engine_trf(entrants, 3, 5, "black")

    lines = text.splitlines()
    assert "XXR 5" in lines and "XXC black1" in lines
    players = {int(line[4:8]): line for line in lines if line.startswith("001")}
    assert ids == {1: 1, 2: 2, 3: 3, 4: 4}
    assert _cells(players[1]) == ["   2 w 1", "   3 w +"] and players[1][80:84] == " 2.0"
    assert _cells(players[2]) == ["   1 b 0", "0000 - H"] and players[2][80:84] == " 0.5"
    assert _cells(players[3]) == ["   4 w =", "   1 b -"] and players[3][80:84] == " 0.5"
    assert _cells(players[4]) == ["   3 b =", "0000 - U", "0000 - Z"]
    assert players[4][80:84] == " 1.5"


def test_it_writes_the_virtual_points_of_each_round_as_xxa_lines() -> None:
    """bbpPairings' XXA line: the start number in columns 5-8, then one 4-character score a
    round from column 10, every 5 columns (C.04.5.1's virtual points)."""
    entrants = [swiss.Entrant(n, 2000 - n, n, [ZERO], ["none"], [None], [False]) for n in (1, 2)]
    text, _ids = swiss.engine_trf(entrants, 2, 5, "white", {1: [ONE, ONE]})
    assert [line for line in text.splitlines() if line.startswith("XXA")] == ["XXA    1  1.0  1.0"]


def test_it_pairs_round_one_by_each_players_place_among_those_paired() -> None:
    """bbpPairings 6 on ten players, number 1 resting (``round1_10_half1``): 2 gets the
    initial colour as the first of those paired, 3 the other colour, and so on; by
    pairing numbers' parity 2 would have black."""
    entrants = [swiss.Entrant(n, 2400 - 10 * n, n, absent=n == 1) for n in range(1, 11)]

    pairs = swiss.pair(entrants, 1, 5, "white")

    reference = (FIXTURES / "round1_10_half1.pairs").read_text().split()
    expected = [(int(w), int(b)) for w, b in zip(reference[1::2], reference[2::2], strict=True)]
    assert [(p.white, p.black or 0) for p in pairs] == expected
    assert [p.board for p in pairs if p.black] == [1, 2, 3, 4]


def test_it_refuses_a_round_that_only_a_repeat_could_pair() -> None:
    """C.04.3's first absolute criterion: two players do not meet twice. Two players
    who met in round 1 cannot be paired in round 2."""
    entrants = [
        swiss.Entrant(1, 2000, 1, [ONE], ["white"], [2], [True]),
        swiss.Entrant(2, 1900, 2, [ZERO], ["black"], [1], [True]),
    ]
    with pytest.raises(swiss.Unpairable):
        swiss.pair(entrants, 2, 3)


def test_it_keeps_the_order_of_pairing_numbers_that_are_not_one_to_n() -> None:
    """The TRF needs start numbers 1 to N; numbers 3, 5, 9 become 1, 2, 3 in order."""
    entrants = [swiss.Entrant(10 * n, 2000, n) for n in (9, 3, 5)]
    _text, ids = swiss.engine_trf(entrants, 1, 3)
    assert ids == {1: 30, 2: 50, 3: 90}


def test_it_keeps_the_pairing_numbers_when_a_resting_player_has_none_yet() -> None:
    """E.5 reads the parity of the pairing number: an entry not yet numbered (0) goes
    after the others, which keep 1, 2, 3."""
    entrants = [swiss.Entrant(n, 2000, n) for n in (1, 2, 3)]
    entrants.append(swiss.Entrant(99, 2500, 0, absent=True))
    _text, ids = swiss.engine_trf(entrants, 1, 3)
    assert ids == {1: 1, 2: 2, 3: 3, 4: 99}

"""The arithmetic of a team match, with plain numbers.

The FRBE-KBSB interclub regulation's article on colours could not be found in the stored
reference material this project can search (searched in French, Dutch and English:
"couleurs", "échiquiers impairs", "blancs", "kleuren", "oneven borden"). The rule applied
is the one the federation's own interclub software applies to the national interclubs
when it writes their rating reports (github.com/FRBE-KBSB-KSB/kbsb,
backend/kbsb/interclubs/elo.py, belgames_round): "for ix, g in enumerate(enc.games):"
... "if ix % 2: idbel_white, idbel_black = idnv, idnh" ... "else: idbel_white,
idbel_black = idnh, idnv" (idnh: the home player, idnv: the visiting one), i.e. the home
team has white on the odd boards, black on the even ones, as in FIDE team events
("Colors alternate by board (e.g., Team A has White on odd boards and Black on even
boards)" — chessbio.com, "Team match"); a division can turn it round
(``Division.home_white_on_odd``).

Match points and the order of a division: "Match points: 2 points for a team win, 1 for
a drawn match, 0 for a loss" (same page); the order, FIDE Olympiad Pairing Rules
(Handbook D.II.02, art. 10): "the teams are ranked in the following order: Match points,
Game points" — game points being the board points."""

from decimal import Decimal

import pytest

from interclub.scoring import (
    MatchResult,
    home_has_white,
    match_points,
    order_warnings,
    standings,
)


def test_it_gives_the_home_team_white_on_odd_boards_and_black_on_even_ones() -> None:
    assert [home_has_white(board) for board in range(1, 9)] == [
        True, False, True, False, True, False, True, False,
    ]  # fmt: skip


def _federation_colours(boards: int) -> list[bool]:
    """Whether the home player has white on each board, as the FRBE-KBSB's software reads
    an encounter: boards enumerated from 0, the visiting player white when ``ix % 2``."""
    home_white = []
    for ix in range(boards):
        if ix % 2:
            home_white.append(False)  # idbel_white, idbel_black = idnv, idnh
        else:
            home_white.append(True)  # idbel_white, idbel_black = idnh, idnv
    return home_white


@pytest.mark.parametrize("boards", [4, 6, 8])
def test_it_gives_white_as_the_federation_s_interclub_software_does(boards: int) -> None:
    assert [home_has_white(b) for b in range(1, boards + 1)] == _federation_colours(boards)


def test_it_turns_the_colours_round_when_the_division_says_so() -> None:
    assert [home_has_white(b, home_white_on_odd=False) for b in range(1, 5)] == [
        False, True, False, True,
    ]  # fmt: skip


def test_it_refuses_a_board_zero() -> None:
    with pytest.raises(ValueError, match="board 0"):
        home_has_white(0)


def test_it_scores_2_for_a_match_won_1_for_a_draw_0_for_a_loss() -> None:
    assert match_points(Decimal("4.5"), Decimal("3.5")) == (2, 0)
    assert match_points(Decimal(4), Decimal(4)) == (1, 1)
    assert match_points(Decimal("2.5"), Decimal("5.5")) == (0, 2)


def test_it_breaks_a_tie_on_match_points_by_board_points() -> None:
    # Four teams, three rounds, every team meets every other (hand calculation):
    #   A 5-3 B, C 4-4 D | A 3.5-4.5 C, B 6-2 D | A 4-4 D, B 4.5-3.5 C
    #   A: 2+0+1 = 3 MP, 5+3.5+4 = 12.5 BP     B: 0+2+2 = 4 MP, 3+6+4.5 = 13.5 BP
    #   C: 1+2+0 = 3 MP, 4+4.5+3.5 = 12 BP     D: 1+0+1 = 2 MP, 4+2+4 = 10 BP
    # A and C are level on 3 match points: A's 12.5 board points put A before C.
    d = Decimal
    matches = [
        MatchResult("A", "B", d(5), d(3)),
        MatchResult("C", "D", d(4), d(4)),
        MatchResult("A", "C", d("3.5"), d("4.5")),
        MatchResult("B", "D", d(6), d(2)),
        MatchResult("A", "D", d(4), d(4)),
        MatchResult("B", "C", d("4.5"), d("3.5")),
    ]
    rows = standings(["A", "B", "C", "D"], matches)
    assert [(r.rank, r.team, r.match_points, r.board_points) for r in rows] == [
        (1, "B", 4, d("13.5")),
        (2, "A", 3, d("12.5")),
        (3, "C", 3, d(12)),
        (4, "D", 2, d(10)),
    ]
    assert [(r.won, r.drawn, r.lost) for r in rows] == [(2, 0, 1), (1, 1, 1), (1, 1, 1), (0, 2, 1)]


def test_it_shares_a_rank_when_match_and_board_points_are_equal() -> None:
    d = Decimal
    rows = standings(["A", "B"], [MatchResult("A", "B", d(2), d(2))])
    assert [(r.rank, r.team) for r in rows] == [(1, "A"), (1, "B")]


def test_it_flags_a_player_rated_more_than_the_tolerance_above_a_higher_board() -> None:
    # The FFE's rule for its Top 12 ("Si deux joueurs ont une différence de classement
    # Elo de plus de 100 points, le mieux classé doit être placé devant le moins bien
    # classé"): board 3 (1950) is 150 above board 2 (1800): flagged; board 4 (1890) is
    # 90 above board 2: within the tolerance.
    assert order_warnings([2000, 1800, 1950, 1890], 100) == [(2, 3)]
    assert order_warnings([2000, 1800, 1950, 1890], None) == []
    assert order_warnings([None, 1800, 2200], 100) == [(2, 3)]

"""The arithmetic of a team match, pure Python: who has white on a board, board points
to match points, a division's order, line-ups against their ratings.

The rules applied (the test quotes its sources):
- colours alternate by board, the home team having white on the odd boards (or, where a
  division's regulation says so, on the even ones). The FRBE-KBSB interclub regulation's
  article on colours is not in the reference material this project can search; the rule
  is the one the federation's own interclub software applies when it writes the national
  interclubs' rating reports (github.com/FRBE-KBSB-KSB/kbsb,
  ``backend/kbsb/interclubs/elo.py``, ``belgames_round`` and ``fidegames_round``): the
  boards of an encounter are read from board 1, ``for ix, g in enumerate(enc.games)``,
  and ``if ix % 2:`` (boards 2, 4, ...) ``idbel_white, idbel_black = idnv, idnh`` (the
  visiting player has white), ``else:`` ``idbel_white, idbel_black = idnh, idnv`` (the
  home player has white), which is also the FIDE team-competition convention;
- a match won scores 2 match points, drawn 1, lost 0; board points are the sum of the
  games' points;
- a division is ordered by match points, then board points (FIDE Olympiad pairing rules,
  D.II.02 art. 10: "Match points, Game points"), then by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

WIN, DRAW, LOSS = 2, 1, 0


def home_has_white(board: int, home_white_on_odd: bool = True) -> bool:
    """Whether the home team's player has white on ``board`` (1 is the first)."""
    if board < 1:
        raise ValueError(f"board {board}: boards are numbered from 1")
    return (board % 2 == 1) == home_white_on_odd


def match_points(home_points: Decimal, away_points: Decimal) -> tuple[int, int]:
    """The match points of (home, away) for their board points."""
    if home_points > away_points:
        return WIN, LOSS
    if home_points < away_points:
        return LOSS, WIN
    return DRAW, DRAW


@dataclass(frozen=True)
class MatchResult:
    """A match as the standings read it: the two teams and their board points. A match
    counts once every board has a result."""

    home: str
    away: str
    home_points: Decimal
    away_points: Decimal


@dataclass
class TeamRow:
    team: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    match_points: int = 0
    board_points: Decimal = field(default_factory=lambda: Decimal(0))
    rank: int = 0


def standings(teams: Iterable[str], matches: Iterable[MatchResult]) -> list[TeamRow]:
    """A division's standings: match points, then board points, then name; teams equal
    on both share a rank."""
    rows = {team: TeamRow(team) for team in teams}
    for match in matches:
        home, away = rows[match.home], rows[match.away]
        scored = match_points(match.home_points, match.away_points)
        for row, points, mine in (
            (home, match.home_points, scored[0]),
            (away, match.away_points, scored[1]),
        ):
            row.played += 1
            row.match_points += mine
            row.board_points += points
            if mine == WIN:
                row.won += 1
            elif mine == DRAW:
                row.drawn += 1
            else:
                row.lost += 1
    ordered = sorted(rows.values(), key=lambda r: (-r.match_points, -r.board_points, r.team))
    for index, row in enumerate(ordered):
        previous = ordered[index - 1] if index else None
        same = previous is not None and (previous.match_points, previous.board_points) == (
            row.match_points,
            row.board_points,
        )
        row.rank = previous.rank if same and previous is not None else index + 1
    return ordered


def order_warnings(ratings: Sequence[int | None], tolerance: int | None) -> list[tuple[int, int]]:
    """The pairs of boards (higher, lower) of a line-up where the player on the lower
    board is rated more than ``tolerance`` above the player on the higher one. Boards
    are numbered from 1; unrated players and ``tolerance`` None check nothing."""
    if tolerance is None:
        return []
    found = []
    for upper, above in enumerate(ratings, 1):
        for lower, below in enumerate(ratings[upper:], upper + 1):
            if above is not None and below is not None and below - above > tolerance:
                found.append((upper, lower))
    return found

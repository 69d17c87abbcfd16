"""What the documents an arbiter prints say, read from the event's one standings
(``desk.standings``): the round-by-round crosstable ("grille américaine"), the round
robin's table, a round's results with the scores. The views and templates that lay them
out on A4 are in ``desk.views.documents``.

The round-by-round crosstable prints, for each player and each round, what a TRF player
line records (FIDE TRF-16): the opponent's number, the colour and the result code (``1``,
``½``, ``0``, ``+`` and ``-`` for forfeits), as Papi, Swiss-Manager and Sharly Chess print
it. Ordered by rank, the opponent's number is their line's own number in the table (as
chess-results' ranking crosstable numbers its lines: players who share a rank still have
a line each, so that every opponent can be found); ordered by pairing number, it is
their pairing number (the TRF's own)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import pgettext

from club.models import Bye, Game, Player, Result
from desk.standings import EventStandings, Line
from lib.numbers import score

BY_RANK = "rang"
BY_NUMBER = "depart"


@dataclass(frozen=True)
class RoundCell:
    """A player's round in the crosstable: ``opponent`` (a number, None for a bye or an
    unpaired round), ``colour`` (the page language's initial of White or Black), and the
    result from the player's side (empty while the game is not played)."""

    opponent: int | None = None
    colour: str = ""
    result: str = ""
    forfeit: bool = False
    bye: Bye | None = None

    @property
    def text(self) -> str:
        number = "" if self.opponent is None else str(self.opponent)
        return f"{number}{self.colour}{self.result}"


@dataclass(frozen=True)
class CrosstableLine:
    line: Line
    number: int  # the line's own number: its place in rank order or its pairing number
    rating: int | None
    cells: list[RoundCell]


def _code(result: Result, black: bool) -> str:
    code = result.trf_codes[1 if black else 0]
    return "½" if code == "=" else code


def round_by_round(
    standings: EventStandings, rounds: int, order: str = BY_RANK
) -> list[CrosstableLine]:
    """Each player's line with a cell for rounds 1 to ``rounds``."""
    lines = list(standings.lines)
    if order == BY_NUMBER:
        lines.sort(key=lambda line: (line.number is None, line.number or 0, line.rank))
        numbers = {line.player.pk: line.number or 0 for line in lines}
    else:  # each line its own number, in rank order: a shared rank is not an address
        numbers = {line.player.pk: position for position, line in enumerate(lines, 1)}
    white, black = pgettext("initial of White", "w"), pgettext("initial of Black", "b")
    cells: dict[tuple[int, int], RoundCell] = {}
    for game in standings.games:
        result = Result(game.result)
        for player, opponent, is_black in (
            (game.white_id, game.black_id, False),
            (game.black_id, game.white_id, True),
        ):
            cells[(player, game.round.number)] = RoundCell(
                numbers.get(opponent),
                black if is_black else white,
                _code(result, is_black),
                result.is_forfeit,
            )
    for bye in standings.byes:
        cells[(bye.player_id, bye.round.number)] = RoundCell(
            result=Bye.Kind(bye.kind).short, bye=bye
        )
    ratings = {p.player_id: p.rating for p in standings.participants}
    return [
        CrosstableLine(
            line,
            numbers[line.player.pk],
            ratings.get(line.player.pk),
            [cells.get((line.player.pk, n), RoundCell()) for n in range(1, rounds + 1)],
        )
        for line in lines
    ]


@dataclass(frozen=True)
class TableCell:
    """A round robin table's cell: the points scored against that opponent, ``+``/``-``
    for a game won or lost by forfeit."""

    text: str
    forfeit: bool = False


def _points_text(points: Decimal, forfeit: bool) -> str:
    if forfeit:
        return "+" if points else "−"
    return score(points)


def round_robin_table(
    standings: EventStandings,
) -> list[tuple[Line, list[list[TableCell] | None], list[Bye]]]:
    """Rank × rank: for each line, the cells against each player in rank order (None on
    the diagonal; two cells when they met twice) and the player's byes."""
    ranked = [line.player.pk for line in standings.lines]
    cells: dict[tuple[int, int], list[TableCell]] = {}
    for game in standings.games:
        result = Result(game.result)
        if result.points is None:
            continue
        for me, other, points in (
            (game.white_id, game.black_id, result.points[0]),
            (game.black_id, game.white_id, result.points[1]),
        ):
            cells.setdefault((me, other), []).append(
                TableCell(_points_text(points, result.is_forfeit), result.is_forfeit)
            )
    byes: dict[int, list[Bye]] = {}
    for bye in standings.byes:
        byes.setdefault(bye.player_id, []).append(bye)
    return [
        (
            line,
            [cells.get((line.player.pk, q), []) if q != line.player.pk else None for q in ranked],
            byes.get(line.player.pk, []),
        )
        for line in standings.lines
    ]


@dataclass(frozen=True)
class Side:
    """A player on a board of a round's results: pairing number, rating, points."""

    player: Player
    number: int | None
    rating: int | None
    points: Decimal


def result_boards(games: list[Game], standings: EventStandings) -> list[tuple[Game, Side, Side]]:
    """A round's boards, each player with their points after the round (``standings``
    read until that round)."""
    participants = {p.player_id: p for p in standings.participants}
    points = {line.player.pk: line.points for line in standings.lines}

    def side(player: Player) -> Side:
        entry = participants.get(player.pk)
        return Side(
            player,
            entry.number if entry else None,
            entry.rating if entry else None,
            points.get(player.pk, Decimal(0)),
        )

    return [(game, side(game.white), side(game.black)) for game in games]

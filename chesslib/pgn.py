"""Reading a game's PGN for the board viewer (python-chess)."""

from __future__ import annotations

import io
from dataclasses import dataclass

import chess
import chess.pgn
import chess.svg

BOARD_SIZE = 360


class PgnError(ValueError):
    pass


@dataclass(frozen=True)
class Ply:
    number: int  # 1 for white's first move
    san: str
    fen: str

    @property
    def move_number(self) -> int:
        return (self.number + 1) // 2

    @property
    def white(self) -> bool:
        return self.number % 2 == 1


def plies(pgn: str) -> list[Ply]:
    """Every half-move of the game's main line, with the position after it."""
    game = chess.pgn.read_game(io.StringIO(pgn))
    if game is None:
        raise PgnError("no game in this PGN")
    if game.errors:
        raise PgnError(f"the PGN does not parse: {game.errors[0]}")
    board = game.board()
    played = []
    for number, move in enumerate(game.mainline_moves(), 1):
        san = board.san(move)
        board.push(move)
        played.append(Ply(number, san, board.fen()))
    return played


def board_svg(fen: str, last_move: str | None = None) -> str:
    board = chess.Board(fen)
    move = chess.Move.from_uci(last_move) if last_move else None
    return chess.svg.board(board, size=BOARD_SIZE, lastmove=move)


def start_fen() -> str:
    return chess.STARTING_FEN


@dataclass(frozen=True)
class ExportedGame:
    """A game as a PGN file names it: the seven tags' values, the players' ratings when
    known, and the moves read from the stored PGN when there are any."""

    event: str
    site: str
    date: str  # "2026.11.06"
    round: str
    white: str  # "Last, First"
    black: str
    result: str  # "1-0", "1/2-1/2", "0-1" or "*"
    white_elo: int | None = None
    black_elo: int | None = None
    moves: str = ""  # a stored PGN (tags and moves) or nothing


def export(games: list[ExportedGame]) -> str:
    """The games as one PGN file written by python-chess: the Seven Tag Roster first, the
    players' ratings, then the moves, comments and variations of a stored PGN (its own
    start position included); a stored PGN that does not parse gives the result alone."""
    written = []
    for item in games:
        game = chess.pgn.read_game(io.StringIO(item.moves)) if item.moves else None
        if game is None or game.errors:
            game = chess.pgn.Game()
        for tag in ("Event", "Site", "Date", "Round", "White", "Black"):
            game.headers[tag] = getattr(item, tag.lower())
        game.headers["Result"] = item.result
        for tag, value in (("WhiteElo", item.white_elo), ("BlackElo", item.black_elo)):
            if value:
                game.headers[tag] = str(value)
        exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
        written.append(game.accept(exporter))
    return "\n\n".join(written) + "\n" if written else ""

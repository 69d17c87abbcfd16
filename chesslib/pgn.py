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

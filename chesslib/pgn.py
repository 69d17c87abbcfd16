"""Games written as one PGN file (python-chess); reading: ``pgn_read``, viewing:
``pgn_view``."""

from __future__ import annotations

import io
from dataclasses import dataclass

import chess.pgn


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

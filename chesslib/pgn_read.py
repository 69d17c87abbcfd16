"""A PGN file read game by game (python-chess), every game counted.

python-chess reads one game at a time and lets one empty line stand between two tags, so
games with tags but no moves, one empty line apart, become a single game whose tags are
the last one's; an empty line inside a variation ends its game. The file is therefore cut
into games here first, then each game is read by python-chess:

- a tag line starts a new game when the tags so far already have this tag's name, or
  when moves were read since the last tag (outside a ``{comment}``);
- in the moves, an empty line ends the game after its result (``1-0``, ``0-1``,
  ``1/2-1/2``, ``*``) at the top level, and is dropped elsewhere (inside a variation,
  between a move and a comment), as other readers (kokopu, ChessBase) take it.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from functools import cached_property

import chess.pgn

TAG_LINE = re.compile(r'^\s*\[\s*([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"(.*)"\s*\]\s*$')
RESULT_AT_END = re.compile(r"(?:^|\s)(?:1-0|0-1|1/2-1/2|\*)\s*$")


@dataclass
class _Chunk:
    tags: list[str] = field(default_factory=list)
    names: set[str] = field(default_factory=set)
    moves: list[str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(self.tags) + "\n" + "".join(self.moves)

    def empty(self) -> bool:
        return not self.tags and not any(
            line.strip() and not line.startswith(("%", ";")) for line in self.moves
        )


@dataclass(frozen=True)
class ReadGame:
    """One game of the file: its number (1 for the first), its tags, the game read by
    python-chess (None when it cannot be read), and why not."""

    number: int
    headers: dict[str, str]
    game: chess.pgn.Game | None
    error: str = ""

    @property
    def has_moves(self) -> bool:
        return self.game is not None and bool(self.game.variations)

    @cached_property
    def pgn(self) -> str:
        """The game as python-chess writes it: tags, moves, comments, variations."""
        assert self.game is not None
        exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
        return self.game.accept(exporter)


def split_games(text: str) -> list[str]:
    """The file's games, each as a text python-chess reads whole."""
    chunks: list[_Chunk] = []
    current = _Chunk()
    in_moves = in_comment = ended = False
    depth = 0

    def close() -> None:
        nonlocal current, in_moves, in_comment, ended, depth
        if not current.empty():
            chunks.append(current)
        current = _Chunk()
        in_moves = in_comment = ended = False
        depth = 0

    for line in text.lstrip("\ufeff").splitlines():
        line += "\n"  # any line end (CR LF, CR alone) as python-chess reads it
        tag = None if in_comment else TAG_LINE.match(line)
        if tag:
            if in_moves or tag.group(1) in current.names:
                close()
            current.tags.append(line)
            current.names.add(tag.group(1))
            continue
        if not line.strip():
            if in_moves and not in_comment and depth == 0 and ended:
                close()
            continue  # an empty line between tags, or inside the moves: dropped
        if not in_moves and line.startswith(("%", ";")):
            continue  # an escaped or commented line before the moves
        in_moves = True
        current.moves.append(line)
        visible = []
        for char in line:
            if in_comment:
                in_comment = char != "}"
            elif char == "{":
                in_comment = True
            elif char == ";":
                break
            else:
                depth += (char == "(") - (char == ")")
                visible.append(char)
        depth = max(depth, 0)
        if not in_comment:
            ended = depth == 0 and bool(RESULT_AT_END.search("".join(visible)))
    close()
    return [chunk.text() for chunk in chunks]


def read_games(text: str) -> list[ReadGame]:
    """Every game of the file, read or with the reason it cannot be."""
    games = []
    for number, chunk in enumerate(split_games(text), 1):
        headers = {
            match.group(1): match.group(2).replace('\\"', '"').replace("\\\\", "\\")
            for line in chunk.splitlines()
            if (match := TAG_LINE.match(line))
        }
        handle = io.StringIO(chunk)
        try:
            game = chess.pgn.read_game(handle)
        except Exception as error:  # python-chess fails on some odd texts
            games.append(ReadGame(number, headers, None, f"{type(error).__name__}: {error}"))
            continue
        if game is None:
            continue
        if game.errors:
            games.append(ReadGame(number, headers, None, str(game.errors[0])))
        elif handle.read().strip():
            games.append(ReadGame(number, headers, None, "text after the game's end"))
        else:
            games.append(ReadGame(number, headers, game))
    return games

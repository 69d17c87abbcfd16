"""A game's moves as the board viewer shows them (python-chess): every position numbered
from the game's own start (its ``FEN`` tag: Chess960, a study), the moves with their
numbers, NAGs and comments, and the variations nested in the line they leave.

Positions are numbered line by line: 0 is the start, then the main line's (its plies: 1
after the first move), then each variation's in reading order. No recursion: a file may
nest variations deeper than Python's stack.

Bounds: python-chess reads about 7,000 moves a second here, so a game of more than
``MAX_MOVES`` moves (main line and variations; the longest game played under the rules
has under 600 plies) is not read for the viewer at all: ``move_count`` counts its moves
without reading them (a 40,000-ply game: milliseconds). The move list is shown a page of
``MOVES_PAGE`` moves at a time (``window``).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field, replace

import chess
import chess.pgn
import chess.svg

BOARD_SIZE = 360

# NAGs 1-6 as the PGN standard writes them; the usual evaluation signs, in characters
# every system font has.
NAG_SIGNS = {
    1: "!",
    2: "?",
    3: "!!",
    4: "??",
    5: "!?",
    6: "?!",
    7: "□",
    10: "=",
    13: "∞",
    14: "+=",
    15: "=+",
    16: "±",
    17: "∓",
    18: "+−",
    19: "−+",
    22: "⊙",
    23: "⊙",
    32: "⟳",
    33: "⟳",
    36: "↑",
    37: "↑",
    40: "→",
    41: "→",
    132: "⇆",
    133: "⇆",
    140: "∆",
    146: "N",
}
COMMAND = re.compile(r"\[%[^\]]*\]")  # [%clk 0:01:00], [%cal Ge2e4]: for software only
MAX_MOVES = 3_000
MOVES_PAGE = 300
# what is not a move in a PGN's movetext: comments, rest-of-line comments, tag pairs,
# escaped lines, NAGs, move numbers and results
_NOT_MOVES = re.compile(r"\{[^}]*\}|;[^\n]*|^\s*\[[^\n]*|^%[^\n]*|\$\d+|\d+\.+|[()]", re.M)
_MOVE = re.compile(r"[a-hNBRQKO0][^\s(){};$]*")


class PgnError(ValueError):
    pass


@dataclass(frozen=True)
class Position:
    """Position ``id`` (0: the start): the move that led to it and where it sits."""

    id: int
    parent: int | None
    next: int | None  # the move that follows in this line
    san: str
    label: str  # "12. Nf3" or "12... Nxe4" (empty for the start)
    fen: str
    uci: str


@dataclass(frozen=True)
class Item:
    """One step of the move list as HTML writes it: a line (an ``<ol>``) opened or closed,
    a move (an ``<li>``) opened or closed."""

    kind: str  # "line", "end-line", "move", "end-move"
    main: bool = False
    id: int = 0
    number: str = ""  # "12." or "12..." when shown
    san: str = ""
    nags: tuple[tuple[int, str], ...] = ()
    before: str = ""  # a comment before the move (a variation's first)
    after: str = ""


@dataclass
class GameView:
    start_comment: str
    positions: list[Position] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    chess960: bool = False

    @property
    def mainline_end(self) -> int:
        return self.last_of(0)

    def last_of(self, position: int) -> int:
        while (following := self.positions[position].next) is not None:
            position = following
        return position


@dataclass(frozen=True)
class Window:
    """A page of the move list: its items (the lines and the move left open above it
    opened again, those open below it closed) and the positions that begin the pages
    before and after it (None: none)."""

    items: list[Item]
    previous: int | None
    next: int | None
    first: int  # the first and last positions of its moves
    last: int


def move_count(pgn: str) -> int:
    """How many moves the PGN's text writes (at least as many as it has: a word that is
    not a move but looks like one counts), without reading the moves."""
    return len(_MOVE.findall(_NOT_MOVES.sub(" ", pgn)))


def window(view: GameView, position: int, size: int = MOVES_PAGE) -> Window:
    """The page of ``size`` moves (in reading order) that shows ``position``."""
    moves = [n for n, item in enumerate(view.items) if item.kind == "move"]
    if not moves:
        return Window(view.items, None, None, 0, 0)
    at = next((k for k, n in enumerate(moves) if view.items[n].id == position), 0)
    page = at // size
    begin = moves[page * size]
    end = moves[(page + 1) * size] if (page + 1) * size < len(moves) else len(view.items)
    open_items: list[Item] = []
    for item in view.items[:begin]:
        if item.kind in ("line", "move"):
            open_items.append(item)
        else:
            open_items.pop()
    reopened = [replace(item, before="", after="", nags=()) for item in open_items]
    body = view.items[begin:end]
    for item in body:
        if item.kind in ("line", "move"):
            open_items.append(item)
        else:
            open_items.pop()
    closed = [Item("end-move" if i.kind == "move" else "end-line") for i in reversed(open_items)]
    shown = [view.items[n].id for n in moves[page * size : (page + 1) * size]]
    return Window(
        reopened + body + closed,
        view.items[moves[(page - 1) * size]].id if page else None,
        view.items[end].id if end < len(view.items) else None,
        shown[0],
        shown[-1],
    )


def line_ends(view: GameView) -> list[int]:
    """For every position, the last of its line (a move's ``next`` always has a higher
    number: one pass from the end)."""
    ends = list(range(len(view.positions)))
    for position in reversed(view.positions):
        if position.next is not None:
            ends[position.id] = ends[position.next]
    return ends


def _text(comment: str) -> str:
    return " ".join(COMMAND.sub(" ", comment).split())


def read_view(pgn: str) -> GameView:
    """The viewer's data for one stored PGN; a PGN python-chess cannot read is refused."""
    try:
        game = chess.pgn.read_game(io.StringIO(pgn))
    except Exception as error:  # python-chess fails on some odd texts
        raise PgnError(str(error)) from None
    if game is None:
        raise PgnError("no game in this PGN")
    if game.errors:
        raise PgnError(f"the PGN does not parse: {game.errors[0]}")
    start = game.board()
    view = GameView(_text(game.comment), chess960=start.chess960)
    boards: dict[int, tuple[int, chess.Board]] = {id(game): (0, start)}
    rows: dict[int, dict] = {0: {"parent": None, "next": None, "san": "", "label": ""}}
    rows[0].update(fen=start.fen(), uci="")
    work: list[tuple[str, object]] = []
    if game.variations:
        work.append(("line", game.variations[0]))
    while work:
        kind, value = work.pop()
        if kind == "item":
            view.items.append(value)  # type: ignore[arg-type]
            continue
        node = value
        assert isinstance(node, chess.pgn.ChildNode)
        main = node.parent is game and node.parent.variations[0] is node
        parts: list[tuple[str, object]] = [("item", Item("line", main=main))]
        show_black_number = True
        while node is not None:
            parent_id, before = boards[id(node.parent)]
            san = before.san(node.move)
            after = before.copy(stack=False)
            after.push(node.move)
            number = f"{before.fullmove_number}." if before.turn else f"{before.fullmove_number}..."
            own = len(rows)
            boards[id(node)] = (own, after)
            rows[own] = {
                "parent": parent_id,
                "next": None,
                "san": san,
                "label": f"{number} {san}",
                "fen": after.fen(),
                "uci": node.move.uci(),
            }
            siblings = node.parent.variations
            if siblings[0] is node:
                rows[parent_id]["next"] = own
            comment = _text(node.comment)
            before_text = _text(node.starting_comment)
            shown = before.turn or show_black_number or bool(before_text)
            parts.append(
                (
                    "item",
                    Item(
                        "move",
                        id=own,
                        number=number if shown else "",
                        san=san,
                        nags=tuple(sorted((n, NAG_SIGNS.get(n, f"${n}")) for n in node.nags)),
                        before=before_text,
                        after=comment,
                    ),
                )
            )
            alternatives = siblings[1:] if siblings[0] is node else []
            for alternative in alternatives:
                parts.append(("line", alternative))
            parts.append(("item", Item("end-move")))
            show_black_number = bool(comment or alternatives)
            node = node.variations[0] if node.variations else None
        parts.append(("item", Item("end-line")))
        work.extend(reversed(parts))
    view.positions = [Position(id=n, **rows[n]) for n in range(len(rows))]
    return view


def board_svg(view: GameView, position: int) -> str:
    """The board at ``position``, the move that led to it marked."""
    row = view.positions[position]
    board = chess.Board(row.fen, chess960=view.chess960)
    move = chess.Move.from_uci(row.uci) if row.uci else None
    return chess.svg.board(board, size=BOARD_SIZE, lastmove=move)

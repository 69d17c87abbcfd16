"""The board viewer's data (python-chess): the start from the game's FEN, the numbering
when Black moves first, comments, NAGs and variations as nested lines. The expected
trees are kokopu's own dumps of the same games (test/resources/pgns/misc/2.txt,
headers/6.txt; tests/fixtures/pgn/SOURCES.md)."""

from pathlib import Path

import pytest

from chesslib.pgn_read import read_games
from chesslib.pgn_view import PgnError, board_svg, read_view

PGN = Path(__file__).resolve().parents[1] / "fixtures" / "pgn"


def _game(name: str, number: int) -> str:
    game = read_games((PGN / name).read_text(encoding="utf-8"))[number - 1]
    return game.pgn


def test_variations_nest_in_the_line_they_leave_as_kokopu_reads_them() -> None:
    # kokopu misc/2.txt: 1. e4 e5 (1... e6) 2. Nf3 Nc6 3. Bb5 (3. Bc4 Bc5)
    # (3. d4 exd4 4. Nxd4 (4. Bc4 $5 Nf6) 4... Bc5) 3... a6 4. Bxc6 dxc6
    view = read_view(_game("kokopu-misc.pgn", 3))
    moves = [(i.number, i.san) for i in view.items if i.kind == "move"]
    assert moves == [
        ("1.", "e4"), ("", "e5"), ("1...", "e6"), ("2.", "Nf3"), ("", "Nc6"), ("3.", "Bb5"),
        ("3.", "Bc4"), ("", "Bc5"), ("3.", "d4"), ("", "exd4"), ("4.", "Nxd4"),
        ("4.", "Bc4"), ("", "Nf6"), ("4...", "Bc5"), ("3...", "a6"), ("4.", "Bxc6"),
        ("", "dxc6"),
    ]  # fmt: skip
    kinds = [i.kind for i in view.items if i.kind in ("line", "end-line")]
    assert kinds.count("line") == 5 == kinds.count("end-line")
    bc4 = next(i for i in view.items if i.kind == "move" and i.san == "Bc4" and i.number == "4.")
    assert bc4.nags == ((5, "!?"),)
    italian = next(i for i in view.items if (i.kind, i.number, i.san) == ("move", "3.", "Bc4"))
    assert italian.before == "Italian game:"
    # the main line's positions are its plies; kokopu's final position: "w KQkq -" after dxc6
    assert view.positions[8].label == "4... dxc6"
    final = "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq -"
    assert view.positions[8].fen.startswith(final)
    assert view.mainline_end == 8


def test_steps_from_a_variation_stay_in_it_and_stop_at_its_end() -> None:
    view = read_view(_game("kokopu-misc.pgn", 3))
    e6 = next(p for p in view.positions if p.label == "1... e6")
    assert (e6.parent, e6.next) == (1, None)  # back to 1. e4; no move after it
    d4 = next(p for p in view.positions if p.label == "3. d4")
    assert view.positions[view.last_of(d4.id)].label == "4... Bc5"
    assert view.positions[view.mainline_end].next is None


def test_a_game_where_black_moves_first_is_numbered_from_its_fen() -> None:
    view = read_view(_game("kokopu-headers.pgn", 7))
    assert view.positions[0].fen.startswith("rnb1k1nr/pppp1ppp/8/2b1p3/2B1P2q/2N2N2/PPPP1PPP")
    [move] = [i for i in view.items if i.kind == "move"]
    assert (move.number, move.san) == ("4...", "Qxf2#")  # kokopu: "Initial move number = 4", (4b)


def test_a_chess960_game_starts_from_its_own_position_and_castles() -> None:
    view = read_view(_game("kokopu-chess960.pgn", 2))  # Grischuk - Carlsen, castling EAea
    assert view.chess960
    assert view.positions[0].fen.split()[0] == "rnnkrbbq/pppppppp/8/8/8/8/PPPPPPPP/RNNKRBBQ"
    labels = [p.label for p in view.positions]
    assert "5. O-O-O" in labels and "5... O-O-O" in labels
    svg = board_svg(view, 0)
    assert svg.startswith("<svg") and "queen" in svg


def test_comments_lose_the_commands_meant_for_software() -> None:
    view = read_view(_game("kokopu-misc.pgn", 8))  # "Game with tags": [%cal ...], [%csl ...]
    comments = [i.after for i in view.items if i.after]
    assert "Odd move: the pawn in h5 is weak." in comments
    assert not any("[%" in c for c in comments)
    assert view.positions[1].label == "1. e4"


def test_a_pgn_python_chess_cannot_read_is_refused() -> None:
    with pytest.raises(PgnError, match="illegal san"):
        read_view("1. e4 e5 2. Ke3 *")


def test_deeply_nested_variations_do_not_exhaust_the_stack() -> None:
    text = "1. e4 " + "(1. d4 " * 1500 + ")" * 1500 + " e5 *"
    view = read_view(text)
    assert [i.kind for i in view.items].count("line") == 1501  # the main line and 1500
    assert view.mainline_end == 2 and view.positions[2].label == "1... e5"

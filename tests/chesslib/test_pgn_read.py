"""A PGN file cut into games, every game counted, against real files of other software:
python-chess's own test data and kokopu's (a JavaScript chess library), whose
``test/resources/pgns.csv`` gives the number of games its reader finds in each file
(tests/fixtures/pgn/SOURCES.md)."""

from pathlib import Path

import pytest

from chesslib.pgn_read import read_games, split_games

PGN = Path(__file__).resolve().parents[1] / "fixtures" / "pgn"


def _read(name: str) -> str:
    return (PGN / name).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "games"),
    [
        # kokopu's test/resources/pgns.csv: "headers 16", "misc 15", "chess960 4",
        # "missing-last-end-of-game 2"
        ("kokopu-headers.pgn", 16),
        ("kokopu-misc.pgn", 15),
        ("kokopu-chess960.pgn", 4),
        ("kokopu-missing-last-end-of-game.pgn", 2),
        ("python-chess-kasparov-deep-blue-1997.pgn", 6),
        ("python-chess-cutechess-fischerrandom.pgn", 4),
        ("python-chess-utf8-bom.pgn", 2),
        ("python-chess-chessbase-empty-line.pgn", 1),
        ("python-chess-molinari-bordais-1979.pgn", 1),
        ("python-chess-nepomniachtchi-liren-game1.pgn", 1),
    ],
)
def test_each_file_has_as_many_games_as_its_own_library_reads(name: str, games: int) -> None:
    assert len(read_games(_read(name))) == games


def test_the_games_of_kokopus_misc_file_are_read_but_one_variant_python_chess_lacks() -> None:
    games = read_games(_read("kokopu-misc.pgn"))
    assert [g.number for g in games if g.error] == [10]
    assert "unsupported variant: Regular" in games[9].error
    morphy = games[3]  # an empty line before a comment and inside a variation
    assert morphy.headers["Black"] == "Morphy, Paul"
    moves = list(morphy.game.mainline_moves()) if morphy.game else []
    assert len(moves) == 56  # 1. e4 ... 28... Be3: python-chess alone stops at 17. Qa6
    assert morphy.game is not None and len(morphy.game.variations) == 1


def test_header_only_games_each_count_with_their_own_tags() -> None:
    games = read_games(_read("kokopu-headers.pgn"))
    assert sum(1 for g in games if not g.has_moves) == 15
    assert [g.headers.get("Round") for g in games[:6]] == [
        "?",
        "ill-formed round field",
        "1",
        " 1 ",
        "1.2",
        "1.2.3.4.5.6.7.8",
    ]
    assert games[4].headers["Event"] == 'Special character " (double quote)'


def test_tags_without_moves_one_empty_line_apart_are_two_games_not_one() -> None:
    # python-chess alone reads one game here, with the second game's tags (the loss the
    # issue measured); the tags are those of kokopu-headers.pgn's games 3 and 4.
    text = (
        '[Event "Some championship"]\n[Round "1"]\n[White "Player 1"]\n[Black "Player 2"]\n'
        '[Result "0-1"]\n\n[Event "Some championship"]\n[Round "1"]\n[White "Player 3"]\n'
        '[Black "Player 4"]\n[Result "1/2-1/2"]\n'
    )
    games = read_games(text)
    assert [(g.headers["White"], g.headers["Result"]) for g in games] == [
        ("Player 1", "0-1"),
        ("Player 3", "1/2-1/2"),
    ]
    assert not any(g.has_moves or g.error for g in games)


def test_a_game_that_starts_with_black_to_move_is_read_from_its_fen() -> None:
    game = read_games(_read("kokopu-headers.pgn"))[6]
    assert game.game is not None
    board = game.game.end().board()
    # kokopu's test/resources/pgns/headers/6.txt: Qxf2#, "Black wins", "w KQkq -"
    assert board.fen() == "rnb1k1nr/pppp1ppp/8/2b1p3/2B1P3/2N2N2/PPPP1qPP/R1BQK2R w KQkq - 0 5"
    assert board.is_checkmate()


def test_the_chess960_games_start_from_their_fen() -> None:
    games = read_games(_read("python-chess-cutechess-fischerrandom.pgn"))
    assert all(g.game is not None and g.game.board().chess960 for g in games)
    assert games[0].game is not None
    assert games[0].game.board().board_fen() == "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ"
    assert all(len(list(g.game.mainline_moves())) > 20 for g in games if g.game)


def test_a_tag_line_right_after_the_moves_starts_the_next_game() -> None:
    text = '[White "A"]\n\n1. e4 e5 1-0\n[White "B"]\n\n1. d4 d5 0-1\n'
    assert [g.headers["White"] for g in read_games(text)] == ["A", "B"]
    assert len(split_games(text)) == 2


def test_what_python_chess_cannot_read_is_named_not_raised() -> None:
    # kokopu's misc file starts a game with a comment python-chess fails on (IndexError)
    games = read_games("{ comment }\n\n{ another }\n1. e4 *\n\n1. e4 Ke7?? 2. Qz9 *\n")
    assert all(isinstance(g.error, str) for g in games)
    assert any("illegal san" in g.error or "Error" in g.error for g in games)

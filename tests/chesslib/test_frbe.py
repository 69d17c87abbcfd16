"""The Belgian federation's Elo report, compared with the bytes the federation's own writer
produced on the same games (tests/fixtures/frbe/SOURCES.md)."""

import json
from datetime import date
from pathlib import Path

from chesslib import frbe

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "frbe"
FEDERATION = frbe.Sender(
    email="interclubs@frbe-kbsb-ksb.be", club_number="998", arbiter="Cornet, Luc"
)


def _side(game: dict, colour: str) -> frbe.Side:
    return frbe.Side(
        name=game[f"fullname_{colour}"],
        rating=game[f"belrating_{colour}"],
        national_id=game[f"idbel_{colour}"],
    )


def _interclub_round(case: dict) -> frbe.Report:
    day = date.fromisoformat(case["date"])
    return frbe.Report(
        title="Interclubs",
        name=f"Belgian Interclubs 2025 - 2026 - Round {case['round']}",
        place="Various locations in Belgian Clubs",
        start=day,
        end=day,
        round_dates=[day],
        first_round=case["round"],
        sender=FEDERATION,
        games=[
            frbe.ReportGame(_side(g, "white"), _side(g, "black"), g["result"], case["round"])
            for g in case["games"]
        ],
    )


def test_it_writes_an_interclub_round_byte_for_byte_as_the_federations_writer() -> None:
    case = json.loads((FIXTURES / "interclub_round3.json").read_text(encoding="utf-8"))
    expected = (FIXTURES / "interclub_round3.txt").read_bytes()
    assert frbe.write(_interclub_round(case), by_game=True) == expected


def test_it_leaves_forfeits_out_and_counts_the_played_results() -> None:
    case = json.loads((FIXTURES / "interclub_round3.json").read_text(encoding="utf-8"))
    lines = frbe.write(_interclub_round(case), by_game=True).decode("latin-1").split("\r\n")
    # four played games of five: eight players; +3 wins, =2 draws, -3 losses
    assert lines[5] == "00F P=8 R=1 S=19/10/25 E=19/10/25 +3 =2 -3"
    assert not any("Forfait" in line for line in lines)


def _individual() -> frbe.Report:
    anne = frbe.Side("Lejeune, Anne", 1850, 21430)
    bert = frbe.Side("Peeters, Bert", 1700, 9174)
    carl = frbe.Side("Dubois, Carl", 1600, 30125)
    days = [date(2026, 11, 3), date(2026, 11, 10)]
    return frbe.Report(
        title="Championnat du club",
        name="Championnat du club 2026",
        place="Wavre",
        start=days[0],
        end=days[-1],
        round_dates=days,
        sender=frbe.Sender("secretaire@example.be", "601", "Dupont, Jean"),
        games=[
            frbe.ReportGame(anne, bert, "1-0", 1),
            frbe.ReportGame(carl, anne, "½-½", 2),
            frbe.ReportGame(bert, carl, "0-1 FF", 2),
        ],
    )


def test_it_writes_an_individual_event_a_player_a_line_with_every_round_in_its_block() -> None:
    lines = frbe.write(_individual(), by_game=False).decode("latin-1").split("\r\n")
    anne = lines[14]
    # TRF-16's columns: number 5-8, name 15-47, rating 49-52, ID ending in 68, points from
    # 82, round 1's block from 92 (opponent 92-95, colour 97, result 99), round 2's from 102
    assert anne[0:8] == "001    1"
    assert anne[14:27] == "Lejeune, Anne"
    assert anne[48:52] == "1850"
    assert anne[63:68] == "21430"
    assert anne[81:84] == "1.5"
    assert anne[91:99] == "   2 w 1"
    assert anne[101:109] == "   3 b ="
    assert lines[13][91:99] == "26.11.03" and lines[13][101:109] == "26.11.10"
    # Bert's forfeit in round 2 is not a game: his round 2 is blank
    bert = lines[15]
    assert bert[14:27] == "Peeters, Bert" and bert[81:84] == "0.0"
    assert bert[101:].strip() == ""
    assert lines[5] == "00F P=3 R=2 S=03/11/26 E=10/11/26 +1 =2 -1"


def test_it_folds_accents_and_cuts_a_long_name_to_its_columns() -> None:
    report = _individual()
    long = frbe.Side("Schmitz-Müller, Hans-Günther Maximilian", 2105, 112)
    report.games = [frbe.ReportGame(long, frbe.Side("Lambert, Élise", 1999, 7), "0-1", 1)]
    lines = frbe.write(report, by_game=False).decode("latin-1").split("\r\n")
    assert lines[14][14:48] == "Schmitz-Muller, Hans-Gunther Maxim"[:33] + " "
    assert lines[14][48:52] == "2105"
    assert lines[15][14:28] == "Lambert, Elise"

from decimal import Decimal

import pytest

from chesslib.standings import Kind, Round, Tiebreak, crosstable, parse_tiebreaks, standings

D = Decimal
H = D("0.5")


def _records() -> dict[str, list[Round]]:
    """A 4-player round robin: A beats B and C, draws D; B beats C and D; C beats D.
    Points: A 2.5, B 2, C 1, D 0.5."""
    games: list[tuple[str, str, int | Decimal]] = [
        ("A", "B", 1),
        ("A", "C", 1),
        ("A", "D", H),
        ("B", "C", 1),
        ("B", "D", 1),
        ("C", "D", 1),
    ]
    records: dict[str, list[Round]] = {p: [] for p in "ABCD"}
    for white, black, score in games:
        records[white].append(Round(black, D(score)))
        records[black].append(Round(white, 1 - D(score)))
    return records


def test_points_then_each_tiebreak_in_order() -> None:
    rows = standings(_records(), [Tiebreak.SONNEBORN_BERGER, Tiebreak.BUCHHOLZ])
    assert [(r.player, r.points) for r in rows] == [("A", D("2.5")), ("B", 2), ("C", 1), ("D", H)]
    # Sonneborn-Berger of A: B (2) + C (1) + half of D (0.5) = 3.25
    assert rows[0].tiebreaks[Tiebreak.SONNEBORN_BERGER] == D("3.25")
    # Buchholz of B: A 2.5 + C 1 + D 0.5 = 4
    assert rows[1].tiebreaks[Tiebreak.BUCHHOLZ] == 4


def test_buchholz_cut1_median_progressive_and_wins() -> None:
    rows = {r.player: r for r in standings(_records(), list(Tiebreak)[:-1])}
    a = rows["A"].tiebreaks
    assert a[Tiebreak.BUCHHOLZ] == D("3.5")  # 2 + 1 + 0.5
    assert a[Tiebreak.BUCHHOLZ_CUT1] == 3  # without the lowest, 0.5
    assert a[Tiebreak.MEDIAN] == 1  # without the highest and the lowest
    assert a[Tiebreak.PROGRESSIVE] == D("1") + D("2") + D("2.5")
    assert a[Tiebreak.WINS] == 2


def test_the_direct_encounter_separates_players_level_on_points() -> None:
    records = {
        "X": [Round("Y", D(1)), Round("Z", D(0))],
        "Y": [Round("X", D(0)), Round("Z", D(1))],
        "Z": [Round("X", D(1)), Round("Y", D(0))],
    }
    rows = standings(records, [Tiebreak.DIRECT_ENCOUNTER])
    assert {r.points for r in rows} == {1}
    assert all(r.tiebreaks[Tiebreak.DIRECT_ENCOUNTER] == 1 for r in rows)
    assert [r.rank for r in rows] == [1, 1, 1]


def test_a_bye_counts_the_players_own_score_in_buchholz() -> None:
    """C.07 (2024) 16.4: an unplayed round counts as a game against a dummy opponent
    with the player's own final score (A: 2); and 16.3: B's bye in the last round counts
    as a draw when B's opponents add up B's score (0 + 0.5). BH(A) = 0.5 + 2 = 2.5."""
    records = {
        "A": [Round("B", D(1)), Round(None, D(1), Kind.PAIRING_BYE)],
        "B": [Round("A", D(0)), Round(None, D(0), Kind.REQUESTED_BYE)],
    }
    rows = {r.player: r for r in standings(records, [Tiebreak.BUCHHOLZ])}
    assert rows["A"].tiebreaks[Tiebreak.BUCHHOLZ] == H + 2


def _tournament(
    player_rounds: list[tuple[int, str, Decimal, Kind]], rounds: int
) -> dict[str, list[Round]]:
    """A Swiss where player "P" has ``player_rounds`` — (round, opponent's final score,
    P's points, kind) — and every opponent reaches that final score by games against
    players met only once (named F1, F2...), so the opponents' scores are the figures of
    the example."""
    records: dict[str, list[Round]] = {"P": []}
    fillers = iter(range(1, 1000))
    for number, score, points, kind in player_rounds:
        if kind is not Kind.PLAYED and kind is not Kind.FORFEIT_WIN:
            records["P"].append(Round(None, points, kind, number))
            continue
        opponent = f"O{number}"
        records["P"].append(Round(opponent, points, kind, number))
        back = Kind.PLAYED if kind is Kind.PLAYED else Kind.FORFEIT_LOSS
        records[opponent] = [Round("P", 1 - points, back, number)]
        left = D(score) - (1 - points)
        for other in (n for n in range(1, rounds + 1) if n != number):
            scored = min(D(1), max(left, D(0)))
            left -= scored
            filler = f"F{next(fillers)}"
            records[opponent].append(Round(filler, scored, Kind.PLAYED, other))
            records[filler] = [Round(opponent, 1 - scored, Kind.PLAYED, other)]
        assert left == 0, "the example's opponent score must be reachable"
        records[opponent].sort(key=lambda r: r.number)
    return records


def test_the_fide_exercise_cuts_the_half_point_bye_before_the_lowest_opponent() -> None:
    """FIDE TEC, Tie-Break Exercises V01-1 (2024-04-16), exercise 6, on C.07 16.5.1:
    player #4 scores 3.5 in five rounds with a half-point bye in round 2; opponents
    finished on 3.5, 3.5, 3.0 and 1.5. The bye is a virtual unplayed round (its dummy
    scores 3.5, the player's own score), and Cut-1 removes it first:
    BH-C1 = 3.5 + 3.5 + 3.0 + 1.5 = 11.5 (not 15.0 - 1.5 = 13.5, which the former
    arithmetic of this module gave)."""
    records = _tournament(
        [
            (1, "3.5", D(1), Kind.PLAYED),
            (2, "3.5", H, Kind.REQUESTED_BYE),
            (3, "3.5", H, Kind.PLAYED),
            (4, "3.0", D(1), Kind.PLAYED),
            (5, "1.5", H, Kind.PLAYED),
        ],
        rounds=5,
    )
    rows = {r.player: r for r in standings(records, [Tiebreak.BUCHHOLZ, Tiebreak.BUCHHOLZ_CUT1])}
    assert rows["P"].points == D("3.5")
    assert rows["P"].tiebreaks[Tiebreak.BUCHHOLZ] == D("3.5") + D("3.5") + 3 + D("1.5") + D("3.5")
    assert rows["P"].tiebreaks[Tiebreak.BUCHHOLZ_CUT1] == D("11.5")


def test_a_forfeit_win_counts_a_dummy_with_the_players_own_score() -> None:
    """C.07 (2024) annex, example 1 (Arbiter's Manual 2026, pp. 258-261), on 16.4: a
    player finishes on 7.0 of 9 with a forfeit win in round 7. The absent opponent's
    score does not count: the round counts a dummy on the player's own 7.0, so with
    played opponents worth 44 in all, BH = 44 + 7.0 = 51. The former arithmetic of this
    module counted the absent opponent's score instead."""
    played = ["5.5", "6.0", "4.5", "5.0", "6.5", "5.5", "4.0", "7.0"]  # 44 in all
    points = [D(1), D(1), D(1), H, H, D(1), D(1), D(0)]  # with the forfeit: 7.0
    rounds = [
        (n, s, p, Kind.PLAYED)
        for n, s, p in zip([1, 2, 3, 4, 5, 6, 8, 9], played, points, strict=True)
    ]
    records = _tournament([*rounds, (7, "5.5", D(1), Kind.FORFEIT_WIN)], rounds=9)
    rows = {r.player: r for r in standings(records, [Tiebreak.BUCHHOLZ])}
    assert sum(D(s) for s in played) == 44
    assert rows["P"].points == 7
    assert rows["P"].tiebreaks[Tiebreak.BUCHHOLZ] == 51


def test_the_2026_edition_caps_the_forfeit_dummy_at_the_scheduled_opponents_score() -> None:
    """The same example under C.07 as amended for 2026 (16.4.1): the dummy of a forfeit
    win scores no more than the scheduled opponent, 5.5: BH = 44 + 5.5 = 49.5. The site
    follows the 2024 regulations (51 above); tiebreak-core has both editions right."""
    played = ["5.5", "6.0", "4.5", "5.0", "6.5", "5.5", "4.0", "7.0"]
    points = [D(1), D(1), D(1), H, H, D(1), D(1), D(0)]
    numbers = [1, 2, 3, 4, 5, 6, 8, 9]
    rounds = [(n, s, p, Kind.PLAYED) for n, s, p in zip(numbers, played, points, strict=True)]
    records = _tournament([*rounds, (7, "5.5", D(1), Kind.FORFEIT_WIN)], rounds=9)
    rows = {r.player: r for r in standings(records, [Tiebreak.BUCHHOLZ], ruleset="fide-2026")}
    assert rows["P"].tiebreaks[Tiebreak.BUCHHOLZ] == D("49.5")


def test_a_forfeit_loss_and_the_rounds_after_a_withdrawal_count_dummies() -> None:
    """C.07 (2024) annex, example 3, on 16.4: 6.5 of 10 with a forfeit loss and a
    withdrawal before the last round; both unplayed rounds count the player's own 6.5:
    BH = played opponents + 6.5 + 6.5 = 64.5 (played opponents worth 51.5)."""
    played = ["6.0", "5.5", "7.0", "6.5", "5.0", "7.5", "6.0", "8.0"]  # 51.5
    points = [D(1), D(1), H, D(1), D(1), H, D(1), H]  # 6.5
    rounds = [(n, s, p, Kind.PLAYED) for n, s, p in zip(range(1, 9), played, points, strict=True)]
    records = _tournament(
        [*rounds, (9, "6.0", D(0), Kind.FORFEIT_LOSS), (10, "0", D(0), Kind.REQUESTED_BYE)],
        rounds=10,
    )
    records["P"][8] = Round(None, D(0), Kind.FORFEIT_LOSS, 9)
    rows = {r.player: r for r in standings(records, [Tiebreak.BUCHHOLZ])}
    assert sum(D(s) for s in played) == D("51.5")
    assert rows["P"].points == D("6.5")
    assert rows["P"].tiebreaks[Tiebreak.BUCHHOLZ] == D("64.5")


def test_tiebreak_keys_are_checked() -> None:
    assert parse_tiebreaks("buchholz, wins") == [Tiebreak.BUCHHOLZ, Tiebreak.WINS]
    with pytest.raises(ValueError, match="unknown tiebreak"):
        parse_tiebreaks("bogus")


def test_the_crosstable_holds_each_result_from_both_sides() -> None:
    table = crosstable("AB", [("A", "B", D(1), D(0))])
    assert table == {"A": {"B": [1]}, "B": {"A": [0]}}


def _games(
    games: list[tuple[int, str, str, str]], forfeits: frozenset[tuple[int, str]] = frozenset()
) -> dict[str, list[Round]]:
    """Records from (round, white, black, result) with result "1-0", "½" or "0-1"; a
    (round, white) in ``forfeits`` is that game won or lost by forfeit."""
    records: dict[str, list[Round]] = {}
    for number, white, black, result in sorted(games):
        score = {"1-0": D(1), "½": H, "0-1": D(0)}[result]
        forfeit = (number, white) in forfeits
        win, loss = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS) if forfeit else (Kind.PLAYED,) * 2
        records.setdefault(white, []).append(
            Round(black, score, win if score == 1 else loss if forfeit else Kind.PLAYED, number)
        )
        records.setdefault(black, []).append(
            Round(
                white,
                1 - score,
                win if score == 0 else loss if forfeit else Kind.PLAYED,
                number,
                black=True,
            )
        )
    return records


# An eight-player round robin (tiebreak-core's tests/oracle/fixtures/rr_8x7.json, commit
# 5cd271c0), with the values an independent implementation, the echecs packages 4.1
# (github.com/echecsjs, C.07 2026 text; tiebreak-core's tests/oracle/echecs_4.1.json,
# commit 19fbbe17) computes. A fully played event: the 2024 and 2026 texts agree.
RR8 = [
    (1, "8", "1", "1-0"), (1, "2", "7", "1-0"), (1, "6", "3", "0-1"), (1, "4", "5", "½"),
    (2, "1", "7", "1-0"), (2, "5", "2", "0-1"), (2, "3", "4", "½"), (2, "6", "8", "0-1"),
    (3, "6", "1", "0-1"), (3, "2", "3", "1-0"), (3, "8", "4", "1-0"), (3, "5", "7", "1-0"),
    (4, "1", "5", "1-0"), (4, "2", "8", "1-0"), (4, "7", "3", "½"), (4, "4", "6", "0-1"),
    (5, "4", "1", "½"), (5, "6", "2", "0-1"), (5, "3", "5", "½"), (5, "8", "7", "0-1"),
    (6, "1", "3", "0-1"), (6, "2", "4", "½"), (6, "5", "8", "½"), (6, "7", "6", "1-0"),
    (7, "2", "1", "0-1"), (7, "8", "3", "0-1"), (7, "4", "7", "½"), (7, "6", "5", "0-1"),
]  # fmt: skip
RR8_RATINGS = {
    "1": 1500,
    "2": 1800,
    "3": 2100,
    "4": 2400,
    "5": 1400,
    "6": 1700,
    "7": 2000,
    "8": 2300,
}
RR8_ECHECS = {  # BH, BH-C1, BH-C2, BH-M1, BH-M2, FB, SB, SB-C1, KS, ARO, ARO-C1, PS
    "1": ("23.5", "22.5", "20", "17", "10", "24", "14.25", "13.25", "2", 1957, 2050, "17.5"),
    "2": ("22.5", "21.5", "19", "17", "10", "22", "16.75", "15.75", "3", 1914, 2000, "26"),
    "3": ("23.5", "22.5", "20", "17", "10", "24", "13.5", "12.5", "2.5", 1871, 1950, "16.5"),
    "4": ("25.5", "24.5", "21.5", "19", "11.5", "25.5", "10.5", "10.5", "2", 1829, 1900, "9.5"),
    "5": ("24.5", "23.5", "21", "18", "11", "25", "9.25", "8.25", "1", 1971, 2050, "12"),
    "6": ("27", "24.5", "21.5", "19", "11.5", "26.5", "2.5", "0", "0", 1929, 2017, "4"),
    "7": ("25", "24", "21.5", "18.5", "11.5", "25", "8", "7", "1.5", 1886, 1967, "7.5"),
    "8": ("24.5", "23.5", "21", "18", "11", "24", "9.75", "8.75", "1.5", 1843, 1917, "19"),
}


def test_it_gives_an_independent_implementations_values_in_a_round_robin() -> None:
    order = [
        Tiebreak.BUCHHOLZ,
        Tiebreak.BUCHHOLZ_CUT1,
        Tiebreak.BUCHHOLZ_CUT2,
        Tiebreak.MEDIAN,
        Tiebreak.MEDIAN2,
        Tiebreak.FORE_BUCHHOLZ,
        Tiebreak.SONNEBORN_BERGER,
        Tiebreak.SONNEBORN_BERGER_CUT1,
        Tiebreak.KOYA,
        Tiebreak.ARO,
        Tiebreak.ARO_CUT1,
        Tiebreak.PROGRESSIVE,
    ]
    rows = standings(_games(RR8), order, ratings=RR8_RATINGS, round_robin=True)
    got = {r.player: tuple(r.tiebreaks[t] for t in order) for r in rows}
    assert got == {p: tuple(D(v) for v in values) for p, values in RR8_ECHECS.items()}


def test_it_shares_no_rank_the_direct_encounter_separates_in_a_round_robin() -> None:
    """rr_8x7 above: 1 and 3 finish on 4.5, 3 beat 1 (echecs: DE 1 and 0); 5 and 8 on
    3.5 drew (0.5 each), and Sonneborn-Berger separates them (9.75 against 9.25)."""
    order = [Tiebreak.DIRECT_ENCOUNTER, Tiebreak.SONNEBORN_BERGER]
    rows = standings(_games(RR8), order, round_robin=True)
    assert [(r.player, r.rank) for r in rows] == [
        ("2", 1), ("3", 2), ("1", 3), ("8", 4), ("5", 5), ("7", 6), ("4", 7), ("6", 8)
    ]  # fmt: skip
    de = {r.player: r.tiebreaks[Tiebreak.DIRECT_ENCOUNTER] for r in rows}
    assert (de["3"], de["1"], de["8"], de["5"]) == (1, 0, H, H)


# FIDE TEC, "Exercises in tie-breaking" (IA Mario Held), the five-round Swiss of the
# rating chapter (5.2): four players' rounds with their opponents' ratings, as
# tiebreak-core's tests/corpus/fide2024_ratings.json (commit 39731caa, case
# TEC-TPR-ARO-4) transcribes them. Published: Bruno ARO 1880 TPR 2120, David 1888/2081,
# Franck 1813/1813, Nick 2050/1250.
TEC_SWISS5_RATINGS = {
    "Bruno": 2150, "David": 2050, "Franck": 1950, "Nick": 1650, "o1": 2200, "o3": 2100,
    "o7": 1900, "o8": 1850, "o10": 1750, "o13": 1600, "o14": 1550, "o16": 1450, "o99": 0,
}  # fmt: skip


def test_it_gives_the_fide_exercise_figures_of_aro_and_tpr() -> None:
    """ARO (C.07 10.1) averages the ratings of the opponents met over the board, 0.5
    rounded up: David (2050): 1650, 1600, 2100, 2200 -> 7550 / 4 = 1887.5 -> 1888; his
    half-point bye is left out of the games and of the points (3.0 of 4, 75%: dp +193,
    TPR 1888 + 193 = 2081). Nick lost his only game (0%: dp -800, 2050 - 800 = 1250); his
    pairing-allocated bye, forfeit win and zero-point byes do not count."""
    o = Kind.PLAYED
    records = {
        "Bruno": [
            Round("o10", D(1), o, 1, black=True),
            Round("o7", D(1), o, 2),
            Round("o1", H, o, 3, black=True),
            Round("o16", D(1), o, 4),
            Round("o3", H, o, 5, black=True),
        ],
        "David": [
            Round("Nick", D(1), o, 1, black=True),
            Round(None, H, Kind.REQUESTED_BYE, 2),
            Round("o13", D(1), o, 3),
            Round("o3", H, o, 4, black=True),
            Round("o1", H, o, 5, black=True),
        ],
        "Franck": [
            Round("o14", D(0), o, 1, black=True),
            Round("o3", D(0), o, 2),
            Round(None, D(1), Kind.PAIRING_BYE, 3),
            Round("o10", D(1), o, 4),
            Round("o8", D(1), o, 5, black=True),
        ],
        "Nick": [
            Round("David", D(0), o, 1),
            Round(None, D(1), Kind.PAIRING_BYE, 2),
            Round("o99", D(1), Kind.FORFEIT_WIN, 3),
            Round(None, D(0), Kind.REQUESTED_BYE, 4),
            Round(None, D(0), Kind.REQUESTED_BYE, 5),
        ],
    }
    # the other players only lend their ratings (the rules read nothing else of them)
    records |= {p: [] for p in TEC_SWISS5_RATINGS if p not in records}
    rows = standings(records, [Tiebreak.ARO, Tiebreak.TPR], 5, ratings=TEC_SWISS5_RATINGS)
    got = {r.player: (r.tiebreaks[Tiebreak.ARO], r.tiebreaks[Tiebreak.TPR]) for r in rows}
    assert got["Bruno"] == (1880, 2120)
    assert got["David"] == (1888, 2081)
    assert got["Franck"] == (1813, 1813)
    assert got["Nick"] == (2050, 1250)


def test_it_gives_the_fide_exercise_figures_of_koya() -> None:
    """FIDE TEC, "Exercises in tie-breaking", Koya (4.3): a six-player round robin (as
    tiebreak-core's tests/corpus/fide2024_ratings.json, case TEC-KOYA-RR-6, gives it).
    KS (C.07 9.2) adds the points scored against the players on 50% or more (2.5 of 5):
    1, 2 and 3 (3.5 each). Published: 2.0, 0.5, 0.5, 1.0, 0.5, 0.0."""
    games = [
        (1, "1", "5", "½"), (1, "2", "6", "1-0"), (1, "3", "4", "1-0"),
        (2, "1", "2", "1-0"), (2, "5", "4", "1-0"), (2, "6", "3", "0-1"),
        (3, "3", "1", "0-1"), (3, "2", "5", "1-0"), (3, "4", "6", "½"),
        (4, "1", "4", "0-1"), (4, "2", "3", "½"), (4, "5", "6", "0-1"),
        (5, "6", "1", "0-1"), (5, "4", "2", "0-1"), (5, "3", "5", "1-0"),
    ]  # fmt: skip
    rows = standings(_games(games), [Tiebreak.KOYA], round_robin=True)
    koya = {r.player: r.tiebreaks[Tiebreak.KOYA] for r in rows}
    assert koya == {"1": 2, "2": H, "3": H, "4": 1, "5": H, "6": 0}


def test_it_counts_colours_wins_and_games_elected_as_tiebreak_cores_own_example() -> None:
    """tiebreak-core's own hand calculation (tests/corpus/fide2024_swiss5.json, commit
    39731caa, case FIDE2024-SWISS5-ART16): four players, five rounds, pairing-allocated
    and requested byes. Player 1 won twice over the board and once by the allocated bye
    (WIN 3, WON 2), played with White only (BPG 0) and elected to play four rounds (REP
    4: the half-point bye is not one); player 3 won twice with Black (BWG 2)."""
    o, pab, req = Kind.PLAYED, Kind.PAIRING_BYE, Kind.REQUESTED_BYE
    records = {
        "1": [
            Round("2", D(1), o, 1),
            Round(None, D(1), pab, 2),
            Round("3", D(0), o, 3),
            Round(None, H, req, 4),
            Round("4", D(1), o, 5),
        ],
        "2": [
            Round("1", D(0), o, 1, black=True),
            Round("3", D(0), o, 2),
            Round("4", D(1), o, 3),
            Round("3", H, o, 4, black=True),
            Round(None, D(0), req, 5),
        ],
        "3": [
            Round("4", D(1), o, 1),
            Round("2", D(1), o, 2, black=True),
            Round("1", D(1), o, 3, black=True),
            Round("2", H, o, 4),
            Round(None, D(1), pab, 5),
        ],
        "4": [
            Round("3", D(0), o, 1, black=True),
            Round(None, H, req, 2),
            Round("2", D(0), o, 3, black=True),
            Round(None, D(0), req, 4),
            Round("1", D(0), o, 5, black=True),
        ],
    }
    order = [
        Tiebreak.WIN,
        Tiebreak.WINS,
        Tiebreak.GAMES_BLACK,
        Tiebreak.WINS_BLACK,
        Tiebreak.ELECTED,
        Tiebreak.PROGRESSIVE_CUT1,
        Tiebreak.SONNEBORN_BERGER_CUT1,
        Tiebreak.AOB,
        Tiebreak.ARO_CUT1,
    ]
    ratings = {"1": 2000, "2": 1900, "3": 1800, "4": 1700}
    rows = {r.player: r.tiebreaks for r in standings(records, order, 5, ratings=ratings)}
    expected = {  # WIN WON BPG BWG REP PS-C1 SB-C1 AOB ARO-C1
        "1": ("3", "2", "0", "0", "4", "10", "6", "12.67", "1850"),
        "2": ("1", "1", "2", "0", "4", "4", "2.25", "12.5", "1867"),
        "3": ("4", "3", "2", "2", "5", "13", "11", "13.5", "1933"),
        "4": ("0", "0", "3", "0", "3", "2", "0.25", "13.67", "1950"),
    }
    assert {p: tuple(rows[p][t] for t in order) for p in rows} == {
        p: tuple(D(v) for v in values) for p, values in expected.items()
    }


def test_it_makes_a_group_the_direct_encounter_cannot_separate_share_the_rank() -> None:
    """C.07 6.3: in a Swiss, where the tied players did not all meet, one goes first only
    if no result of the missing games could catch them. A, B, C and F finish on 1 point:
    A beat B, F beat C, and the four other pairs never met; A (1 point in the group)
    could be caught by F or by B or C with a missing game won. No one is separated:
    the four share third place (before, the site ranked A and F third and B and C fifth
    on the values it showed: 1, 1, 0, 0)."""
    games = [
        (1, "A", "B", "1-0"), (1, "C", "D", "1-0"), (1, "E", "F", "1-0"), (1, "G", "H", "½"),
        (2, "A", "E", "0-1"), (2, "B", "G", "1-0"), (2, "C", "F", "0-1"), (2, "D", "H", "0-1"),
    ]  # fmt: skip
    rows = standings(_games(games), [Tiebreak.DIRECT_ENCOUNTER])
    ranks = {r.player: r.rank for r in rows}
    assert ranks == {"E": 1, "H": 2, "A": 3, "B": 3, "C": 3, "F": 3, "G": 7, "D": 8}


def test_it_places_first_the_player_no_missing_game_could_catch() -> None:
    """C.07 6.3: A beat B and C, who never met: A (2 points in the group) stays ahead
    whatever B against C would have given (at most 1); B and C stay together."""
    records = {
        "A": [Round("B", D(1), number=1), Round("C", D(1), number=2)],
        "B": [Round("A", D(0), number=1), Round(None, D(1), Kind.PAIRING_BYE, 2)],
        "C": [Round(None, D(1), Kind.PAIRING_BYE, 1), Round("A", D(0), number=2)],
    }
    records["B"].append(Round(None, D(1), Kind.PAIRING_BYE, 3))
    records["C"].append(Round(None, D(1), Kind.PAIRING_BYE, 3))
    records["A"].append(Round(None, D(0), Kind.REQUESTED_BYE, 3))
    rows = standings(records, [Tiebreak.DIRECT_ENCOUNTER])
    assert [(r.player, r.rank) for r in rows] == [("A", 1), ("B", 2), ("C", 2)]


def _forfeit_group() -> dict[str, list[Round]]:
    """Five players; H, F and D finish on 1.5: H won against F by forfeit, F and D drew,
    D and H drew; X and Y beat the three of them but for X's loss to F and draw with D."""
    games = [
        (1, "H", "F", "1-0"), (1, "X", "Y", "1-0"),
        (2, "F", "D", "½"), (2, "Y", "H", "1-0"),
        (3, "D", "H", "½"), (3, "F", "X", "1-0"),
        (4, "X", "H", "1-0"), (4, "Y", "D", "1-0"),
        (5, "X", "D", "½"), (5, "Y", "F", "1-0"),
    ]  # fmt: skip
    return _games(games, forfeits=frozenset({(1, "H")}))


def test_it_counts_forfeits_in_the_direct_encounter_of_a_round_robin() -> None:
    """C.07 (2024) 15.2, for pre-determined pairings (round robins): "forfeit wins or
    losses (the only possible unplayed rounds) are treated as regular games" (quoted by
    tiebreak-core's docs/FIDE_2026_DIFF.md from FIDE Council document 2024_FC2_18);
    Article 6.1.1 treats forfeits as unplayed in Swiss tournaments only. In a round
    robin H scores 1 + 0.5 = 1.5 against F and D, D 0.5 + 0.5 = 1, F 0 + 0.5 = 0.5:
    H, D, F. (The site gave none of it: forfeits were left out.) FIDE's own exercise on
    this rule, with other results (F beat D): tests/desk/test_tiebreak_exercises.py."""
    rows = standings(_forfeit_group(), [Tiebreak.DIRECT_ENCOUNTER], round_robin=True)
    assert [(r.player, r.points, r.rank) for r in rows][2:] == [
        ("H", D("1.5"), 3),
        ("D", D("1.5"), 4),
        ("F", D("1.5"), 5),
    ]
    de = {r.player: r.tiebreaks[Tiebreak.DIRECT_ENCOUNTER] for r in rows}
    assert (de["H"], de["D"], de["F"]) == (D("1.5"), 1, H)


def test_it_leaves_forfeits_out_of_the_direct_encounter_of_a_swiss() -> None:
    """The same games in a Swiss: H and F did not meet over the board, D (1 point in the
    group) could be caught by H or F (0.5 + the missing game); they share third place."""
    rows = standings(_forfeit_group(), [Tiebreak.DIRECT_ENCOUNTER])
    assert {r.player: r.rank for r in rows if r.points == D("1.5")} == {"H": 3, "D": 3, "F": 3}


def test_it_scores_three_points_a_win_and_keeps_the_tiebreaks_on_game_points() -> None:
    """Scoring 3-1-0: two draws (2 points) fall behind a win and a loss (3 points), which
    1-1/2-0 would have tied; Buchholz still adds the opponents' game points."""
    from chesslib.standings import Scoring

    games = [
        (1, "A", "B", "1-0"), (1, "C", "D", "½"),
        (2, "B", "A", "1-0"), (2, "D", "C", "½"),
    ]  # fmt: skip
    three = Scoring(win=D(3), draw=D(1), loss=D(0), forfeit_win=D(3))
    rows = standings(_games(games), [Tiebreak.BUCHHOLZ], scoring=three)
    assert [(r.player, r.points, r.rank) for r in rows] == [
        ("A", 3, 1),
        ("B", 3, 1),
        ("C", 2, 3),
        ("D", 2, 3),
    ]
    assert rows[0].tiebreaks[Tiebreak.BUCHHOLZ] == 2  # B's 1 point, twice


def test_it_applies_the_direct_encounter_again_among_those_still_level() -> None:
    """C.07 6.2: A, B, C and D all met and finished level; in the group A scores 2, B and
    C 1.5, D 1; applied again to B and C alone, B (who beat C) goes first. The value
    shown stays the points against the whole group (1.5 each)."""
    games = [
        (1, "A", "B", "1-0"), (1, "C", "D", "1-0"),
        (2, "A", "C", "½"), (2, "B", "D", "½"),
        (3, "D", "A", "½"), (3, "B", "C", "1-0"),
    ]  # fmt: skip
    records = _games(games)
    # A 2, B 1.5, C 1.5, D 1 in these games; a fourth round of byes brings all to 2
    for player, points in (("A", D(0)), ("B", H), ("C", H), ("D", D(1))):
        kind = Kind.PAIRING_BYE if points == 1 else Kind.REQUESTED_BYE
        records[player].append(Round(None, points, kind, 4))
    rows = standings(records, [Tiebreak.DIRECT_ENCOUNTER])
    assert {r.points for r in rows} == {2}
    assert [(r.player, r.rank, r.tiebreaks[Tiebreak.DIRECT_ENCOUNTER]) for r in rows] == [
        ("A", 1, D(2)),
        ("B", 2, D("1.5")),
        ("C", 3, D("1.5")),
        ("D", 4, D(1)),
    ]

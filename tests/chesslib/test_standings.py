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
        parse_tiebreaks("koya")


def test_the_crosstable_holds_each_result_from_both_sides() -> None:
    table = crosstable("AB", [("A", "B", D(1), D(0))])
    assert table == {"A": {"B": [1]}, "B": {"A": [0]}}

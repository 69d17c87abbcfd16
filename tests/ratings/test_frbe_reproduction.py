"""The Belgian federation's real lists reproduced by the engine (issue #37): the lists of
April and July 2021 and their check lists (``tests/fixtures/frbe_lists``, with their
source), through the calculator, as ``manage.py reproduce_frbe_list`` does."""

import dataclasses
import struct
from datetime import date
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from ratings.calculator import calculate
from ratings.frbe_reproduction import (
    CheckGame,
    Listed,
    ListError,
    Report,
    Verdict,
    first_ratings,
    games_before,
    not_allowed_names,
    period_end,
    read_check_list,
    read_list,
    reproduce,
    same_calculation,
    uncounted_newcomers,
)
from ratings.rules import frbe
from ratings.rules.parameters import version_on

FILES = Path(__file__).parents[1] / "fixtures" / "frbe_lists"


def _files(month: str) -> tuple[Path, Path]:
    return FILES / f"PLAYER_{month}.ZIP", FILES / f"CHCKLIST_{month}.ZIP"


@pytest.fixture(scope="module")
def read() -> dict[str, tuple[dict[int, Listed], list[CheckGame]]]:
    """Both lists and check lists, read once (a list of 27,000 players takes 2 s)."""
    return {
        month: (read_list(_files(month)[0]), read_check_list(_files(month)[1]))
        for month in ("202104", "202107")
    }


@pytest.fixture(scope="module")
def april(read: dict[str, tuple[dict[int, Listed], list[CheckGame]]]) -> Report:
    return reproduce("202104", *read["202104"])


@pytest.fixture(scope="module")
def july(read: dict[str, tuple[dict[int, Listed], list[CheckGame]]]) -> Report:
    return reproduce("202107", *read["202107"])


def _line(report: Report, number: int) -> tuple[int, int]:
    (line,) = (line for line in report.lines if line.listed.number == number)
    return line.site, line.listed.rating


def test_april_2021_is_reproduced_but_for_one_rating_the_federation_replaced(
    april: Report,
) -> None:
    """71 players rated before the period played rated games; 70 published ratings are the
    engine's. The 71st, Midhulan Aravindan (17624, 1497 with 50 games: a game count set
    when a rating is taken over), is published at 1497 although the federation's own
    GAIN is +51: the engine's change is that +51 (1548)."""
    assert april.day.isoformat() == "2021-03-31"
    assert len(april.lines) == 71
    assert april.counts == {Verdict.REPRODUCED: 70, Verdict.REPLACED: 1}
    (replaced,) = (line for line in april.lines if line.verdict is Verdict.REPLACED)
    assert (replaced.listed.number, replaced.listed.rating_before) == (17624, 1497)
    assert (replaced.site, replaced.listed.rating, replaced.listed.gain) == (1548, 1497, 51)
    assert april.newcomers == 8


def test_july_2021_is_reproduced_whole(july: Report) -> None:
    assert len(july.lines) == 87
    assert july.share(Verdict.REPRODUCED) == 1.0


def test_the_400_cap_shows_in_april_2021(april: Report) -> None:
    """Raphael Sproten (94072), 1681 with 576 games (K 16), beats a 1174: difference 507,
    capped at 400, We .92: 1681 + 16 × 0.08 = 1682.28, published 1682 (the seed's cap of
    350, We .89, would give 1682.76: 1683)."""
    assert _line(april, 94072) == (1682, 1682)


def test_the_floor_and_the_400_cap_show_in_july_2021(july: Report) -> None:
    """Rita Chaudoir (13550), 1150 with 122 games (K 24), loses to a 1619: difference 469,
    capped at 400, We .08: 1150 − 1.92 would be 1148; the list publishes 1150. Thomas
    Essomba (15136), 1589 with 247 games, beats 1173, 1450 and 1879 at K 24: We .92
    (capped), .69, .16: 1589 + 24 × 1.23 = 1618.52, published 1619."""
    assert _line(july, 13550) == (1150, 1150)
    assert _line(july, 15136) == (1619, 1619)


def test_the_files_columns_are_read(
    read: dict[str, tuple[dict[int, Listed], list[CheckGame]]],
) -> None:
    players, games = read["202107"]
    essomba = players[15136]
    assert (essomba.name, essomba.rating_before, essomba.games_before) == (
        "Essomba, Thomas",
        1589,
        247,
    )
    assert (essomba.rating, essomba.games, essomba.gain) == (1619, 250, 30)
    assert len(games) == 423
    assert [(g.opponent_rating, g.score, g.number) for g in games if g.player == 15136] == [
        (1173, 1, 248),
        (1450, 1, 249),
        (1879, 1, 250),
    ]


def test_the_command_prints_the_differences_and_the_share() -> None:
    out = StringIO()
    call_command("reproduce_frbe_list", *map(str, _files("202104")), stdout=out)
    text = out.getvalue()
    assert "17624\tAravindan, Midhulan\t1497\t50\t1548\t1497\treplaced\trating replaced" in text
    assert "70 published ratings reproduced (98.59%)" in text
    assert "GAIN 100.00%, of the 71 the public files allow 100.00%" in text


def test_a_file_that_is_not_a_list_is_refused_by_name(tmp_path: Path) -> None:
    bad = tmp_path / "PLAYER_202104.ZIP"
    bad.write_bytes(b"not a zip")
    with pytest.raises(CommandError, match=r"cannot read PLAYER_202104\.ZIP"):
        call_command("reproduce_frbe_list", str(bad), str(_files("202104")[1]))
    with pytest.raises(ListError, match="no column MATRICULE"):
        read_list(_files("202104")[1])  # a check list given as the list


def test_a_list_is_the_period_before_its_month() -> None:
    assert period_end("202204").isoformat() == "2022-03-31"
    with pytest.raises(ListError, match="not a list's month"):
        period_end("2022xx")


def test_a_newcomer_rated_in_the_list_counts_at_the_first_rating_for_the_rated(
    read: dict[str, tuple[dict[int, Listed], list[CheckGame]]],
) -> None:
    """July 2021 with the list before it (April 2021): David Vertenten (16367) had 19 games
    (opponents 27390, 5 points); his 20th, a draw against Gaspard Bosteels (15938, 1423),
    gives the first rating (27390 + 1423) / 20 = 1440.65, p = 5.5 / 20 → 0.28, D = −166:
    1274.65 → 1275, as published. Bosteels's game counts for him in the same list, at
    1275: difference 148, We .70, K 16: 1423 − 3.2 (with his other game) → 1418, as
    published (PART_CALCU 593: both games). Kristof Onghena (17419), 19 games (25833, 6
    points), loses his 20th to a 1677: 1375.5 + D(0.30) = 1375.5 − 149 → 1227."""
    players, games = read["202107"]
    april_players = read["202104"][0]
    newcomers = {n: [g for g in games if g.player == n] for n in (16367, 17419)}
    assert first_ratings(players, newcomers, april_players) == {16367: 1275, 17419: 1227}
    report = reproduce("202107", players, games, april_players)
    assert report.previous
    assert report.share(Verdict.REPRODUCED) == 1.0
    assert [(line.listed.number, line.site, line.verdict) for line in report.first_lines] == [
        (16367, 1275, Verdict.REPRODUCED),
        (17419, 1227, Verdict.REPRODUCED),
    ]
    bosteels = next(line for line in report.lines if line.listed.number == 15938)
    assert (bosteels.same_run_games, bosteels.site, bosteels.listed.rating) == (1, 1418, 1418)
    assert (16367, 0.5) in [(g.opponent, g.score) for g in games if g.player == 15938]


def _dbf(path: Path, fields: list[tuple[str, str, int]], rows: list[list[bytes]]) -> None:
    """A dBase III file as the federation's are written: header, field descriptors, rows."""
    record = 1 + sum(length for _n, _t, length in fields)
    header = 32 + 32 * len(fields) + 1
    out = struct.pack("<BBBBIHH20x", 3, 122, 4, 1, len(rows), header, record)
    for name, kind, length in fields:
        out += struct.pack("<11sc4xBB14x", name.encode(), kind.encode(), length, 0)
    out += b"\r"
    for row in rows:
        out += b" " + b"".join(
            cell.ljust(length) for cell, (_n, _t, length) in zip(row, fields, strict=True)
        )
    path.write_bytes(out + b"\x1a")


def test_a_cell_that_is_not_a_number_reads_as_empty(tmp_path: Path) -> None:
    """The list of July 2008 holds a PERFORMAN of ``-55.-``: the row is read, the cell
    empty (dbfread alone refuses the whole file)."""
    fields = [("MATRICULE", "N", 6), ("NOM_PRENOM", "C", 32), ("ELO_PRECE", "N", 4)]
    fields += [("PART_PRECE", "N", 4), ("ELO_CALCUL", "N", 4), ("PART_CALCU", "N", 4)]
    fields += [("GAIN", "N", 4), ("PERFORMAN", "N", 5)]
    row = [b"12345", b"Doe, Jane", b"1500", b"100", b"1510", b"104", b"10", b"-55.-"]
    path = tmp_path / "PLAYER.DBF"
    _dbf(path, fields, [row])
    (jane,) = read_list(path).values()
    assert (jane.number, jane.name, jane.rating, jane.gain, jane.points) == (
        12345,
        "Doe, Jane",
        1510,
        10,
        0,
    )


def _lost(first: int, ratings: list[int]) -> list[CheckGame]:
    return [
        CheckGame(player=1, opponent=100 + n, opponent_rating=r, score=0, number=first + n)
        for n, r in enumerate(ratings)
    ]


@pytest.mark.parametrize(
    ("day", "before", "opponents_sum", "rating", "played", "first"),
    [
        # 200807, Jennifer Freres (60170): 10 games lost before (11568; 480 in January
        # 2008's list), 10 more lost (#11-#20): 24901 / 20 = 1245.05, p 0 held at .01:
        # D −677, 568 as the list's ELO_PRECE (−800: 445).
        (
            "2008-06-30",
            10,
            11568,
            480,
            (1245, 1720, 1150, 1167, 1180, 1319, 1438, 1481, 1150, 1483),
            568,
        ),
        # 201307, Maria Van Tendeloo (12563): 17 lost (25737; 1163), then 1409, 1156, 1161
        # lost: 29463 / 20 = 1473.15, p held at .11 (the cap of 350): D −351, 1122 as the
        # list's ELO_PRECE (−800: 673).
        ("2013-06-30", 17, 25737, 1163, (1409, 1156, 1161, 1181, 1413), 1122),
        # 201607, Angelique Van Neckebroeck (15589): 16 lost (22393; 999), then 1716, 1472,
        # 1497, 1150 lost: 28228 / 20 = 1411.4, p held at .08 (the cap of 400): D −401,
        # 1010 as the list's ELO_PRECE (−800: 611).
        ("2016-06-30", 16, 22393, 999, (1716, 1472, 1497, 1150, 1242), 1010),
    ],
)
def test_a_first_rating_holds_p_within_the_lists_bounds(
    day: str, before: int, opponents_sum: int, rating: int, played: tuple[int, ...], first: int
) -> None:
    """A newcomer who lost every game: p = 0 is held at the period's bound before D(p)
    is read. The list (until 2018) writes the federation's first rating as the
    newcomer's ELO_PRECE, its ELO_CALCUL is the floor of 1150; here the ELO_PRECE is the
    previous list's provisional rating, as the lists write it from 2019, so that the
    first rating is calculated."""
    games = before + len(played)
    player = Listed(1, "", rating, before, 1150, games, 1150 - rating)
    previous = {1: Listed(1, "", 0, 0, rating, before, 0, opponents_sum=opponents_sum)}
    own = _lost(before + 1, list(played))
    params = version_on(frbe.VERSIONS, date.fromisoformat(day)).params
    assert first_ratings({1: player}, {1: own}, previous, params) == {1: first}
    seed = dataclasses.replace(params, first_p_bound=0)
    assert first_ratings({1: player}, {1: own}, previous, seed)[1] < first


def test_the_first_rating_a_list_writes_is_the_federations() -> None:
    """January 2010, Abdelmouine Bensaid (50299): 11 games in July 2009's list (18602, 9
    points, 1953), 14 in the period (games 12 to 25). The list writes his first rating
    as his ELO_PRECE, 2078: his 20th game for the federation is the loss to 2091
    (numbered 21, played the same day as number 20): (36767 / 20 = 1838.35) + D(0.80) =
    2078. By number, the 20th is the win against 1937: 1830.65 + D(0.85) = 2127. The
    reproduction takes the list's figure; a list that writes the previous rating (1953,
    as from 2019) has it calculated."""
    played = [(1695, 1), (1878, 1), (2082, 1), (2259, 1), (2054, 1), (1946, 1), (2355, 0)]
    played += [(1805, 1), (1937, 1), (2091, 0), (1912, 1), (1947, 1), (1821, 0), (1871, 1)]
    own = [
        CheckGame(50299, 100 + n, rating, score, n)
        for n, (rating, score) in enumerate(played, start=12)
    ]
    previous = {50299: Listed(50299, "", 0, 7, 1953, 11, 0, opponents_sum=18602, points=9)}
    bensaid = Listed(50299, "BENSAID ABDELMOUINE", 2078, 11, 2088, 25, 10)
    params = version_on(frbe.VERSIONS, date(2009, 12, 31)).params
    assert first_ratings({50299: bensaid}, {50299: own}, previous, params) == {50299: 2078}
    unwritten = dataclasses.replace(bensaid, rating_before=1953)
    assert first_ratings({50299: unwritten}, {50299: own}, previous, params) == {50299: 2127}


def test_the_games_before_the_period_are_those_the_check_list_numbers() -> None:
    """July 2013, Maurice Manoch (12957): 1967, PART_PRECE 200 in the list (50 in
    January 2013's: a count set when his rating was taken over), ELO_CALCUL 2019, GAIN
    +66. The check list numbers his five games 51 to 55, at K 32: all won against 1860,
    1899, 1688, 1987 and 2039 (We .65, .59, .84, .47, .40): 1967 + 32 × 2.05 = 2032.6,
    the GAIN +66; with 200 games (K 24), +49."""
    manoch = Listed(12957, "MANOCH MAURICE", 1967, 200, 2019, 200, 66)
    games = [
        CheckGame(12957, opponent, rating, 1, number, k=32)
        for number, (opponent, rating) in enumerate(
            [(85359, 1860), (34754, 1899), (31712, 1688), (16144, 1987), (9679, 2039)], start=51
        )
    ]
    assert games_before(manoch, games, {12957: manoch}) == 50
    (line,) = reproduce("201307", {12957: manoch}, games).lines
    assert (line.site, line.verdict) == (2033, Verdict.REPLACED)
    assert line.site - manoch.rating_before == manoch.gain


def test_a_first_rating_is_read_from_the_lists_sums_after_the_20th_game() -> None:
    """July 2019, Alvaro Betermier (19673): 7 games before (10723, 2 points), 23 in the
    period: 20 numbered 8 to 27 against rated players and three wins against newcomers
    rated in the list (19538, 16746, 19606: 1219, 1035, 1207), 42768 and 12 points in
    all. The list's ADVERSAIRE 13137 and PERFORMAN 4.5 are those of his games after the
    20th: his first 20 are 29631 and 7.5, 1481.55 + D(0.38) = 1395. By number (the games
    numbered 8 to 20), 1461.15 + D(0.35) = 1351. Jean Csuti (77402, 1364, 230 games,
    K 24) beat 1502, lost to 1176, and lost to Betermier in the second run: at 1395, 1364
    + 16.56 − 18 − 11.04 = 1351.52, published 1352 (at 1351: 1350)."""
    rated: list[tuple[int, float]] = [(1244, 1), (1417, 1), (1364, 1), (1490, 0), (1153, 1)]
    rated += [(1506, 0), (1176, 1)]
    rated += [(1463, 0), (1998, 0), (1221, 0), (1230, 0), (2042, 0), (1196, 0), (1604, 0.5)]
    rated += [(1150, 0), (1406, 0.5), (1268, 1), (1802, 0), (1244, 0), (1610, 0)]
    own = [
        CheckGame(19673, 100 + n, rating, score, n)
        for n, (rating, score) in enumerate(rated, start=8)
    ]
    newcomers = {19538: 1219, 16746: 1035, 19606: 1207}
    own += [CheckGame(19673, number, 0, 1, 0) for number in newcomers]
    players = {19673: Listed(19673, "Betermier, Alvaro", 0, 7, 1344, 30, -51, 13137, 4.5)}
    players |= {n: Listed(n, "", r, 10, r, 20, 0) for n, r in newcomers.items()}  # written
    previous = {19673: Listed(19673, "", 0, 0, 0, 7, 0, opponents_sum=10723, points=2)}
    params = version_on(frbe.VERSIONS, date(2019, 6, 30)).params
    assert first_ratings(players, {19673: own}, previous, params)[19673] == 1395
    without_sums = dataclasses.replace(players[19673], opponents_sum=0, points=0)
    assert (
        first_ratings({**players, 19673: without_sums}, {19673: own}, previous, params)[19673]
        == 1351
    )
    csuti = [{"opponent": o, "score": s} for o, s in ((1502, 1), (1176, 0))]
    for betermier, published in ((1395, 1352), (1351, 1350)):
        answer = calculate(
            {
                "system": "frbe",
                "date": "2019-06-30",
                "player": {"rating": 1364, "games": 230},
                "games": [*csuti, {"opponent": betermier, "score": 0}],
            }
        )
        assert answer["rating_after"] == published


def test_a_newcomer_whose_rating_is_taken_over_counts_in_the_second_run() -> None:
    """July 2013, Velibor Novakovic (13703): 11 games in January 2013's list, rated 1851
    with 50 games in July's (a rating taken over from FIDE); his opponents' check-list
    rows rate him 0, their PART_CALCU counts the game. Raymond Van Haelst (3522, 1980,
    135 games, K 24) beat 1632, drew 1841, lost to 1986, beat 1745, lost to 2145 and
    1859, and beat Novakovic: at 1851, published 1957 (without the game, 1949). The list
    writes its newcomers' first ratings (Georges Neuenschwander, 13518, rated in it:
    ELO_PRECE 1284, not the previous list's 0)."""
    novakovic = Listed(13703, "NOVAKOVIC VELIBOR", 1851, 50, 1903, 50, 52)
    neuenschwander = Listed(13518, "NEUENSCHWANDER GEORGES", 1284, 2, 1271, 21, -13)
    previous = {
        13703: Listed(13703, "", 0, 0, 1875, 11, 0, opponents_sum=19911, points=6.5),
        13518: Listed(13518, "", 0, 0, 0, 2, 0, opponents_sum=2978),
    }
    players = {13703: novakovic, 13518: neuenschwander}
    params = version_on(frbe.VERSIONS, date(2013, 6, 30)).params
    assert first_ratings(players, {}, previous, params) == {13518: 1284, 13703: 1851}
    played = [(1632, 1), (1841, 0.5), (1986, 0), (1745, 1), (2145, 0), (1859, 0)]
    for games, published in (([*played, (1851, 1)], 1957), (played, 1949)):
        answer = calculate(
            {
                "system": "frbe",
                "date": "2013-06-30",
                "player": {"rating": 1980, "games": 135},
                "games": [{"opponent": o, "score": s} for o, s in games],
            }
        )
        assert answer["rating_after"] == published


def _carrijn(games_after: int) -> tuple[dict[int, Listed], list[CheckGame], dict[int, Listed]]:
    """January 2009: Bart Carrijn (11017, 1612, 82 games) and Lodewijk Roeygens (8753),
    19 games in July 2008's list (28305, 6 points, 1357), whose 20th is his loss to
    Carrijn: (28305 + 1612) / 20 = 1495.85, p 0.30, D −149: his first rating 1347, the
    list's ELO_PRECE. Carrijn's list counts ``games_after`` games (87 published)."""
    carrijn = Listed(11017, "CARRIJN BART", 1612, 82, 1618, games_after, 6)
    roeygens = Listed(8753, "ROEYGENS LODEWIJK", 1347, 19, 1347, 20, 0, 29917, 6)
    played: list[tuple[int, int, float, int]] = [(8974, 1689, 1, 39), (2127, 1860, 1, 19)]
    played += [(46400, 1471, 0, 69)]
    played += [(33618, 1660, 0.5, 43), (33570, 1540, 0, 60)]
    games = [
        CheckGame(11017, opponent, rating, score, number, k=32, expected=expected)
        for number, (opponent, rating, score, expected) in enumerate(played, start=83)
    ]
    games += [CheckGame(11017, 8753, 0, 1, 0), CheckGame(8753, 11017, 1612, 0, 20, k=32)]
    previous = {8753: Listed(8753, "", 0, 0, 1357, 19, 0, opponents_sum=28305, points=6)}
    return {11017: carrijn, 8753: roeygens}, games, previous


def test_a_newcomer_whose_games_the_list_does_not_count_is_left_out() -> None:
    """The list's count of Carrijn's games, 87 = 82 + his five rated games, leaves out
    his win against Roeygens, rated in the same list: the second run did not count it.
    Without it, 1612 + 32 × (0.61 + 0.81 − 0.69 + 0.07 − 0.60) = 1618.4, as published;
    counted at 1347 (difference 265, We .82), 1624.16. Where the count holds the game
    (88), it is counted."""
    players, games, previous = _carrijn(87)
    assert uncounted_newcomers(players, {11017: games[:6]}, {8753: 1347}) == {8753}
    (line,) = reproduce("200901", players, games, previous).lines
    assert (line.site, line.same_run_games, line.verdict) == (1618, 0, Verdict.REPRODUCED)
    players, games, previous = _carrijn(88)
    assert uncounted_newcomers(players, {11017: games[:6]}, {8753: 1347}) == set()
    (line,) = reproduce("200901", players, games, previous).lines
    assert (line.site, line.same_run_games, line.verdict) == (1624, 1, Verdict.SAME_RUN)


def test_a_list_that_counts_games_its_check_list_lacks_is_not_allowed() -> None:
    """January 2009, Armand Dasse (65404): 34 games before, 42 after (GAIN −7, 1199),
    but three games in the check list (a draw against 1290, losses to 1321 and 1232, at
    K 32): the site's 1184 cannot be the list's. The share of the players the public
    files allow sets him aside, by name."""
    dasse = Listed(65404, "DASSE ARMAND", 1206, 34, 1199, 42, -7, 9851, 3.5)
    played = [(53953, 1290, 0.5), (95450, 1321, 0), (20605, 1232, 0)]
    games = [
        CheckGame(65404, opponent, rating, score, number, k=32)
        for number, (opponent, rating, score) in enumerate(played, start=35)
    ]
    report = reproduce("200901", {65404: dasse}, games)
    (line,) = report.lines
    assert (line.site, line.verdict) == (1184, Verdict.MISSING_GAMES)
    assert (report.allowed, report.share_allowed()) == (0, 0.0)
    assert not_allowed_names(report) == "65404 (missing_games)"


def test_a_previous_list_that_is_this_lists_calculation_is_not_read_as_one() -> None:
    """The repository's PLAYER_201101.ZIP holds July 2011's figures (3,355 of the 3,361
    players of July's check list with the same record). Given as July's previous list,
    its sums are not those before the period: the first ratings are those July's list
    writes. Guido Leyssen (11339, 1730, 195 games, K 24) draws with Ronny De Cock
    (46558, 14 games, 32 in July, first rating 1675 as his ELO_PRECE): difference 55,
    We .58: 1730 − 24 × 0.08 = 1728.08, published 1728."""
    leyssen = Listed(11339, "LEYSSEN GUIDO", 1730, 195, 1728, 196, -2, 1675, 0.5)
    de_cock = Listed(46558, "DE COCK RONNY", 1675, 14, 1675, 32, 0, 19659, 6.5)
    players = {11339: leyssen, 46558: de_cock}
    games = [CheckGame(11339, 46558, 0, 0.5, 0), CheckGame(46558, 11339, 1730, 0.5, 15)]
    assert same_calculation(players, dict(players), {11339: games[:1], 46558: games[1:]})
    report = reproduce("201107", players, games, dict(players))
    assert not report.previous
    (line,) = report.lines
    assert (line.site, line.same_run_games, line.verdict) == (1728, 1, Verdict.REPRODUCED)


def test_a_check_list_figure_no_same_run_game_can_reach_is_the_check_lists() -> None:
    """January 2009, Roger Hardy (76716, 1162, 187 games, K 24): the check list's six
    rated games (K 24, We .52, .11, .13, .52, .52, .35: beat 1150, lost to 1580 and
    1489, beat 1150, drew 1150, lost to 1275) give 1162 + 24 × 0.35 = 1170.4; the list
    publishes 1218 (GAIN +56). His one game against a newcomer rated in the list
    (96997, beaten; his first rating 884, the list's ELO_PRECE) moves at most 24: at
    884 the site gives 1174, and no first rating of the newcomer gives 1218, the check
    list contradicts the list (``check_list``)."""
    hardy = Listed(76716, "HARDY ROGER", 1162, 187, 1218, 200, 56, 15883, 8)
    newcomer = Listed(96997, "", 884, 17, 1150, 21, 266)
    played: list[tuple[int, int, float, int]] = [(72303, 1150, 1, 52), (60214, 1580, 0, 11)]
    played += [(83224, 1489, 0, 13)]
    played += [(74250, 1150, 1, 52), (68560, 1150, 0.5, 52), (21296, 1275, 0, 35)]
    games = [
        CheckGame(76716, opponent, rating, score, number, k=24, expected=expected)
        for number, (opponent, rating, score, expected) in enumerate(played, start=188)
    ]
    games.append(CheckGame(76716, 96997, 0, 1, 0))
    previous = {96997: Listed(96997, "", 0, 0, 895, 17, 0)}  # his ELO_PRECE, 884, written
    players = {76716: hardy, 96997: newcomer}
    # the opponents' ELO_PRECE are the check list's ratings: the list's own calculation
    players |= {o: Listed(o, "", r, 100, r, 100, 0) for o, r, _s, _e in played}
    (line,) = reproduce("200901", players, games, previous).lines
    assert (line.site, line.same_run_games, line.verdict) == (1174, 1, Verdict.CHECK_LIST)

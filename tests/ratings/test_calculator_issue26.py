"""Issue #26's cases through the calculator's four doors: the function, the command, the
endpoint and the page (docs/ratings/*.md). Each figure is worked by hand from the quoted
text; the rule-level tests in tests/ratings/rules/ hold the same calculations, and
tests/ratings/test_replay_across_the_years.py replays them in a club's history.

FIDE table (seed 000): « 392-411 .92 », « 433-456 .94 », « 0-3 .50 »; D(p): « .50 0 »,
« .31 -141 », « .17 -273 », « .10 -366 », « .00 -800 ».
"""

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.ratings.test_calculator_rules import DOORS, through

pytestmark = pytest.mark.django_db


def _games(*rows: tuple[float | None, float, str | None]) -> list[dict[str, Any]]:
    games = []
    for opponent, score, event in rows:
        game: dict[str, Any] = {"opponent": opponent, "score": score}
        if event is not None:
            game["event"] = event
        games.append(game)
    return games


def _fide(day: str, player: dict[str, Any], *rows: tuple[float, float, str | None]) -> Any:
    return {"system": "fide", "date": day, "player": player, "games": _games(*rows)}


TOP = {"rating": 2400, "games": 200, "peak_rating": 2400}  # 2400 reached: K 10
A = [(2000, s, "a") for s in (1, 0, 1, 0, 1, 0, 0.5)]  # 3.5 of 7 against 2000: Ru 2000
TWO_WINS = [(1800, 1, "b"), (1800, 1, "b")]  # two rated opponents only
FIVE = [(2000, s, "b") for s in (1, 0, 1, 0, 0.5)]  # 2.5 of 5 against 2000

CASES = [
    # 2022, 8.3.1: « In any tournament, a player may benefit from only one upgrade under
    # this rule »: 500 counts as 400 (.92), 450 as it is (.94): 10 × (.08 + .06) = 1.4 → 2401;
    # in two events both at .92: 1.6 → 2402.
    pytest.param(_fide("2022-06-30", TOP, (1900, 1, "o"), (1950, 1, "o")), 2401, id="400-once"),
    pytest.param(_fide("2022-06-30", TOP, (1900, 1, "o"), (1950, 1, "r")), 2402, id="400-twice"),
    # Seed 001, « la moyenne pondérée des Ru de chaque tournoi »: 2013, 3 of 6 against 2000
    # (Ru 2000), three wins against 1800 (Ru 1800 + 20 × 3 = 1860): 17580 / 9 = 1953.3.
    pytest.param(
        _fide("2013-06-30", {}, *[(2000, s, "a") for s in (1, 0) * 3], *[(1800, 1, "b")] * 3),
        1953,
        id="ru-per-event-2013",
    ),
    # July 2009: « plays against at least three rated opponents, scores at least 1 point »
    # in every event: in 2010 b (two opponents) does not count, 7 of the 9 games: unrated.
    # From July 2011 only until an event counts: in 2013 b counts after a: Ru_b = 1800 +
    # 20 × 2 = 1840, (2000 × 7 + 1840 × 2) / 9 = 1964.4 → 1964.
    pytest.param(_fide("2010-10-31", {}, *A, *TWO_WINS), None, id="three-rated-2010"),
    pytest.param(_fide("2013-06-30", {}, *A, *TWO_WINS), 1964, id="three-rated-once-2013"),
    # July 2014 (FFE, 27 June 2014: « au moins ½ point dans le tournoi contre les classés »;
    # 8.2.1: « scores zero in their first event this score is disregarded »): three losses
    # (disregarded), then 2.5 of 5: p .50, 2000 (kept: 2.5 / 8 = .31, 1859).
    pytest.param(_fide("2016-06-30", {}, *[(2000, 0, "a")] * 3, *FIVE), 2000, id="zero-first-2016"),
    # Half a point in a, then two losses in b, counted; 7.14 (2014): « as if they were
    # played in one tournament »: Rc = 2000, p = .5 / 5 = .10, D(.10) = −366, 1634 (each
    # event's Ru, a 1727 and b 1200, would give 1516).
    pytest.param(
        _fide(
            "2016-06-30",
            {},
            (2000, 0.5, "a"),
            (2000, 0, "a"),
            (2000, 0, "a"),
            (2000, 0, "b"),
            (2000, 0, "b"),
        ),
        1634,
        id="zero-after-a-counted-event-2016",
    ),
    # 2024: two losses (disregarded), 2.5 of 5 against 1800, two draws against 1800 added:
    # p = 3.5 / 7 = .50, Ru 1800.
    pytest.param(
        _fide(
            "2025-06-30",
            {},
            *[(1800, 0, "a")] * 2,
            *[(1800, s, "b") for s in (1, 0, 1, 0, 0.5)],
        ),
        1800,
        id="zero-first-2025",
    ),
    # 9 games until June 2014, 5 from July (US Chess: « only 5 games is necessary ... (down
    # from 9 games) »): five draws against 2000: unrated in June, 2000 in July.
    pytest.param(_fide("2014-06-30", {}, *[(2000, 0.5, None)] * 5), None, id="9-games-june-2014"),
    pytest.param(_fide("2014-07-31", {}, *[(2000, 0.5, None)] * 5), 2000, id="5-games-july-2014"),
    # 7.14 (2014): « The rating is at least 1000. » A draw and four losses against 1366:
    # p .10, 1366 − 366 = 1000, published; against 1365, 999: unrated.
    pytest.param(
        _fide("2016-06-30", {}, *[(1366, 0, None)] * 4, (1366, 0.5, None)), 1000, id="1000-2016"
    ),
    pytest.param(
        _fide("2016-06-30", {}, *[(1365, 0, None)] * 4, (1365, 0.5, None)), None, id="999-2016"
    ),
    # 8.3.3: K 40 « as long as their rating remains under 2300 »: 2280, once 2320, beats a
    # 2280 (.50): K 20, 2290.
    pytest.param(
        _fide(
            "2025-03-01",
            {"rating": 2280, "games": 40, "peak_rating": 2320, "birth_date": "2010-05-01"},
            (2280, 1, None),
        ),
        2290,
        id="junior-once-2320",
    ),
    # 8.56 (2014): « until their 18th birthday »: born 15 June 1998, 2000 after 100 games
    # beats a 2000: K 40 the day before (2020), K 20 on the birthday (2010). 2022 text:
    # « until the end of the year of their 18th birthday »: born 15 June 2000, K 40 on
    # 31 December 2018 (2020).
    pytest.param(
        _fide(
            "2016-06-14",
            {"rating": 2000, "games": 100, "birth_date": "1998-06-15"},
            (2000, 1, None),
        ),
        2020,
        id="junior-eve-of-18-2016",
    ),
    pytest.param(
        _fide(
            "2016-06-15",
            {"rating": 2000, "games": 100, "birth_date": "1998-06-15"},
            (2000, 1, None),
        ),
        2010,
        id="junior-18th-birthday-2016",
    ),
    pytest.param(
        _fide(
            "2018-12-31",
            {"rating": 2000, "games": 100, "birth_date": "2000-06-15"},
            (2000, 1, None),
        ),
        2020,
        id="junior-end-of-year-2018",
    ),
    # Seed 000: a game against a provisional newcomer does not count: a 1600 (30 games)
    # losing to a provisional 1500 stays 1600; to a rated one, 1600 + 32 × (0 − .64) = 1580.
    pytest.param(
        {
            "system": "frbe",
            "date": "2025-03-01",
            "player": {"rating": 1600, "games": 30},
            "games": [{"opponent": 1500, "score": 0, "status": "provisional"}],
        },
        1600,
        id="frbe-provisional",
    ),
    pytest.param(
        {
            "system": "frbe",
            "date": "2025-03-01",
            "player": {"rating": 1600, "games": 30},
            "games": [{"opponent": 1500, "score": 0, "status": "rated"}],
        },
        1580,
        id="frbe-rated",
    ),
    # Club Elo, default schedule (seed 001): « K vaut 40 pour tout joueur jusqu'à son 18e
    # anniversaire »: born 15 June 2000, beats an equal 2000 (p .50): the day before, 2020;
    # on the birthday K 20, 2010. « 10 pour les joueurs ayant atteint 2400 Elo »: 2350 after
    # a peak of 2410 beats a 2350: 2355.
    pytest.param(
        {
            "system": "club",
            "date": "2018-06-14",
            "player": {"rating": 2000, "games": 100, "birth_date": "2000-06-15"},
            "games": [{"opponent": 2000, "score": 1}],
        },
        2020,
        id="club-eve-of-18",
    ),
    pytest.param(
        {
            "system": "club",
            "date": "2018-06-15",
            "player": {"rating": 2000, "games": 100, "birth_date": "2000-06-15"},
            "games": [{"opponent": 2000, "score": 1}],
        },
        2010,
        id="club-18th-birthday",
    ),
    pytest.param(
        {
            "system": "club",
            "date": "2018-06-15",
            "player": {"rating": 2350, "games": 100, "peak_rating": 2410},
            "games": [{"opponent": 2350, "score": 1}],
        },
        2355,
        id="club-2400-reached",
    ),
    # Seed 004: « 24 points pour les tournois de 4 rondes »: three wins against 1500 (Rp .50)
    # give 1500 + 32 × 1.5 = 1548 in 3 rounds (no bonus); in 4 rounds 48 − 24 = 24 more.
    pytest.param(
        {
            "system": "fqe",
            "date": "2025-03-01",
            "rounds": 3,
            "player": {"rating": 1500, "games": 100},
            "games": [{"opponent": 1500, "score": 1}] * 3,
        },
        1548,
        id="fqe-3-rounds",
    ),
    pytest.param(
        {
            "system": "fqe",
            "date": "2025-03-01",
            "rounds": 4,
            "player": {"rating": 1500, "games": 100},
            "games": [{"opponent": 1500, "score": 1}] * 3,
        },
        1572,
        id="fqe-4-rounds",
    ),
    # FSE: « Nach 7 wertbaren Partien »: 3 of 6 against 1600, unrated; with a draw, 3.5 of
    # 7: X = 1600.0.
    pytest.param(
        {
            "system": "fse",
            "date": "2025-06-01",
            "player": {},
            "games": [{"opponent": 1600, "score": s} for s in (1, 0) * 3],
        },
        None,
        id="fse-6-games",
    ),
    pytest.param(
        {
            "system": "fse",
            "date": "2025-06-01",
            "player": {},
            "games": [{"opponent": 1600, "score": s} for s in (1, 0) * 3 + (0.5,)],
        },
        1600,
        id="fse-7-games",
    ),
]


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize(("request_", "after"), CASES)
def test_every_case_answers_the_texts_figure_through_every_door(
    door: str, request_: dict[str, Any], after: int | None, client: Client, tmp_path: Path
) -> None:
    assert through(door, request_, client, tmp_path)["rating_after"] == after


@pytest.mark.parametrize("door", DOORS)
def test_every_door_says_why_a_zero_first_event_is_left_out(
    door: str, client: Client, tmp_path: Path
) -> None:
    request = _fide("2016-06-30", {}, *[(2000, 0, "a")] * 3, *FIVE)
    answer = through(door, request, client, tmp_path)
    assert "a zero score in the first event is disregarded" in answer["notes"]
    assert [game["counted"] for game in answer["games"]] == [False] * 3 + [True] * 5

"""The club's own Elo, written from docs/ratings/club.md (the club's decisions; no seed
describes it) with the formula of seed 001 (001_4b8a6bbe86009993.txt) and the FIDE D(p)
table of seeds 000/001; compared with the engine."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from .common import CHECK, RATED_OR_NOT, batches, check_games, engine
from .texts import half_up, logistic, table_dp


def under_18(player: dict[str, Any], day: str) -> bool:
    """Seed 001: « K vaut 40 pour tout joueur jusqu'à son 18e anniversaire »: before the day
    of the 18th birthday (FIDE's 2014 text, 8.56: « until their 18th birthday »; the FFE's
    letter of 27 June 2014: « jusqu'au jour de leur 18e anniversaire »). No birth date, no
    age rule."""
    if not player.get("birth_date"):
        return False
    born = date.fromisoformat(player["birth_date"])
    if (born.month, born.day) == (2, 29):
        born = date(born.year, 3, 1)
    return date.fromisoformat(day) < born.replace(year=born.year + 18)


def k_factor(player: dict[str, Any], day: str) -> int:
    """docs/club.md: « Barème par défaut, celui du seed 001 ». Seed 001: « Ce coefficient
    est de 40 pour les nouveaux joueurs jusqu'à leur trentième partie, puis 20 tant que
    leur classement reste inférieur à 2400, et enfin 10 pour les joueurs ayant atteint
    2400 Elo »; « les joueurs qui ont atteint un classement Elo supérieur à [2400] ont leur
    facteur K au minimum, même si leur classement redescend en dessous »; « À noter que K
    vaut 40 pour tout joueur jusqu'à son 18e anniversaire, tant que son classement reste en
    dessous de [2300] » (the seed's numbers are blank templates; FIDE's 2014 text, 8.56,
    gives them: « K = 10 once a player's published rating has reached 2400 ... K = 40 for
    all players until their 18th birthday, as long as their rating remains under 2300 »).
    The highest rating reached decides « atteint » and « reste en dessous »; the contract:
    « `player.peak_rating`: highest rating ever reached ..., default: the rating »."""
    rating = player["rating"]
    peak = max(player.get("peak_rating") or rating, rating)
    if player.get("games", 0) < 30:
        return 40
    if peak >= 2400:
        return 10
    if under_18(player, day) and peak < 2300:
        return 40
    return 20 if rating < 2400 else 10


def tenth(value: float | Fraction) -> float:
    """docs/club.md: « La cote est gardée au dixième (`decimals`) »."""
    return half_up(Fraction(value) * 10) / 10


def club(request: dict[str, Any]) -> dict[str, Any]:
    player = request["player"]
    counted = [g for g in request["games"] if g["opponent"] is not None]
    rating = player.get("rating")
    flags = [g["opponent"] is not None for g in request["games"]]
    lines: dict[str, Any] = {"counted": flags, "per_game": [None] * len(flags)}
    if rating is None:
        # « sans classement, il reçoit sa performance (table FIDE) après 5 parties contre
        # des classés (`first_rating_games`), au moins 1000 (`rating_floor`) »
        if len(counted) < 5:
            return {"rating_after": None, "status": "unrated", "k": None, "expected": None, **lines}
        score = sum((Fraction(g["score"]) for g in counted), Fraction(0))
        average = Fraction(sum(g["opponent"] for g in counted), len(counted))
        performance = max(Fraction(1000), average + table_dp(score / len(counted)))
        return {
            "rating_after": tenth(performance),
            "status": "rated",
            "k": None,
            "expected": None,
            **lines,
        }
    if not counted:
        return {"rating_after": rating, "status": "rated", "k": None, "expected": None, **lines}
    params = request.get("params", {})
    # « Résultat attendu par la formule logistique ..., différence plafonnée à 400
    # (`difference_cap`, vide : pas de plafond) »
    cap = params.get("difference_cap", 400)

    def capped(difference: int) -> float:
        return difference if cap is None else max(-cap, min(cap, difference))

    lines["per_game"] = [
        None if g["opponent"] is None else logistic(capped(rating - g["opponent"]))
        for g in request["games"]
    ]
    total = sum(e for e in lines["per_game"] if e is not None)
    score = sum(g["score"] for g in counted)
    # « `k` impose un K unique »
    k = params.get("k") or k_factor(player, request.get("date", "2025-06-01"))
    exact = rating + k * (score - total)
    return {"rating_after": exact, "status": "rated", "k": k, "expected": total, **lines}


def test_it_gives_the_seed_001_draw_of_1800_against_2005() -> None:
    # Seed 001: « Un joueur classé 1800 Elo joue contre un joueur classé 2 005 Elo ... Il a
    # une probabilité de gain p(D) = 0,235 ... En faisant match nul (W=0,5), avec K=20 ...
    # 1 800 + 20 × (0,5 − 0,235) = 1 800 + 5 = 1 805 ».
    request = {"player": {"rating": 1800, "games": 50}, "games": [{"opponent": 2005, "score": 0.5}]}
    answer = club(request)
    assert round(answer["expected"], 3) == 0.235
    assert round(answer["rating_after"]) == 1805


def test_it_gives_the_seed_001_performance_1595() -> None:
    # Seed 001: « Rc = 1 402 ... p = 4,5 / 6 = 75 % et D (0,75) = 193 ... Rp = 1 402 + 193
    # = 1 595 » (opponents 1150, 1490, 1260, 1420, 1510, 1580; W, L, W, W, W, D).
    games = [
        {"opponent": r, "score": s}
        for r, s in zip((1150, 1490, 1260, 1420, 1510, 1580), (1, 0, 1, 1, 1, 0.5), strict=True)
    ]
    # The seed rounds Rc (8410 / 6 = 1401.67) to 1402 first; kept to the tenth: 1594.7.
    assert club({"player": {}, "games": games})["rating_after"] == 1594.7


def _compare(request: dict[str, Any]) -> None:
    mine = club(request)
    theirs = engine({"system": "club", **request})
    check_games(request, theirs, mine["counted"], mine["per_game"])
    assert theirs["status"] == mine["status"], (request, theirs, mine)
    assert theirs["k"] == mine["k"], (request, theirs, mine)
    if mine["rating_after"] is None:
        assert theirs["rating_after"] is None, (request, theirs, mine)
    else:
        # kept to the tenth: the engine's figure is the reference's within a rounding step
        assert abs(theirs["rating_after"] - mine["rating_after"]) <= 0.05 + 1e-9, (
            request,
            theirs,
            mine,
        )
    if mine["expected"] is None:
        assert theirs["expected"] is None, (request, theirs, mine)
    else:
        assert abs(theirs["expected"] - mine["expected"]) < 1e-6, (request, theirs, mine)


@CHECK
@given(
    rating=st.one_of(st.integers(min_value=1000, max_value=2700), st.floats(1000, 2700)),
    games_before=st.integers(min_value=0, max_value=300),
    games=batches(RATED_OR_NOT),
)
def test_it_agrees_with_the_engine_for_rated_players(
    rating: int | float, games_before: int, games: list[dict[str, Any]]
) -> None:
    if isinstance(rating, float):
        rating = tenth(rating)  # the club keeps ratings to the tenth
    _compare(
        {"date": "2025-06-01", "player": {"rating": rating, "games": games_before}, "games": games}
    )


@CHECK
@given(games=batches(RATED_OR_NOT))
def test_it_agrees_with_the_engine_for_newcomers(games: list[dict[str, Any]]) -> None:
    _compare({"date": "2025-06-01", "player": {}, "games": games})


@CHECK
@given(
    params=st.fixed_dictionaries(
        {},
        optional={
            "k": st.integers(min_value=1, max_value=60),
            "difference_cap": st.one_of(st.none(), st.integers(min_value=100, max_value=800)),
        },
    ),
    rating=st.integers(min_value=1000, max_value=2700),
    games_before=st.integers(min_value=0, max_value=300),
    games=batches(),
)
def test_it_agrees_with_the_engine_on_other_parameters(
    params: dict[str, int | None], rating: int, games_before: int, games: list[dict[str, Any]]
) -> None:
    request = {"date": "2025-06-01", "params": params, "games": games}
    request["player"] = {"rating": rating, "games": games_before}
    _compare(request)


def test_it_reads_the_player_s_past_in_the_default_schedule() -> None:
    # k_factor's texts. Each beats an equal opponent: p(0) = 0.5 (« p(D) = 1 / (1 +
    # 10^(-D/400)) »), so the rating rises by K / 2.
    cases = (
        # born 15 January 2007, 1800, 50 games: the day before his 18th birthday K 40,
        # 1800 + 40 × 0.5 = 1820; on the birthday K 20, 1810
        ({"rating": 1800, "games": 50, "birth_date": "2007-01-15"}, "2025-01-14", 40, 1820),
        ({"rating": 1800, "games": 50, "birth_date": "2007-01-15"}, "2025-01-15", 20, 1810),
        # a junior at 2280 who once reached 2310 no longer « reste en dessous de 2300 »:
        # K 20, 2290; highest 2299: K 40, 2300
        (
            {"rating": 2280, "games": 50, "birth_date": "2010-05-01", "peak_rating": 2310},
            "2025-06-01",
            20,
            2290,
        ),
        (
            {"rating": 2280, "games": 50, "birth_date": "2010-05-01", "peak_rating": 2299},
            "2025-06-01",
            40,
            2300,
        ),
        # an adult at 2350 who once reached 2410: « même si leur classement redescend »,
        # K 10, 2355; never above 2350: K 20, 2360
        ({"rating": 2350, "games": 200, "peak_rating": 2410}, "2025-06-01", 10, 2355),
        ({"rating": 2350, "games": 200}, "2025-06-01", 20, 2360),
        # fewer than 30 games: 40 first (« jusqu'à leur trentième partie, puis »), even
        # after reaching 2400: 2350 + 20 = 2370
        ({"rating": 2350, "games": 10, "peak_rating": 2410}, "2025-06-01", 40, 2370),
    )
    for player, day, k, after in cases:
        games = [{"opponent": player["rating"], "score": 1}]
        request = {"date": day, "player": player, "games": games}
        mine = club(request)
        assert (mine["k"], mine["rating_after"]) == (k, after), (player, day)
        _compare(request)


@st.composite
def players_with_a_past(draw: st.DrawFn) -> dict[str, Any]:
    rating = draw(st.integers(min_value=1000, max_value=2700))
    player: dict[str, Any] = {"rating": rating}
    player["games"] = draw(st.integers(min_value=0, max_value=300))
    peak = draw(st.one_of(st.none(), st.integers(min_value=rating, max_value=2800)))
    if peak is not None:
        player["peak_rating"] = peak
    born = draw(st.one_of(st.none(), st.dates(date(1990, 1, 1), date(2015, 12, 31))))
    if born is not None:
        player["birth_date"] = born.isoformat()
    return player


@CHECK
@given(
    player=players_with_a_past(),
    day=st.dates(date(2024, 1, 1), date(2026, 6, 30)),
    games=batches(RATED_OR_NOT),
)
def test_it_agrees_with_the_engine_on_the_player_s_past(
    player: dict[str, Any], day: date, games: list[dict[str, Any]]
) -> None:
    _compare({"date": day.isoformat(), "player": player, "games": games})

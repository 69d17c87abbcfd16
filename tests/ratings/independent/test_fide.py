"""FIDE, written from seed 001 (001_4b8a6bbe86009993.txt, « Calcul du classement par la
FIDE »), the table of seed 000 (the same FIDE table) and docs/ratings/fide.md, which states
the FIDE Rating Regulations of 1 March 2024 and their amendment of 1 October 2025;
compared with the engine. A rating that drops below the floor makes the player unrated
(FIDE 2024 regulations 7.2.1 for 1400; seed 001 for 1000 before March 2024)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from .common import CHECK, RATED_OR_NOT, SCORES, batches, check_games, classical, engine
from .texts import half_away, half_up, table_dp, table_expected

BEFORE_OCTOBER_2025 = "2025-06-01"
AFTER_OCTOBER_2025 = "2026-01-15"


def is_junior(player: dict[str, Any], day: str) -> bool:
    """docs/fide.md: « pour les jeunes (jusqu'à la fin de l'année de leurs 18 ans) »;
    the contract: « `junior` wins when both are given »."""
    if player.get("junior") is not None:
        return bool(player["junior"])
    if not player.get("birth_date"):
        return False
    return date.fromisoformat(day).year - date.fromisoformat(player["birth_date"]).year <= 18


def k_factor(player: dict[str, Any], day: str, games_in_period: int) -> int:
    """docs/fide.md: « 40 jusqu'à 30 parties, et pour les jeunes ... sous 2300 ; 20 sous
    2400 ; 10 dès que 2400 a été atteint, définitivement (classement le plus haut
    atteint). Si K × nombre de parties de la période dépasse 700, K devient le plus grand
    entier qui reste dans cette limite. » Seed 001: « Ce coefficient est de 40 pour les
    nouveaux joueurs jusqu'à leur trentième partie, puis 20 tant que leur classement reste
    inférieur à 2400, et enfin 10 pour les joueurs ayant atteint 2400 Elo ».
    Read in that order, 10 comes first: it holds « définitivement » once 2400 has been
    reached, whatever the player's age or games (seed 001: « même si leur classement
    redescend en dessous de 2400 »). The junior's K 40 holds « as long as their rating
    remains under 2300 » (FIDE 8.3.3; seed 001: « tant que son classement reste en dessous
    de 2300 »): a junior who has reached 2300 no longer « remains » under it (docs/fide.md,
    issue #26)."""
    rating = player["rating"]
    peak = player.get("peak_rating") or rating
    if peak >= 2400:
        k = 10
    elif player.get("games", 0) < 30 or (is_junior(player, day) and peak < 2300):
        k = 40
    else:
        k = 20
    while games_in_period and k * games_in_period > 700:
        k -= 1
    return k


def first_rating(counted: list[dict[str, Any]]) -> dict[str, Any]:
    """docs/fide.md, « Depuis mars 2024 » : « toutes les parties contre des classés, plus
    deux nulles fictives contre des adversaires à 1800 ; Ru = Ra + D(p) ; au moins 5
    parties ; un score nul au premier tournoi n'est pas retenu ; publié seulement à 1400 ou
    plus, au plus 2200 »."""
    score = sum((Fraction(g["score"]) for g in counted), Fraction(0))
    unrated = {"rating_after": None, "status": "unrated", "k": None, "expected": None}
    if len(counted) < 5 or score == 0:
        return unrated
    opponents = [g["opponent"] for g in counted] + [1800, 1800]
    average = Fraction(sum(opponents), len(opponents))
    ru = half_up(average + table_dp((score + 1) / len(opponents)))
    if ru < 1400:
        return unrated
    return {"rating_after": min(ru, 2200), "status": "rated", "k": None, "expected": None}


def first_rating_2009(counted: list[dict[str, Any]]) -> dict[str, Any]:
    """Seed 001, « Premier classement d'un joueur » (docs/fide.md: « Avant mars 2024 ») :
    « si p = 0,5 ... Ru = Rc ; si p < 0,5 ... Ru = Rc + D(p) ; si p > 0,5 ... Ru = Rc + 20
    par demi-point marqué au-dessus de 50 % des points, c'est-à-dire Ru = Rc + 20 x (Nombre
    de victoires − Nombre de défaites) » ; « Dès que 5 parties sont jouées contre des joueurs
    classés, le premier classement publié, Rn, est égal à la moyenne pondérée des Ru ...,
    arrondie à l'entier le plus proche, si toutefois celle-ci dépasse 1000 » ; « il suffit
    de faire au moins une partie nulle (1/2 point) sur un minimum de 5 parties »."""
    unrated = {"rating_after": None, "status": "unrated", "k": None, "expected": None}
    score = sum((Fraction(g["score"]) for g in counted), Fraction(0))
    if len(counted) < 5 or score == 0:
        return unrated
    rc = Fraction(sum(g["opponent"] for g in counted), len(counted))
    p = score / len(counted)
    if p > Fraction(1, 2):
        wins = sum(1 for g in counted if g["score"] == 1)
        losses = sum(1 for g in counted if g["score"] == 0)
        ru = rc + 20 * (wins - losses)
    else:
        ru = rc + table_dp(p)
    rn = half_up(ru)
    # The 2014 regulations, 7.14 (issue #26): « The rating is at least 1000. » (the seed's
    # « dépasse 1000 » is its paraphrase); the dates compared here are all after July 2014.
    if rn < 1000:
        return unrated
    return {"rating_after": rn, "status": "rated", "k": None, "expected": None}


def fide(request: dict[str, Any]) -> dict[str, Any]:
    player = request["player"]
    since_2024 = request["date"] >= "2024-03-01"
    # Seed 001: « dans un système suisse, on ne tient pas compte des résultats contre les
    # joueurs non classés »
    counted = [g for g in request["games"] if g["opponent"] is not None]
    rating = player.get("rating")
    lines: dict[str, Any] = {
        "counted": [g["opponent"] is not None for g in request["games"]],
        "per_game": [None] * len(request["games"]),
    }
    if rating is None:
        first = first_rating(counted) if since_2024 else first_rating_2009(counted)
        if since_2024 and counted and not any(g["score"] for g in counted):
            # 2024, 8.2.1: « If an unrated player scores zero in their first event this
            # score is disregarded »; the contract: « counted false with a note when the
            # rule leaves it out ». The request's games are one event.
            lines["counted"] = [False] * len(request["games"])
        return {**first, **lines}
    if not counted:
        return {"rating_after": rating, "status": "rated", "k": None, "expected": None, **lines}
    # Seed 001: « on détermine la différence D ... ramenée à 400 si elle dépasse 400 » ;
    # docs/fide.md: « depuis octobre 2025, pas de plafond pour un joueur classé 2650 ou plus »
    uncapped = request["date"] >= "2025-10-01" and rating >= 2650
    # 2022 regulation, 8.3.1 (to February 2024): « In any tournament, a player may benefit
    # from only one upgrade under this rule, for the game in which the rating difference is
    # greatest » (the request's games are one tournament; the first of equal differences).
    once = "2022-01-01" <= request["date"] < "2024-03-01"
    above = [rating - g["opponent"] for g in counted if rating - g["opponent"] > 400]
    upgrade_left = bool(above)
    expected = Fraction(0)
    for index, game in enumerate(request["games"]):
        if game["opponent"] is None:
            continue
        difference = rating - game["opponent"]
        if once and difference > 400:
            if upgrade_left and difference == max(above):
                upgrade_left = False
                difference = 400
        elif not uncapped:
            difference = max(-400, min(400, difference))
        expected += table_expected(difference)
        lines["per_game"][index] = float(table_expected(difference))
    score = sum((Fraction(g["score"]) for g in counted), Fraction(0))
    k = k_factor(player, request["date"], len(counted))
    # Seed 001: « E(n+1) = E(n) + K × (W − p(D)) » ; docs/fide.md: « la variation de la
    # période est arrondie à l'entier, 0,5 s'éloignant de zéro ».
    after = rating + half_away(k * (score - expected))
    unrated = {"rating_after": None, "status": "unrated", "k": k, "expected": float(expected)}
    if not since_2024 and after < 1000:
        # Seed 001: « Si le classement passe en dessous du seuil FIDE (1 000), le joueur est
        # retiré de la liste et à nouveau considéré comme non classé. »
        return {**unrated, **lines}
    if since_2024 and after < 1400:
        # FIDE 2024 regulations 7.2.1 (issue 13): « players whose ratings drop below 1400
        # are shown as unrated on the next list and are thereafter treated as unrated »
        return {**unrated, **lines}
    return {"rating_after": after, "status": "rated", "k": k, "expected": float(expected), **lines}


def test_it_gives_the_seed_001_rating_2606() -> None:
    # Seed 001: « Si un joueur classé 2 600 gagne contre un joueur classé 2 700 (D = −100 ;
    # p(D) = 0,36 ; K = 10 ; W = 1), son nouveau classement sera : 2600 + 10(1 − 0,36) =
    # 2606,4. Pour la publication, on arrondira à l'entier le plus proche (2 606). »
    request = {
        "date": BEFORE_OCTOBER_2025,
        "player": {"rating": 2600, "games": 500, "peak_rating": 2600},
        "games": [{"opponent": 2700, "score": 1}],
    }
    answer = fide(request)
    assert (answer["rating_after"], answer["k"], answer["expected"]) == (2606, 10, 0.36)


def test_it_reads_d_of_p_as_the_seed_001_table_extract() -> None:
    # Seed 001, « Extrait de la table FIDE » : 1,00 + 800 ; 0,9 + 366 ; 0,4 − 72 ;
    # 0,00 − 800 ; and « p = 4,5 / 6 = 75 % et D (0,75) = 193 ».
    assert [table_dp(Fraction(p)) for p in (1, Fraction(9, 10), Fraction(2, 5), 0)] == [
        800,
        366,
        -72,
        -800,
    ]
    assert table_dp(Fraction(9, 2) / 6) == 193


def test_it_lowers_k_to_stay_within_700() -> None:
    # docs/fide.md: « Si K × nombre de parties de la période dépasse 700, K devient le plus
    # grand entier qui reste dans cette limite » : 40 × 18 = 720 > 700, so K = 38
    # (38 × 18 = 684); 18 wins against 1600 for a new player at 1800.
    games = [{"opponent": 1600, "score": 1}] * 18
    request = {"date": BEFORE_OCTOBER_2025, "player": {"rating": 1800, "games": 10}, "games": games}
    mine = fide(request)
    assert mine["k"] == 38
    theirs = engine({"system": "fide", **request})
    assert (theirs["k"], theirs["rating_after"]) == (38, mine["rating_after"])


def _compare(request: dict[str, Any]) -> None:
    mine = fide(request)
    theirs = engine({"system": "fide", **request})
    check_games(request, theirs, mine["counted"], mine["per_game"])
    assert theirs["performance"]["classical"] == classical(request["games"]), (request, theirs)
    assert theirs["rating_after"] == mine["rating_after"], (request, theirs, mine)
    assert theirs["status"] == mine["status"], (request, theirs, mine)
    assert theirs["k"] == mine["k"], (request, theirs, mine)
    if mine["expected"] is None:
        assert theirs["expected"] is None, (request, theirs, mine)
    else:
        assert abs(theirs["expected"] - mine["expected"]) < 1e-9, (request, theirs, mine)


@st.composite
def rated_players(
    draw: st.DrawFn, lowest: int = 1400, born: tuple[int, int] = (2000, 2018)
) -> dict[str, Any]:
    rating = draw(st.integers(min_value=lowest, max_value=2700))
    games = draw(st.integers(min_value=0, max_value=400))
    peak = draw(st.one_of(st.none(), st.integers(min_value=rating, max_value=2800)))
    player: dict[str, Any] = {"rating": rating, "games": games}
    if peak is not None:
        player["peak_rating"] = peak
    age = draw(st.one_of(st.none(), st.booleans(), st.integers(*born)))
    if isinstance(age, bool):
        player["junior"] = age
    elif age is not None:
        player["birth_date"] = f"{age}-07-14"
    return player


@CHECK
@given(
    day=st.sampled_from([BEFORE_OCTOBER_2025, AFTER_OCTOBER_2025]),
    player=rated_players(),
    games=batches(RATED_OR_NOT),
)
def test_it_agrees_with_the_engine_for_rated_players(
    day: str, player: dict[str, Any], games: list[dict[str, Any]]
) -> None:
    _compare({"date": day, "player": player, "games": games})


@CHECK
@given(
    day=st.sampled_from([BEFORE_OCTOBER_2025, AFTER_OCTOBER_2025]),
    games=batches(RATED_OR_NOT),
)
def test_it_agrees_with_the_engine_for_unrated_players(
    day: str, games: list[dict[str, Any]]
) -> None:
    _compare({"date": day, "player": {}, "games": games})


@CHECK
@given(rating=st.integers(min_value=2000, max_value=2390), score=SCORES)
def test_it_agrees_on_half_points_of_change(rating: int, score: int | float) -> None:
    # K 10 (peak 2400 reached) and table steps of 0.01: changes of x.5 happen; the rounding
    # of the change away from zero decides them.
    request = {
        "date": BEFORE_OCTOBER_2025,
        "player": {"rating": rating, "games": 300, "peak_rating": 2400},
        "games": [{"opponent": rating + 5, "score": score}] * 5,
    }
    _compare(request)


# Between the July 2014 K values and the March 2024 regulations (earlier dates are being
# researched for the engine: issue 13 item 3).
BETWEEN_2014_AND_2024 = ["2016-06-01", "2020-06-01", "2023-06-01"]


def test_it_gives_the_seed_001_first_rating_examples() -> None:
    # Seed 001: « Un joueur joue 10 parties, il réalise 2 nulles, 3 victoires et 5 défaites
    # ... p = 0,4, et D(p) = −72. Nous avons alors Ru = Rc − 72 » ; « 2 nulles, 5 victoires
    # et 3 défaites ... Ru = Rc + 20 × (5 − 3) = Rc + 40 ». Here Rc = 1500.
    def games(wins: int, draws: int, losses: int) -> list[dict[str, Any]]:
        scores = [1] * wins + [0.5] * draws + [0] * losses
        return [{"opponent": 1500, "score": s} for s in scores]

    assert first_rating_2009(games(3, 2, 5))["rating_after"] == 1500 - 72
    assert first_rating_2009(games(5, 2, 3))["rating_after"] == 1500 + 40


@st.composite
def players_2014_2024(draw: st.DrawFn, day: str) -> dict[str, Any]:
    # Born on 14 July of a year before the day's: a birth date after the day of the
    # calculation is refused (the contract's bounds), and so is an age over the bounds.
    year = int(day[:4])
    player = draw(rated_players(lowest=1000, born=(year - 30, year - 1)))
    # Seed 001 says « K vaut 40 pour tout joueur jusqu'à son 18e anniversaire » (the 2014
    # regulations' words), the 2024 regulations « until the end of the year of their 18th
    # birthday »: the year the two differ is left out (reported).
    if "birth_date" in player:
        assume(int(player["birth_date"][:4]) != int(day[:4]) - 18)
    return player


@CHECK
@given(data=st.data(), day=st.sampled_from(BETWEEN_2014_AND_2024), games=batches(RATED_OR_NOT))
def test_it_agrees_with_the_engine_between_2014_and_2024(
    data: st.DataObject, day: str, games: list[dict[str, Any]]
) -> None:
    player = data.draw(players_2014_2024(day))
    _compare({"date": day, "player": player, "games": games})


@CHECK
@given(day=st.sampled_from(BETWEEN_2014_AND_2024), games=batches(RATED_OR_NOT))
def test_it_agrees_with_the_engine_on_first_ratings_between_2014_and_2024(
    day: str, games: list[dict[str, Any]]
) -> None:
    _compare({"date": day, "player": {}, "games": games})


@CHECK
@given(
    rating=st.integers(min_value=1600, max_value=2300),
    games_before=st.integers(min_value=0, max_value=29),
    games=batches(min_size=13, max_size=25),
)
def test_it_agrees_with_the_engine_on_k_times_games_over_700(
    rating: int, games_before: int, games: list[dict[str, Any]]
) -> None:
    # K 40 over 18 games or more passes 700: « K devient le plus grand entier qui reste
    # dans cette limite » (docs/fide.md).
    request: dict[str, Any] = {
        "date": BEFORE_OCTOBER_2025,
        "player": {"rating": rating, "games": games_before},
    }
    request["games"] = games
    _compare(request)


def test_it_makes_a_player_dropping_below_1400_unrated() -> None:
    # Issue 13 item 1, FIDE 2024 regulations 7.2.1: « players whose ratings drop below
    # 1400 are shown as unrated on the next list and are thereafter treated as unrated
    # players ». 1410 with 100 games (K 20) loses 3 games against 1410 (We 0.50 each):
    # 1410 + 20 × (0 − 1.5) = 1380 < 1400.
    request = {
        "date": AFTER_OCTOBER_2025,
        "player": {"rating": 1410, "games": 100},
        "games": [{"opponent": 1410, "score": 0}] * 3,
    }
    assert fide(request)["status"] == "unrated"
    answer = engine({"system": "fide", **request})
    assert (answer["status"], answer["rating_after"]) == ("unrated", None)


def test_it_makes_a_player_dropping_below_1000_unrated_before_2024() -> None:
    # Seed 001 (001_4b8a6bbe86009993.txt): « Si le classement passe en dessous du seuil
    # FIDE (1 000), le joueur est retiré de la liste et à nouveau considéré comme non
    # classé. » 1010 (K 20) loses 3 games against 1010: 1010 − 30 = 980.
    request = {
        "date": "2020-06-01",
        "player": {"rating": 1010, "games": 100},
        "games": [{"opponent": 1010, "score": 0}] * 3,
    }
    assert fide(request)["status"] == "unrated"
    answer = engine({"system": "fide", **request})
    assert (answer["status"], answer["rating_after"]) == ("unrated", None)


def test_it_gives_no_first_rating_without_half_a_point_or_above_1000() -> None:
    # Seed 001: « Depuis [juillet 2014], il suffit de faire au moins une partie nulle (1/2
    # point) sur un minimum de 5 parties jouées contre des joueurs classés et avoir un
    # classement Rn supérieur à 1000 ». Five losses, Rc = (1000 + 1000 + 2332 + 2333 +
    # 2333) / 5 = 1799.6, D(0) = −800: Rn = 999.6 → 1000; no half point. The 2014
    # regulations, 7.14: « The rating is at least 1000 » (issue #26). A draw and four
    # losses against 1366: Rn = 1366 − 366 = 1000, published; against 1365: 999, not.
    zero = [{"opponent": r, "score": 0} for r in (1000, 1000, 2332, 2333, 2333)]
    at_1000 = [{"opponent": 1366, "score": 0}] * 4 + [{"opponent": 1366, "score": 0.5}]
    below = [{"opponent": 1365, "score": 0}] * 4 + [{"opponent": 1365, "score": 0.5}]
    for games, after in ((zero, None), (at_1000, 1000), (below, None)):
        request: dict[str, Any] = {"date": "2016-06-01", "player": {}, "games": games}
        assert fide(request)["rating_after"] == after
        _compare(request)


@CHECK
@given(
    rating=st.integers(min_value=1400, max_value=1600),
    games=batches(max_size=12),
)
def test_it_agrees_with_the_engine_on_ratings_falling_below_1400(
    rating: int, games: list[dict[str, Any]]
) -> None:
    request: dict[str, Any] = {
        "date": AFTER_OCTOBER_2025,
        "player": {"rating": rating, "games": 100},
    }
    request["games"] = games
    assume(fide(request)["status"] == "unrated")
    _compare(request)

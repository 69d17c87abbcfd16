"""FQE (Québec), written from seed 004 (004_dac8c27544822231.txt, « Le calcul de la
cote », Fédération québécoise des échecs) and docs/ratings/fqe.md; compared with the
engine.

An unrated opponent: « Pour chaque compétition, on cote les joueurs dans l'ordre suivant:
sans cote; avec une cote provisoire; avec une cote permanente », and the 1100 only « Si
un joueur sans cote affronte d'autres joueurs sans cote ». A provisional or permanent
player therefore meets an unrated opponent at the cote that opponent has just received
(his one game, against this player)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from .common import CHECK, RATED_OR_NOT, RATINGS, batches, check_games, engine
from .texts import SEED_004_BANDS, half_up, table_expected

UNRATED_OPPONENT = (
    1100  # « on attribue provisoirement une cote de 1100 à ses adversaires non cotés »
)


def cote_performance(ratings: list[int], scores: list[float]) -> Fraction:
    """« Cote = Cm + 400 * (V - D) / nombre de parties jouées »."""
    wins = sum(1 for s in scores if s == 1)
    losses = sum(1 for s in scores if s == 0)
    return Fraction(sum(ratings), len(ratings)) + Fraction(400 * (wins - losses), len(scores))


def first_cote(ratings: list[int], scores: list[float]) -> Fraction:
    """A player without a cote: « Sa première cote est déterminée par sa «cote-performance» »;
    « Si la cote-performance d'un joueur sans cote n'atteint pas 1200, on lui ajoute un
    rajustement de 50% de la différence. Exemple: 800 devient 1000, 900 devient 1050 »."""
    first = cote_performance(ratings, scores)
    if first < 1200:
        first += (1200 - first) / 2
    return first


def met(rating: int | None, game: dict[str, Any]) -> int:
    """The cote at which a player rated ``rating`` (None: without a cote) meets the
    opponent of ``game``. Between two players without a cote: 1100. A provisional or
    permanent player meets an unrated opponent after that opponent was rated (« sans cote;
    avec une cote provisoire; avec une cote permanente »): the opponent's only game is this
    one, against ``rating``, with the opposite result; his published cote is a whole
    number."""
    if game["opponent"] is not None:
        return int(game["opponent"])
    if rating is None:
        return UNRATED_OPPONENT
    return half_up(first_cote([rating], [1 - game["score"]]))


def performance(games: list[dict[str, Any]], rating: int | None = None) -> Fraction:
    """The player's cote-performance, each opponent at the cote he is met at."""
    return cote_performance([met(rating, g) for g in games], [g["score"] for g in games])


def bonus_threshold(rounds: int) -> int | None:
    """« 24 points pour les tournois de 4 rondes et ensuite 26 points pour 5 rondes, 28
    points pour 6 rondes, etc. » — nothing below 4 rounds."""
    return 24 + 2 * (rounds - 4) if rounds >= 4 else None


def fqe(request: dict[str, Any]) -> dict[str, Any]:
    player = request["player"]
    games = request["games"]
    rating = player.get("rating")
    before = player.get("games", 0)
    # « La cote d'un joueur devient permanente après le tournoi qui contient sa 25e partie »
    status = "rated" if before + len(games) > 24 else "provisional"
    # every game counts (« sans compter les points obtenus suite a des repos ou à des
    # exemptions »: byes are not games here); expected scores only for permanent ratings
    lines: dict[str, Any] = {"counted": [True] * len(games), "per_game": [None] * len(games)}
    if rating is None:
        first = first_cote([met(None, g) for g in games], [g["score"] for g in games])
        return {
            "rating_after": half_up(first),
            "status": status,
            "k": None,
            "expected": None,
            **lines,
        }
    if before <= 24:
        # « La cote d'un joueur est provisoire lorsqu'il a joué 24 parties ou moins ... La
        # nouvelle cote est la moyenne de l'ancienne cote et de la cote-performance pour la
        # compétition, pondérée selon le nombre de parties » ; « Il n'y a pas de
        # rajustements pour les cotes provisoires qui n'atteignent pas 1200. »
        new = (before * rating + len(games) * performance(games, rating)) / (before + len(games))
        return {
            "rating_after": half_up(new),
            "status": status,
            "k": None,
            "expected": None,
            **lines,
        }
    # « Cote = Ca + 32 x (R - Rp) » with Rp from the table (« 620--734 99 ; 735 et plus 100 »)
    per_game = [table_expected(rating - met(rating, g), SEED_004_BANDS) for g in games]
    lines["per_game"] = [float(e) for e in per_game]
    expected = sum(per_game, Fraction(0))
    score = sum((Fraction(g["score"]) for g in games), Fraction(0))
    # The seed counts the gain in whole points before the bonus: « = 1876 + 84 ... + boni !
    # ... un boni de 52 points (84 - 32) » ; « un point de boni pour chaque point de cote
    # gagné dépassant la limite » (83.84 exact: the bonus is on the rounded 84).
    change = Fraction(half_up(32 * (score - expected)))
    threshold = bonus_threshold(request.get("rounds") or len(games))
    if threshold is not None and change > threshold:
        change += change - threshold
    # « lorsque la cote d'un joueur dépasse 2300, soit avant, soit durant une compétition,
    # tous les changements ultérieurs de cote sont divisés par deux »
    if rating > 2300:
        new = rating + change / 2
    elif rating + change > 2300:
        new = 2300 + (rating + change - 2300) / 2
    else:
        new = rating + change
    # « Enfin, l'augmentation de cote acquise lors d'un match ne peut excéder 50 points. »
    # (the contract's ``"match": true``; the last rule the seed states, so on the final gain)
    if request.get("match") and new - rating > 50:
        new = Fraction(rating + 50)
    return {
        "rating_after": half_up(new),
        "status": "rated",
        "k": 32,
        "expected": float(expected),
        **lines,
    }


DANIEL = [(2024, 1), (2161, 0), (1547, 0.5), (1785, 1), (1979, 1), (2176, 0), (2181, 1), (2048, 1)]


def test_it_gives_daniel_2012_as_seed_004() -> None:
    # Seed 004, « UN EXEMPLE DU CALCUL DE LA COTE » : Daniel, 1876, 5,5 points en huit
    # parties, résultat probable 2,88 ; « Cote = 1876 + 32 x (5,5 - 2,88) = 1876 + 84 ...
    # + boni ! ... boni de 52 points (84 - 32). Sa nouvelle cote permanente est alors :
    # Cote = 1876 + 84 + 52 = 2012. »
    games = [{"opponent": r, "score": s} for r, s in DANIEL]
    answer = fqe({"player": {"rating": 1876, "games": 100}, "games": games})
    assert (answer["rating_after"], answer["k"], answer["expected"]) == (2012, 32, 2.88)


def test_it_gives_the_seed_004_provisional_and_unrated_figures() -> None:
    # « si un joueur a une cote provisoire de 1462, basée sur 12 parties jouées, et réalise
    # une cote performance de 1630 lors d'un tournoi de 4 rondes » : (12 × 1462 + 4 × 1630)
    # / 16 = 1504 (docs/fqe.md). Four games at 1630 with two wins and two losses make 1630.
    games = [{"opponent": 1630, "score": s} for s in (1, 0, 1, 0)]
    assert fqe({"player": {"rating": 1462, "games": 12}, "games": games})["rating_after"] == 1504
    # « Exemple: 800 devient 1000, 900 devient 1050 » : four losses against 1200 make
    # 1200 − 400 = 800, against 1300 make 900.
    assert (
        fqe({"player": {}, "games": [{"opponent": 1200, "score": 0}] * 4})["rating_after"] == 1000
    )
    assert (
        fqe({"player": {}, "games": [{"opponent": 1300, "score": 0}] * 4})["rating_after"] == 1050
    )


def test_it_caps_a_match_gain_at_50() -> None:
    # Seed 004: « Enfin, l'augmentation de cote acquise lors d'un match ne peut excéder 50
    # points. » A permanent 999 beats 1762 four times (763 points: « 735 et plus 100 0 »,
    # Rp 0 each): 32 × 4 = 128, bonus over 24 for 4 rounds 128 − 24 = 104, a gain of 232,
    # capped at 50 in a match: 1049; 1231 outside a match.
    request: dict[str, Any] = {
        "player": {"rating": 999, "games": 100},
        "games": [{"opponent": 1762, "score": 1}] * 4,
    }
    assert fqe(request)["rating_after"] == 1231
    assert fqe({**request, "match": True})["rating_after"] == 1049
    assert engine({"system": "fqe", "match": True, **request})["rating_after"] == 1049


def test_it_meets_an_unrated_opponent_at_the_cote_he_was_just_given() -> None:
    # Seed 004: « on cote les joueurs dans l'ordre suivant: sans cote; avec une cote
    # provisoire; avec une cote permanente ». A provisional 1500 (10 games) beats an unrated
    # player and loses to 1600. The unrated player is rated first, on his one game, a loss
    # against 1500: 1500 − 400 = 1100, under 1200 so 1100 + 100 / 2 = 1150. The provisional
    # player: Cm = (1150 + 1600) / 2 = 1375, V − D = 0, « La nouvelle cote est la moyenne de
    # l'ancienne cote et de la cote-performance ... pondérée selon le nombre de parties » :
    # (10 × 1500 + 2 × 1375) / 12 = 1479.17 → 1479 (at 1100 it would be 1475).
    games: list[dict[str, Any]] = [{"opponent": None, "score": 1}, {"opponent": 1600, "score": 0}]
    request = {"player": {"rating": 1500, "games": 10}, "games": games}
    assert met(1500, games[0]) == 1150
    assert fqe(request)["rating_after"] == 1479
    _compare(request)
    # A permanent 1800 beats an unrated player: 1800 − 400 = 1400 (no adjustment at 1200 or
    # more); 400 points: « 392--411 92 8 », 1800 + 32 × (1 − 0.92) = 1802.56 → 1803.
    permanent = {"player": {"rating": 1800, "games": 100}, "games": [games[0]]}
    assert fqe(permanent)["rating_after"] == 1803
    _compare(permanent)


def _compare(request: dict[str, Any]) -> None:
    mine = fqe(request)
    theirs = engine({"system": "fqe", **request})
    check_games(request, theirs, mine["counted"], mine["per_game"])
    # the performance is the seed's own « cote-performance » formula
    expected_performance = half_up(performance(request["games"], request["player"].get("rating")))
    assert theirs["performance"]["classical"] == expected_performance, (request, theirs)
    assert theirs["rating_after"] == mine["rating_after"], (request, theirs, mine)
    assert theirs["status"] == mine["status"], (request, theirs, mine)
    assert theirs["k"] == mine["k"], (request, theirs, mine)
    if mine["expected"] is None:
        assert theirs["expected"] is None, (request, theirs, mine)
    else:
        assert abs(theirs["expected"] - mine["expected"]) < 1e-9, (request, theirs, mine)


@CHECK
@given(
    rating=RATINGS,
    games_before=st.integers(min_value=25, max_value=400),
    games=batches(RATED_OR_NOT),
    rounds=st.one_of(st.none(), st.integers(min_value=1, max_value=12)),
    match=st.booleans(),
)
def test_it_agrees_with_the_engine_for_permanent_ratings(
    rating: int, games_before: int, games: list[dict[str, Any]], rounds: int | None, match: bool
) -> None:
    request: dict[str, Any] = {"player": {"rating": rating, "games": games_before}}
    request["games"] = games
    if rounds is not None:
        request["rounds"] = max(rounds, len(games))
    if match:
        request["match"] = True
    _compare(request)


@CHECK
@given(
    rating=st.integers(min_value=1000, max_value=2300),
    games_before=st.integers(min_value=1, max_value=24),
    games=batches(RATED_OR_NOT),
)
def test_it_agrees_with_the_engine_for_provisional_ratings(
    rating: int, games_before: int, games: list[dict[str, Any]]
) -> None:
    request = {"player": {"rating": rating, "games": games_before}, "games": games}
    # Whether « au-delà de 2300 ... pour moitié » reaches provisional ratings, the seed
    # does not say (it stands among the permanent ratings' rules): left out.
    assume(fqe(request)["rating_after"] <= 2300)
    _compare(request)


@CHECK
@given(games_before=st.integers(min_value=0, max_value=24), games=batches(RATED_OR_NOT))
def test_it_agrees_with_the_engine_for_unrated_players(
    games_before: int, games: list[dict[str, Any]]
) -> None:
    _compare({"player": {"games": games_before}, "games": games})

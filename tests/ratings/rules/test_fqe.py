from datetime import date

import pytest

from ratings.rules import fqe
from ratings.rules.base import Batch, Game, PlayerState, Status
from tests.ratings.rules.helpers import against

P = fqe.Params()
# Seed 004 (004_dac8c27544822231.txt), "UN EXEMPLE DU CALCUL DE LA COTE": Daniel, 1876.
DANIEL = [(2024, 1), (2161, 0), (1547, 0.5), (1785, 1), (1979, 1), (2176, 0), (2181, 1), (2048, 1)]


def test_daniel_goes_from_1876_to_2012_with_a_52_point_bonus() -> None:
    """Seed 004: 1876 + 32 × (5,5 − 2,88) = 1876 + 84, boni de 52 (84 − 32): 2012."""
    me = fqe.rate(against(PlayerState(rating=1876, games=150), DANIEL, rounds=8), P)["me"]
    assert [g.expected for g in me.games] == [0.30, 0.16, 0.88, 0.62, 0.36, 0.15, 0.14, 0.27]
    assert me.expected == 2.88
    assert me.score == 5.5
    assert me.rating_after == 2012
    assert "bonus of 52: gain above 32 points in 8 rounds" in [str(n) for n in me.notes]


@pytest.mark.parametrize(("performance", "rating"), [(800, 1000), (900, 1050), (1200, 1200)])
def test_an_unrated_performance_under_1200_gets_half_the_difference(
    performance: int, rating: int
) -> None:
    """Seed 004: 'Exemple: 800 devient 1000, 900 devient 1050'."""
    # four draws against opponents rated `performance`: Cm + 400 × 0 / 4 = performance
    me = fqe.rate(against(PlayerState(), [(performance, 0.5)] * 4), P)["me"]
    assert me.performance_classical == performance
    assert me.rating_after == rating
    assert me.after.status is Status.PROVISIONAL


def test_a_provisional_rating_is_the_weighted_average() -> None:
    """Seed 004: (12 × 1462 + 4 × 1630) / (12 + 4) = 1504."""
    # a performance of 1630 in 4 rounds: opponents averaging 1630 and two wins, two losses
    games = [(1630, 1), (1630, 1), (1630, 0), (1630, 0)]
    me = fqe.rate(against(PlayerState(rating=1462, games=12), games, rounds=4), P)["me"]
    assert me.rating_after == 1504
    assert me.after.games == 16


def test_the_25th_game_makes_the_rating_permanent_after_the_tournament() -> None:
    me = fqe.rate(against(PlayerState(rating=1500, games=22), [(1500, 0.5)] * 4), P)["me"]
    assert me.after.status is Status.RATED and me.k is None  # still rated as provisional
    later = fqe.rate(against(me.after, [(1500, 1)]), P)["me"]
    assert later.k == 32


@pytest.mark.parametrize(("rounds", "threshold"), [(3, None), (4, 24), (5, 26), (6, 28)])
def test_the_bonus_threshold_grows_with_the_rounds(rounds: int, threshold: int | None) -> None:
    assert P.bonus_threshold(rounds) == threshold


def test_changes_count_half_above_2300() -> None:
    me = fqe.rate(against(PlayerState(rating=2350, games=300), [(2350, 1)], rounds=1), P)["me"]
    assert me.rating_after == 2358  # 16 halved
    crossing = fqe.rate(against(PlayerState(rating=2290, games=300), [(2290, 1)]), P)["me"]
    assert crossing.rating_after == 2290 + 10 + 3  # 10 to 2300, the other 6 halved


def test_a_match_earns_at_most_50_points() -> None:
    games = [(2000, 1)] * 6
    me = fqe.rate(against(PlayerState(rating=1800, games=300), games, is_match=True), P)["me"]
    assert me.rating_after == 1850


def test_byes_and_forfeits_are_not_counted() -> None:
    batch = against(PlayerState(rating=1800, games=300), [(1800, 1)])
    batch = Batch(batch.day, batch.players, (Game("me", "o0", 1, played=False),))
    me = fqe.rate(batch, P)["me"]
    assert me.rating_after == 1800 and not me.games[0].counted


def test_unrated_players_meet_at_1100_and_a_batch_of_unrated_players_gets_rated() -> None:
    players = {name: PlayerState() for name in "abcd"}
    games = (Game("a", "b", 1), Game("c", "d", 0.5), Game("a", "c", 1), Game("b", "d", 0))
    result = fqe.rate(Batch(date(2025, 5, 1), players, games), P)
    # a: two wins against 1100: 1100 + 400 = 1500
    assert result["a"].rating_after == 1500
    # b: two losses: 1100 - 400 = 700, then half of the 500 under 1200: 950
    assert result["b"].rating_after == 950


def test_provisional_players_see_the_new_ratings_of_the_unrated_ones() -> None:
    players = {"new": PlayerState(), "prov": PlayerState(rating=1500, games=10)}
    result = fqe.rate(Batch(date(2025, 5, 1), players, (Game("new", "prov", 1),)), P)
    new_rating = result["new"].rating_after
    assert new_rating == 1900  # 1500 + 400
    assert result["prov"].games[0].opponent_rating == 1900


def test_a_match_caps_the_gain_bonus_included() -> None:
    """Seed 004: "l'augmentation de cote acquise lors d'un match ne peut excéder 50 points".
    999 beats 1762 four times: a difference of 763 ("735 et plus: 100"), Rp = 0 each;
    32 × 4 = 128, bonus 128 − 24 = 104 (4 rounds), 232 in all, capped at 50: 1049."""
    games = [(1762, 1)] * 4
    state = PlayerState(rating=999, games=100)
    match = fqe.rate(against(state, games, rounds=4, is_match=True), P)["me"]
    assert match.rating_after == 1049
    tournament = fqe.rate(against(state, games, rounds=4), P)["me"]
    assert tournament.rating_after == 999 + 128 + 104


def test_the_bonus_is_computed_on_the_rounded_gain() -> None:
    """Seed 004: "un point de boni pour chaque point de cote gagné dépassant la limite", and
    Daniel's "1876 + 84 [...] boni de 52 points (84 − 32)" rounds 83.84 before the bonus.
    1500, 3/4 against 1550, 1550, 1545, 1545: Rp = .43 + .43 + .44 + .44 = 1.74 ("47--53
    57 43", "40--46 56 44"); gain 32 × 1.26 = 40.32 → 40; bonus 40 − 24 = 16; 1556 (the
    exact gain would give 40.32 + 16.32 = 56.64 → 1557)."""
    games = [(1550, 1), (1550, 1), (1545, 1), (1545, 0)]
    me = fqe.rate(against(PlayerState(rating=1500, games=100), games, rounds=4), P)["me"]
    assert me.expected == 1.74
    assert me.rating_after == 1556


def test_a_provisional_player_meets_an_unrated_opponent_at_the_rating_just_given() -> None:
    """Seed 004: "on cote les joueurs dans l'ordre suivant: sans cote; avec une cote
    provisoire; avec une cote permanente"; the 1100 is for "un joueur sans cote [qui]
    affronte d'autres joueurs sans cote". A provisional 1500 (10 games) beats an unrated
    player and loses to a 1600. The unrated player is rated first: Cm = 1500, one loss:
    1500 + 400 × (0 − 1) / 1 = 1100, under 1200: 1100 + 50 % × 100 = 1150. Then the
    provisional player, "à partir de la formule utilisée pour les joueurs sans cote":
    Cm = (1150 + 1600) / 2 = 1375, V − D = 0: 1375; (10 × 1500 + 2 × 1375) / 12 = 17750 / 12
    = 1479.17 -> 1479 (not (10 × 1500 + 2 × 1350) / 12 = 1475 with the opponent at 1100)."""
    games = [(None, 1), (1600, 0)]
    result = fqe.rate(against(PlayerState(rating=1500, games=10), games), P)
    assert result["o0"].rating_after == 1150
    me = result["me"]
    assert me.games[0].opponent_rating == 1150
    assert str(me.games[0].note) == (
        "unrated opponent, rated first in this competition: counted at 1150"
    )
    assert me.performance_classical == 1375
    assert me.rating_exact == 17750 / 12
    assert me.rating_after == 1479

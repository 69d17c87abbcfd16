from dataclasses import replace
from datetime import date

import pytest

from ratings.rules import fide, fse, params_on
from ratings.rules.base import PlayerState
from tests.ratings.rules.helpers import against

P = fse.Params()
# The exact-performance tests below hold the seed's method over five games: an administrator
# may set the number of games (first_rating_games); the federation's number is 7.
P5 = replace(P, first_rating_games=5)
# Seed 002 (002_4312219915a2067e.txt): "Elo de départ : 1880; 1600 ½, 1600 ½, 2800 0".
SEED_GAMES = [(1600, 0.5), (1600, 0.5), (2800, 0)]


def test_the_1880_player_loses_16_3_with_k_24() -> None:
    """Seed 002: 'un joueur de 1880 Elo perdrait 16.3 Elo (avec un coeff. de 24)'."""
    me = fse.rate(against(PlayerState(rating=1880, games=100), SEED_GAMES), P)["me"]
    assert me.k == 24
    assert round(me.rating_exact - 1880, 1) == -16.3  # type: ignore[operator]
    assert me.rating_after == 1863.7


def test_the_classical_performance_is_1880_and_the_exact_one_just_under_1600() -> None:
    """Seed 002: '1/3 = 33% contre une moyenne de 2000 Elo donne 1880. C'est absurde.'"""
    me = fse.rate(against(PlayerState(rating=1880, games=100), SEED_GAMES), P)["me"]
    assert me.performance_classical == 1880
    assert 1599.9 <= me.performance_exact <= 1600.0  # type: ignore[operator]


def test_expected_scores_follow_the_normal_distribution() -> None:
    me = fse.rate(against(PlayerState(rating=1800, games=100), [(1600, 1)]), P)["me"]
    assert me.games[0].expected == pytest.approx(0.7602, abs=1e-4)  # Φ(200 / 282.84)


def test_several_players_are_rated_at_once_and_the_exchange_is_zero_sum() -> None:
    batch = against(PlayerState(rating=1700, games=100), [(1650, 1), (1750, 0.5)])
    result = fse.rate(batch, P)
    changes = [r.rating_exact - r.before.rating for r in result.results.values()]  # type: ignore[operator]
    assert sum(changes) == pytest.approx(0, abs=1e-9)


def test_unrated_opponents_are_not_counted() -> None:
    me = fse.rate(against(PlayerState(rating=1700, games=100), [(None, 1)]), P)["me"]
    assert me.rating_after == 1700 and not me.games[0].counted


def test_a_newcomer_gets_the_exact_performance_after_7_games() -> None:
    """The federation (swisschess.ch, « Fragen & Antworten »): « Nach 7 wertbaren Partien
    werden diese Spieler in die Führungsliste aufgenommen. » Three wins, three losses and a
    draw against 1600: 3.5 / 7, 7 Φ((X − 1600) / 282.84) = 3.5 at X = 1600: 1600.0. The
    first six games alone: 6 of the 7 games, unrated."""
    six = fse.rate(against(PlayerState(), [(1600, 1), (1600, 0)] * 3), P)["me"]
    assert six.rating_after is None
    assert "unrated: 6 of the 7 games needed for a first rating" in map(str, six.notes)
    games = [(1600, 1), (1600, 0)] * 3 + [(1600, 0.5)]
    assert fse.rate(against(PlayerState(), games), P)["me"].rating_after == 1600


def test_from_2026_the_swiss_list_follows_fide() -> None:
    params = params_on("fse", date(2026, 3, 1))
    assert params.follows_fide
    batch = against(
        PlayerState(rating=2600, games=300, peak_rating=2600), [(2700, 1)], day=date(2026, 3, 1)
    )
    me = fse.rate(batch, params)["me"]
    assert me == fide.rate(batch, params_on("fide", date(2026, 3, 1)))["me"]
    assert me.rating_after == 2606


def test_a_newcomer_receives_the_exact_performance_not_the_one_against_the_average() -> None:
    """docs/ratings/fse.md and seed 002 ("il est erroné de se baser sur la moyenne Elo des
    adversaires"): the first rating is the X at which the individual expected scores add
    up to the score. Four draws against 1600, a loss against 2800, 2/5: at X = 1600,
    4 × Φ(0) + Φ(−1200 / 282.84) = 2 + 0.000011; the slope is 4 × 0.39894 / 282.84 =
    0.0056 a point, so X = 1600 − 0.002: 1600.0. Against five times the average 1840 it
    would be 1840 + 282.84 × Φ⁻¹(0.4) = 1768.3."""
    games = [(1600, 0.5)] * 4 + [(2800, 0)]
    me = fse.rate(against(PlayerState(), games), P5)["me"]
    assert me.rating_after == 1600.0
    assert me.rating_after == round(me.performance_exact, 1)  # type: ignore[arg-type]


def test_a_newcomer_s_opponents_are_kept_one_by_one_across_events() -> None:
    """The same five games in two events (3 then 2): the archive keeps each opponent, so
    the first rating is the same 1600.0 as in one event (hand calculation above)."""
    first = fse.rate(against(PlayerState(), [(1600, 0.5)] * 3), P5)["me"]
    assert first.rating_after is None
    assert first.after.archive.opponents == (1600, 1600, 1600)  # type: ignore[union-attr]
    second = fse.rate(against(first.after, [(1600, 0.5), (2800, 0)]), P5)["me"]
    assert second.rating_after == 1600.0


def test_a_newcomer_at_100_percent_gets_one_draw_more_against_the_average() -> None:
    """Seed 002: at 100 %, "une partie de plus, à considérer comme un match nul contre un
    joueur de niveau égal à la moyenne des adversaires". Five wins against 1600 and the
    draw added: 6 Φ((X − 1600) / 282.84) = 5.5, Φ(z) = 0.91667, z = 1.38299,
    X = 1600 + 1.38299 × 282.843 = 1991.17: 1991.2."""
    me = fse.rate(against(PlayerState(), [(1600, 1)] * 5), P5)["me"]
    assert me.rating_after == 1991.2


def test_a_newcomer_s_exact_performance_is_rounded_to_the_tenth_once() -> None:
    """Seed 002: the performance is "le joueur, qui, en obtenant ces mêmes résultats contre
    ces mêmes joueurs, ne gagne et ne perd pas de points Elo": Σ Φ((X − Ei) / 282.84) = the
    score; the rating keeps a tenth (seed 002's "16.3"). Losses against 1000 and 1001, a
    draw against 1413, wins against 1743 and 2296: 2.5 points. At X = 1420.1 the expected
    scores are 0.93126 + 0.93080 + 0.51001 + 0.12681 + 0.00098 = 2.49986, short by 0.00014;
    the slope is Σ φ(z) / 282.84 = 0.0031 a point, so X = 1420.1 + 0.046 = 1420.146:
    1420.1. Rounded first to the hundredth (1420.15) and then to the tenth, it would
    wrongly be 1420.2."""
    games = [(1000, 0), (1001, 0), (1413, 0.5), (1743, 1), (2296, 1)]
    me = fse.rate(against(PlayerState(), games), P5)["me"]
    assert abs(me.rating_exact - 1420.146) < 0.001  # type: ignore[operator]
    assert me.rating_after == 1420.1

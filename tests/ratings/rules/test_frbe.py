from datetime import date

import pytest

from ratings.rules import frbe
from ratings.rules.base import Archive, Batch, Game, PlayerState, Status
from tests.ratings.rules.helpers import against

# Seed 000 (000_a562ae3ec984966f.txt), "Exemple de calcul de la cote": 1500 with 30 games.
WAVRE_GAMES = [(1600, 1), (1400, 0), (1350, 0.5), (1800, 0)]
CURRENT = frbe.Params()
SEED = frbe.SEED_VERSION


def test_the_wavre_worked_example_gives_1489() -> None:
    """Seed 000: Rn = 1500 + 32 (1.5 - 1.85) = 1488.8, arrondie à 1489."""
    result = frbe.rate(against(PlayerState(rating=1500, games=30), WAVRE_GAMES), SEED)["me"]
    assert [line.expected for line in result.games] == [0.36, 0.64, 0.70, 0.15]
    assert result.expected == 1.85
    assert result.k == 32
    assert result.score == 1.5
    assert round(result.rating_exact, 1) == 1488.8  # type: ignore[arg-type]
    assert result.rating_after == 1489
    assert result.change == -11
    assert result.performance_classical == 1451


def test_the_wavre_unrated_example_performs_1451_but_stays_unrated_under_10_games() -> None:
    """Seed 000: moyenne 1537.5, P = 0.375, D(0.38) = -87, R = 1450.5 arrondi à 1451; "on ne
    calcule de cote provisoire qu'avec au moins 10 parties jouées"."""
    result = frbe.rate(against(PlayerState(), WAVRE_GAMES), SEED)["me"]
    assert result.performance_classical == 1451
    assert result.rating_after is None
    assert result.after.status is Status.UNRATED
    assert result.after.archive == Archive(games=4, opponents_sum=6150, score=1.5)


def test_a_newcomer_is_provisional_at_10_games_and_rated_at_20() -> None:
    """Seed 000: "A 20 parties, le calcul décrit ci-dessus fournit la première cote"."""
    archive = Archive(games=8, opponents_sum=8 * 1537.5, score=3)
    tenth = frbe.rate(against(PlayerState(archive=archive), [(1537.5, 0), (1537.5, 0)]), SEED)
    provisional = tenth["me"].after
    # P = 3/10 = .30, D(.30) = -149: 1537.5 - 149 = 1388.5, rounded up to 1389
    assert (provisional.status, provisional.rating, provisional.games) == (
        Status.PROVISIONAL,
        1389,
        10,
    )
    twentieth = frbe.rate(against(provisional, [(1600, 1)] * 10), SEED)["me"].after
    # 20 games, Rc = (15375 + 16000) / 20 = 1568.75, P = 13/20 = .65, D = 110
    assert (twentieth.status, twentieth.rating, twentieth.archive) == (Status.RATED, 1679, None)


def test_the_seed_version_caps_the_difference_at_350_and_the_current_rules_at_400() -> None:
    me = PlayerState(rating=2000, games=150)
    seed = frbe.rate(against(me, [(1600, 1)], day=date(2020, 1, 1)), SEED)["me"]
    current = frbe.rate(against(me, [(1600, 1)]), CURRENT)["me"]
    assert seed.games[0].expected == 0.89  # 400 counted as 350: band 345-357
    assert current.games[0].expected == 0.92  # 400: band 392-411
    assert "difference capped at 350" in [str(n) for n in seed.notes]


@pytest.mark.parametrize(
    ("games", "rating", "params", "k"),
    [
        (19, 1500, SEED, 32),
        (99, 1500, SEED, 32),
        (100, 1500, SEED, 24),
        (299, 1500, SEED, 24),
        (300, 2000, SEED, 16),
        (300, 2001, SEED, 12),
        (150, 2200, SEED, 24),
        (150, 2201, SEED, 10),
        (150, 2201, CURRENT, 24),
        (300, 2201, CURRENT, 10),
    ],
)
def test_k_follows_the_games_played_and_the_rating(
    games: int, rating: int, params: frbe.Params, k: int
) -> None:
    """Seed 000: K=32 de la 20e à la 100e partie, 24 de la 101e à la 300e, 16/12 ensuite
    selon 2000, 10 au-dessus de 2200 (currently only after 300 games)."""
    me = PlayerState(rating=rating, games=games)
    assert frbe.rate(against(me, [(rating, 1)]), params)["me"].k == k


def test_games_against_unrated_players_are_not_counted() -> None:
    result = frbe.rate(against(PlayerState(rating=1500, games=50), [(None, 1), (1500, 0)]), SEED)
    me = result["me"]
    assert [line.counted for line in me.games] == [False, True]
    assert me.rating_after == 1500 - 16
    assert str(me.games[0].note) == "opponent unrated: not counted"


def test_a_batch_where_everyone_is_unrated_rates_nobody_and_archives_nothing() -> None:
    players = {name: PlayerState() for name in "abcd"}
    games = (Game("a", "b", 1), Game("c", "d", 0.5), Game("a", "c", 0))
    result = frbe.rate(Batch(date(2025, 1, 5), players, games), CURRENT)
    assert all(r.rating_after is None for r in result.results.values())
    assert all(r.after.archive.games == 0 for r in result.results.values())  # type: ignore[union-attr]


def test_the_2024_adjustment_raises_ratings_under_2000() -> None:
    assert frbe.adjustment_2024(1500, CURRENT) == 1700
    assert frbe.adjustment_2024(1999, CURRENT) == 1999
    assert frbe.adjustment_2024(2100, CURRENT) == 2100


def test_the_seed_version_then_the_lists_versions_then_the_current_one() -> None:
    """The seed's cap of 350 until the lists', 400 from the list of April 2015 (issue #37,
    docs/ratings/frbe.md), quarterly lists from October 2013."""
    from ratings.rules import params_on

    assert params_on("frbe", date(2005, 6, 1)).difference_cap == 350
    assert params_on("frbe", date(2014, 12, 31)).difference_cap == 350
    assert params_on("frbe", date(2015, 3, 31)).difference_cap == 400
    assert params_on("frbe", date(2013, 6, 30)).periods == ("01-01", "07-01")
    assert params_on("frbe", date(2023, 6, 1)).difference_cap == 400
    assert params_on("frbe", date(2024, 4, 1)).difference_cap == 400
    assert params_on("frbe", date(2024, 4, 1)).periods == ("01-01", "04-01", "07-01", "10-01")


def test_parameters_are_validated() -> None:
    with pytest.raises(ValueError, match="difference_cap must be at least 0"):
        frbe.Params(difference_cap=-1)
    with pytest.raises(ValueError, match="provisional_games must not exceed"):
        frbe.Params(provisional_games=25)


def test_a_change_of_minus_half_a_point_leaves_the_rating_unchanged() -> None:
    """Seed 000 rounds the new rating, a half going up: "Rn = 1500 + 32 ( 1.5 - 1.85 ) =
    1488.8, arrondie à 1489", "1450,5 arrondi à 1451". 2300 with 400 games ("K=10 dans
    tous les cas si la cote est > 2200"), a draw against 2265: difference 35, We = .55
    ("33-39 .55"); Rn = 2300 + 10 × (0.5 − 0.55) = 2299.5 → 2300, not 2299."""
    params = frbe.VERSIONS[0].params
    batch = against(PlayerState(rating=2300, games=400), [(2265, 0.5)], day=date(2020, 3, 1))
    me = frbe.rate(batch, params)["me"]
    assert me.k == 10
    assert me.rating_exact == 2299.5
    assert me.rating_after == 2300


def test_k_reads_the_rating_of_the_moment_not_a_rating_once_reached() -> None:
    """Seed 000: « K=12 à partir de la 301e partie si la cote est > 2000 », « K=10 dans tous
    les cas si la cote est > 2200 »: « la cote », not a rating reached once
    (docs/ratings/frbe.md). 2150 after 400 games, who was 2250: K = 12, as without the
    peak; the same player at 2250: K = 10."""
    for peak in (None, 2250):
        me = frbe.rate(
            against(PlayerState(rating=2150, games=400, peak_rating=peak), [(2150, 1)]), CURRENT
        )["me"]
        assert me.k == 12
    top = frbe.rate(against(PlayerState(rating=2250, games=400), [(2250, 1)]), CURRENT)["me"]
    assert top.k == 10

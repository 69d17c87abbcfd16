from collections.abc import Sequence
from datetime import date

import numpy as np
import pytest

from ratings.rules import fide, params_on
from ratings.rules.base import Archive, Batch, Game, PlayerResult, PlayerState, Status
from ratings.rules.fide.period import round_changes
from ratings.rules.fide.versions import adjustment_2024
from tests.ratings.rules.helpers import against

NOW = date(2025, 11, 1)
P2025 = params_on("fide", NOW)
P2024 = params_on("fide", date(2024, 6, 1))
P2010 = params_on("fide", date(2010, 1, 1))
P2008 = params_on("fide", date(2008, 1, 1))


def _me(
    state: PlayerState,
    games: Sequence[tuple[float | None, float]],
    params: fide.Params = P2025,
    day: date = NOW,
) -> PlayerResult:
    return fide.rate(against(state, games, day=day), params)["me"]


def test_2600_beating_2700_gives_2606_4_published_2606() -> None:
    """Seed 001: 2600 + 10 (1 - 0,36) = 2606,4, arrondi à 2606 pour la publication."""
    me = _me(PlayerState(rating=2600, games=500, peak_rating=2650), [(2700, 1)])
    assert me.games[0].expected == 0.36
    assert me.k == 10
    assert round(me.rating_exact, 1) == 2606.4  # type: ignore[arg-type]
    assert me.rating_after == 2606


def test_the_performance_of_seed_001_is_1595() -> None:
    """Seed 001: Rc = 1402, p = 75 %, D(0,75) = 193: Rp = 1595."""
    games = [(1150, 1), (1490, 0), (1260, 1), (1420, 1), (1510, 1), (1580, 0.5)]
    assert _me(PlayerState(rating=1500, games=100), games).performance_classical == 1595


@pytest.mark.parametrize(
    ("state", "k"),
    [
        (PlayerState(rating=1800, games=29), 40),
        (PlayerState(rating=1800, games=30), 20),
        (PlayerState(rating=2250, games=200, birth_date=date(2007, 12, 31)), 40),
        (PlayerState(rating=2250, games=200, birth_date=date(2006, 12, 31)), 20),
        (PlayerState(rating=2310, games=200, birth_date=date(2010, 1, 1)), 20),
        (PlayerState(rating=2399, games=200), 20),
        (PlayerState(rating=2400, games=200), 10),
        (PlayerState(rating=2350, games=200, peak_rating=2405), 10),
    ],
)
def test_k_follows_games_age_and_the_2400_reached_for_good(state: PlayerState, k: int) -> None:
    """Seed 001 and Rating Regulations 8.3.3: 40 for 30 games and juniors (to the end of the
    year they turn 18) under 2300, 20 under 2400, 10 once 2400 is reached."""
    assert _me(state, [(state.rating, 1)]).k == k


def test_k_times_games_never_exceeds_700() -> None:
    me = _me(PlayerState(rating=1600, games=5), [(1600, 1)] * 20)
    assert me.k == 35
    assert "K reduced to 35.0: K × 20 games may not exceed 700" in [str(n) for n in me.notes]


def test_a_player_crossing_2400_during_the_period_keeps_the_k_of_its_start() -> None:
    me = _me(PlayerState(rating=2390, games=300), [(2390, 1)] * 3)
    assert me.k == 20
    assert me.rating_after == 2420
    assert me.after.peak_rating == 2420


@pytest.mark.parametrize(
    ("edge", "expected"),
    [(3, 0.50), (4, 0.51), (10, 0.51), (11, 0.52), (391, 0.91), (392, 0.92), (400, 0.92)],
)
def test_band_edges_of_the_table(edge: int, expected: float) -> None:
    """Seed 000's table: 0-3 .50, 4-10 .51, 11-17 .52 ... 375-391 .91, 392-411 .92."""
    higher = _me(PlayerState(rating=2000, games=100), [(2000 - edge, 1)])
    lower = _me(PlayerState(rating=2000, games=100), [(2000 + edge, 1)])
    assert higher.games[0].expected == expected
    assert lower.games[0].expected == pytest.approx(1 - expected)


def test_the_cap_is_400_now_350_before_july_2009_and_none_from_2650_since_october_2025() -> None:
    games = [(2000, 1)]
    assert _me(PlayerState(rating=2450, games=100), games, P2010).games[0].expected == 0.92
    assert _me(PlayerState(rating=2450, games=100), games, P2008).games[0].expected == 0.89
    top = _me(PlayerState(rating=2700, games=100), [(2200, 1)], P2025)
    assert top.games[0].expected == 0.96  # 500 points: band 485-517, not capped
    before = _me(PlayerState(rating=2700, games=100), [(2200, 1)], P2024)
    assert before.games[0].expected == 0.92


def test_games_against_unrated_players_and_forfeits_do_not_count() -> None:
    batch = against(PlayerState(rating=1700, games=80), [(None, 1), (1700, 1)], day=NOW)
    games = (Game("me", "o0", 1), Game("me", "o1", 1, played=False), Game("o1", "me", 0.5))
    batch = Batch(NOW, batch.players, games)
    me = fide.rate(batch, P2025)["me"]
    assert [line.counted for line in me.games] == [False, False, True]
    assert me.rating_after == 1700


def test_a_player_with_no_counted_game_keeps_the_rating() -> None:
    me = _me(PlayerState(rating=1700, games=80), [(None, 1)])
    assert me.rating_after == 1700 and me.k is None
    assert "no counted game: rating unchanged" in [str(n) for n in me.notes]


def test_the_change_is_rounded_half_away_from_zero() -> None:
    assert list(round_changes(np.array([2.5, -2.5, 0.49, -0.5]))) == [3, -3, 0, -1]


def test_the_old_first_rating_rule_of_seed_001() -> None:
    """Seed 001: 4/10 -> Rc - 72; 6/10 with 5 wins and 3 losses -> Rc + 40."""
    below = _me(PlayerState(), [(1600, 1)] * 2 + [(1600, 0.5)] * 4 + [(1600, 0)] * 4, P2010)
    assert below.rating_after == 1600 - 72
    above = _me(PlayerState(), [(1600, 1)] * 5 + [(1600, 0.5)] * 2 + [(1600, 0)] * 3, P2010)
    assert above.rating_after == 1640


def test_the_old_rule_weights_the_tournaments_performances() -> None:
    """Seed 001: Rn = (2280 × 5 + 2400 × 10 + 2000 × 5) / 20 = 2270."""
    archive = Archive(performance=(2280 * 5 + 2400 * 10) / 15, games=15)
    me = _me(PlayerState(archive=archive), [(2000, 0.5)] * 5, P2010)
    assert me.rating_after == 2270


def test_the_current_first_rating_adds_two_draws_against_1800() -> None:
    # 5 games against 1600 scoring 3: Ra = (8000 + 3600) / 7 = 1657.14, p = 4/7 = .57, D = 50
    me = _me(PlayerState(), [(1600, 1)] * 3 + [(1600, 0)] * 2, P2025)
    assert me.rating_after == 1707
    assert me.after.status is Status.RATED


def test_the_current_rule_publishes_nothing_under_1400_and_caps_at_2200() -> None:
    weak = _me(PlayerState(), [(1400, 0)] * 4 + [(1400, 0.5)], P2025)
    assert weak.rating_after is None
    assert weak.after.archive.games == 5  # type: ignore[union-attr]
    strong = _me(PlayerState(), [(2300, 1)] * 9, P2025)
    assert strong.rating_after == 2200


def test_a_zero_score_in_the_first_event_is_disregarded() -> None:
    me = _me(PlayerState(), [(1600, 0)] * 3, P2025)
    assert me.after.archive.games == 0  # type: ignore[union-attr]
    assert "a zero score in the first event is disregarded" in [str(n) for n in me.notes]


def test_a_batch_where_every_player_is_unrated_rates_nobody() -> None:
    players = {name: PlayerState() for name in "abcd"}
    games = (Game("a", "b", 1), Game("c", "d", 0.5))
    result = fide.rate(Batch(NOW, players, games), P2025)
    assert all(r.rating_after is None for r in result.results.values())


def test_the_2024_adjustment_raises_ratings_under_2000() -> None:
    assert adjustment_2024(1500, P2024) == 1700
    assert adjustment_2024(1000, P2024) == 1400
    assert adjustment_2024(2100, P2024) == 2100


def test_a_rating_dropping_below_1400_leaves_the_player_unrated() -> None:
    """Rating Regulations 2024, 7.2.1: players whose ratings drop below 1400 are shown as
    unrated on the next list and are thereafter treated as unrated players.
    1410 loses three games to 1410: We = 0.50 each, 1410 + 20 × (0 − 1.5) = 1380 < 1400."""
    me = _me(PlayerState(rating=1410, games=100), [(1410, 0)] * 3, P2025)
    assert me.rating_exact == 1380
    assert me.rating_after is None
    assert me.after.status == Status.UNRATED
    assert me.change is None
    assert str(me.notes[-1]) == (
        "1380 is below the rating floor 1400: unrated on the next list, then treated as "
        "an unrated player"
    )


def test_a_player_dropped_below_the_floor_is_then_rated_like_any_unrated_player() -> None:
    """7.2.1 ("thereafter treated as unrated players"), then the 2024 first rating: all
    games against rated players plus two draws against 1800. Five draws against 1500 after the drop:
    Ra = (5 × 1500 + 2 × 1800) / 7 = 1585.7, p = 0.5, Ru = 1586."""
    dropped = _me(PlayerState(rating=1410, games=100), [(1410, 0)] * 3, P2025).after
    again = _me(dropped, [(1500, 0.5)] * 5, P2025)
    assert again.rating_before is None
    assert again.rating_after == 1586
    assert again.k is None


def test_rating_is_deterministic() -> None:
    games = [(1650, 1), (1720, 0.5), (1580, 0)]
    first = _me(PlayerState(rating=1700, games=40), games)
    assert first == _me(PlayerState(rating=1700, games=40), games)

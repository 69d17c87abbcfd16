"""The Belgian rule on provisional newcomers (issue #26), against the texts.

Seed 000 (000_a562ae3ec984966f.txt): « Les parties contre des joueurs non classés ne sont
pas prises en compte »; « En réalité, on ne calcule de cote provisoire qu'avec au moins
10 parties jouées. A 20 parties, le calcul décrit ci-dessus fournit la première cote
habituelle ». A newcomer with a provisional rating (10 to 19 games) is not yet rated: a
rated player's game against them is not counted; the newcomer counts it.
"""

from dataclasses import replace
from datetime import date

from ratings.rules import frbe
from ratings.rules.base import Archive, Batch, Game, PlayerState, Status

DAY = date(2025, 3, 1)
CURRENT = frbe.Params()


def _provisional(rating: float, games: int) -> PlayerState:
    archive = Archive(games=games, opponents_sum=games * 1500.0, score=games / 2)
    return PlayerState(rating=rating, games=games, status=Status.PROVISIONAL, archive=archive)


def test_it_leaves_a_rated_1600_unchanged_when_losing_to_a_provisional_1500() -> None:
    """1600 (30 games: « K=32 de la 20e à la 100e partie ») loses to a provisional 1500
    (12 games). Counted, it would be 100 points, We = .64 (« 99-106 .64 »): 1600 + 32 ×
    (0 − .64) = 1579.52 → 1580. Not counted: 1600 stays 1600."""
    batch = Batch(
        DAY,
        {"me": PlayerState(rating=1600, games=30), "new": _provisional(1500, 12)},
        (Game("me", "new", 0),),
    )
    me = frbe.rate(batch, CURRENT)["me"]
    assert (me.rating_after, me.change, me.after.games) == (1600, 0, 30)
    assert me.games[0].counted is False
    assert str(me.games[0].note) == (
        "opponent provisional (not rated before 20 games): not counted"
    )
    counted = frbe.rate(batch, replace(CURRENT, provisional_opponents_count=True))["me"]
    assert counted.rating_after == 1580  # the figure the rule prevents


def test_it_still_counts_the_game_for_the_provisional_newcomer() -> None:
    """The newcomer's rating is « R = Rc + D(P) » over every game so far: 12 games at an
    average 1500 and 6 points, then a win against the 1600. 13 games, Rc = (18000 +
    1600) / 13 = 1507.69, P = 7 / 13 = .538 → .54, D(.54) = 29: 1536.69 → 1537."""
    batch = Batch(
        DAY,
        {"me": PlayerState(rating=1600, games=30), "new": _provisional(1500, 12)},
        (Game("me", "new", 0),),
    )
    new = frbe.rate(batch, CURRENT)["new"]
    assert (new.after.status, new.after.rating, new.after.games) == (
        Status.PROVISIONAL,
        1537,
        13,
    )


def test_it_counts_the_rated_opponents_of_the_same_period() -> None:
    """1600 beats a rated 1400 and loses to a provisional 1500: only the win counts.
    200 points, We = .76 (« 198-206 .76 »): 1600 + 32 × (1 − .76) = 1607.68 → 1608."""
    players = {
        "me": PlayerState(rating=1600, games=30),
        "rated": PlayerState(rating=1400, games=200),
        "new": _provisional(1500, 15),
    }
    batch = Batch(DAY, players, (Game("me", "rated", 1), Game("new", "me", 1)))
    me = frbe.rate(batch, CURRENT)["me"]
    assert [line.counted for line in me.games] == [True, False]
    assert (me.expected, me.rating_after) == (0.76, 1608)


def test_a_newcomer_rated_at_20_games_counts_again() -> None:
    """Once rated (« A 20 parties, [...] la première cote »), the player's games count:
    1600 loses to a rated 1500 (20 games): 1580, as computed above."""
    batch = Batch(
        DAY,
        {
            "me": PlayerState(rating=1600, games=30),
            "new": PlayerState(rating=1500, games=20, status=Status.RATED),
        },
        (Game("me", "new", 0),),
    )
    assert frbe.rate(batch, CURRENT)["me"].rating_after == 1580

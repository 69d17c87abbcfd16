"""Building batches for the rules' tests: one player against listed opponents."""

from collections.abc import Sequence
from datetime import date

from ratings.rules.base import Batch, Game, PlayerState

DAY = date(2025, 3, 1)


def against(
    me: PlayerState,
    games: Sequence[tuple[float | None, float]],
    *,
    day: date = DAY,
    opponent_games: int = 200,
    rounds: int | None = None,
    is_match: bool = False,
) -> Batch:
    """``me`` plays each (opponent rating, my score) in turn, as white."""
    players = {"me": me}
    played = []
    for n, (rating, score) in enumerate(games):
        players[f"o{n}"] = PlayerState(rating=rating, games=opponent_games if rating else 0)
        played.append(Game("me", f"o{n}", score, round=n + 1))
    return Batch(day, players, tuple(played), rounds=rounds, is_match=is_match)

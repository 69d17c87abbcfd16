"""Benchmark: one FIDE rating period of 1,000,000 games among 50,000 players.

Rates the period with the full rules (table, cap, K rules, K × games ≤ 700, breakdown
kept as arrays) through :func:`ratings.rules.fide.period.rate_arrays`, prints games per second
and peak memory, then rates the same games with the ``elote`` library's plain Elo and
prints the ratio. elote updates game by game in Python objects: it is timed on the first
``--elote-games`` games and its rate extrapolated (said in the output).

Run: ``.venv/bin/python -m benchmarks.fide_period``.
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc
from datetime import date

import numpy as np

from ratings.rules import fide, params_on
from ratings.rules.base import PlayerState
from ratings.rules.fide.k_factor import base_k
from ratings.rules.fide.period import rate_arrays, round_changes

SEED = 2024


def synthetic_period(players: int, games: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(SEED)
    ratings = np.clip(np.round(rng.normal(1800, 300, players)), 1000, 2850)
    ratings[rng.random(players) < 0.03] = np.nan  # some unrated newcomers
    white = rng.integers(0, players, games)
    black = (white + rng.integers(1, players, games)) % players
    outcome = rng.random(games)
    score = np.where(outcome < 0.4, 1.0, np.where(outcome < 0.7, 0.5, 0.0))
    played = rng.random(games) > 0.005
    games_before = rng.integers(0, 400, players)
    born = rng.integers(1950, 2016, players)
    peak = np.where(rng.random(players) < 0.05, 2400.0, ratings)
    return {
        "ratings": ratings,
        "white": white,
        "black": black,
        "score": score,
        "played": played,
        "games_before": games_before,
        "born": born,
        "peak": peak,
    }


def k_bases(data: dict[str, np.ndarray], day: date, params: fide.Params) -> np.ndarray:
    """Base K per player with the same rules as ``base_k``, vectorised."""
    ratings = np.nan_to_num(data["ratings"])
    junior = day.year <= data["born"] + params.junior_age
    k = np.full(len(ratings), params.k_default)
    k = np.where(ratings >= params.top_threshold, params.k_top, k)
    k = np.where(junior & (ratings < params.junior_below), params.k_junior, k)
    k = np.where(data["games_before"] < params.new_games, params.k_new, k)
    return np.where(data["peak"] >= params.top_threshold, params.k_top, k)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--elote-games", type=int, default=100_000)
    options = parser.parse_args()
    day = date(2025, 11, 1)
    params = params_on("fide", day)
    data = synthetic_period(options.players, options.games)
    _check_k_rules(data, day, params)

    tracemalloc.start()
    started = time.perf_counter()
    arrays = rate_arrays(
        data["ratings"],
        k_bases(data, day, params),
        data["white"],
        data["black"],
        data["score"],
        data["played"],
        params,
    )
    new_ratings = data["ratings"] + round_changes(arrays.total_change)
    elapsed = time.perf_counter() - started
    _current, peak_traced = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    ours = options.games / elapsed
    print(
        f"FIDE period: {options.games:,} games among {options.players:,} players in "
        f"{elapsed:.3f} s: {ours:,.0f} games/s "
        f"({int(arrays.counted.sum()):,} counted, breakdown kept as arrays)"
    )
    print(
        f"peak memory: {peak_traced / 2**20:.0f} MiB traced during the rating, "
        f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB process"
    )

    theirs = _elote(data, options.elote_games)
    print(
        f"elote plain Elo: {theirs:,.0f} games/s (timed on {options.elote_games:,} games); "
        f"ours is {ours / theirs:,.1f}× faster"
    )
    assert np.isfinite(new_ratings[~np.isnan(data["ratings"])]).all()


def _elote(data: dict[str, np.ndarray], games: int) -> float:
    from elote import EloCompetitor

    competitors = [
        EloCompetitor(initial_rating=float(r) if not np.isnan(r) else 1500.0, k_factor=20)
        for r in data["ratings"]
    ]
    white, black, score = data["white"][:games], data["black"][:games], data["score"][:games]
    started = time.perf_counter()
    for w, b, s in zip(white.tolist(), black.tolist(), score.tolist(), strict=True):
        if s == 1.0:
            competitors[w].beat(competitors[b])
        elif s == 0.0:
            competitors[b].beat(competitors[w])
        else:
            competitors[w].tied(competitors[b])
    return games / (time.perf_counter() - started)


def _check_k_rules(data: dict[str, np.ndarray], day: date, params: fide.Params) -> None:
    """The vectorised K matches the rule function on a sample of players."""
    k = k_bases(data, day, params)
    for i in range(0, len(k), max(1, len(k) // 500)):
        rating = None if np.isnan(data["ratings"][i]) else float(data["ratings"][i])
        state = PlayerState(
            rating=rating,
            games=int(data["games_before"][i]),
            birth_date=date(int(data["born"][i]), 6, 1),
            peak_rating=float(data["peak"][i]),
        )
        if rating is not None:
            assert base_k(state, day, params) == k[i], (i, state, k[i])


if __name__ == "__main__":
    main()

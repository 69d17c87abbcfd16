"""FIDE's development coefficient K: who is a junior, and each player's K at the start of
a period before the 700 limit (the limit is applied over the period's games in
:func:`.period.rate_arrays`).
"""

from __future__ import annotations

from datetime import date

from ..base import PlayerState
from .params import Params


def is_junior(state: PlayerState, day: date, params: Params) -> bool:
    """On ``day``, to the end of the year of the 18th birthday (``year_end``), or to the
    day before the 18th birthday (``birthday``); ``state.junior`` wins when given."""
    if state.junior is not None:
        return state.junior
    if state.birth_date is None:
        return False
    if params.junior_until == "birthday":
        age = state.age_on(day)
        return age is not None and age < params.junior_age
    return day.year <= state.birth_date.year + params.junior_age


def base_k(state: PlayerState, day: date, params: Params) -> float:
    """K before the 700 limit, from the state at the start of the period."""
    if params.k is not None:
        return params.k
    if state.list_k is not None:
        return state.list_k  # the K the official list gave for the next period
    rating = state.rating or 0
    if (state.peak or 0) >= params.top_threshold:
        return params.k_top
    if state.games < params.new_games:
        return params.k_new
    # « as long as their rating remains under 2300 »: the highest rating reached
    if is_junior(state, day, params) and (state.peak or 0) < params.junior_below:
        return params.k_junior
    if rating < params.top_threshold:
        return params.k_default
    return params.k_top

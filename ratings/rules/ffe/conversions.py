"""France: INGO, BRIDIER, BCR and Swiss ratings turned into Elo (end of seed 003, §5)."""

from __future__ import annotations

from .params import REGULATION, Params, Scale


def from_ingo(value: float, params: Params = REGULATION) -> float:
    """Élo = 2842 − 8 INGO (the German rating): INGO 100 is 2042."""
    return params.ingo_base - params.ingo_factor * value


def from_bridier(value: float, params: Params = REGULATION) -> float:
    """Élo = 3 BRIDIER + 150: BRIDIER 500 is 1650."""
    return params.bridier_factor * value + params.bridier_offset


def from_bcr(value: float, params: Params = REGULATION) -> float:
    """Élo = 8 BCR + 600 (British Chess Rating): BCR 200 is 2200."""
    return params.bcr_factor * value + params.bcr_offset


def from_swiss(value: float, params: Params = REGULATION) -> float:
    """Élo = 2 CS + 1000 (Classement suisse): CS 500 is 2000."""
    return params.swiss_factor * value + params.swiss_offset


_CONVERSIONS = {
    Scale.INGO: from_ingo,
    Scale.BRIDIER: from_bridier,
    Scale.BCR: from_bcr,
    Scale.SWISS: from_swiss,
}


def convert(value: float, scale: Scale | str, params: Params = REGULATION) -> float:
    """A rating on ``scale`` as an Elo (seed 003 §5)."""
    return _CONVERSIONS[Scale(scale)](value, params)

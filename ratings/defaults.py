"""What a fresh install rates with: the club Elo and the Belgian national system (like the
demo club); FIDE is there, disabled, for the administrator to enable.

The federations' published one-off adjustments are part of every system's default
history: each rule module's ``ADJUSTMENT_LABEL`` names it, and their day, threshold and
factor are the engine's parameters (``adjustment_day``, ``adjustment_threshold``,
``adjustment_factor``), so an administrator can tune them, or switch one off
(``adjustment_applied``), like any other parameter.
"""

from typing import Any

DEFAULT_SYSTEMS: list[dict[str, Any]] = [
    {"name": "Elo du club", "engine": "club", "role": "club", "enabled": True,
     "time_controls": []},
    {"name": "Elo FRBE-KBSB", "engine": "frbe", "role": "national", "enabled": True,
     "time_controls": ["standard"]},
    {"name": "Elo FIDE", "engine": "fide", "role": "fide", "enabled": False,
     "time_controls": ["standard"]},
]  # fmt: skip


def install_default_systems(rating_system_model: Any) -> None:
    """Create the default systems that are missing (the model may be a migration's)."""
    for values in DEFAULT_SYSTEMS:
        rating_system_model.objects.get_or_create(name=values["name"], defaults=values)

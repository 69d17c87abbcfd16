"""The federations' rating rules, as pure Python: no Django, no database, no clock.

Every system is a module of this package exposing:

- ``KEY`` and ``NAME``: its key in requests (``"fide"``) and its name for people;
- ``Params``: a frozen dataclass whose fields are every number of the regulation, each
  declared with :func:`ratings.rules.base.param` (label, help quoting the rule, unit,
  range) and defaulting to the current regulation; ``Params.periods`` holds the start
  days (``"MM-DD"``) of the rating periods in a year, empty for systems that rate per
  event;
- ``VERSIONS``: the dated versions of ``Params`` (:class:`~ratings.rules.base.Version`),
  so that a batch is rated with the rules in force on its day;
- ``rate(batch, params) -> BatchResult``: rates one batch for all its players at once.

The shared Elo mathematics lives in :mod:`ratings.rules.elo`.
"""

from __future__ import annotations

import importlib
from datetime import date
from types import ModuleType

from .base import version_on

SYSTEMS: dict[str, str] = {
    "fide": "ratings.rules.fide",
    "frbe": "ratings.rules.frbe",
    "ffe": "ratings.rules.ffe",
    "fqe": "ratings.rules.fqe",
    "fse": "ratings.rules.fse",
    "club": "ratings.rules.club",
}


class UnknownSystem(ValueError):
    pass


def system(key: str) -> ModuleType:
    """The module of the system ``key``; ``UnknownSystem`` names the known keys."""
    try:
        return importlib.import_module(SYSTEMS[key])
    except KeyError:
        known = ", ".join(SYSTEMS)
        raise UnknownSystem(f"unknown rating system {key!r}: choose one of {known}") from None


def params_on(key: str, day: date):  # type: ignore[no-untyped-def]
    """The parameters of system ``key`` in force on ``day``."""
    return version_on(system(key).VERSIONS, day).params

"""The federations' rating rules, as pure Python: no Django, no database, no clock.

:data:`SYSTEMS` is the one registry of the rating systems: the models' engine choices,
the calculator's form and API, the administrators' pages and the default configuration
all derive their lists from it. Every system is a module of this package (or a package
in it: ``fide``, ``ffe``) satisfying :class:`SystemModule`:

- ``KEY`` and ``NAME``: its key in requests (``"fide"``) and its name for people (English,
  marked with ``N_``; the web layer translates it);
- ``ROLE``: what the system rates for a club: ``"club"``, ``"national"`` or ``"fide"``;
- ``ADJUSTMENT_LABEL``: the label of the federation's published one-off adjustment, part
  of the system's default history (its day, threshold and factor are parameters), or None;
- ``Params``: a frozen dataclass whose fields are every number of the regulation, each
  declared with :func:`ratings.rules.parameters.param` (label, help quoting the rule, unit,
  range) and defaulting to the current regulation; ``Params.periods`` holds the start
  days (``"MM-DD"``) of the rating periods in a year, empty for systems that rate per
  event;
- ``VERSIONS``: the dated versions of ``Params`` (:class:`~ratings.rules.parameters.Version`),
  so that a batch is rated with the rules in force on its day;
- ``BOUNDS``: the inputs it accepts besides its parameters
  (:class:`~ratings.rules.parameters.Bounds`);
- ``rate(batch, params) -> BatchResult``: rates one batch for all its players at once.

The shared Elo mathematics lives in :mod:`ratings.rules.elo`.
"""

from __future__ import annotations

import importlib
from datetime import date
from typing import TYPE_CHECKING, Any, Protocol, cast

from .base import Batch, BatchResult
from .parameters import Bounds, Version, version_on


class SystemModule(Protocol):
    """What every system module exposes (the package's docstring says what each is)."""

    KEY: str
    NAME: str
    ROLE: str
    ADJUSTMENT_LABEL: str | None
    BOUNDS: Bounds
    VERSIONS: tuple[Version[Any], ...]

    @property
    def Params(self) -> type[Any]: ...

    def rate(self, batch: Batch, params: Any, /) -> BatchResult: ...


# The registry: each system's key and its module, in the order lists show them.
SYSTEMS: dict[str, str] = {
    "fide": "ratings.rules.fide",
    "frbe": "ratings.rules.frbe",
    "ffe": "ratings.rules.ffe",
    "fqe": "ratings.rules.fqe",
    "fse": "ratings.rules.fse",
    "club": "ratings.rules.club",
}

ROLES = ("club", "national", "fide")


class UnknownSystem(ValueError):
    pass


def system(key: str) -> SystemModule:
    """The module of the system ``key``; ``UnknownSystem`` names the known keys."""
    try:
        return cast(SystemModule, importlib.import_module(SYSTEMS[key]))
    except KeyError:
        known = ", ".join(SYSTEMS)
        raise UnknownSystem(f"unknown rating system {key!r}: choose one of {known}") from None


def names() -> list[tuple[str, str]]:
    """Every system as (key, English name), in the registry's order."""
    return [(key, system(key).NAME) for key in SYSTEMS]


def keys_with_role(role: str) -> list[str]:
    """The systems that can rate for ``role`` (one of :data:`ROLES`)."""
    return [key for key in SYSTEMS if role == system(key).ROLE]


def params_on(key: str, day: date) -> Any:
    """The parameters of system ``key`` in force on ``day``."""
    return version_on(system(key).VERSIONS, day).params


if TYPE_CHECKING:  # mypy checks that every registered module satisfies the protocol
    from . import club, ffe, fide, fqe, frbe, fse

    _MODULES: tuple[SystemModule, ...] = (fide, frbe, ffe, fqe, fse, club)

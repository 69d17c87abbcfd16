"""How a rating system declares its parameters and inputs, and dates them.

:func:`param` declares a field of a system's parameters dataclass with its label, the
rule it quotes and its bounds; :func:`check_ranges` and :func:`check_range` refuse a
number outside them (:class:`RangeError` names it); :class:`Bounds` states the inputs a
system accepts besides its parameters. :class:`Version` dates a system's parameters
(:func:`version_on` finds the one in force on a day), and :func:`period_bounds` the rating
period a day belongs to. Like :mod:`ratings.rules.base`, nothing here reads a database,
the clock or settings.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Generic, TypeVar


def param(
    default: Any,
    label: str,
    help: str = "",
    *,
    unit: str = "",
    min: float | None = None,
    max: float | None = None,
) -> Any:
    """A field of a system's parameters dataclass, described for the administrators' form.

    ``label``, ``help`` and ``unit`` are English, marked for translation and translated
    where they are shown (``ratings/params_form.py``): ``makemessages`` collects ``label`` as
    ``param``'s second argument, ``help`` and ``unit`` by their ``N_`` marker
    (``param(20, "K", N_("Rule 8.56: ..."), unit=N_("games"))``). ``help`` quotes the rule
    the value comes from. ``min`` and ``max`` are the field's bounds: every number has
    both, and every door (the calculator, its API and page, the administrators' form)
    refuses a value outside them. Mutable defaults (tuples are preferred) go through a
    factory.
    """
    metadata = {"label": label, "help": help, "unit": unit, "min": min, "max": max}
    if isinstance(default, list | dict | set):
        return field(default_factory=lambda: type(default)(default), metadata=metadata)
    return field(default=default, metadata=metadata)


class RangeError(ValueError):
    """A number outside its bounds: ``name`` is the parameter (or input) it was given for."""

    def __init__(self, message: str, name: str) -> None:
        super().__init__(message)
        self.name = name


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def shown(value: Any) -> str:
    """A value for a message: numbers plainly, other values as Python writes them, cut at
    60 characters; never a 5,000-digit string (Python refuses to print such an integer)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value) if abs(value) < 10**15 else "a number of more than 15 digits"
    if isinstance(value, float):
        return f"{value:g}"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_range(name: str, value: Any, low: float | None, high: float | None) -> None:
    """Raise :class:`RangeError` unless ``value`` is a finite number within [low, high]."""
    if isinstance(value, float) and not math.isfinite(value):
        raise RangeError(f"{name} must be a finite number, not {value}", name)
    if low is not None and value < low:
        raise RangeError(f"{name} must be at least {shown(low)}, not {shown(value)}", name)
    if high is not None and value > high:
        raise RangeError(f"{name} must be at most {shown(high)}, not {shown(value)}", name)


def check_ranges(params: Any) -> None:
    """Raise :class:`RangeError` naming the first field of ``params`` outside its bounds."""
    for f in dataclasses.fields(params):
        value = getattr(params, f.name)
        if is_number(value):
            check_range(f.name, value, f.metadata.get("min"), f.metadata.get("max"))


@dataclass(frozen=True, slots=True)
class Bounds:
    """What a system accepts besides its parameters, stated once per system (each system
    module's ``BOUNDS``): the calculator, its API and its page form read them.

    Ratings from 0 to 3500 cover every list ever published (the highest is under 2900);
    ``rounds`` go as far as the games a calculation takes; ``age`` bounds a birth date
    against the day of the calculation (not after it).
    """

    rating: tuple[float, float] = (0, 3500)
    games: tuple[int, int] = (0, 100_000)
    rounds: tuple[int, int] = (1, 500)
    age: tuple[int, int] = (0, 120)
    adjustment_factor: tuple[float, float] = (0, 1)  # a one-off R + f × (threshold − R)


P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class Version(Generic[P]):
    """The parameters of a system in force from ``since`` until the next version."""

    since: date
    params: P
    label: str


def version_on(versions: tuple[Version[P], ...], day: date) -> Version[P]:
    """The version in force on ``day``: the latest whose ``since`` is not after it.

    Before the first version, the first one applies.
    """
    ordered = sorted(versions, key=lambda v: v.since)
    current = ordered[0]
    for version in ordered:
        if version.since <= day:
            current = version
    return current


def period_bounds(day: date, starts: tuple[str, ...]) -> tuple[date, date]:
    """The rating period containing ``day``, as (first day, last day), for a calendar of
    period start days such as ``("01-01", "07-01")``."""
    if not starts:
        raise ValueError("a system that rates per event has no periods")
    marks = sorted((int(month), int(dd)) for month, dd in (s.split("-") for s in starts))
    candidates = sorted(
        date(year, month, dd)
        for year in (day.year - 1, day.year, day.year + 1)
        for month, dd in marks
    )
    first = max(c for c in candidates if c <= day)
    following = min(c for c in candidates if c > day)
    return first, following - timedelta(days=1)

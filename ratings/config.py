"""A system's parameters as administrators store them, and their changes in words.

Stored overrides are JSON: this module turns them back into the dataclass's types, for
the replay and for the calculator alike, checking each against its parameter, and writes
them again; a change between two stored configurations reads as one sentence a parameter
(the administrators' history). The form that edits them is :mod:`ratings.params_form`.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from datetime import date
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from lib.inputs import control_problem, year_problem
from lib.numbers import number as in_number_format
from ratings.rules.club import KRule
from ratings.rules.parameters import RangeError, check_range, is_number, shown


class ParameterError(ValueError):
    def __init__(self, message: str, name: str) -> None:
        super().__init__(message)
        self.name = name


def decode(current: Any, value: Any, name: str) -> Any:
    """A JSON value in the type of the parameter (``current``) it replaces."""
    if isinstance(current, enum.Enum):
        try:
            return type(current)(value)
        except ValueError:
            choices = ", ".join(str(m.value) for m in type(current))
            raise ParameterError(f"{shown(value)} is not one of {choices}", name) from None
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise ParameterError(f"{shown(value)} is not true or false", name)
        return value
    if isinstance(current, date):
        try:
            day = date.fromisoformat(value)
        except (TypeError, ValueError):
            raise ParameterError(f"{shown(value)} is not a date (YYYY-MM-DD)", name) from None
        if problem := year_problem(day):
            raise ParameterError(f"{name}: {problem}", name)
        return day
    if isinstance(current, tuple):
        if not isinstance(value, list | tuple):
            raise ParameterError("a list is expected", name)
        if current and isinstance(current[0], tuple):
            try:
                return tuple((int(edge), int(p)) for edge, p in value)
            except (TypeError, ValueError):
                raise ParameterError("a table row is [difference, hundredths]", name) from None
        if current and isinstance(current[0], KRule):
            try:
                return tuple(KRule(**row) for row in value)
            except RangeError as error:
                raise ParameterError(f"{name}: {error}", name) from None
            except TypeError as error:
                raise ParameterError(f"a K row is {{k, until_games, ...}}: {error}", name) from None
        if name == "periods":
            return _periods(value, name)
        return tuple(value)
    if isinstance(current, str):
        if not isinstance(value, str):
            raise ParameterError(f"{shown(value)} is not text", name)
        if problem := control_problem(value, one_line=True):
            raise ParameterError(f"{name}: {problem}", name)
        return value
    if value is None:
        return None
    if not is_number(value):
        raise ParameterError(f"{name} must be a number, not {shown(value)}", name)
    return value


def _whole(value: float, name: str) -> int:
    if isinstance(value, float) and not (math.isfinite(value) and value.is_integer()):
        raise ParameterError(f"{name} must be a whole number, not {shown(value)}", name)
    return int(value)


def _periods(value: Any, name: str) -> tuple[str, ...]:
    """Period start days, each "MM-DD"."""
    days = tuple(value)
    for day in days:
        try:
            date.fromisoformat(f"2024-{day}")  # a leap year: 02-29 is a day of the year
        except (TypeError, ValueError):
            raise ParameterError(f"{shown(day)} is not a day of the year (MM-DD)", name) from None
    if len(set(days)) != len(days):
        raise ParameterError("a period cannot start twice on the same day", name)
    return days


def apply(base: Any, overrides: dict[str, Any]) -> Any:
    """``base`` with the stored ``overrides``; unknown names and bad values raise: each
    value is checked against its parameter's type and metadata (empty only where the
    parameter may be, numbers within their bounds)."""
    if not isinstance(overrides, dict):
        raise ParameterError(
            f"the parameters are an object of names and values, not {shown(overrides)}", ""
        )
    fields = {f.name: f for f in dataclasses.fields(base)}
    changes = {}
    for name, value in overrides.items():
        if name not in fields:
            raise ParameterError(f"unknown parameter {shown(name)}", str(name))
        if value is None and "None" not in str(fields[name].type):
            raise ParameterError(f"{name} cannot be empty (null)", name)
        changes[name] = decode(getattr(base, name), value, name)
        if is_number(changes[name]):
            if fields[name].type in ("int", int):
                changes[name] = _whole(changes[name], name)
            meta = fields[name].metadata
            try:
                check_range(name, changes[name], meta.get("min"), meta.get("max"))
            except RangeError as error:
                raise ParameterError(str(error), name) from None
    try:
        return dataclasses.replace(base, **changes)
    except RangeError as error:
        raise ParameterError(str(error), error.name if error.name in fields else "") from None
    except (TypeError, ValueError) as error:
        raise ParameterError(str(error), _culprit(base, changes)) from None


def _culprit(base: Any, changes: dict[str, Any]) -> str:
    """The one parameter of ``changes`` the dataclass refuses on its own (its own checks
    in ``__post_init__`` name no field), or "" when none alone is refused."""
    for name, value in changes.items():
        try:
            dataclasses.replace(base, **{name: value})
        except (TypeError, ValueError):
            return name
    return ""


def encode(value: Any) -> Any:
    """A parameter's value as JSON."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, tuple):
        return [dataclasses.asdict(v) if isinstance(v, KRule) else v for v in value]
    return value


def overrides_of(params: Any, regulation: Any) -> dict[str, Any]:
    """The values of ``params`` that differ from the regulation's, as JSON."""
    return {
        f.name: encode(getattr(params, f.name))
        for f in dataclasses.fields(params)
        if getattr(params, f.name) != getattr(regulation, f.name)
    }


# The choices of the rules' enumerations, in words (the rules cannot import Django): the
# form's choices (ratings/params_form.py) and the history's sentences.
CHOICE_LABELS = {
    "logistic": gettext_lazy("Elo's logistic formula"),
    "normal": gettext_lazy("normal distribution"),
    "table": gettext_lazy("FIDE table by rating difference"),
    "half_up": gettext_lazy("to the nearest unit, halves up"),
    "half_away": gettext_lazy("to the nearest unit, halves away from zero"),
    "ten_half_up": gettext_lazy("to the nearest ten, fives up"),
    "none": gettext_lazy("not rounded"),
    "ingo": gettext_lazy("Ingo scale"),
    "bridier": gettext_lazy("Bridier scale"),
    "bcr": gettext_lazy("British Chess Rating scale"),
    "swiss": gettext_lazy("Swiss scale"),
}


# A configuration change in words (the administrators' history)


def _in_words(value: Any) -> str:
    if value is None or value == "":
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, str) and value in CHOICE_LABELS:
        return str(CHOICE_LABELS[value])
    if isinstance(value, dict):  # a K row
        parts = [_("K %(k)s") % {"k": in_number_format(value.get("k"))}]
        if value.get("until_games") is not None:
            parts.append(_("under %(n)s games") % {"n": in_number_format(value["until_games"])})
        if value.get("below_rating") is not None:
            parts.append(_("below %(r)s") % {"r": in_number_format(value["below_rating"])})
        if value.get("under_age") is not None:
            parts.append(_("under %(a)s years") % {"a": in_number_format(value["under_age"])})
        if value.get("until_year_of_age") is not None:
            parts.append(
                _("to the end of the year of age %(a)s")
                % {"a": in_number_format(value["until_year_of_age"])}
            )
        if value.get("reached_rating") is not None:
            parts.append(
                _("once %(r)s was reached") % {"r": in_number_format(value["reached_rating"])}
            )
        if value.get("peak_below") is not None:
            parts.append(_("never %(r)s or more") % {"r": in_number_format(value["peak_below"])})
        return " ".join(parts)
    if isinstance(value, list | tuple):
        if value and all(isinstance(row, list | tuple) for row in value):
            return _("a table of %(n)d rows") % {"n": len(value)}
        between = pgettext("between the items of a list of values", "; ")
        return between.join(_in_words(item) for item in value) or _("none")
    return in_number_format(value)


def change_in_words(engine: str, old: dict[str, Any], new: dict[str, Any], day: date) -> list[str]:
    """What a configuration change did, one sentence a parameter: its label, then the
    value before and after (a parameter absent from the overrides has the regulation's
    value)."""
    from ratings import rules

    regulation = rules.params_on(engine, day)
    specs = {f.name: f for f in dataclasses.fields(regulation)}
    lines = []
    for name in sorted(set(old) | set(new)):
        spec = specs.get(name)
        default = encode(getattr(regulation, name)) if spec is not None else None
        before, after = old.get(name, default), new.get(name, default)
        if before == after:
            continue
        label = _(spec.metadata["label"]) if spec is not None else name.replace("_", " ")
        lines.append(
            _("%(label)s: %(before)s → %(after)s")
            % {"label": label, "before": _in_words(before), "after": _in_words(after)}
        )
    return lines or [_("no change of value")]

"""A system's parameters as administrators see and store them.

The form is generated from the engine's ``Params`` dataclass, so that every number the
rules read is offered (a test checks it). Stored overrides are JSON: this module turns
them back into the dataclass's types, for the replay and for the calculator alike.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import re
from datetime import date
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from lib.inputs import BoundedInputs, control_problem, year_problem
from lib.limits import whole_number
from lib.numbers import number as in_number_format
from ratings.rules.base import RangeError, check_range, is_number, shown
from ratings.rules.club import KRULE_BOUNDS, KRule

K_ROWS = 6
KRULE_PARTS = (
    "k",
    "until_games",
    "below_rating",
    "under_age",
    "until_year_of_age",
    "reached_rating",
    "peak_below",
)
KRULE_WHOLE = ("until_games", "under_age", "until_year_of_age")  # parts that are whole numbers
# each part of a K row in words, as the K schedule's column headings name it
KRULE_LABELS = {
    "k": gettext_lazy("K"),
    "until_games": gettext_lazy("fewer games than"),
    "below_rating": gettext_lazy("rating below"),
    "under_age": gettext_lazy("age under"),
    "until_year_of_age": gettext_lazy("to the end of the year of age"),
    "reached_rating": gettext_lazy("once reached"),
    "peak_below": gettext_lazy("highest rating below"),
}


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


# --- the generated form --------------------------------------------------------------------


# The choices of the rules' enumerations, in words (the rules cannot import Django).
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
_SEED_NOTE = re.compile(r"\s*\((?:seeds?|seed) [0-9][^)]*\)|,? seeds? [0-9]{3}(?: and [0-9]{3})?")


# The texts the rules quote, by the number the rules' help texts give them ("Seed 003 §2.4").
SOURCES = {
    "000": gettext_lazy("The Wavre club's page on the Belgian rating"),
    "001": gettext_lazy("The encyclopedia article on the Elo rating"),
    "002": gettext_lazy("The Swiss text on the performance"),
    "003": gettext_lazy("The FFE national rating rules"),
    "004": gettext_lazy("The FQE rating rules"),
}
_SEED_NAME = re.compile(r"\bSeed ([0-9]{3})\b")


def help_in_words(text: str) -> str:
    """A parameter's help for people: translated, without the notes that name the test
    material it was checked against ("(seed 001)"), and the texts it quotes by their name
    ("Seed 003 §2.4" is the FFE national rating rules)."""
    if not text:
        return ""
    named = _SEED_NAME.sub(lambda m: str(SOURCES.get(m.group(1), m.group(0))), str(_(text)))
    return _SEED_NOTE.sub("", named)


def _field(spec: dataclasses.Field[Any], value: Any) -> forms.Field:
    meta = spec.metadata
    label = gettext_lazy(meta.get("label", spec.name))
    help_text: Any = lazy(help_in_words, str)(meta["help"]) if meta.get("help") else ""
    if meta.get("unit"):
        unit = gettext_lazy(meta["unit"])
        help_text = format_lazy("{} ({})", help_text, unit) if help_text else unit
    limits: dict[str, Any] = {"min_value": meta.get("min"), "max_value": meta.get("max")}
    common: dict[str, Any] = {"label": label, "help_text": help_text}
    if isinstance(value, enum.Enum):
        choices = [(m.value, CHOICE_LABELS.get(m.value, m.value)) for m in type(value)]
        return forms.ChoiceField(choices=choices, **common)
    if isinstance(value, bool):
        return forms.BooleanField(required=False, **common)
    if isinstance(value, date):
        # an ISO value, the only one a browser's date input reads
        widget = forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})
        return forms.DateField(widget=widget, **common)
    if isinstance(value, str):
        return forms.CharField(**common)
    if isinstance(value, int) and spec.type in ("int", int):
        return forms.IntegerField(**limits, **common)
    optional = value is None or "None" in str(spec.type)
    return forms.FloatField(required=not optional, **limits, **common)


class ParamsForm(BoundedInputs, forms.Form):
    """Every field of a system's ``Params``: numbers with their range, choices, dates, the
    periods as days of the year, and a K schedule as rows."""

    def __init__(self, params: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.base = params
        self.names: list[str] = []
        for spec in dataclasses.fields(params):
            value = getattr(params, spec.name)
            self.names.append(spec.name)
            if spec.name == "periods":
                self.fields["periods"] = forms.CharField(
                    label=gettext_lazy(spec.metadata.get("label", "periods")),
                    required=False,
                    help_text=_(
                        "Days the rating periods start, as MM-DD separated by commas; "
                        "empty: after every event."
                    ),
                    initial=", ".join(value),
                )
            elif value and isinstance(value, tuple) and isinstance(value[0], KRule):
                self._k_rows(value)
            elif value and isinstance(value, tuple) and isinstance(value[0], tuple):
                self.fields[spec.name] = forms.CharField(
                    label=gettext_lazy(spec.metadata.get("label", spec.name)),
                    help_text=_(
                        "One band a line: the highest difference of the band, then the "
                        "higher player's expected score in hundredths (e.g. 3 50)."
                    ),
                    widget=forms.Textarea(attrs={"rows": 6}),
                    initial="\n".join(f"{edge} {p}" for edge, p in value),
                )
            else:
                self.fields[spec.name] = _field(spec, value)
                self.fields[spec.name].initial = (
                    encode(value) if isinstance(value, enum.Enum) else value
                )

    def _k_rows(self, rules: tuple[KRule, ...]) -> None:
        for row in range(K_ROWS):
            rule = rules[row] if row < len(rules) else None
            for part in KRULE_PARTS:
                low, high = KRULE_BOUNDS[part]
                self.fields[f"k_schedule_{row}_{part}"] = forms.FloatField(
                    required=False,
                    min_value=low,
                    max_value=high,
                    label=capfirst(
                        _("%(part)s, row %(row)s") % {"part": KRULE_LABELS[part], "row": row + 1}
                    ),
                    initial=getattr(rule, part) if rule else None,
                )

    def k_rows(self) -> list[list[forms.BoundField]]:
        if "k_schedule_0_k" not in self.fields:
            return []
        return [[self[f"k_schedule_{r}_{p}"] for p in KRULE_PARTS] for r in range(K_ROWS)]

    def k_headings(self) -> list[str]:
        """The K schedule's column headings, as its boxes are labelled: K, Fewer games than..."""
        return [capfirst(str(KRULE_LABELS[part])) for part in KRULE_PARTS]

    def plain_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if not name.startswith("k_schedule_")]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        values: dict[str, Any] = {}
        for name in self.names:
            current = getattr(self.base, name)
            if name == "periods":
                values[name] = self._periods(data.get("periods", ""))
            elif current and isinstance(current, tuple) and isinstance(current[0], KRule):
                values[name] = self._schedule(data)
            elif current and isinstance(current, tuple) and isinstance(current[0], tuple):
                values[name] = self._table(data.get(name, ""))
            elif name in data:
                value = data[name]
                values[name] = type(current)(value) if isinstance(current, enum.Enum) else value
        try:
            self.params = dataclasses.replace(self.base, **values)
        except RangeError as error:
            if error.name in self.fields:
                self.add_error(error.name, str(error))
                return data
            raise forms.ValidationError(str(error)) from None
        except (TypeError, ValueError) as error:
            raise forms.ValidationError(str(error)) from None
        return data

    def _periods(self, text: str) -> tuple[str, ...]:
        days = tuple(part.strip() for part in text.split(",") if part.strip())
        for day in days:
            try:
                date.fromisoformat(f"2024-{day}")  # a leap year: 02-29 is a day of the year
            except ValueError:
                raise forms.ValidationError(
                    _("%(day)s is not a day of the year (MM-DD).") % {"day": day}
                ) from None
        if len(set(days)) != len(days):
            raise forms.ValidationError(_("A period cannot start twice on the same day."))
        return days

    def _table(self, text: str) -> tuple[tuple[int, int], ...]:
        rows = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            numbers = [whole_number(part) for part in line.split()]
            if len(numbers) != 2 or None in numbers:
                raise forms.ValidationError(
                    _("Table line %(n)s: two whole numbers are expected, not %(line)r.")
                    % {"n": number, "line": shown(line.strip())}
                )
            rows.append((int(numbers[0] or 0), int(numbers[1] or 0)))
        return tuple(rows)

    def _schedule(self, data: dict[str, Any]) -> tuple[KRule, ...]:
        rows = []
        for row in range(K_ROWS):
            parts: dict[str, Any] = {p: data.get(f"k_schedule_{row}_{p}") for p in KRULE_PARTS}
            if parts["k"] is None:
                if any(v is not None for v in parts.values()):
                    raise forms.ValidationError(
                        _("K schedule row %(n)s has no K.") % {"n": row + 1}
                    )
                continue
            whole = {p: int(parts[p]) for p in KRULE_WHOLE if parts[p] is not None}
            rows.append(KRule(**(parts | whole)))
        return tuple(rows)


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

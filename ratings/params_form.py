"""The administrators' form of a system's parameters, generated from the engine's
``Params`` dataclass so that every number the rules read is offered (a test checks it):
numbers with their range, choices, dates, the periods as days of the year, a table of
expected scores and a K schedule as rows. Labels, help texts and units, marked in the
rules, are translated here, the texts a help quotes named ("Seed 003 §2.4" is the FFE
national rating rules).
"""

from __future__ import annotations

import dataclasses
import enum
import re
from datetime import date
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from lib.inputs import BoundedInputs
from lib.limits import whole_number
from ratings.config import CHOICE_LABELS, encode
from ratings.rules.club import KRULE_BOUNDS, KRule
from ratings.rules.parameters import RangeError, shown

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

"""The calculator page's form: builds the same request the JSON API takes."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from lib.inputs import BoundedInputs
from ratings import rules
from ratings.models import RatingSystem, engine_choices

GAME_ROWS = 10
RESULTS = [("", "–"), ("1", "1"), ("0.5", "½"), ("0", "0")]
OPPONENT_STATUSES = [
    ("rated", _("rated")),
    ("provisional", _("provisional")),
    ("unrated", _("unrated")),
]


def _widest(ranges: list[tuple[Any, Any]]) -> tuple[Any, Any]:
    """The range that holds every system's: the form offers it, the calculator then checks
    the chosen system's own bounds (its error is shown next to the field)."""
    return min(low for low, _high in ranges), max(high for _low, high in ranges)


def _k_ranges() -> list[tuple[Any, Any]]:
    fields = [rules.system(key).Params.__dataclass_fields__.get("k") for key in rules.SYSTEMS]
    return [(f.metadata["min"], f.metadata["max"]) for f in fields if f is not None]


_BOUNDS = [rules.system(key).BOUNDS for key in rules.SYSTEMS]
RATINGS = _widest([b.rating for b in _BOUNDS])
GAMES = _widest([b.games for b in _BOUNDS])
ROUNDS = _widest([b.rounds for b in _BOUNDS])
ADJUSTMENT_FACTORS = _widest([b.adjustment_factor for b in _BOUNDS])
K_RANGE = _widest(_k_ranges())


class CalculatorForm(BoundedInputs, forms.Form):
    system = forms.ChoiceField(
        label=_("Rating system"),
        choices=engine_choices,
        initial="frbe",
    )
    rating = forms.IntegerField(
        label=_("Your rating"),
        required=False,
        min_value=RATINGS[0],
        max_value=RATINGS[1],
        help_text=_("Leave empty if you are not rated yet."),
    )
    games = forms.IntegerField(
        label=_("Rated games played before"),
        min_value=GAMES[0],
        max_value=GAMES[1],
        initial=30,
        required=False,
    )
    peak_rating = forms.IntegerField(
        label=_("Highest rating reached"),
        required=False,
        min_value=RATINGS[0],
        max_value=RATINGS[1],
        help_text=_(
            "Where a rule reads it (FIDE: K 10 once 2400 was reached; a junior's K 40 only "
            "while never 2300). Empty: your rating."
        ),
    )
    birth_date = forms.DateField(
        label=_("Birth date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Where a rule reads the exact age (juniors). Not kept."),
    )
    junior = forms.BooleanField(label=_("Junior"), required=False)
    k = forms.FloatField(
        label=_("K (optional)"),
        required=False,
        min_value=K_RANGE[0],
        max_value=K_RANGE[1],
        help_text=_("Leave empty to use the regulation's K."),
    )
    rounds = forms.IntegerField(
        label=_("Rounds of the event"),
        required=False,
        min_value=ROUNDS[0],
        max_value=ROUNDS[1],
        help_text=_("Where a rule depends on it (Québec bonus). Empty: the number of games."),
    )
    match = forms.BooleanField(
        label=_("A match between two players"),
        required=False,
        help_text=_("Where a rule depends on it (Québec: a match earns at most 50 points)."),
    )
    date = forms.DateField(
        label=_("Date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("The rules in force on this day apply. Empty: today."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for n in range(GAME_ROWS):
            self.fields[f"opponent_{n}"] = forms.IntegerField(
                label=_("Opponent %(n)s") % {"n": n + 1},
                required=False,
                min_value=RATINGS[0],
                max_value=RATINGS[1],
            )
            self.fields[f"result_{n}"] = forms.ChoiceField(
                label=_("Result %(n)s") % {"n": n + 1}, choices=RESULTS, required=False
            )
            self.fields[f"opponent_{n}"].widget.attrs.update(
                {"class": "form-control form-control-sm", "placeholder": _("unrated")}
            )
            self.fields[f"result_{n}"].widget.attrs.update({"class": "form-select form-select-sm"})
            self.fields[f"status_{n}"] = forms.ChoiceField(
                label=_("Opponent's standing %(n)s") % {"n": n + 1},
                choices=OPPONENT_STATUSES,
                required=False,
            )
            self.fields[f"status_{n}"].widget.attrs.update({"class": "form-select form-select-sm"})
            self.fields[f"event_{n}"] = forms.CharField(
                label=_("Event %(n)s") % {"n": n + 1}, required=False, max_length=200
            )
            self.fields[f"event_{n}"].widget.attrs.update(
                {"class": "form-control form-control-sm", "placeholder": _("same event")}
            )

    def main_fields(self) -> list[forms.BoundField]:
        names = (
            "system",
            "rating",
            "games",
            "peak_rating",
            "birth_date",
            "junior",
            "k",
            "rounds",
            "match",
            "date",
        )
        return [self[name] for name in names]

    def game_rows(self) -> list[tuple[forms.BoundField, ...]]:
        """Each game's fields: opponent, result, the opponent's standing, the event."""
        parts = ("opponent", "result", "status", "event")
        return [tuple(self[f"{part}_{n}"] for part in parts) for n in range(GAME_ROWS)]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not any(data.get(f"result_{n}") for n in range(GAME_ROWS)):
            raise forms.ValidationError(
                _("Enter at least one game: a result, and the opponent's rating.")
            )
        return data

    def request(self) -> dict[str, Any]:
        """The calculator request (shared/calculator.md) this form describes."""
        data = self.cleaned_data
        games = []
        for n in range(GAME_ROWS):
            if not data.get(f"result_{n}"):
                continue
            game = {"opponent": data.get(f"opponent_{n}"), "score": float(data[f"result_{n}"])}
            if data.get(f"status_{n}") in ("provisional", "unrated"):
                game["status"] = data[f"status_{n}"]
            if data.get(f"event_{n}"):
                game["event"] = data[f"event_{n}"]
            games.append(game)
        player: dict[str, Any] = {"rating": data.get("rating"), "games": data.get("games") or 0}
        if data.get("junior"):
            player["junior"] = True
        if data.get("peak_rating") is not None:
            player["peak_rating"] = data["peak_rating"]
        if data.get("birth_date"):
            player["birth_date"] = data["birth_date"].isoformat()
        request: dict[str, Any] = {"system": data["system"], "player": player, "games": games}
        if data.get("date"):
            request["date"] = data["date"].isoformat()
        if data.get("k") is not None:
            request["params"] = {"k": data["k"]}
        if data.get("rounds") is not None:
            request["rounds"] = data["rounds"]
        if data.get("match"):
            request["match"] = True
        return request

    def field_for(self, path: str) -> str | None:
        """The form field that a calculator error's JSON path points at."""
        if path.startswith("games["):
            index = int(path[6 : path.index("]")])
            rows = [n for n in range(GAME_ROWS) if self.cleaned_data.get(f"result_{n}")]
            if index < len(rows):
                part = {"status": "status", "event": "event"}.get(path.rsplit(".", 1)[-1])
                return f"{part or 'opponent'}_{rows[index]}"
        return {
            "system": "system",
            "player.rating": "rating",
            "player.games": "games",
            "player.peak_rating": "peak_rating",
            "player.birth_date": "birth_date",
            "params.k": "k",
            "rounds": "rounds",
            "match": "match",
            "date": "date",
        }.get(path)


def systems_with_k() -> list[str]:
    """Systems that take a K: the form offers the field for these."""
    return [
        key
        for key in rules.SYSTEMS
        if "k" in {f.name for f in rules.system(key).Params.__dataclass_fields__.values()}
    ]


class ReplayForm(BoundedInputs, forms.Form):
    system = forms.ModelChoiceField(
        label=_("Rating system"),
        queryset=RatingSystem.objects.enabled(),
        required=False,
        empty_label=_("Every enabled system"),
    )
    since = forms.DateField(
        label=_("From"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Empty: the whole history, from scratch."),
    )


class OfficialListForm(BoundedInputs, forms.Form):
    kind = forms.ChoiceField(
        label=_("List"),
        choices=[
            ("fide", _("FIDE: TXT or XML, combined or one category")),
            ("frbe", _("Belgian federation (FRBE-KBSB): PLAYER.DBF or CSV")),
        ],
    )
    file = forms.FileField(
        label=_("File"),
        help_text=_("As downloaded: .txt, .xml, .dbf, .csv, or a .zip holding one of them."),
    )
    list_date = forms.DateField(
        label=_("List of"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Empty: the date the list gives (FIDE's single-category lists do)."),
    )

"""Forms of the secretary's desk: events with their rounds, outside players."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.forms import BaseModelFormSet, modelformset_factory
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext_lazy as _

from chesslib.standings import Tiebreak, parse_tiebreaks
from club.federations import FederationField, FederationInput, federation_problem
from club.models import Event, Round
from desk.forms import languages
from desk.forms.national_ids import IssuerField, issuer_of_typed
from desk.services.events import DEFAULT_INTERVAL
from desk.services.registration import Outsider
from desk.standings import TIEBREAK_LABELS
from lib.inputs import BoundedInputs
from lib.limits import MAX_FIDE_ID, MAX_ROUNDS

DATETIME = {"type": "datetime-local"}
DATETIME_FORMAT = "%Y-%m-%dT%H:%M"


# Places offered for tie-breaks: more than an arbiter announces (C.07 lists them in
# order; an event seldom needs more than four or five).
TIEBREAK_PLACES = 7


class TiebreakWidget(forms.MultiWidget):
    """One select per place, in the order the tiebreaks apply. A plain comma-separated
    value under the field's own name is read too (scripts and older forms)."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        # in C.07's order (Articles 6 to 10, each rule followed by its cut forms)
        choices = [("", "—"), *((str(t), TIEBREAK_LABELS[t]) for t in Tiebreak)]
        widgets = [
            forms.Select(
                choices=choices,
                attrs={
                    "class": "form-select form-select-sm tiebreak-select w-auto",
                    "aria-label": format_lazy("{} {}", _("Tiebreak"), n),
                },
            )
            for n in range(1, TIEBREAK_PLACES + 1)
        ]
        super().__init__(widgets, attrs)

    def decompress(self, value: str | None) -> list[str]:
        keys = [k.strip() for k in (value or "").split(",") if k.strip()]
        return keys + [""] * (len(self.widgets) - len(keys))

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        if name in data:
            return data[name]
        return ",".join(v for v in super().value_from_datadict(data, files, name) if v)

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return name not in data and super().value_omitted_from_data(data, files, name)


class TiebreakField(forms.CharField):
    """The tiebreaks in the order they apply, stored as comma-separated keys."""

    widget = TiebreakWidget

    def validate(self, value: str) -> None:
        super().validate(value)
        try:
            keys = parse_tiebreaks(value)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        twice = sorted({str(k) for k in keys if keys.count(k) > 1})
        if twice:
            raise forms.ValidationError(
                _("Each tiebreak counts once: %(keys)s is chosen twice.")
                % {"keys": ", ".join(twice)}
            )

    def clean(self, value: Any) -> str:
        cleaned = super().clean(value)
        return ",".join(str(k) for k in parse_tiebreaks(cleaned))


# The usual tie-breaks by kind of tournament: Swiss (Buchholz family first), round robin
# and Scheveningen (the direct encounter, wins, Sonneborn-Berger and Koya, C.07's rules
# for pre-determined pairings), team
# (the players of a team match: the direct encounter, then Sonneborn-Berger).
TIEBREAK_PRESETS: dict[str, str] = {
    Event.System.SWISS: "buchholz_cut1,buchholz,sonneborn_berger",
    Event.System.ROUND_ROBIN: "direct_encounter,win,sonneborn_berger,koya",
    Event.System.SCHEVENINGEN: "direct_encounter,win,sonneborn_berger,koya",
    Event.System.MATCH: "direct_encounter,sonneborn_berger",
}
_USUAL_TIEBREAKS = TIEBREAK_PRESETS[Event.System.SWISS]
# What a new event of each kind usually is: the form is pre-filled with it (``?kind=``
# on the new event's address, and by the page's script when the kind is chosen).
KIND_DEFAULTS: dict[str, dict[str, Any]] = {
    Event.Kind.RAPID: {
        "time_control": Event.TimeControl.RAPID,
        "system": Event.System.SWISS,
        "rounds": 5,
        "interval_days": 0,
        "interval_minutes": 35,
        "tiebreaks": _USUAL_TIEBREAKS,
    },
    Event.Kind.BLITZ: {
        "time_control": Event.TimeControl.BLITZ,
        "system": Event.System.SWISS,
        "rounds": 7,
        "interval_days": 0,
        "interval_minutes": 15,
        "tiebreaks": _USUAL_TIEBREAKS,
    },
    Event.Kind.CHAMPIONSHIP: {
        "time_control": Event.TimeControl.STANDARD,
        "system": Event.System.ROUND_ROBIN,
        "rounds": 7,
        "interval_days": 7,
        "interval_minutes": 0,
        "tiebreaks": TIEBREAK_PRESETS[Event.System.ROUND_ROBIN],
    },
    Event.Kind.OPEN: {
        "time_control": Event.TimeControl.STANDARD,
        "system": Event.System.SWISS,
        "rounds": 9,
        "interval_days": 1,
        "interval_minutes": 0,
        "tiebreaks": _USUAL_TIEBREAKS,
    },
    Event.Kind.INTERCLUB: {
        "time_control": Event.TimeControl.STANDARD,
        "system": Event.System.MATCH,
        "rounds": 1,
        "interval_days": 0,
        "interval_minutes": 0,
        "tiebreaks": TIEBREAK_PRESETS[Event.System.MATCH],
    },
}


_RULES_WITH_DEFAULTS = (
    "cycles",
    "tiebreak_rating",
    "points_win",
    "points_draw",
    "points_loss",
    "points_forfeit_win",
    "no_bye_last_rounds",
)


class EventForm(BoundedInputs, forms.ModelForm):
    """An event; new rounds are generated (a number, the first date and the interval),
    the existing ones are edited in ``RoundFormSet`` beside it. The rating systems that
    rate it are not chosen here: each system's scope (kinds and time controls) decides."""

    tiebreaks = TiebreakField(
        label=_("Tiebreaks"),
        required=False,
        help_text=_(
            "Filled in with the usual ones for this kind of event (FIDE tie-break "
            "regulations, C.07): check them against the event's regulations. In the order "
            "they apply; leave the last places empty."
        ),
    )
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=0,
        max_value=MAX_ROUNDS,
        required=False,
        help_text=_("Created with the event, one every interval from the first round."),
    )
    first_round = forms.DateTimeField(
        label=_("First round"),
        required=False,
        widget=forms.DateTimeInput(attrs=DATETIME, format=DATETIME_FORMAT),
        help_text=_("Empty: at the event's start."),
    )
    interval_days = forms.IntegerField(
        label=_("Days between rounds"), min_value=0, max_value=60, initial=7, required=False
    )
    interval_minutes = forms.IntegerField(
        label=_("Minutes between rounds"),
        min_value=0,
        max_value=24 * 60,
        required=False,
        help_text=_("Added to the days: several rounds in one evening (e.g. 0 days, 35 minutes)."),
    )

    class Meta:
        model = Event
        fields = [
            "title",
            "kind",
            "venue",
            "start",
            "end",
            "time_control",
            "system",
            "accelerated",
            "cycles",
            "tiebreaks",
            "tiebreak_rating",
            "points_win",
            "points_draw",
            "points_loss",
            "points_forfeit_win",
            "max_half_byes",
            "no_bye_last_rounds",
            "chief_arbiter",
            "deputy_arbiters",
            "federation",
            "time_control_detail",
            "public",
            "description",
        ]
        widgets = {
            "start": forms.DateTimeInput(attrs=DATETIME, format=DATETIME_FORMAT),
            "end": forms.DateTimeInput(attrs=DATETIME, format=DATETIME_FORMAT),
            "description": forms.Textarea(attrs={"rows": 3}),
            "deputy_arbiters": forms.Textarea(attrs={"rows": 2}),
            "federation": FederationInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
        }

    def __init__(self, *args: Any, kind: str | None = None, **kwargs: Any) -> None:
        if not kwargs.get("instance") and kind in KIND_DEFAULTS:
            kwargs["initial"] = {"kind": kind, **KIND_DEFAULTS[kind], **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)
        for name in _RULES_WITH_DEFAULTS:  # left out (scripts, older forms): the default
            self.fields[name].required = False
        if self.is_bound and any(name not in self.data for name in _RULES_WITH_DEFAULTS):
            # an absent rule keeps its value, and is not a change in the event's history
            data = dict(self.data.items())
            for name in _RULES_WITH_DEFAULTS:
                if name not in data:
                    data[name] = getattr(self.instance, name)
            self.data = data
        languages.add_translations(self, "title", self.instance.translated_titles)
        languages.add_translations(self, "description", self.instance.translated_descriptions)
        if self.instance.pk:
            self.fields["rounds"].label = _("Rounds to add")
            self.fields["rounds"].help_text = _("After the last round, one every interval.")
            self.fields["first_round"].help_text = _("Empty: one interval after the last round.")

    def translations(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """The title's and the description's fields of each other language, in the
        site's order: a language's pair is shown together."""
        return list(
            zip(
                languages.translation_fields(self, "title"),
                languages.translation_fields(self, "description"),
                strict=True,
            )
        )

    def changed_fields(self) -> list[str]:
        """The event's fields the form changed (the other languages' titles, and their
        descriptions, as the one field that holds them), for the event's history."""
        names = set()
        for name in self.changed_data:
            if languages.is_translation(name, "title"):
                name = "translated_titles"
            elif languages.is_translation(name, "description"):
                name = "translated_descriptions"
            names.add(name)
        return sorted(names)

    def save(self, commit: bool = True) -> Event:
        self.instance.translated_titles = languages.posted_translations(
            self, "title", self.instance.translated_titles
        )
        self.instance.translated_descriptions = languages.posted_translations(
            self, "description", self.instance.translated_descriptions
        )
        return super().save(commit)

    def clean_federation(self) -> str:
        value = str(self.cleaned_data.get("federation") or "").strip().upper()
        if value and (problem := federation_problem(value)):
            raise forms.ValidationError(problem)
        return value

    def clean_deputy_arbiters(self) -> str:
        lines = [
            line.strip()
            for line in str(self.cleaned_data.get("deputy_arbiters") or "").splitlines()
        ]
        lines = [line for line in lines if line]
        if len(lines) > 20 or any(len(line) > 120 for line in lines):
            raise forms.ValidationError(
                _("At most 20 arbiters, one a line of at most 120 characters.")
            )
        return "\n".join(lines)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name in _RULES_WITH_DEFAULTS:
            if data.get(name) in (None, ""):
                data[name] = getattr(self.instance, name)  # the default, or as it was
        if data.get("start") and data.get("end") and data["end"] < data["start"]:
            self.add_error("end", _("The event cannot end before it starts."))
        win, draw, loss = (data.get(f"points_{k}") for k in ("win", "draw", "loss"))
        if None not in (win, draw, loss) and not win > draw >= loss >= 0:  # type: ignore[operator]
            self.add_error(
                "points_draw",
                _("A win scores more than a draw, a draw at least as much as a loss."),
            )
        if (data.get("points_forfeit_win") or 0) < 0:
            self.add_error("points_forfeit_win", _("A forfeit win cannot score below zero."))
        if data.get("cycles") == Event.Cycles.DOUBLE and data.get("system") != (
            Event.System.ROUND_ROBIN
        ):
            self.add_error("cycles", _("Only a round robin can be played in two cycles."))
        if data.get("accelerated") and data.get("system") != Event.System.SWISS:
            self.add_error("accelerated", _("Only a Swiss tournament can be accelerated."))
        existing = self.instance.rounds.count() if self.instance.pk else 0
        if existing + (data.get("rounds") or 0) > MAX_ROUNDS:
            self.add_error("rounds", _("At most %(n)s rounds in an event.") % {"n": MAX_ROUNDS})
        return data

    def interval(self) -> timedelta:
        days = self.cleaned_data.get("interval_days")
        minutes = self.cleaned_data.get("interval_minutes")
        if days is None and not minutes:
            return DEFAULT_INTERVAL
        return timedelta(days=days or 0, minutes=minutes or 0)

    def first_round_at(self) -> datetime | None:
        """When the first new round starts; None lets the service follow the last one."""
        first: datetime | None = self.cleaned_data.get("first_round")
        if first is None and not (self.instance.pk and self.instance.rounds.exists()):
            return self.cleaned_data.get("start")
        return first


class RoundForm(BoundedInputs, forms.ModelForm):
    class Meta:
        model = Round
        fields = ["starts_at"]
        widgets = {
            "starts_at": forms.DateTimeInput(
                attrs={**DATETIME, "class": "form-control form-control-sm"}, format=DATETIME_FORMAT
            )
        }


class BaseRoundFormSet(BaseModelFormSet):
    """The event's rounds: their dates, and a box to remove those not paired yet."""

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        kwargs.setdefault("queryset", event.rounds.order_by("number"))
        kwargs.setdefault("prefix", "round")
        super().__init__(*args, **kwargs)

    def dates(self) -> dict[int, datetime | None]:
        return {
            form.instance.pk: form.cleaned_data.get("starts_at")
            for form in self.forms
            if form.instance.pk and not form.cleaned_data.get("DELETE")
        }

    def removed(self) -> list[int]:
        return [form.instance.pk for form in self.deleted_forms if form.instance.pk]


RoundFormSet = modelformset_factory(
    Round, form=RoundForm, formset=BaseRoundFormSet, extra=0, can_delete=True
)


class OutsiderForm(BoundedInputs, forms.Form):
    """A player from outside the club, in one short form."""

    first_name = forms.CharField(label=_("First name"), max_length=80)
    last_name = forms.CharField(label=_("Last name"), max_length=80)
    fide_id = forms.IntegerField(
        label=capfirst(_("FIDE ID")), min_value=1, max_value=MAX_FIDE_ID, required=False
    )
    national_id = forms.CharField(label=_("National ID"), max_length=20, required=False)
    national_id_federation = IssuerField()
    federation = FederationField(required=False)
    rating = forms.IntegerField(label=_("Rating"), min_value=0, max_value=3500, required=False)
    team = forms.CharField(
        label=_("Team"), max_length=120, required=False, help_text=_("For team events.")
    )
    joined_round = forms.IntegerField(
        label=_("Joins in round"), min_value=1, max_value=MAX_ROUNDS, initial=1, required=False
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["national_id_federation"].initial = settings.CLUB_FEDERATION

    def outsider(self) -> Outsider:
        data = self.cleaned_data
        return Outsider(
            first_name=data["first_name"],
            last_name=data["last_name"],
            fide_id=data.get("fide_id"),
            national_id=data.get("national_id") or "",
            national_id_federation=issuer_of_typed(
                data.get("national_id") or "", data.get("national_id_federation") or ""
            ),
            federation=data.get("federation") or "",
            rating=data.get("rating"),
            team=data.get("team") or "",
        )

    def joins_in_round(self) -> int:
        return self.cleaned_data.get("joined_round") or 1

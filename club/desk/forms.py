from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import Event, Player
from club.standings import parse_tiebreaks


class EventForm(forms.ModelForm):
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=0,
        max_value=30,
        required=False,
        help_text=_("Created with the event, one every interval from the start."),
    )
    interval_days = forms.IntegerField(
        label=_("Days between rounds"), min_value=0, max_value=60, initial=7, required=False
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
            "tiebreaks",
            "public",
            "description",
        ]
        widgets = {
            "start": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "end": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "description": forms.Textarea(attrs={"rows": 3}),
        }

    def clean_tiebreaks(self) -> str:
        value = self.cleaned_data["tiebreaks"]
        try:
            parse_tiebreaks(value)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        return value

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("start") and data.get("end") and data["end"] < data["start"]:
            self.add_error("end", _("The event cannot end before it starts."))
        return data

    def interval(self) -> timedelta:
        return timedelta(days=self.cleaned_data.get("interval_days") or 7)


class OutsiderForm(forms.ModelForm):
    rating = forms.IntegerField(label=_("Rating"), min_value=0, max_value=3500, required=False)

    class Meta:
        model = Player
        fields = ["first_name", "last_name", "fide_id", "national_id", "federation"]

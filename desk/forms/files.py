"""The TRF import's preview: the event as the file describes it, which the secretary may
correct (title, kind, time control, dates) before anything is saved."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.models import Event
from desk.files.trf_preview import ImportedEvent
from lib.inputs import BoundedInputs

DATE = {"type": "date", "class": "form-control"}


class ImportedEventForm(BoundedInputs, forms.Form):
    title = forms.CharField(label=gettext_lazy("Title"), max_length=200)
    kind = forms.ChoiceField(
        label=gettext_lazy("Kind"),
        choices=[(k.value, k.label) for k in Event.Kind if k not in Event.Kind.not_played()],
    )
    time_control = forms.ChoiceField(
        label=gettext_lazy("Time control"), choices=Event.TimeControl.choices
    )
    start = forms.DateField(
        label=gettext_lazy("First day"), widget=forms.DateInput(attrs=DATE, format="%Y-%m-%d")
    )
    end = forms.DateField(
        label=gettext_lazy("Last day"), widget=forms.DateInput(attrs=DATE, format="%Y-%m-%d")
    )

    def __init__(self, data: Any = None, *, read: ImportedEvent) -> None:
        initial = {
            "title": read.title,
            "kind": read.kind,
            "time_control": read.time_control,
            "start": read.start,
            "end": read.end,
        }
        super().__init__(data, initial=initial, prefix="event")
        self.read = read

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        start, end = cleaned.get("start"), cleaned.get("end")
        if start and end and end < start:
            self.add_error("end", _("The last day cannot come before the first day."))
        title = cleaned.get("title")
        if title is not None and not title.strip():
            self.add_error("title", _("Give the tournament a title."))
        return cleaned

    def corrected(self) -> ImportedEvent:
        data = self.cleaned_data
        return ImportedEvent(
            title=data["title"].strip(),
            kind=data["kind"],
            time_control=data["time_control"],
            start=data["start"],
            end=data["end"],
            system=self.read.system,
            rounds=self.read.rounds,
        )

"""The desk's form of an event's online entry terms."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import EntryTerms
from desk.forms import languages
from desk.forms.events import DATETIME, DATETIME_FORMAT
from desk.services.entries import Terms
from lib.inputs import BoundedInputs

MAX_PLACES = 1000
MAX_RATING = 3500


class TermsForm(BoundedInputs, forms.ModelForm):
    """Whether the event takes entries from the public site, until when, how many, and
    the rating bounds."""

    class Meta:
        model = EntryTerms
        fields = ["open", "closes_at", "places", "rating", "rating_min", "rating_max", "fee"]
        widgets = {"closes_at": forms.DateTimeInput(attrs=DATETIME, format=DATETIME_FORMAT)}

    places = forms.IntegerField(
        label=_("Places"),
        min_value=1,
        max_value=MAX_PLACES,
        required=False,
        help_text=_("Beyond them, entries go on the waiting list. Empty: no limit."),
    )
    rating_min = forms.IntegerField(
        label=_("Lowest rating"), min_value=0, max_value=MAX_RATING, required=False
    )
    rating_max = forms.IntegerField(
        label=_("Highest rating"), min_value=0, max_value=MAX_RATING, required=False
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        languages.add_translations(self, "fee", self.instance.translated_fees)

    def translated_fees(self) -> list[forms.BoundField]:
        """The entry fee's fields in the other languages."""
        return languages.translation_fields(self, "fee")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        low, high = data.get("rating_min"), data.get("rating_max")
        if low is not None and high is not None and low > high:
            self.add_error("rating_max", _("The highest rating is below the lowest."))
        return data

    def terms(self) -> Terms:
        data = self.cleaned_data
        return Terms(
            open=data["open"],
            closes_at=data.get("closes_at"),
            places=data.get("places"),
            rating=data["rating"],
            rating_min=data.get("rating_min"),
            rating_max=data.get("rating_max"),
            fee=data.get("fee") or "",
            translated_fees=languages.posted_translations(
                self, "fee", self.instance.translated_fees
            ),
        )

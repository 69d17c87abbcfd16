"""The desk's forms for an event's categories and prizes: they read the values; what the
values must be (an age for an age group, places one after another) is checked by the
services (``desk.services.prizes``), whose refusals the views show on the field they
name."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import EventCategory, PrizeRules
from desk.services.prizes import (
    CLUB_LENGTH,
    CURRENCY_LENGTH,
    DESCRIPTION_LENGTH,
    MAX_AGE,
    MAX_AMOUNT,
    MAX_PLACES,
    MAX_RATING,
    NAME_LENGTH,
    CategorySpec,
)
from lib.inputs import BoundedInputs

OVERALL = ""  # the prize list's choice for the overall standings


class PrizeRulesForm(BoundedInputs, forms.Form):
    reference_date = forms.DateField(
        label=_("Reference date for ages"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("Ages are counted on this day. Empty: 1 January of the event's year."),
    )
    ties = forms.ChoiceField(
        label=_("Players level on points"),
        choices=PrizeRules.TieRule.choices,
        widget=forms.RadioSelect,
        help_text=_(
            "By the tie-breaks: the ranks decide. Shared equally: the players level on"
            " points pool the prizes of their places and share them. Hort system: each"
            " keeps half of the prize of their place, the other halves are shared."
        ),
    )
    share_categories = forms.BooleanField(
        label=_("Category prizes shared too"),
        required=False,
        help_text=_("Otherwise only the overall prizes are shared; categories go by tie-break."),
    )
    currency = forms.CharField(label=_("Currency"), max_length=CURRENCY_LENGTH)


class CategoryForm(BoundedInputs, forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=NAME_LENGTH,
        help_text=_("As the prize list shows it: U12, Women, 1600–1799."),
    )
    kind = forms.ChoiceField(label=_("Kind"), choices=EventCategory.Kind.choices)
    age = forms.IntegerField(
        label=_("Age"),
        min_value=1,
        max_value=MAX_AGE,
        required=False,
        help_text=_("Age groups: under this age, or this age and over, at the reference date."),
    )
    rating_source = forms.ChoiceField(
        label=_("Rating"),
        choices=EventCategory.Source.choices,
        initial=EventCategory.Source.FIDE,
        required=False,
        help_text=_("Rating bands and the unrated: the rating they read."),
    )
    rating_min = forms.IntegerField(
        label=_("From rating"), min_value=0, max_value=MAX_RATING, required=False
    )
    rating_max = forms.IntegerField(
        label=_("To rating (included)"), min_value=0, max_value=MAX_RATING, required=False
    )
    club_name = forms.CharField(
        label=_("Club"),
        max_length=CLUB_LENGTH,
        required=False,
        help_text=_("Clubs: a club's name as the players' records give it; empty: our members."),
    )

    def spec(self) -> CategorySpec:
        data = self.cleaned_data
        return CategorySpec(
            name=data["name"],
            kind=data["kind"],
            age=data.get("age"),
            rating_source=data.get("rating_source") or EventCategory.Source.FIDE,
            rating_min=data.get("rating_min"),
            rating_max=data.get("rating_max"),
            club_name=data.get("club_name") or "",
        )


class PrizeForm(BoundedInputs, forms.Form):
    category = forms.ChoiceField(label=_("List"), required=False)
    place = forms.IntegerField(label=_("Place"), min_value=1, max_value=MAX_PLACES)
    amount = forms.DecimalField(
        label=_("Amount"),
        min_value=Decimal(0),
        max_value=MAX_AMOUNT,
        max_digits=9,
        decimal_places=2,
        required=False,
    )
    description = forms.CharField(
        label=_("Description"),
        max_length=DESCRIPTION_LENGTH,
        required=False,
        help_text=_("A prize in kind, or beside the money: a cup, a book."),
    )

    def __init__(self, *args: Any, categories: list[EventCategory], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        chosen = self.fields["category"]
        assert isinstance(chosen, forms.ChoiceField)
        chosen.choices = [
            (OVERALL, _("Overall standings")),
            *((str(c.pk), c.name) for c in categories),
        ]

    def category_id(self) -> int | None:
        chosen = self.cleaned_data.get("category") or OVERALL
        return int(chosen) if chosen != OVERALL else None

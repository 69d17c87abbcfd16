"""The public site's forms: contact, a member's own data, and the online entry."""

from __future__ import annotations

import time
from typing import Any

from django import forms
from django.core import signing
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from club.federations import FederationField
from club.models import Member, Sex
from desk.services.entries import EntryRequest
from lib.inputs import MAX_YEAR, MIN_YEAR, BoundedInputs
from lib.limits import MAX_FIDE_ID


class ContactForm(BoundedInputs, forms.Form):
    name = forms.CharField(label=_("Your name"), max_length=100)
    email = forms.EmailField(label=_("Your e-mail"))
    message = forms.CharField(label=_("Message"), widget=forms.Textarea(attrs={"rows": 6}),
                              max_length=5000)  # fmt: skip
    # A field people never see: robots fill it in, and their message is dropped.
    website = forms.CharField(
        label=_("Leave this field empty"), required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )  # fmt: skip

    def is_spam(self) -> bool:
        return bool(self.cleaned_data.get("website"))


class OwnDataForm(BoundedInputs, forms.ModelForm):
    """What members correct themselves: their contact data and whether they are listed."""

    class Meta:
        model = Member
        fields = ["email", "phone", "address", "listed"]
        widgets = {"address": forms.Textarea(attrs={"rows": 2})}


# The online entry form -----------------------------------------------------------------------

STAMP_SALT = "club.entries.form"
# A person takes this long at least to fill the form in; a robot posts at once.
FORM_MIN_SECONDS = 3
# A form older than this is sent again from a fresh page.
FORM_MAX_SECONDS = 24 * 3600


def form_stamp() -> str:
    """The signed moment the form was shown, which the form sends back (``started``)."""
    return signing.dumps(time.time(), salt=STAMP_SALT)


def kept_stamp(sent: str) -> str:
    """The moment to send back with a form shown again after a refusal: the one it was
    sent with when that one is whole (a person who corrects one field and sends again at
    once is not "too fast"), else a new one."""
    try:
        signing.loads(sent, salt=STAMP_SALT, max_age=FORM_MAX_SECONDS)
    except signing.BadSignature:
        return form_stamp()
    return sent


def stamp_problem(stamp: str, now: float | None = None) -> str | None:
    """Why the form's moment is refused (altered, too old, sent too fast), or None."""
    now = time.time() if now is None else now
    try:
        shown = signing.loads(stamp, salt=STAMP_SALT, max_age=FORM_MAX_SECONDS)
    except signing.SignatureExpired:
        return gettext("The form was open too long: check your entry and send it again.")
    except signing.BadSignature:
        return gettext("The form was altered or is incomplete: check your entry and send it again.")
    if not isinstance(shown, int | float) or now - shown < FORM_MIN_SECONDS:
        return gettext("The form was sent too fast: check your entry and send it again.")
    return None


class EntryForm(BoundedInputs, forms.Form):
    """An entry for an event: the player chosen in the search (``player`` or ``listed``)
    or typed, and the entrant's private contact. The honeypot (``website``) and the
    moment the form was shown (``started``, signed) turn robots away."""

    player = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)
    listed = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)
    first_name = forms.CharField(label=_("First name"), max_length=80, required=False)
    last_name = forms.CharField(label=_("Last name"), max_length=80, required=False)
    sex = forms.ChoiceField(
        label=_("Sex"), choices=Sex.choices, required=False, widget=forms.RadioSelect
    )
    birth_year = forms.IntegerField(
        label=_("Birth year"), min_value=MIN_YEAR, max_value=MAX_YEAR, required=False
    )
    birth_date = forms.DateField(
        label=_("Birth date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("Optional: the year is enough."),
    )
    federation = FederationField(required=False)
    club_name = forms.CharField(label=_("Club"), max_length=120, required=False)
    fide_id = forms.IntegerField(
        label=capfirst(_("FIDE ID")),
        min_value=1,
        max_value=MAX_FIDE_ID,
        required=False,
        help_text=_("If you have one: your rating is then read from FIDE's list."),
    )
    email = forms.EmailField(
        label=_("E-mail"),
        max_length=254,
        help_text=_("For the confirmation of your entry; never shown on the site."),
    )
    phone = forms.CharField(
        label=_("Phone"),
        max_length=30,
        required=False,
        help_text=_("Optional, for the organisers only."),
    )
    remark = forms.CharField(
        label=_("Remark for the organisers"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    website = forms.CharField(
        label=_("Leave this field empty"), required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )  # fmt: skip
    started = forms.CharField(widget=forms.HiddenInput, required=False)

    TYPED = ("first_name", "last_name", "sex", "birth_year", "federation")

    def __init__(self, *args: Any, typing: bool = False, **kwargs: Any) -> None:
        """``typing``: the player is typed, not picked in the search; their name, sex,
        birth year and federation are then required."""
        super().__init__(*args, **kwargs)
        for name in self.TYPED:
            self.fields[name].required = typing

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("website"):
            self.add_error("website", _("This field must stay empty."))
        if data.get("player") is None and data.get("listed") is None:
            self._check_typed(data)
        # A form with fields to correct says only that: whether it came too fast (a robot's
        # sign) is asked of the form that would be saved (the moment is kept for it)
        if not self.errors and (problem := stamp_problem(data.get("started") or "")):
            self.add_error(None, problem)
        return data

    def _check_typed(self, data: dict[str, Any]) -> None:
        """A typed player: their details all given (a form not told it is typing did not
        require them), the birth date in the birth year."""
        for name in self.TYPED:
            if name not in self.errors and data.get(name) in (None, ""):
                self.add_error(name, _("This field is required."))
        born, year = data.get("birth_date"), data.get("birth_year")
        if born is not None and year is not None and born.year != year:
            self.add_error("birth_date", _("The birth date is not in the birth year."))

    def entry_request(self, language: str) -> EntryRequest:
        data = self.cleaned_data
        return EntryRequest(
            email=data["email"],
            language=language,
            player_id=data.get("player"),
            listed_id=data.get("listed") if data.get("player") is None else None,
            first_name=data.get("first_name") or "",
            last_name=data.get("last_name") or "",
            sex=data.get("sex") or "",
            birth_year=data.get("birth_year"),
            birth_date=data.get("birth_date"),
            federation=data.get("federation") or "",
            club_name=data.get("club_name") or "",
            fide_id=data.get("fide_id"),
            phone=data.get("phone") or "",
            remark=data.get("remark") or "",
        )

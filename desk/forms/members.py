"""Forms of the members' and accounts' pages of the desk."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from club.federations import FederationField
from club.models import Member, Player
from desk.forms.national_ids import IssuerField, issuer_of_typed
from desk.services.members import Role
from lib.inputs import BoundedInputs

DATE = {"type": "date"}


class PlayerForm(BoundedInputs, forms.ModelForm):
    """A member's player record. A national ID's issuer defaults to the club's
    federation, whatever federation the member plays for."""

    class Meta:
        model = Player
        fields = [
            "first_name", "last_name", "sex", "birth_date", "federation", "fide_id",
            "national_id", "national_id_federation",
        ]  # fmt: skip
        field_classes = {"national_id_federation": IssuerField}
        widgets = {"birth_date": forms.DateInput(attrs=DATE, format="%Y-%m-%d")}

    federation = FederationField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.instance.national_id:
            self.initial["national_id_federation"] = settings.CLUB_FEDERATION

    def clean_national_id_federation(self) -> str:
        national_id = str(self.cleaned_data.get("national_id") or "")
        return issuer_of_typed(national_id, self.cleaned_data["national_id_federation"])


class MemberForm(BoundedInputs, forms.ModelForm):
    class Meta:
        model = Member
        fields = ["since", "until", "status", "email", "phone", "address", "listed"]
        widgets = {
            "since": forms.DateInput(attrs=DATE, format="%Y-%m-%d"),
            "until": forms.DateInput(attrs=DATE, format="%Y-%m-%d"),
            "address": forms.Textarea(attrs={"rows": 2}),
        }


class LinkAccountForm(BoundedInputs, forms.Form):
    account = forms.ModelChoiceField(
        label=_("Existing account"),
        queryset=User.objects.filter(member__isnull=True).order_by("username"),
        help_text=_("Accounts not yet linked to a member."),
    )


ROLE_CHOICES = [
    (Role.MEMBER, _("member")),
    (Role.SECRETARY, _("secretary")),
    (Role.ADMINISTRATOR, _("administrator")),
]


class RoleForm(BoundedInputs, forms.Form):
    role = forms.ChoiceField(
        label=_("Role"),
        choices=[(value, capfirst(label)) for value, label in ROLE_CHOICES],
        widget=forms.RadioSelect,
    )
    active = forms.BooleanField(
        label=_("Active"), required=False, help_text=_("An inactive account cannot sign in.")
    )

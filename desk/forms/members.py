"""Forms of the members' and accounts' pages of the desk."""

from __future__ import annotations

from django import forms
from django.contrib.auth.models import User
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from club.federations import FederationField
from club.models import Member, Player
from desk.services.members import Role
from lib.inputs import BoundedInputs

DATE = {"type": "date"}


class PlayerForm(BoundedInputs, forms.ModelForm):
    class Meta:
        model = Player
        fields = [
            "first_name", "last_name", "sex", "birth_date", "federation", "fide_id",
            "national_id",
        ]  # fmt: skip
        widgets = {"birth_date": forms.DateInput(attrs=DATE, format="%Y-%m-%d")}

    federation = FederationField(required=False)


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

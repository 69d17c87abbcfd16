from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import Member
from lib.inputs import BoundedInputs


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

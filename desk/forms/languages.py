"""A text the club writes for its visitors (an event's description, an entry fee) in
each language the site offers: the model's field holds the text in the site's language
(``LANGUAGE_CODE``), a JSON field beside it the others by language code, and the form
gets one field a language, ``<field>_<code>``, named in that language ("Description
(Nederlands)"); ``club.models.texts`` chooses the one a page shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.conf import settings
from django.utils.text import format_lazy
from django.utils.translation import get_language_info
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def other_languages() -> list[str]:
    """The codes of the languages the site offers besides its own, in its order."""
    return [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def _labelled(label: StrOrPromise, code: str) -> StrOrPromise:
    return format_lazy("{} ({})", label, get_language_info(code)["name_local"])


def add_translations(form: forms.BaseForm, name: str, texts: dict[str, str]) -> None:
    """Beside the form's field ``name``, one field for each other language, holding
    ``texts`` (the JSON field's value); the field ``name`` is then labelled with the
    site's language and says it stands for the languages left empty."""
    field = form.fields[name]
    others = other_languages()
    if not others:
        return
    label = field.label or name.capitalize()
    for code in others:
        attrs = {**field.widget.attrs, "lang": code}
        form.fields[f"{name}_{code}"] = forms.CharField(
            label=_labelled(label, code),
            required=False,
            max_length=getattr(field, "max_length", None),
            widget=type(field.widget)(attrs=attrs),
            initial=texts.get(code, ""),
        )
    field.label = _labelled(label, settings.LANGUAGE_CODE)
    field.help_text = _("The text shown in every language without its own.")


def translation_fields(form: forms.BaseForm, name: str) -> list[forms.BoundField]:
    """The fields ``add_translations`` added beside ``name``, in the site's order."""
    return [form[f"{name}_{code}"] for code in other_languages() if f"{name}_{code}" in form.fields]


def posted_translations(form: forms.BaseForm, name: str, texts: dict[str, str]) -> dict[str, str]:
    """``texts`` with the languages the form posted (the form valid): a text emptied is
    gone, a language the post leaves out (or the site no longer offers) keeps its
    text."""
    texts = dict(texts)
    for code in other_languages():
        field = f"{name}_{code}"
        if field in form.fields and field in form.data:
            texts.pop(code, None)
            if text := form.cleaned_data[field].strip():
                texts[code] = text
    return texts


def is_translation(field: str, name: str) -> bool:
    """Whether the form's ``field`` is one of ``name``'s other languages."""
    return any(field == f"{name}_{code}" for code in other_languages())

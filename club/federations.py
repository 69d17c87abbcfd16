"""A player's federation as typed in a form: one of FIDE's codes
(``chesslib.fide_federations``), refused otherwise with a message naming the code typed and,
for an ISO 3166 code of a federation whose FIDE code differs, the code meant (DEU: Germany
is GER). The field offers FIDE's codes with their names in a ``<datalist>``, so that the
browser suggests them as the player types, each name in the page's language
(``federation_name``). The official lists' imports keep what the federation wrote: this
is for typing only."""

from __future__ import annotations

import functools
import gettext
import re
from typing import Any

import pycountry
from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy, override
from django.utils.translation import gettext as _

from chesslib.fide_federations import FEDERATIONS, ISO_CODES

# A FIDE code's country in ISO 3166 where the two codes differ (GER: DEU), from the table
# of ISO codes typed for a FIDE code; the others are the same in both (BEL, FRA).
COUNTRY_OF = {fide: iso for iso, fides in ISO_CODES.items() if len(fides) == 1 for fide in fides}
FIDES_OWN_NAME = {"TPE"}  # Chinese Taipei: FIDE's name, not ISO 3166's


@functools.cache
def _country_names(language: str) -> gettext.NullTranslations:
    """ISO 3166's country names in ``language``: pycountry's catalogues (an empty one
    for a language they lack: the English names)."""
    return gettext.translation(
        "iso3166-1", pycountry.LOCALES_DIR, languages=[language], fallback=True
    )


def federation_name(code: str) -> str:
    """The name of the federation of FIDE code ``code`` in the active language: its
    country's name as ISO 3166's translations give it (Allemagne, Duitsland for GER);
    FIDE's own English name in English, and for a federation that is no country of ISO
    3166 (England, Scotland, Wales, Kosovo, FIDE), one whose ISO code is another
    federation's FIDE code (Brunei, BRN: Bahrain) and one FIDE names otherwise."""
    name = FEDERATIONS[code]
    language = (get_language() or "en").split("-")[0]
    country = pycountry.countries.get(alpha_3=COUNTRY_OF.get(code, code))
    if language == "en" or country is None or code in FIDES_OWN_NAME:
        return name
    return _country_names(language).gettext(country.name)


def federation_problem(code: str) -> str | None:
    """Why ``code`` (upper case) is no FIDE federation code, or None when it is one."""
    if code in FEDERATIONS:
        return None
    if not re.fullmatch(r"[A-Z]{3}", code):
        return _("Three letters, e.g. BEL.")
    meant = ISO_CODES.get(code)
    if meant:
        return _("%(code)s is not a FIDE federation code: %(meant)s.") % {
            "code": code,
            "meant": ", ".join(
                _("%(name)s is %(fide)s") % {"name": federation_name(fide), "fide": fide}
                for fide in meant
            ),
        }
    return _(
        "%(code)s is not a FIDE federation code: choose one from the list (e.g. BEL for "
        "Belgium, FRA for France)."
    ) % {"code": code}


class FederationInput(forms.TextInput):
    """A text input followed by the ``<datalist>`` of FIDE's codes and names it suggests."""

    def render(
        self,
        name: str,
        value: Any,
        attrs: dict[str, Any] | None = None,
        renderer: Any = None,
    ) -> SafeString:
        known = {**(attrs or {})}
        known["list"] = f"{known.get('id') or 'id_' + name}-federations"
        options = _options((get_language() or "en").split("-")[0])
        field = super().render(name, value, known, renderer)
        return format_html('{}<datalist id="{}">{}</datalist>', field, known["list"], options)


@functools.cache
def _options(language: str) -> SafeString:
    """The datalist's options in ``language``, made once a language (a form with the
    field renders them at every page)."""
    with override(language):
        return format_html_join(
            "",
            '<option value="{}">{}</option>',
            ((c, federation_name(c)) for c in sorted(FEDERATIONS)),
        )


class FederationField(forms.CharField):
    """A FIDE federation code, typed in any case (stored in upper case), empty when not
    required."""

    widget = FederationInput

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", gettext_lazy("Federation"))
        kwargs.setdefault("help_text", gettext_lazy("FIDE code, e.g. BEL, FRA."))
        super().__init__(max_length=3, strip=True, **kwargs)
        self.widget.attrs.update({"autocomplete": "off", "spellcheck": "false"})

    def to_python(self, value: Any) -> str:
        return str(super().to_python(value)).upper()

    def validate(self, value: Any) -> None:
        super().validate(value)
        if value and (problem := federation_problem(value)):
            raise forms.ValidationError(problem, code="invalid")

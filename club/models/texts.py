"""Texts the club writes for its visitors in each language the site offers (an event's
title and description, an article's title and text, an entry fee): the model's own field
holds the text in the site's language (``LANGUAGE_CODE``), a JSON field beside it the
others by language code (``desk.forms.languages`` gives the form one field a language),
and a page shows the one of its language, or the site language's where it has none."""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def in_language(text: str, translations: dict[str, str], language: str) -> str:
    """``text`` (in the site's language), or its translation into ``language`` (a code)
    where ``translations`` has one."""
    translated = translations.get(language)
    return translated if isinstance(translated, str) and translated else text


def language_shown(translations: dict[str, str], language: str) -> str:
    """The language of the text ``in_language`` shows a page in ``language``: that one,
    or the site's where it has no text (a page marks the text so, ``lang``)."""
    return language if in_language("", translations, language) else settings.LANGUAGE_CODE


def translations_field(verbose_name: Any) -> Any:
    """The JSON field holding a text's other languages, by language code."""
    return models.JSONField(
        verbose_name,
        default=dict,
        blank=True,
        help_text=_("By language code, e.g. nl: the text shown on the pages in that language."),
    )


class WrittenInLanguages:
    """A model with texts written in several languages: ``TRANSLATIONS`` names, for each
    text field, the JSON field holding its other languages."""

    TRANSLATIONS: ClassVar[dict[str, str]]

    def text_in(self, name: str, language: str) -> str:
        """The text ``name`` as a page in ``language`` (a code such as ``nl``) shows it:
        written in that language, or else in the site's."""
        return in_language(getattr(self, name), getattr(self, self.TRANSLATIONS[name]), language)

    def language_of(self, name: str, language: str) -> str:
        """The language of the text ``name`` a page in ``language`` shows."""
        return language_shown(getattr(self, self.TRANSLATIONS[name]), language)

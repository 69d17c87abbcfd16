"""The desk's article form: the title and the Markdown text in the site's language, the
same in each other language the club offers (``desk.forms.languages``), one address."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.conf import settings
from django.utils.text import format_lazy, slugify
from django.utils.translation import get_language_info, gettext_lazy
from django.utils.translation import gettext as _

from club.models import Article
from desk.forms import languages
from lib.inputs import BoundedInputs


@dataclass(frozen=True)
class OtherLanguage:
    """One other language's fields, for the form's section of that language."""

    code: str
    name: str  # in its own words: "Nederlands"
    title: forms.BoundField
    body: forms.BoundField

    @property
    def filled(self) -> bool:
        """Whether the section has text or an error to show: it is then open."""
        return any(
            str(field.value() or "").strip() or field.errors for field in (self.title, self.body)
        )


@dataclass(frozen=True)
class Preview:
    """What a page in ``language`` would show of the article as the form holds it."""

    language: str
    title: str
    title_language: str  # the site's where the language has no title of its own
    body: str  # Markdown
    body_language: str

    @property
    def name(self) -> str:
        """The language's name in its own words."""
        return str(get_language_info(self.language)["name_local"])

    @property
    def borrowed(self) -> bool:
        """Whether the page shows the site language's title or text for want of its own."""
        return self.language != self.title_language or self.language != self.body_language


class ArticleForm(BoundedInputs, forms.ModelForm):
    class Meta:
        model = Article
        fields = ["title", "slug", "body"]
        widgets = {"body": forms.Textarea(attrs={"rows": 14})}
        help_texts = {
            "slug": gettext_lazy("The article's address; made from the title when left empty."),
            "body": gettext_lazy(
                "Markdown: a blank line between paragraphs, ## for a heading, **bold**, "
                "*italics*, [text](https://…) for a link, - for a list."
            ),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        markdown_help = self.fields["body"].help_text
        languages.add_translations(self, "title", self.instance.translated_titles)
        languages.add_translations(self, "body", self.instance.translated_bodies)
        for code in languages.other_languages():
            self.fields[f"body_{code}"].widget.attrs["rows"] = 10
        if languages.other_languages():  # the site language's text stands for the others
            self.fields["body"].help_text = format_lazy(
                "{} {}", markdown_help, self.fields["body"].help_text
            )

    def other_languages(self) -> list[OtherLanguage]:
        """Each other language the club offers, with its title's and text's fields."""
        return [
            OtherLanguage(
                code=code,
                name=get_language_info(code)["name_local"],
                title=self[f"title_{code}"],
                body=self[f"body_{code}"],
            )
            for code in languages.other_languages()
        ]

    def preview_languages(self) -> list[tuple[str, str]]:
        """The languages a preview can show, (code, name in its own words), the site's
        first."""
        return [(code, get_language_info(code)["name_local"]) for code, _name in settings.LANGUAGES]

    def clean_slug(self) -> str:
        slug = self.cleaned_data.get("slug") or slugify(self.cleaned_data.get("title", ""))[:200]
        if not slug:
            raise forms.ValidationError(_("Give the article an address made of letters."))
        if Article.objects.filter(slug=slug).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(_("Another article has this address: choose another."))
        return slug

    def _texts(self) -> Article:
        """The article with the texts the form posted (the form valid), unsaved."""
        article = self.instance
        article.translated_titles = languages.posted_translations(
            self, "title", article.translated_titles
        )
        article.translated_bodies = languages.posted_translations(
            self, "body", article.translated_bodies
        )
        return article

    def preview(self, language: str) -> Preview:
        """The article as a page in ``language`` (a code the site offers, else the site's
        own) would show it, the form valid: nothing saved."""
        if language not in dict(settings.LANGUAGES):
            language = settings.LANGUAGE_CODE
        article = self._texts()  # the instance holds the cleaned title and text already
        return Preview(
            language=language,
            title=article.text_in("title", language),
            title_language=article.language_of("title", language),
            body=article.text_in("body", language),
            body_language=article.language_of("body", language),
        )

    def save(self, commit: bool = True) -> Article:
        self._texts()
        return super().save(commit)

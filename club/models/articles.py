"""The articles the club's staff write."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from club.models.events import in_language, language_shown


class ArticleQuerySet(models.QuerySet["Article"]):
    def published(self) -> ArticleQuerySet:
        return self.filter(published_at__lte=timezone.now()).order_by("-published_at", "-pk")


class Article(models.Model):
    """A page of news or explanations, written in Markdown by the club's staff: its
    title and text in the site's language, and where the staff wish in the other
    languages the club offers (``desk.forms.languages``); one address for them all."""

    title = models.CharField(_("title"), max_length=200)
    translated_titles = models.JSONField(
        _("title in the other languages"),
        default=dict,
        blank=True,
        help_text=_("By language code, e.g. nl: the text shown on the pages in that language."),
    )
    slug = models.SlugField(_("slug"), max_length=200, unique=True)
    body = models.TextField(_("text"), help_text=_("Markdown."))
    translated_bodies = models.JSONField(
        _("text in the other languages"),
        default=dict,
        blank=True,
        help_text=_("By language code, e.g. nl: the text shown on the pages in that language."),
    )
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("author"),
    )

    objects = ArticleQuerySet.as_manager()

    class Meta:
        verbose_name = _("article")
        verbose_name_plural = _("articles")
        ordering = ["-published_at"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("article", args=[self.slug])

    def title_in(self, language: str) -> str:
        """The title in ``language`` (a code such as ``nl``), or, where none was written
        in it, the one written in the site's language."""
        return in_language(self.title, self.translated_titles, language)

    def body_in(self, language: str) -> str:
        """The Markdown text in ``language``, or the site language's where it has none."""
        return in_language(self.body, self.translated_bodies, language)

    def languages_shown(self, language: str) -> tuple[str, str]:
        """The languages of the title and the text a page in ``language`` shows."""
        return (
            language_shown(self.translated_titles, language),
            language_shown(self.translated_bodies, language),
        )

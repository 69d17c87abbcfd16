"""The articles the club's staff write."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from club.models.texts import WrittenInLanguages, translations_field


class ArticleQuerySet(models.QuerySet["Article"]):
    def published(self) -> ArticleQuerySet:
        return self.filter(published_at__lte=timezone.now()).order_by("-published_at", "-pk")


class Article(WrittenInLanguages, models.Model):
    """A page of news or explanations, written in Markdown by the club's staff: its
    title and text in the site's language, and where the staff wish in the other
    languages the club offers (``desk.forms.languages``); one address for them all."""

    TRANSLATIONS = {"title": "translated_titles", "body": "translated_bodies"}

    title = models.CharField(_("title"), max_length=200)
    translated_titles = translations_field(_("title in the other languages"))
    slug = models.SlugField(_("slug"), max_length=200, unique=True)
    body = models.TextField(_("text"), help_text=_("Markdown."))
    translated_bodies = translations_field(_("text in the other languages"))
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

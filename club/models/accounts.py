"""What the site remembers of a login account: its language."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AccountLanguage(models.Model):
    """The language an account last chose on the site (the language switch in the page's
    header): its pages after signing in, and the e-mails sent to it, are in that language
    (club/account_language.py)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="site_language",
        verbose_name=_("login account"),
    )
    # no choices: the site's languages are a setting (SITE_LANGUAGES), not a schema
    language = models.CharField(_("language"), max_length=7)

    class Meta:
        verbose_name = _("account language")
        verbose_name_plural = _("account languages")

    def __str__(self) -> str:
        return self.language

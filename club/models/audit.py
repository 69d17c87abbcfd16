"""The desk's audit log."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from club.models.events import Event


class ChangeLog(models.Model):
    """Who changed what in the secretary's desk, and when."""

    at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("user"),
    )
    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="changes",
        verbose_name=_("event"),
    )
    action = models.CharField(_("action"), max_length=60)
    details = models.JSONField(_("details"), default=dict, blank=True)

    class Meta:
        verbose_name = _("change")
        verbose_name_plural = _("changes")
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.user}: {self.action}"

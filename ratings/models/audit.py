"""The log of changes to the rating systems' configuration."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ratings.models.systems import RatingSystem


class ConfigChange(models.Model):
    """Who changed a system's configuration, when, from what to what."""

    system = models.ForeignKey(
        RatingSystem, on_delete=models.CASCADE, related_name="changes", verbose_name=_("system")
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    old = models.JSONField(_("old value"))
    new = models.JSONField(_("new value"))

    class Meta:
        verbose_name = _("configuration change")
        verbose_name_plural = _("configuration changes")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.system} {self.at:%Y-%m-%d %H:%M}"

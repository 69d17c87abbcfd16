"""Rating systems as the club configures them."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from club.models import Event, Player
from ratings import rules

if TYPE_CHECKING:
    from ratings.models.history import RatingAdjustment


def engine_choices() -> list[tuple[str, Any]]:
    """The engines an administrator can choose: the rules' registry, names translated."""
    return [(key, _(name)) for key, name in rules.names()]


ENGINE_CHOICES = engine_choices()


class RatingSystemQuerySet(models.QuerySet["RatingSystem"]):
    def enabled(self) -> RatingSystemQuerySet:
        return self.filter(enabled=True)

    def rating(self, event: Event) -> list[RatingSystem]:
        """The enabled systems that rate ``event``."""
        return [system for system in self.enabled() if system.rates(event)]


class RatingSystem(models.Model):
    """A configured system: an engine (a module of ``ratings.rules``), the club's
    overrides of its parameters, and which events it rates."""

    class Role(models.TextChoices):
        CLUB = "club", _("club rating")
        NATIONAL = "national", _("national rating")
        FIDE = "fide", _("FIDE rating")

    name = models.CharField(_("name"), max_length=80, unique=True)
    engine = models.CharField(_("engine"), max_length=10, choices=ENGINE_CHOICES)
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)
    enabled = models.BooleanField(_("enabled"), default=True)
    params = models.JSONField(
        _("parameters"),
        default=dict,
        blank=True,
        help_text=_("The club's changes to the regulation's parameters, by name."),
    )
    event_kinds = models.JSONField(
        _("event kinds"), default=list, blank=True, help_text=_("Empty: every kind.")
    )
    time_controls = models.JSONField(
        _("time controls"), default=list, blank=True, help_text=_("Empty: every time control.")
    )
    seed_games = models.PositiveSmallIntegerField(
        _("games behind a recorded rating"),
        default=30,
        help_text=_(
            "A player who enters the system with a rating from their record (national or "
            "FIDE) counts as having played this many games."
        ),
    )

    objects = RatingSystemQuerySet.as_manager()

    class Meta:
        verbose_name = _("rating system")
        verbose_name_plural = _("rating systems")
        ordering = ["role", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(engine__in=[key for key, _label in ENGINE_CHOICES]),
                name="rating_system_engine_known",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("ranking", args=[self.pk])

    @property
    def module(self) -> rules.SystemModule:
        return rules.system(self.engine)

    def params_on(self, day: date) -> Any:
        """The regulation in force on ``day`` with the club's overrides applied."""
        from ratings.config import apply

        base = rules.params_on(self.engine, day)
        return apply(base, self.params) if self.params else base

    def is_periodic(self, day: date) -> bool:
        return bool(self.params_on(day).periods)

    def rates(self, event: Event) -> bool:
        if event.kind in Event.Kind.not_played():
            return False
        kinds_ok = not self.event_kinds or event.kind in self.event_kinds
        controls_ok = not self.time_controls or event.time_control in self.time_controls
        return kinds_ok and controls_ok

    def federation_adjustments(self) -> list[tuple[RatingAdjustment, bool]]:
        """The federation's published one-off adjustments of this system's history
        (unsaved), each with whether the history applies it: it does unless the
        administrator switched it off (``adjustment_applied``) or added one of their own
        on the same day."""
        from ratings.models.history import RatingAdjustment  # history imports this module

        label = self.module.ADJUSTMENT_LABEL
        if label is None:
            return []
        params = self.params_on(date.max)
        adjustment = RatingAdjustment(
            system=self,
            day=params.adjustment_day,
            threshold=params.adjustment_threshold,
            factor=params.adjustment_factor,
            label=label,
        )
        by_hand = bool(self.pk) and self.adjustments.filter(day=adjustment.day).exists()
        return [(adjustment, params.adjustment_applied and not by_hand)]

    def published_adjustments(self) -> list[RatingAdjustment]:
        """The federation's adjustments that are part of this system's history."""
        return [adjustment for adjustment, applied in self.federation_adjustments() if applied]

    def seed_rating(self, player: Player) -> int | None:
        """The rating a player brings into the system from their record."""
        if self.role == self.Role.FIDE:
            return player.fide_rating
        return player.national_rating or player.fide_rating

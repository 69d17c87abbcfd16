"""Current ratings and rating history: the batches a system rated, their rows, and the
one-off adjustments.

History rows hold everything the member's pages show (the breakdown the rules returned),
so those pages never recompute. They also hold each player's full state after the batch,
so that a replay can restart from any batch and give exactly what a replay from scratch
gives.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from club.models import Event, Player
from ratings.models.systems import RatingSystem
from ratings.rules import elo
from ratings.rules.base import Archive, PlayerState, Status


class RatingStatus(models.TextChoices):
    UNRATED = Status.UNRATED.value, _("unrated")
    PROVISIONAL = Status.PROVISIONAL.value, _("provisional")
    RATED = Status.RATED.value, _("rated")


def is_estimated(period_end: date | None, today: date) -> bool:
    """A batch of a period still running (``period_end`` today or later) gives estimated
    ratings; its final figure comes when the period is over."""
    return period_end is not None and period_end >= today


def state_from_json(data: dict[str, Any]) -> PlayerState:
    stored = data.get("archive")
    archive = (
        Archive(**{**stored, "opponents": tuple(stored.get("opponents", ()))}) if stored else None
    )
    birth = date.fromisoformat(data["birth_date"]) if data.get("birth_date") else None
    return PlayerState(
        rating=data["rating"],
        games=data["games"],
        status=Status(data["status"]),
        birth_date=birth,
        junior=data.get("junior"),
        peak_rating=data.get("peak_rating"),
        archive=archive,
        list_k=data.get("list_k"),
    )


class Rating(models.Model):
    """A player's current standing in a system: the state after the last batch."""

    system = models.ForeignKey(
        RatingSystem, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("system")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player")
    )
    rating = models.FloatField(_("rating"), null=True, blank=True)
    games = models.PositiveIntegerField(_("rated games"), default=0)
    status = models.CharField(_("status"), max_length=12, choices=RatingStatus.choices)
    state = models.JSONField(_("state"), default=dict)
    last_batch = models.ForeignKey(
        "RatingBatch", on_delete=models.SET_NULL, null=True, related_name="+"
    )

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["system", "player"], name="rating_once_per_system"),
        ]
        indexes = [models.Index(fields=["system", "-rating"], name="rating_ranking_idx")]

    def __str__(self) -> str:
        return f"{self.player} {self.system}: {self.rating}"


class RatingBatchQuerySet(models.QuerySet["RatingBatch"]):
    def in_order(self) -> RatingBatchQuerySet:
        return self.order_by("day", "order", "pk")


class RatingBatch(models.Model):
    """One unit a system rated: an event, a rating period, an official list or a one-off
    adjustment."""

    class Kind(models.TextChoices):
        EVENT = "event", _("event")
        PERIOD = "period", _("rating period")
        OFFICIAL = "official", _("official list")
        ADJUSTMENT = "adjustment", _("adjustment")

    system = models.ForeignKey(
        RatingSystem, on_delete=models.CASCADE, related_name="batches", verbose_name=_("system")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    day = models.DateField(_("day"))
    order = models.PositiveIntegerField(_("order within the day"), default=0)
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="rating_batches"
    )
    period_start = models.DateField(_("period start"), null=True, blank=True)
    period_end = models.DateField(_("period end"), null=True, blank=True)
    label = models.CharField(_("label"), max_length=200)

    objects = RatingBatchQuerySet.as_manager()

    class Meta:
        verbose_name = _("rating batch")
        verbose_name_plural = _("rating batches")
        ordering = ["day", "order", "pk"]
        indexes = [models.Index(fields=["system", "day", "order"], name="batch_timeline_idx")]

    def __str__(self) -> str:
        return self.label

    def is_estimated(self, today: date) -> bool:
        return is_estimated(self.period_end, today)


class RatingChange(models.Model):
    """One player's row of a batch: before, after, and the calculation."""

    # No index of their own: the unique (batch, player) and the index (player, batch)
    # serve the lookups by batch and by player, and a replay writes one row less in
    # each of two indexes for every player of every batch.
    batch = models.ForeignKey(
        RatingBatch,
        on_delete=models.CASCADE,
        related_name="changes",
        verbose_name=_("batch"),
        db_index=False,
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("player"),
        db_index=False,
    )
    rating_before = models.FloatField(_("rating before"), null=True)
    rating_after = models.FloatField(_("rating after"), null=True)
    rating_exact = models.FloatField(_("exact rating"), null=True)
    status = models.CharField(_("status"), max_length=12, choices=RatingStatus.choices)
    games = models.PositiveSmallIntegerField(_("games"), default=0)
    score = models.DecimalField(_("score"), max_digits=6, decimal_places=1, default=0)
    expected = models.FloatField(_("expected score"), null=True)
    k = models.FloatField("K", null=True)
    performance = models.FloatField(_("performance"), null=True)
    performance_exact = models.FloatField(_("exact performance"), null=True)
    state = models.JSONField(_("state after"), default=dict)
    breakdown = models.JSONField(_("breakdown"), default=dict)

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            models.UniqueConstraint(fields=["batch", "player"], name="change_once_per_batch"),
        ]
        indexes = [models.Index(fields=["player", "batch"], name="change_player_idx")]

    def __str__(self) -> str:
        return f"{self.player}: {self.rating_before} → {self.rating_after}"

    @property
    def change(self) -> float | None:
        if self.rating_before is None or self.rating_after is None:
            return None
        return self.rating_after - self.rating_before


class RatingAdjustment(models.Model):
    """A one-off change of every rating under a threshold on a day, like FIDE's of March
    2024 or the Belgian federation's of April 2024: R + factor × (threshold − R). It is a
    batch of the history of its own, replayed like any other."""

    system = models.ForeignKey(
        RatingSystem, on_delete=models.CASCADE, related_name="adjustments", verbose_name=_("system")
    )
    day = models.DateField(_("day"))
    threshold = models.FloatField(_("threshold"), help_text=_("Ratings under it are raised."))
    factor = models.FloatField(_("factor"), help_text=_("R + factor × (threshold − R)."))
    label = models.CharField(_("label"), max_length=200)

    class Meta:
        verbose_name = _("adjustment")
        verbose_name_plural = _("adjustments")
        ordering = ["day"]
        constraints = [
            models.CheckConstraint(
                condition=Q(factor__gte=0, factor__lte=1), name="adjustment_factor_range"
            ),
        ]

    def __str__(self) -> str:
        return self.label

    def adjusted(self, rating: float) -> float:
        if rating >= self.threshold:
            return rating
        # rounded like the federations' own formula (fide/frbe ``adjustment_2024``)
        return float(elo.round_half_up(rating + self.factor * (self.threshold - rating)))

"""What a member's page shows at the top of their ratings, one row per player and system,
written by the replay in the transaction that writes the history it sums up, and by the
official lists' import (``ratings.services.summary``): the page reads it instead of the
whole history and the lists."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from club.models import Player
from ratings.models.history import RatingBatch, RatingStatus
from ratings.models.systems import RatingSystem

# The changes a summary keeps, newest first: the first page of the member's history table
NEWEST_CHANGES = 10


class RatingSummary(models.Model):
    """A player's history in a system summed up: the current rating and status (as
    ``Rating``), the rated games, the last change and its day, the last batch (whose
    period, while it runs, makes the rating an estimate) and the chart's points, oldest
    first, each
    ``[day (ISO), rating after (to 0.1), change (to 0.1, or null), batch kind, batch
    label]``, and its newest ``NEWEST_CHANGES`` changes as the history table shows them,
    newest first, each ``[batch id, day (ISO), batch order, batch kind, batch label,
    event id, period end (ISO), rating before, rating after, games, score, performance,
    exact performance]`` (null where the change has none); and the player's rating on the
    newest of the system's official lists that rates them, with that list's day. The
    member's page reads them here rather than in the history and the lists. A player has a
    summary in a system where they have a history or a listed rating in it (one with a
    listed rating only has no rating, status or changes)."""

    system = models.ForeignKey(
        RatingSystem, on_delete=models.CASCADE, related_name="summaries", verbose_name=_("system")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_summaries", verbose_name=_("player")
    )
    rating = models.FloatField(_("rating"), null=True)
    status = models.CharField(_("status"), max_length=12, choices=RatingStatus.choices)
    games = models.PositiveIntegerField(_("rated games"), default=0)
    changes = models.PositiveIntegerField(_("changes"), default=0)
    last_change = models.FloatField(_("last change"), null=True)
    last_day = models.DateField(_("day of the last change"), null=True)
    # the last batch summed up: a batch deleted outside a replay (its event deleted) leaves
    # null here, and the next replay of the system sums the player up again
    last_batch = models.ForeignKey(
        RatingBatch, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    points = models.JSONField(_("chart points"), default=list)
    newest = models.JSONField(_("newest changes"), default=list)
    listed_rating = models.PositiveSmallIntegerField(_("rating on the newest list"), null=True)
    listed_day = models.DateField(_("day of the newest list"), null=True)

    class Meta:
        verbose_name = _("rating summary")
        verbose_name_plural = _("rating summaries")
        constraints = [
            models.UniqueConstraint(fields=["player", "system"], name="summary_once_per_system"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.system}: {self.rating}"

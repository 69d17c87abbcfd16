"""Recalculations run in the background."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from club.models import Event
from ratings.models.systems import RatingSystem


class ReplayJobQuerySet(models.QuerySet["ReplayJob"]):
    def pending(self) -> ReplayJobQuerySet:
        """Queued or running: the ratings they recalculate are about to change."""
        return self.filter(state__in=ReplayJob.PENDING)


class ReplayJob(models.Model):
    """A recalculation run in the background, with its progress."""

    class State(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    # the states of a job still to finish: the ratings it recalculates are about to change
    PENDING = (State.QUEUED, State.RUNNING)

    system = models.ForeignKey(
        RatingSystem, on_delete=models.CASCADE, null=True, blank=True, related_name="jobs"
    )
    since = models.DateField(_("since"), null=True, blank=True)
    # the event whose closing, reopening, cancelling or correction queued this job (its
    # desk page shows the progress); empty for an administrator's recalculation
    event = models.ForeignKey(
        Event,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="replay_jobs",
        verbose_name=_("event"),
    )
    state = models.CharField(_("state"), max_length=8, choices=State.choices, default=State.QUEUED)
    done = models.PositiveIntegerField(_("batches done"), default=0)
    total = models.PositiveIntegerField(_("batches in all"), default=0)
    error = models.TextField(_("error"), blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # a failed or interrupted job, once restarted, links to the job that replaced it
    restarted_as = models.OneToOneField(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="restart_of",
        verbose_name=_("restarted as"),
    )

    objects = ReplayJobQuerySet.as_manager()

    class Meta:
        verbose_name = _("recalculation")
        verbose_name_plural = _("recalculations")
        ordering = ["-created_at"]
        indexes = [
            # "is a recalculation under way?", asked by every member's page: the pending
            # jobs alone, not the years of finished ones
            models.Index(
                fields=["state"],
                condition=models.Q(state__in=("queued", "running")),
                name="replayjob_pending",
            )
        ]

    def __str__(self) -> str:
        return f"{self.system or _('all systems')}: {self.get_state_display()}"

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0

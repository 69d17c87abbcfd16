"""The federations' official lists: the ratings they publish, the lists uploaded and
their imports, and the lines of the newest list of each kind."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from club.models import Player
from ratings.models.systems import RatingSystem


class OfficialRating(models.Model):
    """A rating published by a federation's list: the anchor later estimates continue
    from."""

    system = models.ForeignKey(
        RatingSystem, on_delete=models.CASCADE, related_name="official", verbose_name=_("system")
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="official_ratings")
    list_date = models.DateField(_("list date"))
    rating = models.PositiveSmallIntegerField(_("rating"))
    games = models.PositiveIntegerField(_("games"), null=True, blank=True)
    # the K factor the list gives (FIDE's): the rules rate the next period with it
    k = models.PositiveSmallIntegerField(_("K factor"), null=True, blank=True)
    title = models.CharField(_("title"), max_length=3, blank=True)
    inactive = models.BooleanField(_("inactive"), default=False)
    source = models.CharField(_("source"), max_length=200)
    official_list = models.ForeignKey(
        "OfficialList",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="ratings",
        verbose_name=_("list"),
    )

    class Meta:
        verbose_name = _("official rating")
        verbose_name_plural = _("official ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["system", "player", "list_date"], name="official_once_per_list"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.rating} ({self.list_date})"


STALE_AFTER = timedelta(minutes=10)  # an import silent this long has lost its worker


class OfficialList(models.Model):
    """An official list an administrator uploaded, its import's progress and result."""

    class State(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")
        CANCELLED = "cancel", _("cancelled")

    kind = models.CharField(_("list"), max_length=10)
    # where the upload is kept for the task worker (settings.OFFICIAL_LISTS_DIR)
    path = models.CharField(_("stored file"), max_length=500)
    file_name = models.CharField(_("file name"), max_length=200)
    list_date = models.DateField(_("list date"), null=True, blank=True)
    layout = models.CharField(_("layout"), max_length=20, blank=True)
    state = models.CharField(_("state"), max_length=8, choices=State.choices, default=State.QUEUED)
    done = models.PositiveBigIntegerField(_("bytes read"), default=0)
    total = models.PositiveBigIntegerField(_("bytes in all"), default=0)
    # lines by what became of them ("imported", "not ours", ...), ratings by system
    counts = models.JSONField(_("counts"), default=dict, blank=True)
    newer_list = models.DateField(_("newer list already loaded"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # the refusal of a bad file, translated when shown: {"line", "template", "values"}
    refusal = models.JSONField(_("refusal"), default=dict, blank=True)
    # written by the worker while it reads the list: a running import whose beat is older
    # than STALE_AFTER lost its worker (killed, restarted) and is shown as stopped
    beat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    # its lines are the ones the searches read (ListedPlayer): the newest list of its kind
    listed = models.BooleanField(_("searched"), default=False)

    class Meta:
        verbose_name = _("official list")
        verbose_name_plural = _("official lists")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.kind} {self.file_name}"

    @property
    def percent(self) -> int:
        if self.state == self.State.DONE:
            return 100
        return min(100, round(100 * self.done / self.total)) if self.total else 0

    @property
    def stopped(self) -> bool:
        """Running, but its worker has given no sign of life for
        ``STALE_AFTER``: killed or lost, it will not finish; it can be started again."""
        if self.state != self.State.RUNNING:
            return False
        beat = self.beat_at or self.created_at
        return beat is not None and timezone.now() - beat > STALE_AFTER


class ListedPlayer(models.Model):
    """A line of the newest official list of a kind (every player it names, the club's
    or not), kept so that the searches find a player by name, FIDE ID or national ID
    before the club knows them. ``search_name`` is the name in lower-case ASCII, its
    words in the list's order ("van den bossche anne sophie"): names are searched by its
    start."""

    # no index of its own: a list's lines are deleted nearly all at once (a table scan),
    # and the searches reach them by the indexes below
    official_list = models.ForeignKey(
        OfficialList,
        on_delete=models.CASCADE,
        related_name="players",
        verbose_name=_("list"),
        db_index=False,
    )
    kind = models.CharField(_("list"), max_length=10)
    fide_id = models.PositiveIntegerField(_("FIDE ID"), null=True, blank=True)
    national_id = models.CharField(_("national ID"), max_length=20, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    name = models.CharField(_("name"), max_length=100)  # as the list writes it: "Last, First"
    search_name = models.CharField(_("name searched"), max_length=100)
    sex = models.CharField(_("sex"), max_length=1, blank=True)
    title = models.CharField(_("title"), max_length=3, blank=True)
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    standard = models.PositiveSmallIntegerField(_("standard rating"), null=True, blank=True)
    rapid = models.PositiveSmallIntegerField(_("rapid rating"), null=True, blank=True)
    blitz = models.PositiveSmallIntegerField(_("blitz rating"), null=True, blank=True)
    inactive = models.BooleanField(_("inactive"), default=False)

    class Meta:
        verbose_name = _("listed player")
        verbose_name_plural = _("listed players")
        indexes = [
            models.Index(fields=["fide_id"], name="listed_fide_id_idx"),
            # FIDE's lines give none: left out, a third less to index while loading
            models.Index(
                fields=["national_id"],
                condition=~Q(national_id=""),
                name="listed_national_id_idx",
            ),
            # the search key's index is made by migration 0009, one for each database:
            # in byte order on both (ratings.services.listed.byte_order)
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.kind})"

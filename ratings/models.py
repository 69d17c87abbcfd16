"""Rating systems as the club configures them, current ratings, and rating history.

History rows hold everything the member's pages show (the breakdown the rules returned),
so those pages never recompute. They also hold each player's full state after the batch,
so that a replay can restart from any batch and give exactly what a replay from scratch
gives.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from club.models import Event, Player
from ratings import rules
from ratings.rules import elo
from ratings.rules.base import Archive, PlayerState, Status


class RatingStatus(models.TextChoices):
    UNRATED = Status.UNRATED.value, _("unrated")
    PROVISIONAL = Status.PROVISIONAL.value, _("provisional")
    RATED = Status.RATED.value, _("rated")


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


class ReplayJobQuerySet(models.QuerySet["ReplayJob"]):
    def pending(self) -> ReplayJobQuerySet:
        """Queued or running: the ratings they recalculate are about to change."""
        return self.filter(state__in=[ReplayJob.State.QUEUED, ReplayJob.State.RUNNING])


class ReplayJob(models.Model):
    """A recalculation run in the background, with its progress."""

    class State(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

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

    def __str__(self) -> str:
        return f"{self.system or _('all systems')}: {self.get_state_display()}"

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0

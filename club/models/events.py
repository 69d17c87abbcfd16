"""Events, their participants and their rounds."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from chesslib.standings import Scoring
from club.models.players import Player
from club.models.texts import WrittenInLanguages, translations_field

DEFAULT_SITTING = timedelta(hours=4)  # a round night's length when the event does not say


class EventQuerySet(models.QuerySet["Event"]):
    def public(self) -> EventQuerySet:
        return self.filter(public=True)

    def upcoming(self) -> EventQuerySet:
        """Events still to come or under way: not over, not closed."""
        return (
            self.filter(end__gte=timezone.now())
            .exclude(status=Event.Status.CLOSED)
            .order_by("start", "pk")
        )

    def past(self) -> EventQuerySet:
        """Events over or closed, the latest finished first."""
        return self.filter(Q(end__lt=timezone.now()) | Q(status=Event.Status.CLOSED)).order_by(
            "-end", "-pk"
        )

    def tournaments(self) -> EventQuerySet:
        return self.exclude(kind__in=Event.Kind.not_played())


class Event(WrittenInLanguages, models.Model):
    class Kind(models.TextChoices):
        CHAMPIONSHIP = "championship", _("club championship")
        RAPID = "rapid", _("rapid evening")
        BLITZ = "blitz", _("blitz evening")
        INTERCLUB = "interclub", _("interclub match")
        OPEN = "open", _("open tournament")
        COURSE = "course", _("course")
        MEETING = "meeting", _("meeting")
        SOCIAL = "social", _("social")

        @classmethod
        def not_played(cls) -> list[Event.Kind]:
            """Kinds of events where no rated game is played."""
            return [cls.COURSE, cls.MEETING, cls.SOCIAL]

    class TimeControl(models.TextChoices):
        STANDARD = "standard", _("standard")
        RAPID = "rapid", _("rapid")
        BLITZ = "blitz", _("blitz")

    class System(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round robin")
        SCHEVENINGEN = "scheveningen", _("Scheveningen")
        SWISS = "swiss", _("Swiss")
        MATCH = "match", _("match")
        FREE = "free", _("free games")

        @classmethod
        def paired_at_once(cls) -> list[Event.System]:
            """Systems whose rounds are all paired at once, from the pairing numbers (C.07
            15.2's pre-determined pairings)."""
            return [cls.ROUND_ROBIN, cls.SCHEVENINGEN]

    class Status(models.TextChoices):
        ANNOUNCED = "announced", _("announced")
        ONGOING = "ongoing", _("ongoing")
        CLOSED = "closed", _("closed")
        CANCELLED = "cancelled", _("cancelled")

    TRANSLATIONS = {"title": "translated_titles", "description": "translated_descriptions"}

    kind = models.CharField(_("kind"), max_length=15, choices=Kind.choices)
    title = models.CharField(_("title"), max_length=200)
    translated_titles = translations_field(_("title in the other languages"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    start = models.DateTimeField(_("start"))
    end = models.DateTimeField(_("end"))
    time_control = models.CharField(
        _("time control"), max_length=10, choices=TimeControl.choices, default=TimeControl.STANDARD
    )
    system = models.CharField(
        _("tournament system"), max_length=15, choices=System.choices, default=System.FREE
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ANNOUNCED
    )
    public = models.BooleanField(_("public"), default=True)
    description = models.TextField(_("description"), blank=True)
    translated_descriptions = translations_field(_("description in the other languages"))
    chief_arbiter = models.CharField(
        _("chief arbiter"),
        max_length=120,
        blank=True,
        help_text=_("Name and FIDE ID, as the tournament report (TRF) gives them."),
    )
    deputy_arbiters = models.TextField(
        _("deputy arbiters"),
        blank=True,
        help_text=_("One a line, name and FIDE ID, for the tournament report (TRF 112)."),
    )
    federation = models.CharField(
        _("federation"),
        max_length=3,
        blank=True,
        help_text=_("The organising federation's FIDE code, e.g. BEL (TRF 032)."),
    )
    time_control_detail = models.CharField(
        _("allotted time"),
        max_length=100,
        blank=True,
        help_text=_(
            "As the rating report gives it, e.g. 90 min/40 moves + 30 min + 30 s (TRF 122)."
        ),
    )
    trf_kept = models.JSONField(
        _("TRF as imported"),
        default=dict,
        blank=True,
        editable=False,
        help_text=_("What an imported TRF file wrote that the event does not hold otherwise."),
    )
    planned_rounds = models.PositiveSmallIntegerField(_("planned rounds"), null=True, blank=True)
    accelerated = models.BooleanField(
        _("accelerated rounds"),
        default=False,
        help_text=_(
            "Swiss opens: Baku acceleration (FIDE C.04.5.1), virtual points for the top"
            " group in the first half of the rounds."
        ),
    )
    tiebreaks = models.CharField(
        _("tiebreaks"),
        max_length=200,
        blank=True,
        help_text=_("Tiebreak keys in the order they apply, separated by commas."),
    )

    class Cycles(models.IntegerChoices):
        SINGLE = 1, _("single round robin")
        DOUBLE = 2, _("double round robin")

    cycles = models.PositiveSmallIntegerField(
        _("cycles"),
        choices=Cycles.choices,
        default=Cycles.SINGLE,
        help_text=_(
            "Round robins: each pair meets once, or twice with the colours reversed"
            " (FIDE C.05, Annex 1)."
        ),
    )

    class TiebreakRating(models.TextChoices):
        FIDE = "fide", _("FIDE rating")
        NATIONAL = "national", _("national rating")

    tiebreak_rating = models.CharField(
        _("rating for the tie-breaks"),
        max_length=10,
        choices=TiebreakRating.choices,
        default=TiebreakRating.FIDE,
        help_text=_(
            "The rating the rating-based tie-breaks read (average rating of opponents,"
            " performance): each player's on the last official list before the event."
        ),
    )
    points_win = models.DecimalField(
        _("points for a win"), max_digits=3, decimal_places=1, default=Decimal(1)
    )
    points_draw = models.DecimalField(
        _("points for a draw"), max_digits=3, decimal_places=1, default=Decimal("0.5")
    )
    points_loss = models.DecimalField(
        _("points for a loss"), max_digits=3, decimal_places=1, default=Decimal(0)
    )
    points_forfeit_win = models.DecimalField(
        _("points for a forfeit win"), max_digits=3, decimal_places=1, default=Decimal(1)
    )
    max_half_byes = models.PositiveSmallIntegerField(
        _("half-point byes a player may request"),
        null=True,
        blank=True,
        help_text=_("Empty: no limit."),
    )
    no_bye_last_rounds = models.PositiveSmallIntegerField(
        _("no half-point bye in the last rounds"),
        default=0,
        help_text=_("How many of the last rounds refuse half-point byes (0: none)."),
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("updated by"),
    )

    objects = EventQuerySet.as_manager()

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-start"]
        constraints = [
            models.CheckConstraint(condition=Q(end__gte=F("start")), name="event_ends_after_start"),
            models.CheckConstraint(
                condition=Q(points_win__gt=F("points_draw"))
                & Q(points_draw__gte=F("points_loss"))
                & Q(points_loss__gte=0)
                & Q(points_forfeit_win__gte=0),
                name="event_scoring_ordered",
            ),
        ]
        indexes = [models.Index(fields=["start"], name="event_start_idx")]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("event", args=[self.pk])

    @property
    def scoring(self) -> Scoring:
        """What a round scores in the event's standings."""
        return Scoring(
            win=Decimal(self.points_win),
            draw=Decimal(self.points_draw),
            loss=Decimal(self.points_loss),
            forfeit_win=Decimal(self.points_forfeit_win),
        )

    def sittings(self) -> list[tuple[datetime, datetime]]:
        """When the event is played, as (start, end) pairs: one a day on which rounds are
        scheduled (a championship's round nights), or the event's own span when its rounds
        have no dates. Reads ``rounds`` (prefetch them for many events)."""
        starts = sorted(r.starts_at for r in self.rounds.all() if r.starts_at is not None)
        if not starts:
            return [(self.start, self.end)]
        length = self.end - starts[-1]
        if not timedelta(minutes=30) <= length <= timedelta(hours=14):
            length = DEFAULT_SITTING
        by_day: dict[date, list[datetime]] = {}
        for start in starts:
            by_day.setdefault(timezone.localdate(start), []).append(start)
        return [(times[0], times[-1] + length) for times in by_day.values()]


TEAM_LENGTH = 120


class Participant(models.Model):
    """A player registered in an event. ``number`` is the pairing number; a late entry
    joins from ``joined_round``; a withdrawn player is not paired after
    ``withdrawn_after_round``."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="participants", verbose_name=_("event")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="participations", verbose_name=_("player")
    )
    number = models.PositiveSmallIntegerField(_("pairing number"), null=True, blank=True)
    rating = models.PositiveSmallIntegerField(
        _("rating"), null=True, blank=True, help_text=_("The rating used for seeding.")
    )
    team = models.CharField(
        _("team"), max_length=TEAM_LENGTH, blank=True, help_text=_("For team events.")
    )
    joined_round = models.PositiveSmallIntegerField(_("joined in round"), default=1)
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("withdrawn after round"), null=True, blank=True
    )

    class Meta:
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        ordering = ["event", "number", "-rating"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="participant_once_per_event"),
            models.UniqueConstraint(
                fields=["event", "number"],
                condition=Q(number__isnull=False),
                name="participant_number_unique",
            ),
        ]

    def __str__(self) -> str:
        return str(self.player)

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_after_round is not None


class Round(models.Model):
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("event")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return _("%(event)s, round %(number)s") % {"event": self.event, "number": self.number}

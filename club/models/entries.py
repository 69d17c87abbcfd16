"""Online entries: an announced event's terms for entering it from the public site, and
the entries received (an entrant's identity as found in the lists or typed, their private
contact, and where the secretary's decision stands)."""

from __future__ import annotations

from datetime import datetime

from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from club.models.events import Event, Participant
from club.models.players import Player, Sex
from club.models.texts import WrittenInLanguages, translations_field


class EntryTerms(WrittenInLanguages, models.Model):
    """Whether an event takes entries from the public site, until when, how many, and
    from which ratings. An event without terms takes none."""

    class Rating(models.TextChoices):
        FIDE = "fide", _("FIDE rating")
        NATIONAL = "national", _("national rating")

    TRANSLATIONS = {"fee": "translated_fees"}

    event = models.OneToOneField(
        Event,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="entry_terms",
        verbose_name=_("event"),
    )
    open = models.BooleanField(_("entries open"), default=False)
    closes_at = models.DateTimeField(
        _("entries close"), null=True, blank=True, help_text=_("Empty: until the event starts.")
    )
    places = models.PositiveSmallIntegerField(
        _("places"),
        null=True,
        blank=True,
        help_text=_("Beyond them, entries go on the waiting list. Empty: no limit."),
    )
    rating = models.CharField(
        _("rating the bounds read"),
        max_length=10,
        choices=Rating.choices,
        default=Rating.FIDE,
        help_text=_("Each player's on the loaded lists; a player without it counts as 0."),
    )
    rating_min = models.PositiveSmallIntegerField(_("lowest rating"), null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(_("highest rating"), null=True, blank=True)
    fee = models.CharField(
        _("entry fee"), max_length=200, blank=True, help_text=_("As the entrants read it.")
    )
    translated_fees = translations_field(_("entry fee in the other languages"))

    class Meta:
        verbose_name = _("online entry terms")
        verbose_name_plural = _("online entry terms")
        constraints = [
            models.CheckConstraint(
                condition=Q(rating_min__isnull=True)
                | Q(rating_max__isnull=True)
                | Q(rating_min__lte=F("rating_max")),
                name="entry_terms_rating_bounds_ordered",
            ),
        ]

    def __str__(self) -> str:
        return str(self.event)

    def closes(self) -> datetime:
        """When entries close: the date given, else the event's start."""
        return self.closes_at or self.event.start

    def rating_of(self, fide: int | None, national: int | None) -> int | None:
        """Which of a player's two ratings the bounds read."""
        return national if self.rating == self.Rating.NATIONAL else fide

    def within_bounds(self, rating: int | None) -> bool:
        """Whether ``rating`` (None counting as 0) is within the bounds."""
        value = rating or 0
        low, high = self.rating_min, self.rating_max
        return (low is None or value >= low) and (high is None or value <= high)

    def places_taken(self) -> int:
        """The places the registered players (not withdrawn before the first round) and the
        entries waiting for the secretary take."""
        registered = Participant.objects.filter(event=self.event_id).exclude(
            withdrawn_after_round=0
        )
        received = Entry.objects.filter(event=self.event_id, status=Entry.Status.RECEIVED)
        return registered.count() + received.count()

    def places_free(self) -> int | None:
        """The places left (0 when full, or over-full); None without a limit."""
        if self.places is None:
            return None
        return max(self.places - self.places_taken(), 0)

    def taking_entries(self) -> bool:
        """Whether the public form takes an entry now."""
        return (
            self.open
            and self.event.status == Event.Status.ANNOUNCED
            and timezone.now() < self.closes()
        )


class Entry(models.Model):
    """An entry received from the public site. The identity is the one found in the
    club's players (``player``) or a loaded official list (its IDs), else as typed; the
    e-mail, phone, birth date and remark are private (the desk's only). Accepted, it is
    the event's registration (``participant``)."""

    class Status(models.TextChoices):
        RECEIVED = "received", _("received")
        ACCEPTED = "accepted", _("accepted")
        WAITING = "waiting", _("waiting list")
        REFUSED = "refused", _("refused")
        WITHDRAWN = "withdrawn", _("withdrawn")

        @classmethod
        def standing(cls) -> list[Entry.Status]:
            """The entries that hold their player's place: one a player and event."""
            return [cls.RECEIVED, cls.ACCEPTED, cls.WAITING]

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="entries", verbose_name=_("event")
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.RECEIVED
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("player"),
        help_text=_("The club's record of the player, when the entry found it."),
    )
    participant = models.OneToOneField(
        Participant,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entry",
        verbose_name=_("registration"),
    )
    first_name = models.CharField(_("first name"), max_length=80)
    last_name = models.CharField(_("last name"), max_length=80)
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices, blank=True)
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    title = models.CharField(_("title"), max_length=3, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    fide_id = models.PositiveIntegerField(_("FIDE ID"), null=True, blank=True)
    national_id = models.CharField(_("national ID"), max_length=20, blank=True)
    national_id_federation = models.CharField(_("national ID issued by"), max_length=3, blank=True)
    club_name = models.CharField(_("club"), max_length=120, blank=True)
    fide_rating = models.PositiveSmallIntegerField(_("FIDE rating"), null=True, blank=True)
    national_rating = models.PositiveSmallIntegerField(_("national rating"), null=True, blank=True)
    email = models.EmailField(_("e-mail"))
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    remark = models.TextField(_("remark"), blank=True)
    language = models.CharField(_("language"), max_length=10)
    received_at = models.DateTimeField(_("received at"), default=timezone.now)
    confirmed_at = models.DateTimeField(_("address confirmed at"), null=True, blank=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    moved_up_at = models.DateTimeField(
        _("moved up from the waiting list at"),
        null=True,
        blank=True,
        help_text=_("When a place freed and the entry, first on the waiting list, took it."),
    )

    class Meta:
        verbose_name = _("online entry")
        verbose_name_plural = _("online entries")
        ordering = ["event", "received_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=Q(player__isnull=False, status__in=["received", "accepted", "waiting"]),
                name="entry_player_once_per_event",
            ),
            models.UniqueConstraint(
                fields=["event", "fide_id"],
                condition=Q(fide_id__isnull=False, status__in=["received", "accepted", "waiting"]),
                name="entry_fide_id_once_per_event",
            ),
            models.UniqueConstraint(
                fields=["event", "national_id_federation", "national_id"],
                condition=~Q(national_id="") & Q(status__in=["received", "accepted", "waiting"]),
                name="entry_national_id_once_per_event",
            ),
        ]
        indexes = [models.Index(fields=["event", "status"], name="entry_event_status_idx")]

    def __str__(self) -> str:
        return f"{self.last_name.upper()} {self.first_name}"

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"

"""The club's people: players, and the members among them."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Sex(models.TextChoices):
    MALE = "M", _("male")
    FEMALE = "F", _("female")


class Player(models.Model):
    """Anyone who plays a game the club records: a member, an interclub opponent, a
    player met in an open.

    ``federation`` is the one the player plays for at FIDE (the TRF, the pairing
    sheet, the categories by federation); ``national_id_federation`` is the one that
    issued ``national_id``, which a national list names the player by: a French player
    of a Belgian club plays for FRA and holds a Belgian matricule (BEL)."""

    first_name = models.CharField(_("first name"), max_length=80)
    last_name = models.CharField(_("last name"), max_length=80)
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(
        _("birth year"), null=True, blank=True, help_text=_("When only the year is known.")
    )
    title = models.CharField(
        _("title"), max_length=3, blank=True, help_text=_("FIDE title: GM, IM, WGM, FM, ...")
    )
    fide_id = models.PositiveIntegerField(_("FIDE ID"), null=True, blank=True)
    federation = models.CharField(
        _("federation"), max_length=3, blank=True, help_text=_("FIDE code, e.g. BEL, FRA.")
    )
    national_id = models.CharField(_("national ID"), max_length=20, blank=True)
    national_id_federation = models.CharField(
        _("national ID issued by"),
        max_length=3,
        blank=True,
        help_text=_(
            "FIDE code of the federation that issued the national ID, e.g. BEL for a "
            "Belgian matricule: a French player of a Belgian club may hold one."
        ),
    )
    fide_rating = models.PositiveSmallIntegerField(
        _("FIDE rating"), null=True, blank=True, help_text=_("Last known official rating.")
    )
    national_rating = models.PositiveSmallIntegerField(
        _("national rating"), null=True, blank=True, help_text=_("Last known official rating.")
    )
    club_name = models.CharField(
        _("club"), max_length=120, blank=True, help_text=_("For players who are not members.")
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["last_name", "first_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["fide_id"], condition=Q(fide_id__isnull=False), name="player_fide_id_unique"
            ),
            models.UniqueConstraint(
                fields=["national_id_federation", "national_id"],
                condition=~Q(national_id=""),
                name="player_national_id_unique",
                violation_error_message=_(
                    "Another player holds this national ID of this federation."
                ),
            ),
        ]
        indexes = [models.Index(fields=["last_name", "first_name"], name="player_name_idx")]

    def __str__(self) -> str:
        return f"{self.last_name.upper()} {self.first_name}"

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


class MemberQuerySet(models.QuerySet["Member"]):
    def active(self) -> MemberQuerySet:
        """Members of the club today: active and honorary ones."""
        return self.filter(status__in=Member.ACTIVE)

    def public(self) -> MemberQuerySet:
        """Members the public may see: active ones who did not ask to be hidden."""
        return self.active().filter(listed=True)

    def with_live_calendar(self) -> MemberQuerySet:
        """Members whose calendar feed answers: members today whose login account, if
        they have one, is not deactivated."""
        return self.active().filter(Q(user__isnull=True) | Q(user__is_active=True))


class Member(models.Model):
    """A player's membership of the club. Contact details are private: they never reach a
    public page."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        HONORARY = "honorary", _("honorary")
        LAPSED = "lapsed", _("lapsed")

    # the statuses of members of the club today (``Member.objects.active()``)
    ACTIVE = (Status.ACTIVE, Status.HONORARY)

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="membership", verbose_name=_("player")
    )
    since = models.DateField(_("member since"))
    until = models.DateField(_("member until"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    email = models.EmailField(_("e-mail"), blank=True)
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    address = models.TextField(_("address"), blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="member",
        verbose_name=_("login account"),
    )
    listed = models.BooleanField(
        _("listed publicly"),
        default=True,
        help_text=_("Shown in the public member list and rankings."),
    )
    calendar_token = models.UUIDField(
        _("calendar token"),
        default=uuid.uuid4,
        unique=True,
        editable=False,
        help_text=_("The secret in the address of the member's own calendar feed."),
    )

    objects = MemberQuerySet.as_manager()

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        ordering = ["player__last_name", "player__first_name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(until__isnull=True) | Q(until__gte=F("since")),
                name="member_until_after_since",
            ),
        ]

    def __str__(self) -> str:
        return str(self.player)

    def get_absolute_url(self) -> str:
        return reverse("member", args=[self.pk])

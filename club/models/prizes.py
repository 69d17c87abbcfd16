"""An event's categories and prizes, and its rules for them (the reference date of the
age groups, how ties share the prizes). Who wins what is computed, never stored
(``chesslib.prizes``, read by ``desk.prizes``)."""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from chesslib.categories import Kind as CategoryKind
from chesslib.categories import Source as RatingSource
from chesslib.prizes import Ties
from club.models.events import Event

CURRENCY = "€"


class PrizeRules(models.Model):
    """An event's rules for its categories and prizes, made when the secretary first
    saves them (an event without: the defaults)."""

    class TieRule(models.TextChoices):
        TIEBREAK = Ties.TIEBREAK.value, _("by the tie-breaks")
        SHARED = Ties.SHARED.value, _("shared equally")
        HORT = Ties.HORT.value, _("Hort system")

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="prize_rules", verbose_name=_("event")
    )
    reference_date = models.DateField(
        _("reference date for ages"),
        null=True,
        blank=True,
        help_text=_("Ages are counted on this day. Empty: 1 January of the event's year."),
    )
    ties = models.CharField(
        _("players level on points"),
        max_length=10,
        choices=TieRule.choices,
        default=TieRule.TIEBREAK,
    )
    share_categories = models.BooleanField(
        _("category prizes shared too"),
        default=False,
        help_text=_("Otherwise only the overall prizes are shared; categories go by tie-break."),
    )
    currency = models.CharField(_("currency"), max_length=5, default=CURRENCY)

    class Meta:
        verbose_name = _("prize rules")
        verbose_name_plural = _("prize rules")

    def __str__(self) -> str:
        return str(self.event)


class EventCategory(models.Model):
    """A category of an event's players: an age group, a rating band, the women, a
    club's players, the unrated. A player may be in several."""

    class Kind(models.TextChoices):
        UNDER = CategoryKind.UNDER.value, _("age under")
        SENIOR = CategoryKind.SENIOR.value, _("age from")
        RATING = CategoryKind.RATING.value, _("rating band")
        WOMEN = CategoryKind.WOMEN.value, _("women")
        CLUB = CategoryKind.CLUB.value, _("club")
        UNRATED = CategoryKind.UNRATED.value, _("unrated")

    class Source(models.TextChoices):
        FIDE = RatingSource.FIDE.value, _("FIDE rating")
        NATIONAL = RatingSource.NATIONAL.value, _("national rating")
        EVENT = RatingSource.EVENT.value, _("the event's rating")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="categories", verbose_name=_("event")
    )
    name = models.CharField(_("name"), max_length=60)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    age = models.PositiveSmallIntegerField(_("age"), null=True, blank=True)
    rating_source = models.CharField(
        _("rating"), max_length=10, choices=Source.choices, default=Source.FIDE
    )
    rating_min = models.PositiveSmallIntegerField(_("from rating"), null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(_("to rating"), null=True, blank=True)
    club_name = models.CharField(
        _("club"),
        max_length=120,
        blank=True,
        help_text=_("Empty: the club's own members."),
    )
    position = models.PositiveSmallIntegerField(_("position"), default=1)

    class Meta:
        verbose_name = _("category")
        verbose_name_plural = _("categories")
        ordering = ["event", "position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="category_name_unique"),
            models.CheckConstraint(
                condition=~Q(kind__in=["under", "senior"]) | Q(age__gte=1),
                name="category_age_group_has_age",
            ),
            models.CheckConstraint(
                condition=Q(rating_min__isnull=True)
                | Q(rating_max__isnull=True)
                | Q(rating_min__lte=F("rating_max")),
                name="category_rating_band_ordered",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Prize(models.Model):
    """A place prize of an event: overall (no category) or in a category; an amount, a
    description (a trophy, a book), or both."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="prizes", verbose_name=_("event")
    )
    category = models.ForeignKey(
        EventCategory,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="prizes",
        verbose_name=_("category"),
    )
    place = models.PositiveSmallIntegerField(_("place"), validators=[MinValueValidator(1)])
    amount = models.DecimalField(
        _("amount"),
        max_digits=9,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0))],
    )
    description = models.CharField(_("description"), max_length=120, blank=True)

    class Meta:
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        ordering = ["event", "category", "place"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "place"],
                condition=Q(category__isnull=True),
                name="prize_overall_place_unique",
            ),
            models.UniqueConstraint(
                fields=["category", "place"],
                condition=Q(category__isnull=False),
                name="prize_category_place_unique",
            ),
            models.CheckConstraint(condition=Q(place__gte=1), name="prize_place_positive"),
            models.CheckConstraint(
                condition=Q(amount__isnull=True) | Q(amount__gte=0), name="prize_amount_positive"
            ),
            models.CheckConstraint(
                condition=Q(amount__isnull=False) | ~Q(description=""),
                name="prize_amount_or_description",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.category or '-'} {self.place}"

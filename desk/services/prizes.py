"""An event's categories, prizes and prize rules, set at the desk. Each write is a typed
function taking ids and the acting user, in one transaction, under the event's row lock
(``event_state.lock_row``: a closed or cancelled event refuses them as it refuses every
write), checks what it is given and refuses bad input with ``PrizeRefused``, naming the
field, before anything is written; then writes, and leaves its line in the audit log.

A list's prizes are its places 1, 2, ... without a gap, each paying no more than the
place before it (a prize in kind counting as nothing): a prize set at a place beyond
the next free one, or paying more than the place before it or less than the place after
it, is refused; a prize removed moves the places after it up by one."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from chesslib.categories import Kind, Source
from chesslib.prizes import Ties
from club import event_state
from club.exceptions import DeskError
from club.models import Event, EventCategory, Prize, PrizeRules
from desk.services.events import log_change
from lib.inputs import control_problem, year_problem

MAX_CATEGORIES = 30  # an open's categories: U8 to U20, seniors, bands, women, a club
MAX_PLACES = 100  # places paid in one list
MAX_AGE = 120
MAX_RATING = 3500
MAX_AMOUNT = Decimal("9999999.99")  # the column's nine digits
NAME_LENGTH = 60
CLUB_LENGTH = 120
DESCRIPTION_LENGTH = 120
CURRENCY_LENGTH = 5
AGE_KINDS = (Kind.UNDER, Kind.SENIOR)
RATING_KINDS = (Kind.RATING, Kind.UNRATED)


class PrizeRefused(DeskError):
    """Bad input for a category, a prize or the prize rules: nothing is written. ``field``
    names the form's field the message is about (None: the form as a whole)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class CategorySpec:
    """A category as the secretary describes it (``club_name`` empty: the club's own
    members)."""

    name: str
    kind: str
    age: int | None = None
    rating_source: str = Source.FIDE
    rating_min: int | None = None
    rating_max: int | None = None
    club_name: str = ""


def _text(value: str, field: str, length: int, required: bool = False) -> str:
    text = value.strip()
    if required and not text:
        raise PrizeRefused(_("This field is required."), field)
    if len(text) > length:
        raise PrizeRefused(
            _("At most %(length)s characters (it has %(count)s).")
            % {"length": length, "count": len(text)},
            field,
        )
    if (problem := control_problem(text, one_line=True)) is not None:
        raise PrizeRefused(problem, field)
    return text


def _bounded(value: int | None, field: str, low: int, high: int) -> int | None:
    if value is not None and not low <= value <= high:
        raise PrizeRefused(_("Between %(low)s and %(high)s.") % {"low": low, "high": high}, field)
    return value


# The rules -------------------------------------------------------------------------------


@transaction.atomic
def save_prize_rules(
    event_id: int,
    user: User | None,
    *,
    reference_date: date | None,
    ties: str,
    share_categories: bool,
    currency: str,
) -> PrizeRules:
    """Set the event's reference date for ages (None: 1 January of its year), how players
    level on points share the prizes, whether category prizes are shared too, and the
    currency the amounts are in."""
    event = event_state.lock_row(event_id, event_state.Write.PRIZES)
    if ties not in {t.value for t in Ties}:
        raise PrizeRefused(_("Choose one of the rules offered."), "ties")
    if (problem := year_problem(reference_date)) is not None:
        raise PrizeRefused(problem, "reference_date")
    currency = _text(currency, "currency", CURRENCY_LENGTH, required=True)
    found, _created = PrizeRules.objects.get_or_create(event=event)
    found.reference_date = reference_date
    found.ties = ties
    found.share_categories = share_categories
    found.currency = currency
    found.save()
    log_change(
        user,
        event,
        "prize_rules",
        reference_date=reference_date,
        ties=ties,
        share_categories=share_categories,
        currency=currency,
    )
    return found


# Categories ------------------------------------------------------------------------------


def _checked(spec: CategorySpec, event: Event) -> CategorySpec:
    """``spec`` with only what its kind reads, or ``PrizeRefused`` naming the field."""
    name = _text(spec.name, "name", NAME_LENGTH, required=True)
    if spec.kind not in {k.value for k in Kind}:
        raise PrizeRefused(_("Choose one of the kinds offered."), "kind")
    kind = Kind(spec.kind)
    same = EventCategory.objects.filter(event=event, name__iexact=name).first()
    if same is not None:
        raise PrizeRefused(
            _("The event already has a category “%(name)s”.") % {"name": same.name}, "name"
        )
    if EventCategory.objects.filter(event=event).count() >= MAX_CATEGORIES:
        raise PrizeRefused(
            _("An event has at most %(count)s categories.") % {"count": MAX_CATEGORIES}
        )
    age = rating_min = rating_max = None
    source = Source.FIDE
    club = ""
    if kind in AGE_KINDS:
        if spec.age is None:
            raise PrizeRefused(_("Give the age of an age group."), "age")
        age = _bounded(spec.age, "age", 1, MAX_AGE)
    if kind in RATING_KINDS:
        if spec.rating_source not in {s.value for s in Source}:
            raise PrizeRefused(_("Choose one of the ratings offered."), "rating_source")
        source = Source(spec.rating_source)
    if kind == Kind.RATING:
        rating_min = _bounded(spec.rating_min, "rating_min", 0, MAX_RATING)
        rating_max = _bounded(spec.rating_max, "rating_max", 0, MAX_RATING)
        if rating_min is None and rating_max is None:
            raise PrizeRefused(_("Give a lowest or a highest rating, or both."), "rating_min")
        if rating_min is not None and rating_max is not None and rating_min > rating_max:
            raise PrizeRefused(_("The highest rating is below the lowest."), "rating_max")
    if kind == Kind.CLUB:
        club = _text(spec.club_name, "club_name", CLUB_LENGTH)
    return CategorySpec(name, kind, age, source, rating_min, rating_max, club)


@transaction.atomic
def add_category(event_id: int, spec: CategorySpec, user: User | None) -> EventCategory:
    """Add a category to the event, after its others."""
    event = event_state.lock_row(event_id, event_state.Write.PRIZES)
    checked = _checked(spec, event)
    last = (
        EventCategory.objects.filter(event=event)
        .order_by("-position", "-pk")
        .values_list("position", flat=True)
        .first()
    )
    category = EventCategory.objects.create(
        event=event,
        name=checked.name,
        kind=checked.kind,
        age=checked.age,
        rating_source=checked.rating_source,
        rating_min=checked.rating_min,
        rating_max=checked.rating_max,
        club_name=checked.club_name,
        position=(last or 0) + 1,
    )
    log_change(user, event, "category_added", name=category.name, kind=category.kind)
    return category


@transaction.atomic
def remove_category(event_id: int, category_id: int, user: User | None) -> str:
    """Remove a category of the event and its prizes; its name."""
    event = event_state.lock_row(event_id, event_state.Write.PRIZES)
    category = EventCategory.objects.filter(event=event, pk=category_id).first()
    if category is None:
        raise PrizeRefused(_("This category was removed meanwhile."))
    name = category.name
    prizes = category.prizes.count()
    category.delete()
    log_change(user, event, "category_removed", name=name, prizes=prizes)
    return name


# Prizes ----------------------------------------------------------------------------------


def _worth(prize: Prize | None) -> Decimal:
    return (prize.amount or Decimal(0)) if prize is not None else Decimal(0)


@transaction.atomic
def set_prize(
    event_id: int,
    user: User | None,
    *,
    category_id: int | None,
    place: int,
    amount: Decimal | None,
    description: str = "",
) -> Prize:
    """Set the prize of ``place`` in the overall list (``category_id`` None) or in a
    category: a new place after the list's last one, or a place it has (changed)."""
    event = event_state.lock_row(event_id, event_state.Write.PRIZES)
    category = None
    if category_id is not None:
        category = EventCategory.objects.filter(event=event, pk=category_id).first()
        if category is None:
            raise PrizeRefused(_("This category is not the event's."), "category")
    description = _text(description, "description", DESCRIPTION_LENGTH)
    if amount is not None:
        if not amount.is_finite() or not Decimal(0) <= amount <= MAX_AMOUNT:
            raise PrizeRefused(_("Between 0 and %(most)s.") % {"most": MAX_AMOUNT}, "amount")
        if amount != amount.quantize(Decimal("0.01")):
            raise PrizeRefused(_("At most two decimals (cents)."), "amount")
    if amount is None and not description:
        raise PrizeRefused(_("Give an amount, a description, or both."), "amount")
    listed = {
        p.place: p for p in Prize.objects.filter(event=event, category=category).order_by("place")
    }
    if not 1 <= place <= min(len(listed) + 1, MAX_PLACES):
        raise PrizeRefused(
            _("Places follow each other: the next one of this list is %(next)s.")
            % {"next": len(listed) + 1},
            "place",
        )
    worth = amount or Decimal(0)
    before, after = listed.get(place - 1), listed.get(place + 1)
    if before is not None and worth > _worth(before):
        raise PrizeRefused(
            _("A place pays no more than the place before it (%(place)s: %(amount)s).")
            % {"place": place - 1, "amount": number_format(_worth(before), decimal_pos=2)},
            "amount",
        )
    if after is not None and worth < _worth(after):
        raise PrizeRefused(
            _("A place pays no less than the place after it (%(place)s: %(amount)s).")
            % {"place": place + 1, "amount": number_format(_worth(after), decimal_pos=2)},
            "amount",
        )
    prize = listed.get(place) or Prize(event=event, category=category, place=place)
    prize.amount = amount
    prize.description = description
    prize.save()
    log_change(
        user,
        event,
        "prize_set",
        list=category.name if category else "",
        place=place,
        amount=amount,
        description=description,
    )
    return prize


@transaction.atomic
def remove_prize(event_id: int, prize_id: int, user: User | None) -> Prize:
    """Remove a prize of the event; the places after it in its list move up by one.
    The prize removed (no longer saved)."""
    event = event_state.lock_row(event_id, event_state.Write.PRIZES)
    prize = Prize.objects.filter(event=event, pk=prize_id).select_related("category").first()
    if prize is None:
        raise PrizeRefused(_("This prize was removed meanwhile."))
    later = list(
        Prize.objects.filter(event=event, category=prize.category, place__gt=prize.place).order_by(
            "place"
        )
    )
    prize.delete()
    for moved in later:  # in order: each place is free when the next one moves in
        moved.place -= 1
        moved.save(update_fields=["place"])
    log_change(
        user,
        event,
        "prize_removed",
        list=prize.category.name if prize.category else "",
        place=prize.place,
    )
    return prize

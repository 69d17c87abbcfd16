"""An event's categories and prizes at the desk: one page with the rules, the
categories, the prizes and the prize list as it stands; each form posts to its own
address, whose service (``desk.services.prizes``) refuses bad input naming the field:
the page is then shown again with the message on that field, nothing saved."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from club.exceptions import DeskError
from club.models import Event, EventCategory, Prize
from club.roles import acting_user
from desk.access import get_event_for_secretary, secretary_required
from desk.forms.prizes import OVERALL, CategoryForm, PrizeForm, PrizeRulesForm
from desk.prizes import event_prizes, prize_rules
from desk.services import prizes as services
from desk.services.prizes import PrizeRefused
from desk.standings import standings_shown
from desk.views.actions import act


def _page(request: HttpRequest, event: Event, **bound: forms.Form) -> HttpResponse:
    """The page, with the forms given bound (their errors shown) and the others fresh."""
    rules = prize_rules(event)
    found = event_prizes(event, standings_shown(event))
    categories = found.categories
    overall = Prize.objects.filter(event=event, category__isnull=True).count()
    context: dict[str, Any] = {
        "event": event,
        "prizes": found,
        "category_rows": [(t.category, len(t.lines)) for t in found.tables],
        "rules_form": bound.get("rules_form")
        or PrizeRulesForm(
            initial={
                "reference_date": rules.reference_date,
                "ties": rules.ties,
                "share_categories": rules.share_categories,
                "currency": rules.currency,
            }
        ),
        "category_form": bound.get("category_form") or CategoryForm(),
        "prize_form": bound.get("prize_form")
        or PrizeForm(categories=categories, initial={"category": OVERALL, "place": overall + 1}),
        "reference": found.reference,
    }
    return render(request, "desk/prizes/page.html", context)


def _refused(form: forms.Form, refusal: DeskError) -> None:
    field = refusal.field if isinstance(refusal, PrizeRefused) else None
    form.add_error(field if field in form.fields else None, str(refusal))


def _back(event: Event, anchor: str) -> str:
    return reverse("desk:prizes", args=[event.pk]) + anchor


@secretary_required
@require_GET
def prizes(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, get_event_for_secretary(request, pk))


@secretary_required
@require_POST
def save_rules(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    form = PrizeRulesForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.save_prize_rules(
                event.pk,
                acting_user(request),
                reference_date=data.get("reference_date"),
                ties=data["ties"],
                share_categories=bool(data.get("share_categories")),
                currency=data["currency"],
            )
        except DeskError as refusal:
            _refused(form, refusal)
        else:
            messages.success(request, _("The prize rules are saved."))
            return redirect(_back(event, "#rules"))
    return _page(request, event, rules_form=form)


@secretary_required
@require_POST
def add_category(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    form = CategoryForm(request.POST)
    if form.is_valid():
        try:
            category = services.add_category(event.pk, form.spec(), acting_user(request))
        except DeskError as refusal:
            _refused(form, refusal)
        else:
            messages.success(
                request, _("The category “%(name)s” is added.") % {"name": category.name}
            )
            return redirect(_back(event, "#categories"))
    return _page(request, event, category_form=form)


@secretary_required
@require_POST
def remove_category(request: HttpRequest, pk: int, category: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    return act(
        request,
        lambda: services.remove_category(event.pk, category, acting_user(request)),
        success=lambda name: _("The category “%(name)s” is removed.") % {"name": name},
        back=_back(event, "#categories"),
    )


@secretary_required
@require_POST
def save_prize(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    categories = list(EventCategory.objects.filter(event=event).order_by("position", "pk"))
    form = PrizeForm(request.POST, categories=categories)
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.set_prize(
                event.pk,
                acting_user(request),
                category_id=form.category_id(),
                place=data["place"],
                amount=data.get("amount"),
                description=data.get("description") or "",
            )
        except DeskError as refusal:
            _refused(form, refusal)
        else:
            messages.success(request, _("The prize is saved."))
            return redirect(_back(event, "#prizes"))
    return _page(request, event, prize_form=form)


@secretary_required
@require_POST
def remove_prize(request: HttpRequest, pk: int, prize: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    return act(
        request,
        lambda: services.remove_prize(event.pk, prize, acting_user(request)),
        success=_("The prize is removed."),
        back=_back(event, "#prizes"),
    )

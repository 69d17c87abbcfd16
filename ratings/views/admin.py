"""Administrators configure the rating systems: scope, parameters (with a preview of the
impact before applying), one-off adjustments, and the history of changes with revert."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from django import forms
from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.models import Event
from club.roles import acting_user
from lib.inputs import BoundedInputs
from ratings import rules
from ratings.access import (
    administrator_required,
    get_change_for_administrator,
    get_system_for_administrator,
)
from ratings.config import apply, change_in_words, overrides_of
from ratings.forms import ADJUSTMENT_FACTORS, RATINGS
from ratings.models import ConfigChange, RatingAdjustment, RatingSystem, engine_choices
from ratings.params_form import ParamsForm
from ratings.services import preview
from ratings.tasks import start_replay

PREVIEW_ROWS = 15


class ScopeForm(BoundedInputs, forms.ModelForm):
    event_kinds = forms.MultipleChoiceField(
        label=gettext_lazy("Event kinds"),
        choices=[(value, capfirst(label)) for value, label in Event.Kind.choices],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("None ticked: every kind."),
    )
    time_controls = forms.MultipleChoiceField(
        label=gettext_lazy("Time controls"),
        choices=[(value, capfirst(label)) for value, label in Event.TimeControl.choices],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("None ticked: every time control."),
    )

    class Meta:
        model = RatingSystem
        fields = ["enabled", "event_kinds", "time_controls"]


class AdjustmentForm(BoundedInputs, forms.ModelForm):
    class Meta:
        model = RatingAdjustment
        fields = ["label", "day", "threshold", "factor"]
        widgets = {"day": forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # the systems' bounds (ratings.rules.parameters.Bounds): a threshold is a rating
        for name, (low, high) in (("threshold", RATINGS), ("factor", ADJUSTMENT_FACTORS)):
            field = self.fields[name]
            self.fields[name] = forms.FloatField(
                label=field.label, help_text=field.help_text, min_value=low, max_value=high
            )


@administrator_required
@require_GET
def systems(request: HttpRequest) -> HttpResponse:
    national = rules.keys_with_role(RatingSystem.Role.NATIONAL)
    nationals = [(key, name) for key, name in engine_choices() if key in national]
    context = {"systems": RatingSystem.objects.all(), "nationals": nationals}
    return render(request, "ratings/systems.html", context)


@administrator_required
@require_POST
def national(request: HttpRequest) -> HttpResponse:
    """The club's national federation: its system is enabled, the other national ones not."""
    engine = request.POST.get("engine", "")
    if engine not in rules.keys_with_role(RatingSystem.Role.NATIONAL):
        messages.error(request, _("Choose a national federation."))
        return redirect("ratings:systems")
    with transaction.atomic():
        names = dict(engine_choices())
        chosen, _created = RatingSystem.objects.get_or_create(
            engine=engine,
            role=RatingSystem.Role.NATIONAL,
            defaults={"name": f"Elo {names[engine]}", "time_controls": ["standard"]},
        )
        RatingSystem.objects.filter(role=RatingSystem.Role.NATIONAL).exclude(pk=chosen.pk).update(
            enabled=False
        )
        chosen.enabled = True
        chosen.save(update_fields=["enabled"])
    job = start_replay(chosen, user=acting_user(request))
    return redirect("ratings:job", pk=job.pk)


@administrator_required
@require_http_methods(["GET", "POST"])
def system(request: HttpRequest, pk: int) -> HttpResponse:
    chosen = get_system_for_administrator(request, pk)
    today_params = chosen.params_on(timezone.localdate())
    scope = ScopeForm(request.POST or None, instance=chosen, prefix="scope")
    if request.method == "POST" and scope.is_valid():
        scope.save()
        job = start_replay(chosen, user=acting_user(request))
        return redirect("ratings:job", pk=job.pk)
    params_form = ParamsForm(today_params, prefix="p")
    adjustment = AdjustmentForm(prefix="a", initial=_adjustment_defaults(today_params))
    context = {
        "system": chosen,
        "scope": scope,
        "form": params_form,
        "adjustment": adjustment,
        "adjustments": chosen.adjustments.order_by("day", "pk"),
        "published": chosen.federation_adjustments(),
        "changes": chosen.changes.select_related("user")[:20],
    }
    return render(request, "ratings/system.html", context)


def _adjustment_defaults(params: Any) -> dict[str, Any]:
    return {
        name: getattr(params, f"adjustment_{name}")
        for name in ("day", "threshold", "factor")
        if hasattr(params, f"adjustment_{name}")
    }


def _regulation(chosen: RatingSystem) -> Any:
    return rules.params_on(chosen.engine, timezone.localdate())


def _preview_page(
    request: HttpRequest, chosen: RatingSystem, overrides: dict[str, Any]
) -> HttpResponse:
    impacts = preview(chosen, overrides)
    context = {
        "system": chosen,
        "overrides": json.dumps(overrides, sort_keys=True),
        "changed": overrides != chosen.params,
        "count": len(impacts),
        "impacts": impacts[:PREVIEW_ROWS],
        "more_impacts": impacts[PREVIEW_ROWS:],
        # the change restated, one sentence a parameter, as the history tells it
        "in_words": change_in_words(
            chosen.engine, chosen.params or {}, overrides, timezone.localdate()
        ),
    }
    return render(request, "ratings/preview.html", context)


@administrator_required
@require_POST
def system_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """A parameters form is never applied at once: first its impact, without writing."""
    chosen = get_system_for_administrator(request, pk)
    form = ParamsForm(chosen.params_on(timezone.localdate()), request.POST, prefix="p")
    if not form.is_valid():
        context = {
            "system": chosen,
            "form": form,
            "scope": ScopeForm(instance=chosen, prefix="scope"),
            "adjustment": AdjustmentForm(prefix="a"),
            "adjustments": chosen.adjustments.order_by("day", "pk"),
            "published": chosen.federation_adjustments(),
            "changes": chosen.changes.select_related("user")[:20],
        }
        return render(request, "ratings/system.html", context, status=400)
    return _preview_page(request, chosen, overrides_of(form.params, _regulation(chosen)))


@administrator_required
@require_POST
def system_defaults(request: HttpRequest, pk: int) -> HttpResponse:
    return _preview_page(request, get_system_for_administrator(request, pk), {})


@administrator_required
@require_POST
def switch_published(request: HttpRequest, pk: int) -> HttpResponse:
    """Switch the federation's published adjustment off (or back on): the parameter
    ``adjustment_applied``, through the same preview as any change of parameters."""
    chosen = get_system_for_administrator(request, pk)
    if not chosen.federation_adjustments():
        messages.error(request, _("This system has no published adjustment."))
        return redirect("ratings:system", pk=chosen.pk)
    overrides = dict(chosen.params)
    if chosen.params_on(date.max).adjustment_applied:
        overrides["adjustment_applied"] = False
    else:
        overrides.pop("adjustment_applied", None)
    return _preview_page(request, chosen, overrides)


@administrator_required
@require_POST
def revert(request: HttpRequest, pk: int) -> HttpResponse:
    change = get_change_for_administrator(request, pk)
    return _preview_page(request, change.system, change.old)


@administrator_required
@require_POST
def system_apply(request: HttpRequest, pk: int) -> HttpResponse:
    chosen = get_system_for_administrator(request, pk)
    try:
        overrides = json.loads(request.POST.get("overrides", ""))
        apply(_regulation(chosen), overrides)
    except (ValueError, RecursionError) as error:  # not JSON, or ParameterError
        messages.error(
            request, _("These parameters cannot be applied: %(error)s") % {"error": error}
        )
        return redirect("ratings:system", pk=chosen.pk)
    with transaction.atomic():
        ConfigChange.objects.create(
            system=chosen, user_id=request.user.pk, old=chosen.params, new=overrides
        )
        chosen.params = overrides
        chosen.save(update_fields=["params"])
    job = start_replay(chosen, user=acting_user(request))
    return redirect("ratings:job", pk=job.pk)


@administrator_required
@require_POST
def add_adjustment(request: HttpRequest, pk: int) -> HttpResponse:
    chosen = get_system_for_administrator(request, pk)
    form = AdjustmentForm(request.POST, prefix="a")
    if not form.is_valid():
        messages.error(
            request,
            _("The adjustment is not valid: %(errors)s") % {"errors": form.errors.as_text()},
        )
        return redirect("ratings:system", pk=chosen.pk)
    adjustment = form.save(commit=False)
    adjustment.system = chosen
    adjustment.save()
    job = start_replay(chosen, since=adjustment.day, user=acting_user(request))
    return redirect("ratings:job", pk=job.pk)

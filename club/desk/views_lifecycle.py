"""Closing with a confirmation that names the rating systems recalculated; cancelling,
restoring and deleting an event (``club.desk.lifecycle``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.desk import lifecycle, services
from club.desk.access import get_event_for_secretary, secretary_required
from club.models import Event, Game


def _systems(event: Event) -> list:
    from ratings.services import systems_to_replay

    return systems_to_replay(event)


@secretary_required
@require_GET
def close_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """Before closing: what is missing, or which rating systems closing recalculates."""
    event = get_event_for_secretary(request, pk)
    context = {
        "event": event,
        "problems": services.missing_results(event),
        "systems": _systems(event),
        "games": Game.objects.filter(round__event=event).count(),
    }
    return render(request, "desk/lifecycle/close_confirm.html", context)


@secretary_required
@require_POST
def cancel(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk, edit=False)
    was_closed = event.status == Event.Status.CLOSED
    try:
        lifecycle.cancel_event(event, request.POST.get("reason", ""), request.user)
    except services.DeskError as error:
        messages.error(request, str(error))
    else:
        if was_closed:
            messages.success(
                request, _("The event is cancelled and the ratings are recalculated without it.")
            )
        else:
            messages.success(request, _("The event is cancelled."))
    return redirect("desk:event", pk=event.pk)


@secretary_required
@require_POST
def restore(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk, edit=False)
    try:
        lifecycle.restore_event(event, request.user)
    except services.DeskError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The event is restored."))
    return redirect("desk:event", pk=event.pk)


@secretary_required
@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """What deleting removes and which systems it recalculates; then, with a reason,
    the deletion."""
    event = get_event_for_secretary(request, pk, edit=False)
    error = ""
    if request.method == "POST":
        try:
            replayed = lifecycle.delete_event(event, request.POST.get("reason", ""), request.user)
        except services.DeskError as problem:
            error = str(problem)
        else:
            if replayed:
                messages.success(
                    request,
                    _("“%(title)s” is deleted; recalculated: %(systems)s.")
                    % {"title": event.title, "systems": ", ".join(replayed)},
                )
            else:
                messages.success(request, _("“%(title)s” is deleted.") % {"title": event.title})
            return redirect("desk:events")
    counts = {
        "participants": event.participants.count(),
        "rounds": event.rounds.count(),
        "games": Game.objects.filter(round__event=event).count(),
    }
    closed = event.status == Event.Status.CLOSED
    context = {
        "event": event,
        "counts": counts,
        "systems": _systems(event) if closed else [],
        "error": error,
    }
    return render(request, "desk/lifecycle/delete.html", context, status=400 if error else 200)

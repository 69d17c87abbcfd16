"""Closing with a confirmation that names the rating systems recalculated, and the progress
of their recalculation in the background; cancelling, restoring and deleting an event
(``desk.services.lifecycle``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club import exceptions
from club.models import Event, Game
from club.roles import acting_user
from desk.access import get_event_for_secretary, secretary_required
from desk.services import lifecycle, results
from desk.views.actions import act
from ratings.services import systems_to_replay
from ratings.tasks import event_replays


def replays_context(event: Event) -> dict[str, Any]:
    """The event's recalculations for ``desk/events/_replays.html``."""
    replays = event_replays(event)
    return {"replays": replays, "pending": any(shown.pending for shown in replays)}


@secretary_required
@require_GET
def replays(request: HttpRequest, pk: int) -> HttpResponse:
    """The recalculations' progress, polled by the event page while one is under way; once
    none is, the page is reloaded so that it shows the new ratings."""
    event = get_event_for_secretary(request, pk)
    if not request.headers.get("HX-Request"):
        return redirect("desk:event", pk=event.pk)  # a part of that page, not a page
    context = {"event": event, **replays_context(event)}
    response = render(request, "desk/events/_replays.html", context)
    if not context["pending"]:
        response["HX-Refresh"] = "true"
    return response


@secretary_required
@require_GET
def close_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """Before closing: what is missing, or which rating systems closing recalculates."""
    event = get_event_for_secretary(request, pk)
    context = {
        "event": event,
        "problems": results.missing_results(event),
        "systems": systems_to_replay(event),
        "games": Game.objects.filter(round__event=event).count(),
    }
    return render(request, "desk/lifecycle/close_confirm.html", context)


@secretary_required
@require_POST
def cancel(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk, edit=False)
    was_closed = event.status == Event.Status.CLOSED
    return act(
        request,
        lambda: lifecycle.cancel_event(
            event.pk, request.POST.get("reason", ""), acting_user(request)
        ),
        success=(
            _("The event is cancelled; the ratings are being recalculated without it.")
            if was_closed
            else _("The event is cancelled.")
        ),
        back=reverse("desk:event", args=[event.pk]),
    )


@secretary_required
@require_POST
def restore(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk, edit=False)
    return act(
        request,
        lambda: lifecycle.restore_event(event.pk, acting_user(request)),
        success=_("The event is restored."),
        back=reverse("desk:event", args=[event.pk]),
    )


@secretary_required
@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """What deleting removes and which systems it recalculates; then, with a reason,
    the deletion."""
    event = get_event_for_secretary(request, pk, edit=False)
    error = ""
    if request.method == "POST":
        try:
            replayed = lifecycle.delete_event(
                event.pk, request.POST.get("reason", ""), acting_user(request)
            )
        except exceptions.DeskError as problem:
            error = str(problem)
        else:
            if replayed:
                messages.success(
                    request,
                    _("“%(title)s” is deleted; being recalculated: %(systems)s.")
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
        "systems": systems_to_replay(event) if closed else [],
        "error": error,
    }
    return render(request, "desk/lifecycle/delete.html", context, status=400 if error else 200)

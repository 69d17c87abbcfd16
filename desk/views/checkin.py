"""Before a Swiss round: one page per round to mark who is present, who asked for a bye
and who withdrew, then pair it; a round's pairing taken back while no result is in."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club import event_state
from club.models import Event, Round
from club.roles import acting_user
from desk.access import (
    get_event_for_secretary,
    get_round_for_secretary,
    secretary_required,
)
from desk.services import checkin
from desk.services import pairing as pairing_services
from desk.views.actions import act


@secretary_required
@require_http_methods(["GET", "POST"])
def check_in(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Every player entered by the round, one line each, a choice of present, half- or
    zero-point bye, withdrawn (keys P, H, Z, W on a line). "Pair" saves and pairs."""
    event = get_event_for_secretary(request, pk, edit=True)  # the page only serves to change it
    if number < 1 or number > 99:
        raise Http404
    lines = checkin.lines(event, number)
    if request.method == "POST":
        statuses = {
            # a player registered after the page was shown keeps what is recorded
            line.participant.pk: request.POST.get(f"status-{line.participant.pk}", line.status)
            for line in lines
        }
        here = reverse("desk:check_in", args=[event.pk, number])
        if not request.POST.get("pair"):
            return act(
                request,
                lambda: checkin.record(event.pk, number, statuses, acting_user(request)),
                success=_("Who plays round %(n)s is saved.") % {"n": number},
                back=here,
            )

        def record_and_pair() -> Round:
            # the check-in stays saved when the pairing is refused (then mended and paired)
            checkin.record(event.pk, number, statuses, acting_user(request))
            return pairing_services.pair_next_round(event.pk, acting_user(request), expected=number)

        return act(
            request,
            record_and_pair,
            success=lambda round_: _("Round %(n)s is paired.") % {"n": round_.number},
            back=here,
            then=lambda round_: reverse("desk:results", args=[round_.pk]),
        )
    context: dict[str, Any] = {
        "event": event,
        "number": number,
        "lines": lines,
        "statuses": checkin.STATUSES,
        "paired": checkin.paired(event, number),
        "next": checkin.next_number(event),
        "round": event.rounds.filter(number=number).first(),
    }
    return render(request, "desk/checkin/check_in.html", context)


@secretary_required
@require_GET
def check_in_next(request: HttpRequest, pk: int) -> HttpResponse:
    """The check-in of the next round to pair."""
    event = get_event_for_secretary(request, pk, edit=True)
    return redirect("desk:check_in", pk=event.pk, number=checkin.next_number(event))


@secretary_required
@require_POST
def undo_pairing(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = get_round_for_secretary(request, pk)
    return act(
        request,
        lambda: checkin.undo_pairing(round_.pk, acting_user(request)),
        success=_("The pairing of round %(n)s is undone.") % {"n": round_.number},
        back=reverse("desk:results", args=[round_.pk]),
        then=lambda _none: reverse("desk:check_in", args=[round_.event_id, round_.number]),
    )


@secretary_required
@require_POST
def pair_after(request: HttpRequest, pk: int) -> HttpResponse:
    """From round ``pk``'s results page: pair the round after it, if that is the next."""
    round_ = get_round_for_secretary(request, pk)
    return act(
        request,
        lambda: pairing_services.pair_next_round(
            round_.event.pk, acting_user(request), expected=round_.number + 1
        ),
        success=lambda paired: _("Round %(n)s is paired.") % {"n": paired.number},
        back=reverse("desk:results", args=[round_.pk]),
        then=lambda paired: reverse("desk:results", args=[paired.pk]),
    )


def results_actions(event: Event, round_: Round, games: list[Any], rounds: int) -> dict[str, Any]:
    """What the results page offers below the boards of a Swiss round (``rounds``: how
    many the event has): pairing the next round once every result is in, undoing this
    round's pairing while none is. No query: when a later round is paired already, the
    views that do it refuse with a message."""
    finished = not event_state.allows(event, event_state.Write.PAIR)
    if event.system != Event.System.SWISS or finished or not games:
        return {}
    complete = all(game.result for game in games)
    total = max(event.planned_rounds or 0, rounds)
    return {
        # shown once every result is in (the page's script shows it as they are saved)
        "next_round": round_.number + 1 if round_.number < total else None,
        "complete": complete,
        "can_undo": not any(game.result for game in games),
    }

"""Swiss rounds and manual pairings in the browser."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from club.desk import pairing_services
from club.desk.access import get_event_for_secretary, secretary_required
from club.desk.services import DeskError
from club.models import Bye, Round

EXTRA_BOARDS = 2
BYE_ROWS = 3


@secretary_required
@require_POST
def pair_next_round(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    try:
        round_ = pairing_services.pair_next_round(event, request.user)
    except DeskError as error:
        messages.error(request, str(error))
        return redirect("desk:event", pk=event.pk)
    messages.success(request, _("Round %(n)s is paired.") % {"n": round_.number})
    return redirect("desk:results", pk=round_.pk)


@secretary_required
@require_http_methods(["GET", "POST"])
def edit_round(request: HttpRequest, pk: int) -> HttpResponse:
    """Pair or change a round by hand, with the director's checks."""
    round_ = get_object_or_404(Round.objects.select_related("event"), pk=pk)
    event = round_.event
    games = list(round_.games.order_by("board"))
    byes = list(round_.byes.all())
    check = None
    if request.method == "POST":
        boards = []
        for n in range(len(games) + EXTRA_BOARDS):
            white, black = request.POST.get(f"white-{n}"), request.POST.get(f"black-{n}")
            if white and black:
                boards.append((int(white), int(black)))
        asked = []
        for n in range(len(byes) + BYE_ROWS):
            player, kind = request.POST.get(f"bye-{n}"), request.POST.get(f"bye-kind-{n}")
            if player and kind in Bye.Kind.values:
                asked.append((int(player), kind))
        check = pairing_services.save_round(
            event, round_.number, boards, asked, request.user, bool(request.POST.get("confirm"))
        )
        if not check.blocking and (not check.warnings or request.POST.get("confirm")):
            messages.success(request, _("The pairings are saved."))
            return redirect("desk:results", pk=round_.pk)
        games_rows = [(w, b) for w, b in boards]
        bye_rows = asked
    else:
        games_rows = [(g.white_id, g.black_id) for g in games]
        bye_rows = [(b.player_id, b.kind) for b in byes]
    participants = list(event.participants.select_related("player").order_by("number"))
    rows = games_rows + [(None, None)] * EXTRA_BOARDS
    bye_list = bye_rows + [(None, "")] * BYE_ROWS
    context = {
        "round": round_,
        "rows": rows,
        "byes": bye_list,
        "participants": participants,
        "kinds": Bye.Kind.choices,
        "check": check,
    }
    return render(request, "desk/edit_round.html", context)

"""Swiss rounds and manual pairings in the browser."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from club.exceptions import DeskError, RoundChanged
from club.models import Bye
from club.roles import acting_user
from desk.access import (
    get_event_for_secretary,
    get_round_for_secretary,
    secretary_required,
)
from desk.services import pairing as pairing_services
from desk.views.actions import act
from lib.limits import whole_number

EXTRA_BOARDS = 2
BYE_ROWS = 3


@secretary_required
@require_POST
def pair_next_round(request: HttpRequest, pk: int) -> HttpResponse:
    """Pair the next round; ``round`` posted: the round the page offered to pair (if
    someone else paired it meanwhile, it is shown as it is)."""
    event = get_event_for_secretary(request, pk)
    expected = whole_number(request.POST.get("round"))
    return act(
        request,
        lambda: pairing_services.pair_next_round(event.pk, acting_user(request), expected),
        success=lambda round_: _("Round %(n)s is paired.") % {"n": round_.number},
        back=reverse("desk:event", args=[event.pk]),
        then=lambda round_: reverse("desk:results", args=[round_.pk]),
    )


def _posted_round(
    request: HttpRequest, games: int, byes: int
) -> tuple[list[tuple[int, int]], list[tuple[int, str]], list[str]]:
    """The boards and byes posted (players by id), and what is not a player of the list,
    named by its board or bye row."""
    boards: list[tuple[int, int]] = []
    asked: list[tuple[int, str]] = []
    wrong: list[str] = []
    for n in range(games + EXTRA_BOARDS):
        white, black = request.POST.get(f"white-{n}"), request.POST.get(f"black-{n}")
        if white and black:
            ids = whole_number(white), whole_number(black)
            if ids[0] is None or ids[1] is None:
                wrong.append(_("Board %(n)s: choose both players from the list.") % {"n": n + 1})
            else:
                boards.append((ids[0], ids[1]))
    for n in range(byes + BYE_ROWS):
        player, kind = request.POST.get(f"bye-{n}"), request.POST.get(f"bye-kind-{n}")
        if player and kind in Bye.Kind.values:
            chosen = whole_number(player)
            if chosen is None:
                wrong.append(_("Bye %(n)s: choose the player from the list.") % {"n": n + 1})
            else:
                asked.append((chosen, kind))
    return boards, asked, wrong


@secretary_required
@require_http_methods(["GET", "POST"])
def edit_round(request: HttpRequest, pk: int) -> HttpResponse:
    """Pair or change a round by hand, with the director's checks."""
    round_ = get_round_for_secretary(request, pk, edit=True)  # a page to change it
    event = round_.event
    games = list(round_.games.order_by("board"))
    byes = list(round_.byes.order_by("pk"))  # a bye has no order of its own: as entered
    check = None
    if request.method == "POST":
        boards, asked, wrong = _posted_round(request, len(games), len(byes))
        if wrong:
            for problem in wrong:
                messages.error(request, problem)
            return redirect("desk:edit_round", pk=round_.pk)
        try:
            check = pairing_services.save_round(
                event.pk,
                round_.number,
                boards,
                asked,
                acting_user(request),
                bool(request.POST.get("confirm")),
                seen=request.POST.get("seen"),
            )
        except RoundChanged as changed:
            messages.warning(request, str(changed))
            return redirect("desk:edit_round", pk=round_.pk)
        except DeskError as error:
            messages.error(request, str(error))
            return redirect("desk:results", pk=round_.pk)
        if not check.blocking and (not check.warnings or request.POST.get("confirm")):
            messages.success(request, _("The pairings are saved."))
            return redirect("desk:results", pk=round_.pk)
        games_rows = [(w, b) for w, b in boards]
        bye_rows = asked
    else:
        games_rows = [(g.white_id, g.black_id) for g in games]
        bye_rows = [(b.player_id, b.kind) for b in byes]
    participants = list(event.participants.select_related("player").order_by("number", "pk"))
    rows = games_rows + [(None, None)] * EXTRA_BOARDS
    bye_list = bye_rows + [(None, "")] * BYE_ROWS
    context = {
        "round": round_,
        "rows": rows,
        "byes": bye_list,
        "participants": participants,
        "kinds": Bye.Kind.choices,
        "check": check,
        "seen": pairing_services.fingerprint(round_),
    }
    return render(request, "desk/edit_round.html", context)

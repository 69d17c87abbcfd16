"""The desk's registration: players searched and entered (members and outside players),
withdrawn, numbered, numbers drawn by lot, and a round robin paired once entered."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from club import event_state, exceptions
from club.models import Entry, Event, Member, Participant, Player
from club.roles import acting_user
from desk.access import get_event_for_secretary, secretary_required
from desk.forms.events import OutsiderForm
from desk.services import entry_decisions, lots, pairing, registration
from desk.services.players import search_players
from desk.views.actions import act
from desk.views.events import event_page, round_to_join
from lib.limits import MAX_ROUNDS, whole_number
from ratings.services.listed import listed


@secretary_required
@require_GET
def member_search(request: HttpRequest, pk: int) -> HttpResponse:
    """Members and known outside players found as the secretary types, by name or by
    FIDE or national ID (htmx: the results only; without JS: a page)."""
    event = get_event_for_secretary(request, pk)
    query = request.GET.get("q", "").strip()
    asked = whole_number(request.GET.get("joined_round"))
    joined_round = min(max(1, asked), MAX_ROUNDS) if asked is not None else round_to_join(event)
    context = {
        "event": event,
        "found": search_players(event, query),
        "query": query,
        "joined_round": joined_round,
        "next_round": joined_round,
    }
    if request.headers.get("HX-Request"):
        return render(request, "desk/events/_search.html", context)
    return render(request, "desk/events/search.html", context)


def _joined(request: HttpRequest) -> int:
    posted = request.POST.get("joined_round", "1")
    return whole_number(posted) or 0  # 0 (not a number) is refused by the service


def _posted_player(request: HttpRequest) -> Player | None:
    """The player chosen in the search: ``player`` (a member or a known outsider), or
    ``member`` (a member's id, as the first forms posted it)."""
    player, member = request.POST.get("player", ""), request.POST.get("member", "")
    if (number := whole_number(player)) is not None:
        return Player.objects.filter(pk=number).first()
    if (number := whole_number(member)) is not None:
        found = Member.objects.select_related("player").filter(pk=number).first()
        return found.player if found else None
    return None


@secretary_required
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    if (number := whole_number(request.POST.get("listed", ""))) is not None:
        return _register_listed(request, event, number)
    player = _posted_player(request)
    if player is None:
        messages.error(request, _("Choose a member among those found."))
        return redirect("desk:event", pk=event.pk)
    return act(
        request,
        lambda: registration.register(event.pk, player.pk, acting_user(request), _joined(request)),
        success=_("%(name)s is registered.") % {"name": player.name},
        back=reverse("desk:event", args=[event.pk]),
    )


def _register_listed(request: HttpRequest, event: Event, pk: int) -> HttpResponse:
    """A player of a loaded official list chosen in the search: the club's record of
    them (found by the list's IDs, or made from the list) registered."""
    row = listed().filter(pk=pk).first()
    if row is None:  # a newer list replaced the one searched
        messages.error(request, _("This player is no longer in the loaded lists: search again."))
        return redirect("desk:event", pk=event.pk)
    return act(
        request,
        lambda: registration.register_listed(
            event.pk, row.pk, acting_user(request), _joined(request)
        ),
        success=lambda entry: _("%(name)s is registered.") % {"name": entry.player.name},
        back=reverse("desk:event", args=[event.pk]),
    )


@secretary_required
@require_POST
def register_outsider(request: HttpRequest, pk: int) -> HttpResponse:
    """An outside player in one form: the player is created (or found by FIDE or
    national ID) and registered."""
    event = get_event_for_secretary(request, pk)
    form = OutsiderForm(request.POST)
    if form.is_valid():
        try:
            participant, created = registration.register_outsider(
                event.pk, form.outsider(), acting_user(request), form.joins_in_round()
            )
        except event_state.EventRefused as refused:  # its page shows no form: a message
            messages.error(request, str(refused))
            return redirect("desk:event", pk=event.pk)
        except exceptions.DeskError as error:
            form.add_error(None, str(error))
        else:
            name = participant.player.name
            if created:
                messages.success(request, _("%(name)s is registered.") % {"name": name})
            else:
                messages.success(
                    request,
                    _("%(name)s was already known (same ID): registered.") % {"name": name},
                )
            return redirect("desk:event", pk=event.pk)
    return event_page(request, event, outsider=form, status=400)


@secretary_required
@require_POST
def withdraw(request: HttpRequest, pk: int, participant: int) -> HttpResponse:
    """Withdraw a participant after a round, or take the withdrawal back
    (``reinstate``)."""
    event = get_event_for_secretary(request, pk)
    entry = get_object_or_404(
        Participant.objects.select_related("player", "event"), pk=participant, event=event
    )
    after: int | None = None
    if "reinstate" not in request.POST:
        after = whole_number(request.POST.get("after_round"), signed=True)
        if after is None:
            messages.error(request, _("Say after which round the player withdraws."))
            return redirect("desk:event", pk=event.pk)
    if after is None:
        done = _("%(name)s plays again.") % {"name": entry.player.name}
    else:
        done = _("%(name)s withdraws after round %(n)s.") % {"name": entry.player.name, "n": after}
    return act(
        request,
        lambda: entry_decisions.withdraw_participant(
            entry.pk, after, acting_user(request), request.build_absolute_uri
        ),
        success=lambda moved: " ".join([done, *(_moved_up(e) for e in moved)]),
        back=reverse("desk:event", args=[event.pk]),
    )


def _moved_up(entry: Entry) -> str:
    """What the desk says of an entry moved up from the waiting list."""
    return _("%(name)s, first on the waiting list, takes the place and is registered.") % {
        "name": entry.name
    }


@secretary_required
@require_POST
def set_teams(request: HttpRequest, pk: int) -> HttpResponse:
    """The participants' teams as typed in the participants' table (``team-<id>``): a
    Scheveningen event's two sides."""
    event = get_event_for_secretary(request, pk)
    teams: dict[int, str] = {}
    for key in request.POST:
        if key.startswith("team-") and (number := whole_number(key[5:])) is not None:
            teams[number] = request.POST.get(key, "")
    return act(
        request,
        lambda: registration.set_teams(event.pk, teams, acting_user(request)),
        success=lambda n: (
            ngettext("%(n)s player changed team.", "%(n)s players changed team.", n) % {"n": n}
        ),
        back=reverse("desk:event", args=[event.pk]),
    )


@secretary_required
@require_POST
def renumber(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    return act(
        request,
        lambda: registration.renumber(event.pk, acting_user(request)),
        success=_("Pairing numbers follow the ratings."),
        back=reverse("desk:event", args=[event.pk]),
    )


@secretary_required
@require_POST
def draw_lots(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    try:
        lots.draw_lots(event.pk, acting_user(request))
        messages.success(request, _("Pairing numbers drawn by lot."))
    except exceptions.DeskError as error:
        messages.error(request, str(error))
    return redirect("desk:event", pk=event.pk)


@secretary_required
@require_POST
def pair_round_robin(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    return act(
        request,
        lambda: pairing.pair_round_robin(event.pk, acting_user(request)),
        success=lambda rounds: _("%(n)s rounds paired.") % {"n": rounds},
        back=reverse("desk:event", args=[event.pk]),
    )

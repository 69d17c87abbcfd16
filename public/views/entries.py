"""Entering an announced event from the public site: the player found in the lists (the
desk's registration search) or typed, with an e-mail address; and the entrant's link,
from the mail, to confirm the address or withdraw. Neither page is kept by the page cache
(each holds a form of its own); the event's page, which lists the entries, is.

Robots are turned away by a field people never see (the honeypot), the signed moment the
form was shown (sent too fast, it is refused), and a limit on the entries from one
client and to one e-mail address an hour, counted in the ``limits`` cache the workers
share."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from club.exceptions import DeskError
from club.models import Entry, EntryTerms, Event, Player
from desk.services import entries
from desk.services.entry_mails import entry_id_from_token
from lib.limits import whole_number
from lib.rate_limits import client_of, one_more
from public.entries import entry_list, offered, public_players
from public.forms import EntryForm, form_stamp, kept_stamp

ENTRIES_PER_CLIENT = 10  # an hour, from one client address (a club's Wi-Fi enters a few)
ENTRIES_PER_ADDRESS = 5  # an hour, to one e-mail address (a parent enters their children)
HOUR = 3600


def _event_with_entries(pk: int) -> tuple[Event, EntryTerms]:
    """The public event ``pk`` and its entry terms, or 404 when it takes no entries."""
    event = get_object_or_404(Event.objects.public(), pk=pk)
    terms = EntryTerms.objects.filter(event=event).first()
    if terms is None:
        raise Http404(_("This event takes no online entries."))
    return event, terms


def _chosen(event: Event, player: int | None, line: int | None) -> entries.Identity | None:
    """The player picked in the search, as the entry will record them; None when none was
    picked or the one picked is no longer offered (a member not listed publicly, a list
    replaced meanwhile)."""
    if player is not None:
        if not Player.objects.filter(public_players(), pk=player).exists():
            return None
    elif line is None:
        return None
    request = entries.EntryRequest(email="", language="", player_id=player, listed_id=line)
    try:
        return entries.with_list_ratings(entries.identity_of(request), event.time_control)
    except entries.UnknownPlayer:
        return None


def _too_many(request: HttpRequest, email: str) -> str | None:
    """Count the entry against the client's and the address's limits; why it is refused."""
    if not one_more("entry-client", client_of(request), ENTRIES_PER_CLIENT, HOUR):
        return _("Too many entries from your address: try again in an hour.")
    target = unicodedata.normalize("NFKC", email).casefold()
    if not one_more("entry-address", target, ENTRIES_PER_ADDRESS, HOUR):
        return _("Too many entries with this e-mail address: try again in an hour.")
    return None


@require_http_methods(["GET", "HEAD", "POST"])
def enter(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's entry form: a search in the lists (``?q=``), the player picked
    (``?joueur=`` a known player, ``?liste=`` a listed one) or typed (``?saisir=1``), and
    the entrant's address."""
    event, terms = _event_with_entries(pk)
    context: dict[str, Any] = {
        "event": event,
        "terms": terms,
        "entries": entry_list(event, terms),
        "closed": entries.closed_because(event, terms),
    }
    if context["closed"]:
        return render(request, "club/entry_form.html", context)
    source = request.POST if request.method == "POST" else request.GET
    picked = whole_number(source.get("player") or request.GET.get("joueur"))
    line = whole_number(source.get("listed") or request.GET.get("liste"))
    chosen = _chosen(event, picked, line)
    typing = chosen is None and (request.method == "POST" or "saisir" in request.GET)
    if request.method == "POST":
        form = EntryForm(request.POST, typing=picked is None and line is None)
        if (picked is not None or line is not None) and chosen is None:
            form.add_error(None, _("This player is no longer offered: search again."))
        elif form.is_valid():
            refusal = _too_many(request, form.cleaned_data["email"])
            if refusal is not None:
                form.add_error(None, refusal)
            else:
                language = translation.get_language() or ""
                try:
                    entry = entries.take_entry(
                        event.pk, form.entry_request(language), request.build_absolute_uri
                    )
                except DeskError as refused:
                    form.add_error(None, str(refused))
                else:
                    return _taken(request, entry)
    else:
        initial = {
            "player": picked if chosen else None,
            "listed": line if chosen else None,
            "club_name": chosen.club_name if chosen else "",
        }
        form = EntryForm(initial=initial, typing=typing)
    query = request.GET.get("q", "").strip()[:100]
    context |= {
        "form": form,
        "stamp": kept_stamp(request.POST.get("started", ""))
        if request.method == "POST"
        else form_stamp(),
        "chosen": chosen,
        "typing": typing,
        "query": query,
        "found": offered(event, query) if query and chosen is None and not typing else [],
    }
    return render(request, "club/entry_form.html", context)


def _taken(request: HttpRequest, entry: Entry) -> HttpResponse:
    """The event's page, saying where the entry stands and what to do next."""
    if entry.status == Entry.Status.WAITING:
        messages.warning(
            request,
            _(
                "The places are taken: the entry of %(name)s is on the waiting list. We have "
                "sent a mail to %(email)s: confirm your address with its link."
            )
            % {"name": entry.name, "email": entry.email},
        )
    else:
        messages.success(
            request,
            _(
                "The entry of %(name)s is received. We have sent a mail to %(email)s: confirm "
                "your address with its link, and the entry shows in the list below."
            )
            % {"name": entry.name, "email": entry.email},
        )
    return redirect(reverse("event", args=[entry.event_id]) + "#entries")


@require_http_methods(["GET", "HEAD", "POST"])
def entry_link(request: HttpRequest, token: str) -> HttpResponse:
    """The entrant's own page, reached by the link of their mail: their entry, where it
    stands, a button to confirm their address and one to withdraw."""
    entry_id = entry_id_from_token(token)
    entry = (
        Entry.objects.select_related("event").filter(pk=entry_id).first()
        if entry_id is not None
        else None
    )
    if entry is None:
        return render(request, "club/entry_link.html", {"invalid": True}, status=404)
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "confirm":
                entries.confirm_address(entry.pk)
                messages.success(request, _("Thank you: your address is confirmed."))
            elif action == "withdraw":
                entries.withdraw_entry(entry.pk, request.build_absolute_uri)
                messages.success(request, _("Your entry is withdrawn."))
            else:
                messages.error(request, _("Choose to confirm your address or to withdraw."))
        except DeskError as refused:
            messages.error(request, str(refused))
        return redirect("entry_link", token=token)
    return render(request, "club/entry_link.html", {"entry": entry, "token": token})

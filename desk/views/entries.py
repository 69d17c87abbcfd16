"""The desk's online entries of an event: its terms (open or closed, closing date, places,
rating bounds, fee), the entries received with the entrants' private contact, and the
secretary's decisions: accept (the entry becomes the registration), put on the waiting
list, refuse, and accept every entry whose address is confirmed; and the entries that
moved up from the waiting list when a place freed."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from club import exceptions
from club.models import Entry, EntryTerms, Event
from club.roles import acting_user
from desk.access import get_event_for_secretary, secretary_required
from desk.forms.entries import TermsForm
from desk.services import entries as services
from desk.services import entry_decisions
from desk.views.actions import act

# The order of the desk's list: what waits for the secretary first
ORDER = [
    Entry.Status.RECEIVED,
    Entry.Status.WAITING,
    Entry.Status.ACCEPTED,
    Entry.Status.REFUSED,
    Entry.Status.WITHDRAWN,
]


def _page(
    request: HttpRequest, event: Event, form: TermsForm | None = None, status: int = 200
) -> HttpResponse:
    terms = EntryTerms.objects.filter(event=event).first()
    rows = list(Entry.objects.filter(event=event).select_related("participant"))
    rows.sort(key=lambda e: (ORDER.index(Entry.Status(e.status)), e.received_at, e.pk))
    counts = {s: sum(1 for e in rows if e.status == s) for s in Entry.Status}
    context = {
        "event": event,
        "terms": terms,
        "form": form or TermsForm(instance=terms or EntryTerms(event=event)),
        "form_open": form is not None or terms is None,
        "rows": rows,
        "moved_up": sorted(
            (e for e in rows if e.moved_up_at and e.status == Entry.Status.ACCEPTED),
            key=lambda e: (e.moved_up_at, e.pk),
            reverse=True,
        ),
        "counts": counts,
        "confirmed_waiting": sum(
            1 for e in rows if e.status == Entry.Status.RECEIVED and e.confirmed_at
        ),
        "taken": terms.places_taken() if terms else 0,
        "closed": services.closed_because(event, terms),
    }
    return render(request, "desk/events/entries.html", context, status=status)


@secretary_required
@require_GET
def entries(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, get_event_for_secretary(request, pk))


@secretary_required
@require_POST
def terms(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    current = EntryTerms.objects.filter(event=event).first()
    form = TermsForm(request.POST, instance=current or EntryTerms(event=event))
    if form.is_valid():
        try:
            services.set_terms(
                event.pk, form.terms(), acting_user(request), request.build_absolute_uri
            )
        except exceptions.DeskError as refused:
            form.add_error(None, str(refused))
        else:
            if form.cleaned_data["open"]:
                messages.success(request, _("The online entries are open."))
            else:
                messages.success(request, _("The online entries are closed."))
            return redirect("desk:entries", pk=event.pk)
    return _page(request, event, form, status=400)


@secretary_required
@require_POST
def decide(request: HttpRequest, pk: int, entry: int) -> HttpResponse:
    """The secretary's decision on one entry (``decision``: accept, wait or refuse)."""
    event = get_event_for_secretary(request, pk)
    row = get_object_or_404(Entry, pk=entry, event=event)
    user, link = acting_user(request), request.build_absolute_uri
    back = reverse("desk:entries", args=[event.pk])
    decision = request.POST.get("decision")
    if decision == "accept":
        return act(
            request,
            lambda: entry_decisions.accept(row.pk, user, link),
            success=_("%(name)s is accepted and registered.") % {"name": row.name},
            back=back,
        )
    if decision == "wait":
        return act(
            request,
            lambda: entry_decisions.put_on_waiting_list(row.pk, user, link),
            success=_("%(name)s is on the waiting list.") % {"name": row.name},
            back=back,
        )
    if decision == "refuse":
        return act(
            request,
            lambda: entry_decisions.refuse(row.pk, user, link),
            success=_("%(name)s's entry is refused.") % {"name": row.name},
            back=back,
        )
    messages.error(request, _("Choose to accept, put on the waiting list or refuse."))
    return redirect(back)


@secretary_required
@require_POST
def accept_confirmed(request: HttpRequest, pk: int) -> HttpResponse:
    """Accept every received entry whose address is confirmed."""
    event = get_event_for_secretary(request, pk)
    try:
        done = entry_decisions.accept_confirmed(
            event.pk, acting_user(request), request.build_absolute_uri
        )
    except exceptions.DeskError as refused:
        messages.error(request, str(refused))
        return redirect("desk:entries", pk=event.pk)
    count = len(done.names)
    messages.success(
        request,
        ngettext("%(n)s entry accepted.", "%(n)s entries accepted.", count) % {"n": count},
    )
    for skipped in done.skipped:
        messages.warning(request, skipped)
    return redirect("desk:entries", pk=event.pk)

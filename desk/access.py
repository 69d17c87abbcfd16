"""Who may use the secretary's desk: the secretaries group and administrators; and the
administrators' own pages (accounts and roles).

The event and round lookups are also where a cancelled event is refused: a request that
changes an event (any method but GET and HEAD, or a page that only serves to change it)
on a cancelled event raises ``EventCancelled``, which ``secretary_required`` answers with a
message on the event's page. Nothing is written; restoring the event lifts the refusal."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from club.models import Article, Event, Member, Round
from club.roles import is_secretary

SAFE_METHODS = ("GET", "HEAD")


class EventCancelled(Exception):
    """A change asked of a cancelled event: refused before anything is written."""

    def __init__(self, event: Event) -> None:
        super().__init__(event.pk)
        self.event = event

    def message(self) -> str:
        title = self.event.title
        return _("“%(title)s” is cancelled: restore it before changing anything in it.") % {
            "title": title
        }


def _refused(request: HttpRequest, refusal: EventCancelled) -> HttpResponse:
    """The event's page with the refusal's message (htmx: the whole page goes there)."""
    messages.error(request, refusal.message())
    response = redirect("desk:event", pk=refusal.event.pk)
    if request.headers.get("HX-Request"):
        response["HX-Redirect"] = response["Location"]
    return response


def secretary_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Log in first; then members of the secretaries group and administrators only. A
    change refused by the event's lookup (``EventCancelled``) becomes a message."""

    @login_required
    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_secretary(request.user):
            raise PermissionDenied
        try:
            return view(request, *args, **kwargs)
        except EventCancelled as refusal:
            return _refused(request, refusal)

    return guarded


def require_secretary(request: HttpRequest) -> None:
    """Refuse (403) whoever is not a secretary: the check behind every helper below, so
    that a view that fetches its object through one cannot forget it."""
    if not is_secretary(request.user):
        raise PermissionDenied


def check_event_for_secretary(
    request: HttpRequest, event: Event, edit: bool | None = None
) -> Event:
    """``event`` as found, or ``EventCancelled`` for a change of a cancelled event (for
    the pages that find the event through another object, an interclub match's)."""
    require_secretary(request)
    changes = request.method not in SAFE_METHODS if edit is None else edit
    if changes and event.status == Event.Status.CANCELLED:
        raise EventCancelled(event)
    return event


def get_event_for_secretary(request: HttpRequest, pk: int, *, edit: bool | None = None) -> Event:
    """The event ``pk``, for a secretary only. ``edit``:
    whether the request changes the event (by default, any method but GET and HEAD);
    a change of a cancelled event is refused (``EventCancelled``). The pages that cancel,
    restore or delete the event itself say ``edit=False``."""
    require_secretary(request)
    return check_event_for_secretary(request, get_object_or_404(Event, pk=pk), edit)


def get_round_for_secretary(request: HttpRequest, pk: int, *, edit: bool | None = None) -> Round:
    """The round ``pk`` with its event, refused as ``get_event_for_secretary`` refuses."""
    require_secretary(request)
    round_ = get_object_or_404(Round.objects.select_related("event"), pk=pk)
    check_event_for_secretary(request, round_.event, edit)
    return round_


def get_member_for_secretary(request: HttpRequest, pk: int) -> Member:
    """The member ``pk`` with their player and account, for a secretary only."""
    require_secretary(request)
    return get_object_or_404(Member.objects.select_related("player", "user"), pk=pk)


def get_article_for_secretary(request: HttpRequest, pk: int) -> Article:
    """The article ``pk``, published or not, for a secretary only."""
    require_secretary(request)
    return get_object_or_404(Article, pk=pk)


def is_administrator(user: User | AnonymousUser) -> bool:
    return bool(user.is_authenticated and user.is_active and user.is_superuser)


def administrator_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Log in first; then administrators (superusers) only."""

    @login_required
    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_administrator(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return guarded

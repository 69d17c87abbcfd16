"""Who may use the secretary's desk: the secretaries group and administrators; and the
administrators' own pages (accounts and roles)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from club.models import Article, Event, Member, Round

SECRETARIES = "secretaries"


def is_secretary(user: Any) -> bool:
    """A member of the secretaries group or an administrator; asked of the database once
    per user object (a request's access check and its menu share the answer)."""
    if not user.is_authenticated:
        return False
    known = getattr(user, "_is_secretary", None)
    if known is None:
        known = user.is_superuser or user.groups.filter(name=SECRETARIES).exists()
        user._is_secretary = known
    return bool(known)


def secretary_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Log in first; then members of the secretaries group and administrators only."""

    @login_required
    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_secretary(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return guarded


def require_secretary(request: HttpRequest) -> None:
    """Refuse (403) whoever is not a secretary: the check behind every helper below, so
    that a view that fetches its object through one cannot forget it."""
    if not is_secretary(request.user):
        raise PermissionDenied


def get_event_for_secretary(request: HttpRequest, pk: int) -> Event:
    """The event ``pk``, for a secretary only."""
    require_secretary(request)
    return get_object_or_404(Event, pk=pk)


def get_round_for_secretary(request: HttpRequest, pk: int) -> Round:
    """The round ``pk`` with its event, for a secretary only."""
    require_secretary(request)
    return get_object_or_404(Round.objects.select_related("event"), pk=pk)


def get_member_for_secretary(request: HttpRequest, pk: int) -> Member:
    """The member ``pk`` with their player and account, for a secretary only."""
    require_secretary(request)
    return get_object_or_404(Member.objects.select_related("player", "user"), pk=pk)


def get_article_for_secretary(request: HttpRequest, pk: int) -> Article:
    """The article ``pk``, published or not, for a secretary only."""
    require_secretary(request)
    return get_object_or_404(Article, pk=pk)


def is_administrator(user: Any) -> bool:
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

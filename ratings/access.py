"""Who may use the administrators' rating pages: administrators, that is superusers and
accounts given the permission to change rating systems. The staff flag alone (which opens
Django's admin site) is not enough: a secretary may have it."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from ratings.models import ConfigChange, OfficialList, RatingSystem, ReplayJob

PERMISSION = "ratings.change_ratingsystem"


def is_administrator(user: User | AnonymousUser) -> bool:
    """Superusers (who hold every permission) and accounts given ``PERMISSION``."""
    return bool(user.is_authenticated and user.is_active and user.has_perm(PERMISSION))


def check_administrator(request: HttpRequest) -> None:
    """Refuse (403) anyone but an administrator."""
    if not is_administrator(request.user):
        raise PermissionDenied


def administrator_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Log in first; then administrators only."""

    @login_required
    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        check_administrator(request)
        return view(request, *args, **kwargs)

    return guarded


def get_system_for_administrator(request: HttpRequest, pk: int) -> RatingSystem:
    """The rating system ``pk``, for an administrator only."""
    check_administrator(request)
    return get_object_or_404(RatingSystem, pk=pk)


def get_change_for_administrator(request: HttpRequest, pk: int) -> ConfigChange:
    """The configuration change ``pk`` (with its system), for an administrator only."""
    check_administrator(request)
    return get_object_or_404(ConfigChange.objects.select_related("system"), pk=pk)


def get_job_for_administrator(request: HttpRequest, pk: int, lock: bool = False) -> ReplayJob:
    """The replay job ``pk``, for an administrator only. ``lock`` locks its row until the
    transaction ends (without joining the system: PostgreSQL locks no row on the nullable
    side of an outer join)."""
    check_administrator(request)
    jobs: QuerySet[ReplayJob] = (
        ReplayJob.objects.select_for_update()
        if lock
        else ReplayJob.objects.select_related("system")
    )
    return get_object_or_404(jobs, pk=pk)


def get_list_for_administrator(request: HttpRequest, pk: int) -> OfficialList:
    """The uploaded official list ``pk``, for an administrator only."""
    check_administrator(request)
    return get_object_or_404(OfficialList, pk=pk)

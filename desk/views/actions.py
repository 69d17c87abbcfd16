"""The desk's action views in one pattern: run the service; its refusal (``DeskError``)
becomes an error message, its success a success message; then a redirect. A round
someone else changed meanwhile (``RoundChanged``) sends the secretary to that round as
it is now, with a message saying so, instead of the page they came from."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from club.exceptions import DeskError, RoundChanged

T = TypeVar("T")


def changed_round_url(changed: RoundChanged) -> str:
    """Where a round changed meanwhile is shown: its results page, else the event's."""
    if changed.round_id is not None:
        return reverse("desk:results", args=[changed.round_id])
    return reverse("desk:event", args=[changed.event_id])


def act(
    request: HttpRequest,
    work: Callable[[], T],
    *,
    success: str | Callable[[T], str],
    back: str,
    then: Callable[[T], str] | None = None,
) -> HttpResponse:
    """Run ``work``; on success say ``success`` (or what it makes of the outcome) and go
    to ``then(outcome)`` (default: ``back``); on a refusal say why and go ``back``."""
    try:
        outcome = work()
    except RoundChanged as changed:
        messages.warning(request, str(changed))
        return redirect(changed_round_url(changed))
    except DeskError as error:
        messages.error(request, str(error))
        return redirect(back)
    messages.success(request, success(outcome) if callable(success) else success)
    return redirect(then(outcome) if then is not None else back)

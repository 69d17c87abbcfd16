"""The public interclub pages: the divisions, a division's standings and matches, a
match board by board. Names and ratings only: no personal data."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from club import pages
from interclub import services
from interclub.models import Division, TeamMatch
from lib import page_cache


@require_GET
def divisions(request: HttpRequest) -> HttpResponse:
    page_cache.shows(pages.INTERCLUB)
    return render(request, "interclub/divisions.html", {"divisions": Division.objects.all()})


@require_GET
def division(request: HttpRequest, pk: int) -> HttpResponse:
    page_cache.shows(pages.INTERCLUB)
    found = get_object_or_404(Division, pk=pk)
    played = services.division_matches(found)
    context = {
        "division": found,
        "standings": services.division_standings(found, played),
        "played": [p for p in played if p.match.event.public],
    }
    return render(request, "interclub/division.html", context)


@require_GET
def match(request: HttpRequest, pk: int) -> HttpResponse:
    found = get_object_or_404(
        TeamMatch.objects.select_related("division", "event", "home", "away"), pk=pk
    )
    if not found.event.public:
        raise Http404
    page_cache.shows(pages.INTERCLUB, pages.event(found.event_id))
    context = {
        "match": found,
        "boards": services.match_boards(found),
        "score": services.match_score(found),
    }
    return render(request, "interclub/match.html", context)

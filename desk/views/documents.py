"""The documents an arbiter prints from the desk, each one template for the browser's
print and for its PDF (``?format=pdf``, laid out by WeasyPrint from the same document and
the same print stylesheet, without the site's menu: ``desk/print/pdf.html``): the player
list, the check-in sheet, the standings with the event's tie-breaks, the standings by
category, the prize list, the round-by-round crosstable, the round robin's table, a
round's results. A round's pairings are in
``desk.views.printing``; an interclub match's sheet in ``interclub.views.desk``; all of
them answer through ``document``.

Secretary-only like the rest of the desk: the player list shows the players' FIDE and
national IDs, federations and ratings (never a birth date)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from club.models import Event
from desk.access import get_event_for_secretary, get_round_for_secretary, secretary_required
from desk.documents import BY_NUMBER, BY_RANK, result_boards, round_by_round, round_robin_table
from desk.prizes import event_prizes
from desk.standings import event_standings, standings_shown
from lib.limits import whole_number


def document(
    request: HttpRequest,
    template: str,
    context: dict[str, Any],
    name: str,
    landscape: bool = False,
) -> HttpResponse:
    """The document as a page to print, or as a PDF file named ``name`` when the address
    asks ``?format=pdf``."""
    query = request.GET.copy()
    query["format"] = "pdf"
    context = {**context, "landscape": landscape, "pdf_query": query.urlencode()}
    if request.GET.get("format") != "pdf":
        return render(request, template, context)
    html = render_to_string(template, {**context, "pdf": True}, request)
    # WeasyPrint takes most of a second to import: loaded by the first PDF a worker makes,
    # not by its first page of any kind (the URLs import this module)
    from lib.pdf import html_to_pdf

    response = HttpResponse(
        html_to_pdf(html, request.build_absolute_uri()), content_type="application/pdf"
    )
    response["Content-Disposition"] = f'inline; filename="{slugify(name) or "document"}.pdf"'
    return response


def _name(event: Event, what: str) -> str:
    return f"{event.title} {what}"


@secretary_required
@require_GET
def players(request: HttpRequest, pk: int) -> HttpResponse:
    """Every registered player by pairing number, with titles, federations, FIDE and
    national IDs and ratings."""
    event = get_event_for_secretary(request, pk)
    entries = event.participants.select_related("player", "player__membership").order_by(
        "number", "player__last_name", "player__first_name", "pk"
    )
    context = {"event": event, "entries": entries, "title": _("Player list")}
    return document(
        request, "desk/print/players.html", context, _name(event, _("players")), landscape=True
    )


@secretary_required
@require_GET
def checkin_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The players in alphabetical order with a box to tick and a line to sign as they
    arrive; a withdrawn player is left out."""
    event = get_event_for_secretary(request, pk)
    entries = (
        event.participants.filter(withdrawn_after_round__isnull=True)
        .select_related("player", "player__membership")
        .order_by("player__last_name", "player__first_name", "pk")
    )
    context = {"event": event, "entries": entries, "title": _("Check-in sheet")}
    return document(request, "desk/print/checkin.html", context, _name(event, _("check-in")))


@secretary_required
@require_GET
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings with the event's tie-breaks, after a round (``?ronde=N``) or all."""
    event = get_event_for_secretary(request, pk)
    table = standings_shown(event, whole_number(request.GET.get("ronde")))
    ratings = {p.player_id: p for p in table.participants}
    lines = [(line, ratings.get(line.player.pk)) for line in table.lines]
    context = {
        "event": event,
        "standings": table,
        "lines": lines,
        "until": table.played,
        "title": _("Standings"),
    }
    return document(
        request,
        "desk/print/standings.html",
        context,
        _name(event, _("standings")),
        landscape=len(table.order) > 3,
    )


@secretary_required
@require_GET
def categories(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings of each category: its players in the order of the standings, each
    with their rank in the category and overall, after a round (``?ronde=N``) or all."""
    event = get_event_for_secretary(request, pk)
    table = standings_shown(event, whole_number(request.GET.get("ronde")))
    context = {
        "event": event,
        "prizes": event_prizes(event, table),
        "until": table.played,
        "title": _("Standings by category"),
    }
    return document(request, "desk/print/categories.html", context, _name(event, _("categories")))


@secretary_required
@require_GET
def prize_list(request: HttpRequest, pk: int) -> HttpResponse:
    """The prize list: each list's prizes with their winners and the money paid, from
    the standings after the last round played."""
    event = get_event_for_secretary(request, pk)
    table = standings_shown(event)
    context = {
        "event": event,
        "prizes": event_prizes(event, table),
        "until": table.played,
        "title": _("Prize list"),
    }
    return document(request, "desk/print/prizes.html", context, _name(event, _("prizes")))


@secretary_required
@require_GET
def crosstable(request: HttpRequest, pk: int) -> HttpResponse:
    """The round-by-round crosstable: each player's rounds (opponent, colour, result),
    points and tie-breaks; by rank (``?ordre=rang``, the default) or by pairing number
    (``?ordre=depart``)."""
    event = get_event_for_secretary(request, pk)
    order = BY_NUMBER if request.GET.get("ordre") == BY_NUMBER else BY_RANK
    table = event_standings(event)
    played = [g.round.number for g in table.games] + [b.round.number for b in table.byes]
    rounds = max([*played, event.planned_rounds or 0], default=0)
    context = {
        "event": event,
        "standings": table,
        "lines": round_by_round(table, rounds, order),
        "rounds": range(1, rounds + 1),
        "order": order,
        "by_rank": BY_RANK,
        "by_number": BY_NUMBER,
        "title": _("Crosstable, round by round"),
    }
    return document(
        request, "desk/print/crosstable.html", context, _name(event, _("crosstable")), True
    )


@secretary_required
@require_GET
def round_robin(request: HttpRequest, pk: int) -> HttpResponse:
    """The round robin's table: rank × rank, each cell the points scored against that
    opponent."""
    event = get_event_for_secretary(request, pk)
    table = event_standings(event)
    context = {
        "event": event,
        "standings": table,
        "grid": round_robin_table(table),
        "size": range(1, len(table.lines) + 1),
        "has_byes": bool(table.byes),
        "title": _("Round robin table"),
    }
    return document(
        request,
        "desk/print/round_robin.html",
        context,
        _name(event, _("table")),
        landscape=len(table.lines) > 10,
    )


@secretary_required
@require_GET
def round_results(request: HttpRequest, pk: int) -> HttpResponse:
    """A round's results by board, each player with their points after the round, and
    the round's byes."""
    round_ = get_round_for_secretary(request, pk)
    event = round_.event
    table = event_standings(event, until=round_.number)
    games = [g for g in table.games if g.round_id == round_.pk]
    byes = [b for b in table.byes if b.round_id == round_.pk]
    points = {line.player.pk: line.points for line in table.lines}
    context = {
        "event": event,
        "round": round_,
        "boards": result_boards(games, table),
        "byes": [(bye, points.get(bye.player_id)) for bye in byes],
        "title": _("Results of round %(number)s") % {"number": round_.number},
    }
    return document(
        request,
        "desk/print/results.html",
        context,
        _name(event, _("results round %(number)s") % {"number": round_.number}),
    )

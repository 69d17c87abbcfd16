"""The secretary's desk: events, registrations, round-robin pairings, results, standings,
closing. Every view is behind ``secretary_required``."""

from __future__ import annotations

import csv
from decimal import Decimal

from django.contrib import messages
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.desk import services
from club.desk.access import get_event_for_secretary, secretary_required
from club.desk.forms import EventForm, OutsiderForm
from club.models import Event, Game, Member, Participant, Result, Round
from club.standings import Round as Played
from club.standings import crosstable, parse_tiebreaks, standings
from ratings.models import RatingSystem

SEARCH_RESULTS = 10


@secretary_required
@require_GET
def events(request: HttpRequest) -> HttpResponse:
    by_status = {
        status: Event.objects.filter(status=status).order_by("-start")[:50]
        for status in (Event.Status.ONGOING, Event.Status.ANNOUNCED, Event.Status.CLOSED)
    }
    return render(request, "desk/events.html", {"by_status": by_status})


@secretary_required
@require_http_methods(["GET", "POST"])
def event_form(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    event = get_event_for_secretary(request, pk) if pk else None
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            saved = form.save(commit=False)
            saved.updated_by = request.user
            saved.save()
            if event is None and form.cleaned_data.get("rounds"):
                services.create_rounds(
                    saved, form.cleaned_data["rounds"], saved.start, form.interval()
                )
            services.log_change(request.user, saved, "edit" if event else "create")
        return redirect("desk:event", pk=saved.pk)
    return render(request, "desk/event_form.html", {"form": form, "event": event})


@secretary_required
@require_GET
def event(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    order = request.GET.get("tri", "rating")
    ordering = {
        "rating": ["-rating", "player__last_name"],
        "number": ["number"],
        "name": ["player__last_name", "player__first_name"],
    }.get(order, ["-rating"])
    participants = item.participants.select_related("player").order_by(*ordering)
    context = {
        "event": item,
        "participants": participants,
        "rounds": list(item.rounds.all()),
        "has_games": Game.objects.filter(round__event=item).exists(),
        "outsider": OutsiderForm(),
        "rated_by": RatingSystem.objects.rating(item),
        "order": order,
    }
    return render(request, "desk/event.html", context)


@secretary_required
@require_GET
def member_search(request: HttpRequest, pk: int) -> HttpResponse:
    """Members whose name starts with what the secretary types (htmx, or a plain GET)."""
    item = get_event_for_secretary(request, pk)
    query = request.GET.get("q", "").strip()
    found = []
    if len(query) >= 2:
        registered = item.participants.values("player")
        found = list(
            Member.objects.active()
            .filter(
                Q(player__last_name__istartswith=query) | Q(player__first_name__istartswith=query)
            )
            .exclude(player__in=registered)
            .select_related("player")[:SEARCH_RESULTS]
        )
    template = "desk/_search.html" if request.headers.get("HX-Request") else "desk/search.html"
    return render(request, template, {"event": item, "found": found, "query": query})


@secretary_required
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    member = get_object_or_404(
        Member.objects.select_related("player"), pk=request.POST.get("member")
    )
    try:
        services.register(item, member.player, request.user, _joined(request))
        messages.success(request, _("%(name)s is registered.") % {"name": member.player.name})
    except services.DeskError as error:
        messages.error(request, str(error))
    return redirect("desk:event", pk=item.pk)


def _joined(request: HttpRequest) -> int:
    try:
        return max(1, int(request.POST.get("joined_round", 1)))
    except ValueError:
        return 1


@secretary_required
@require_POST
def register_outsider(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    form = OutsiderForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, _("The player is not valid: %(errors)s") % {"errors": form.errors.as_text()}
        )
        return redirect("desk:event", pk=item.pk)
    with transaction.atomic():
        player = form.save(commit=False)
        player.national_rating = form.cleaned_data.get("rating")
        player.save()
        services.register(item, player, request.user, _joined(request))
    messages.success(request, _("%(name)s is registered.") % {"name": player.name})
    return redirect("desk:event", pk=item.pk)


@secretary_required
@require_POST
def withdraw(request: HttpRequest, pk: int, participant: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    entry = get_object_or_404(Participant, pk=participant, event=item)
    try:
        after = int(request.POST.get("after_round", "0"))
    except ValueError:
        after = 0
    services.withdraw(entry, after, request.user)
    return redirect("desk:event", pk=item.pk)


@secretary_required
@require_POST
def renumber(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    services.renumber(item, request.user)
    return redirect("desk:event", pk=item.pk)


@secretary_required
@require_POST
def pair_round_robin(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    try:
        rounds = services.pair_round_robin(item, request.user)
        messages.success(request, _("%(n)s rounds paired.") % {"n": rounds})
    except services.DeskError as error:
        messages.error(request, str(error))
    return redirect("desk:event", pk=item.pk)


def _round_for_secretary(request: HttpRequest, pk: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), pk=pk)


@secretary_required
@require_http_methods(["GET", "POST"])
def results(request: HttpRequest, pk: int) -> HttpResponse:
    """One line per board; each result saves in place (htmx), or all at once without JS."""
    round_ = _round_for_secretary(request, pk)
    games = list(round_.games.select_related("white", "black").order_by("board"))
    errors: dict[int, str] = {}
    if request.method == "POST":
        for game in games:
            key = request.POST.get(f"result-{game.pk}")
            if key is None or services.RESULT_KEYS.get(key.strip()) == game.result:
                continue
            try:
                services.save_result(
                    game.pk, key, int(request.POST.get(f"version-{game.pk}", 0)), request.user
                )
            except services.DeskError as error:
                errors[game.pk] = str(error)
        if not errors:
            return redirect("desk:results", pk=round_.pk)
        games = list(round_.games.select_related("white", "black").order_by("board"))
    teams = {p.player_id: p.team for p in round_.event.participants.all()}
    lines = [
        {
            "game": g,
            "error": errors.get(g.pk, ""),
            "key": _key(g.result),
            "white_team": teams.get(g.white_id, ""),
            "black_team": teams.get(g.black_id, ""),
        }
        for g in games
    ]
    return render(request, "desk/results.html", {"round": round_, "lines": lines})


KEY_OF_RESULT: dict[str, str] = {
    str(result): key for key, result in services.RESULT_KEYS.items() if key not in ("5", "½")
}


def _key(result: str) -> str:
    """The key a secretary types for ``result`` (shown in the board's field)."""
    return KEY_OF_RESULT.get(result, "")


@secretary_required
@require_POST
def save_result(request: HttpRequest, pk: int) -> HttpResponse:
    """A board saved by htmx: the line comes back, with its state or the error."""
    key = request.POST.get("result", "")
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        version = -1
    status, error = 200, ""
    try:
        game = services.save_result(pk, key, version, request.user)
    except services.Conflict as conflict:
        game, status = conflict.game, 409
        error = _("Someone else saved this board meanwhile: %(result)s. Check and type again.") % {
            "result": conflict.game.get_result_display()
        }
    except services.DeskError as problem:
        game = get_object_or_404(Game.objects.select_related("white", "black"), pk=pk)
        status, error = 400, str(problem)
    game = Game.objects.select_related("white", "black").get(pk=game.pk)
    line = {"game": game, "error": error, "key": _key(game.result), "saved": not error}
    return render(request, "desk/_result_line.html", {"line": line}, status=status)


def _standings_rows(event: Event, until: int | None = None):  # type: ignore[no-untyped-def]
    query = Game.objects.filter(round__event=event).select_related("round", "white", "black")
    if until:
        query = query.filter(round__number__lte=until)
    games = list(query.order_by("round__number", "board"))
    players = {p.player_id: p.player for p in event.participants.select_related("player")}
    for game in games:
        players.setdefault(game.white_id, game.white)
        players.setdefault(game.black_id, game.black)
    records: dict[int, list[Played]] = {p: [] for p in players}
    for game in games:
        points = game.points
        if points is None:
            continue
        played = Result(game.result).is_played
        records[game.white_id].append(Played(game.black_id, points[0], played))
        records[game.black_id].append(Played(game.white_id, points[1], played))
    order = parse_tiebreaks(event.tiebreaks)
    return standings(records, order), order, players, games


@secretary_required
@require_GET
def standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    try:
        until = int(request.GET["ronde"]) if request.GET.get("ronde") else None
    except ValueError:
        until = None
    rows, order, players, _games = _standings_rows(item, until)
    context = {
        "event": item,
        "rows": [(r, players[r.player]) for r in rows],
        "order": order,
        "until": until,
    }
    return render(request, "desk/standings.html", context)


@secretary_required
@require_GET
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    rows, order, players, _games = _standings_rows(item)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="classement-{item.pk}.csv"'
    response.write("\ufeff")  # Excel reads UTF-8 with a BOM
    writer = csv.writer(response, delimiter=";")
    writer.writerow([_("Rank"), _("Name"), _("Points"), *[str(t) for t in order]])
    for row in rows:
        writer.writerow(
            [
                row.rank,
                players[row.player].name,
                row.points,
                *[row.tiebreaks.get(t, Decimal(0)) for t in order],
            ]
        )
    return response


@secretary_required
@require_GET
def crosstable_page(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    rows, _order, players, games = _standings_rows(item)
    ranked = [r.player for r in rows]
    table = crosstable(
        ranked, [(g.white_id, g.black_id, *g.points) for g in games if g.points is not None]
    )
    grid = [
        (rank, players[p], [table[p].get(q) if p != q else None for q in ranked], row.points)
        for rank, (p, row) in enumerate(zip(ranked, rows, strict=True), 1)
    ]
    return render(
        request,
        "desk/crosstable.html",
        {"event": item, "grid": grid, "size": range(1, len(ranked) + 1)},
    )


@secretary_required
@require_POST
def close(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    try:
        services.close_event(item, request.user)
        messages.success(request, _("The event is closed and the ratings are recalculated."))
    except services.DeskError as error:
        messages.error(request, str(error))
    return redirect("desk:event", pk=item.pk)


@secretary_required
@require_POST
def reopen(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    try:
        services.reopen_event(item, request.POST.get("reason", ""), request.user)
        messages.success(request, _("The event is reopened."))
    except services.DeskError as error:
        messages.error(request, str(error))
    return redirect("desk:event", pk=item.pk)

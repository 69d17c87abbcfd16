"""Result entry, one page per round, keyboard first: each board saves in place (htmx,
with the game's version: a board someone else saved meanwhile answers 409 and shows their
result); without JavaScript the page is a plain form that saves every board. The results the
players reported from their phones are shown on their boards, to be confirmed with one
click or one key (``desk.services.reports``). Then closing and reopening the event."""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.db.models import Exists, OuterRef
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from club import exceptions
from club.models import Event, Game, Result, Round
from club.roles import acting_user
from desk.access import (
    get_event_for_secretary,
    get_round_for_secretary,
    require_secretary,
    secretary_required,
)
from desk.services import lifecycle, reports
from desk.services import results as result_services
from desk.views.actions import act
from desk.views.checkin import results_actions
from lib.limits import whole_number


@dataclass
class Line:
    """One board of the result-entry page, as shown."""

    game: Game
    key: str
    state: str  # empty, saved or error
    message: str = ""
    white_team: str = ""
    black_team: str = ""
    reported: reports.Reported | None = None


@dataclass(frozen=True)
class MatchScore:
    """An interclub match, or a Scheveningen event's round: the two teams and their
    points so far."""

    home: str
    away: str
    home_points: Decimal
    away_points: Decimal
    scheveningen: bool = False


def _line(
    game: Game,
    teams: dict[int, str],
    message: str = "",
    typed: str | None = None,
    reported: reports.Reported | None = None,
) -> Line:
    key = typed if typed is not None else Result(game.result).key
    state = "error" if message else ("saved" if game.result else "empty")
    return Line(
        game,
        key,
        state,
        message,
        teams.get(game.white_id, ""),
        teams.get(game.black_id, ""),
        reported if not game.result else None,
    )


# Events of two teams: each board shows its players' teams, and the round its teams' score.
TEAM_SYSTEMS = (Event.System.MATCH, Event.System.SCHEVENINGEN)


def _teams(event: Event) -> dict[int, str]:
    if event.system not in TEAM_SYSTEMS:
        return {}
    return dict(event.participants.exclude(team="").values_list("player_id", "team"))


def _match_score(event: Event, games: list[Game], teams: dict[int, str]) -> MatchScore | None:
    """The two teams (the one with white on board 1 first) and their points."""
    if event.system not in TEAM_SYSTEMS or not games:
        return None
    first = min(games, key=lambda g: g.board)
    home, away = teams.get(first.white_id, ""), teams.get(first.black_id, "")
    if not home or not away or home == away:
        return None
    points = {home: Decimal(0), away: Decimal(0)}
    for game in games:
        if game.points is None:
            continue
        for player, scored in ((game.white_id, game.points[0]), (game.black_id, game.points[1])):
            team = teams.get(player)
            if team in points:
                points[team] += scored
    scheveningen = event.system == Event.System.SCHEVENINGEN
    return MatchScore(home, away, points[home], points[away], scheveningen)


def _games(round_: Round) -> list[Game]:
    return list(round_.games.select_related("white", "black").order_by("board"))


def _posted(request: HttpRequest, games: list[Game]) -> dict[int, tuple[str, int]]:
    """The boards whose field the secretary changed: ``{game id: (key, version)}``. A
    board's field is its one field (``result-<id>``); the versions and the keys shown are
    one field for the whole round (``boards``, JSON: ``{id: [version, key shown]}``), so
    that a round of 500 boards is 502 fields, within Django's 1,000. A field that holds the
    key shown, or the board's result as it is now, is not a change."""
    try:
        boards = json.loads(request.POST.get("boards") or "{}")
    except ValueError:
        boards = {}
    if not isinstance(boards, dict):
        boards = {}
    entries: dict[int, tuple[str, int]] = {}
    for game in games:
        key = request.POST.get(f"result-{game.pk}")
        if key is None:
            continue
        seen = boards.get(str(game.pk))
        version, shown = seen if isinstance(seen, list) and len(seen) == 2 else (None, None)
        if key.strip() in (str(shown).strip() if shown is not None else None, _shown_key(game)):
            continue
        version = whole_number(str(version)) if version is not None else None
        entries[game.pk] = (key, -1 if version is None else version)
    return entries


def _version_posted(request: HttpRequest, pk: int) -> str | None:
    """Board ``pk``'s version as the whole results form posts it (in its one ``boards``
    field, read as ``_posted`` does), when a button of the form without JavaScript sends
    it elsewhere (the confirmation of a report)."""
    try:
        boards = json.loads(request.POST.get("boards") or "{}")
    except ValueError:
        return None
    seen = boards.get(str(pk)) if isinstance(boards, dict) else None
    return str(seen[0]) if isinstance(seen, list) and len(seen) == 2 else None


def _shown_key(game: Game) -> str:
    return Result(game.result).key


def _boards(lines: list[Line]) -> str:
    """The round's one field of versions and keys shown (``_posted`` reads it)."""
    return json.dumps({str(line.game.pk): [line.game.version, line.key] for line in lines})


@secretary_required
@require_http_methods(["GET", "POST"])
def results(request: HttpRequest, pk: int) -> HttpResponse:
    """One line per board. Without JavaScript the form posts every board: those whose
    field changed are saved, each on its own; the others' errors stay on their lines."""
    round_ = get_round_for_secretary(request, pk)
    event = round_.event
    games = _games(round_)
    errors: dict[int, str] = {}
    typed: dict[int, str] = {}
    if request.method == "POST":
        entries = _posted(request, games)
        errors = result_services.save_results(entries, acting_user(request))
        if not errors:
            if entries:
                messages.success(request, _("%(n)s results saved.") % {"n": len(entries)})
            return redirect("desk:results", pk=round_.pk)
        typed = {pk: key for pk, (key, _version) in entries.items() if pk in errors}
        games = _games(round_)
    teams = _teams(event)
    paired_rounds = event.rounds.annotate(paired=Exists(Game.objects.filter(round=OuterRef("pk"))))
    numbered = list(paired_rounds.order_by("number").values_list("number", "pk", "paired"))
    rounds = [(number, pk) for number, pk, _paired in numbered]
    said = reports.reported(games)
    lines = [_line(g, teams, errors.get(g.pk, ""), typed.get(g.pk), said.get(g.pk)) for g in games]
    context = {
        "round": round_,
        "event": event,
        "lines": lines,
        "boards": _boards(lines),
        "reported": sum(1 for pk in said if pk not in errors),
        "disputed": sum(1 for r in said.values() if r.disagree),
        "errors": [errors[g.pk] for g in games if g.pk in errors],
        "closed": event.status == Event.Status.CLOSED,
        "cancelled": event.status == Event.Status.CANCELLED,
        "match": _match_score(event, games, teams),
        "shows_teams": event.system in TEAM_SYSTEMS,
        "rounds": rounds,
        "byes": list(
            round_.byes.select_related("player").order_by(
                "player__last_name", "player__first_name", "pk"
            )
        ),
        **results_actions(event, round_, games, len(rounds)),
        **_after_this_round(event, round_, numbered, games),
    }
    return render(request, "desk/events/results.html", context)


def _after_this_round(
    event: Event, round_: Round, numbered: list[tuple[int, int, bool]], games: list[Game]
) -> dict[str, Any]:
    """What follows the round (``numbered``: the event's rounds, whether each is paired): a
    later round paired already (a result corrected here does not change that pairing: the
    page warns), or none (the last round offers to close the event once its boards are
    saved)."""
    if event.status in (Event.Status.CLOSED, Event.Status.CANCELLED):
        return {}
    paired = next((n for n, _pk, done in numbered if n > round_.number and done), None)
    last = max(event.planned_rounds or 0, len(numbered))
    return {
        "later_paired": paired,
        "close_event": bool(games) and paired is None and round_.number >= last,
        "complete_round": all(game.result for game in games),
    }


@secretary_required
@require_POST
def save_result(request: HttpRequest, pk: int) -> HttpResponse:
    """A board saved by htmx. The line comes back with its state: saved (200), someone
    else's result with the message (409), or the typed code with the message (400)."""
    require_secretary(request)
    key = request.POST.get("result", "")
    version = whole_number(request.POST.get("version"))
    version = -1 if version is None else version
    status, message, typed = 200, "", None
    try:
        # the board as saved, or as someone else saved it: read once, under the row lock
        game = result_services.save_result(pk, key, version, acting_user(request))
    except Game.DoesNotExist:
        raise Http404 from None
    except exceptions.Conflict as conflict:
        status, message, game = 409, str(conflict), conflict.game
    except exceptions.DeskError as problem:
        status, message, typed = 400, str(problem), key
        game = Game.objects.select_related("round__event", "white", "black").get(pk=pk)
    return _answer_line(game, status, message, typed)


def _reported_summary(round_: Round) -> dict[str, int] | None:
    """How many of the round's boards the players reported wait for confirmation, and on
    how many they disagree, for the page's summary to follow each save in place; None
    when no player reported on this round (as the save read it with the round's event,
    ``round_reported``; else one query)."""
    known = getattr(round_.event, "round_reported", None)
    if not (reports.round_reported(round_.pk) if known is None else known):
        return None
    said = reports.reported(_games(round_))
    return {
        "reported": len(said),
        "disputed": sum(1 for r in said.values() if r.disagree),
    }


def _answer_line(
    game: Game, status: int, message: str = "", typed: str | None = None
) -> HttpResponse:
    event = game.round.event
    teams = _teams(event)
    said = reports.reported([game])  # no query once the board has a result
    context = {
        "line": _line(game, teams, message, typed, said.get(game.pk)),
        "closed": event.status == Event.Status.CLOSED,
        "cancelled": event.status == Event.Status.CANCELLED,
        "shows_teams": event.system in TEAM_SYSTEMS,
        "oob": True,
    }
    if event.system in TEAM_SYSTEMS:
        context["match"] = _match_score(event, _games(game.round), teams)
    if event.status not in (Event.Status.CLOSED, Event.Status.CANCELLED):
        context["summary"] = _reported_summary(game.round)
    # The line uses nothing of the request's context (menus, languages, messages): rendered
    # without running its processors, at each of fifty secretaries' saves.
    line = render_to_string("desk/events/_result_line.html", context)
    return HttpResponse(line, status=status)


@secretary_required
@require_POST
def confirm_report(request: HttpRequest, pk: int) -> HttpResponse:
    """Confirm the result the players reported on a board: the button on its line (the
    whole form posted, without JavaScript: back to the page) or its key (htmx: the line
    comes back, as a save's does). The result posted must be one the players reported."""
    require_secretary(request)
    typed = request.POST.get("confirm", "")
    version = whole_number(request.POST.get("version", _version_posted(request, pk)))
    status, message = 200, ""
    try:
        game = reports.confirm(pk, typed, acting_user(request), -1 if version is None else version)
    except Game.DoesNotExist:
        raise Http404 from None
    except exceptions.Conflict as conflict:
        status, message, game = 409, str(conflict), conflict.game
    except exceptions.DeskError as problem:
        status, message = 400, str(problem)
        game = Game.objects.select_related("round__event", "white", "black").get(pk=pk)
    if request.headers.get("HX-Request"):
        return _answer_line(game, status, message)
    if message:
        messages.error(request, message)
    else:
        messages.success(
            request,
            _("Board %(board)s: %(result)s confirmed.")
            % {"board": game.board, "result": game.get_result_display()},
        )
    return redirect(f"{reverse('desk:results', args=[game.round_id])}#board-{game.pk}")


@secretary_required
@require_POST
def close(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    return act(
        request,
        lambda: lifecycle.close_event(event.pk, acting_user(request)),
        success=_("The event is closed; the ratings are being recalculated."),
        back=reverse("desk:event", args=[event.pk]),
    )


@secretary_required
@require_POST
def reopen(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    return act(
        request,
        lambda: lifecycle.reopen_event(
            event.pk, request.POST.get("reason", ""), acting_user(request)
        ),
        success=_("The event is reopened."),
        back=reverse("desk:event", args=[event.pk]),
    )

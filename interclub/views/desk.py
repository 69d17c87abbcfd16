"""The secretary's interclub pages: divisions, a new match, the two line-ups. Results are
typed on the desk's result page of the match's round (keyboard, one write path)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.exceptions import DeskError
from club.models import Game, Member, Result
from club.roles import acting_user
from desk.access import check_event_for_secretary, require_secretary, secretary_required
from desk.views.documents import document
from interclub import forms, services
from interclub.models import Division, LineupEntry, Team, TeamMatch
from lib.limits import whole_number
from lib.numbers import score


def _division(request: HttpRequest, pk: int) -> Division:
    """The division ``pk``, for a secretary only."""
    require_secretary(request)
    return get_object_or_404(Division, pk=pk)


def _match(request: HttpRequest, pk: int) -> TeamMatch:
    """The match ``pk`` with its division, event and teams, for a secretary only."""
    require_secretary(request)
    return get_object_or_404(
        TeamMatch.objects.select_related("division", "event", "home", "away"), pk=pk
    )


@secretary_required
@require_GET
def divisions(request: HttpRequest) -> HttpResponse:
    shown = Division.objects.prefetch_related(
        "teams",
        Prefetch(
            "matches",
            TeamMatch.objects.select_related("home", "away", "event").order_by(
                "event__start", "pk"
            ),
        ),
    )
    return render(request, "interclub/desk/divisions.html", {"divisions": shown})


@secretary_required
@require_http_methods(["GET", "POST"])
def division_new(request: HttpRequest) -> HttpResponse:
    form = forms.DivisionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            division = services.create_division(
                form.cleaned_data["season"],
                form.cleaned_data["name"],
                form.cleaned_data["boards"],
                form.lines("our_teams"),
                form.lines("other_teams"),
                acting_user(request),
                home_white_on_odd=form.cleaned_data["home_white_on_odd"],
                order_tolerance=form.cleaned_data["order_tolerance"],
            )
        except DeskError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("The division is created."))
            return redirect("interclub:desk_match_new", pk=division.pk)
    return render(request, "interclub/desk/division_form.html", {"form": form})


@secretary_required
@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest, pk: int) -> HttpResponse:
    division = _division(request, pk)
    form = forms.MatchForm(division, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            match = services.create_match(
                division.pk,
                data["home"].pk,
                data["away"].pk,
                data["start"],
                data["venue"],
                acting_user(request),
            )
        except DeskError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("The match is created: enter the line-ups."))
            return redirect("interclub:desk_match", pk=match.pk)
    context = {"form": form, "division": division}
    return render(request, "interclub/desk/match_form.html", context)


@dataclass
class LineupRow:
    board: int
    player_id: int | None
    first_name: str
    last_name: str
    rating: str


@dataclass
class LineupForm:
    team: Team
    home: bool
    rows: list[LineupRow]
    warnings: list[str]
    error: str = ""


def _rows(team: Team, entries: dict[int, LineupEntry], boards: int) -> list[LineupRow]:
    rows = []
    for board in range(1, boards + 1):
        entry = entries.get(board)
        rows.append(
            LineupRow(
                board,
                entry.player_id if entry else None,
                entry.player.first_name if entry else "",
                entry.player.last_name if entry else "",
                str(entry.rating) if entry and entry.rating is not None else "",
            )
        )
    return rows


def _posted_rows(team: Team, boards: int, data: Any) -> list[LineupRow]:
    rows = []
    for board in range(1, boards + 1):
        rows.append(
            LineupRow(
                board,
                whole_number(data.get(f"player-{board}")),
                data.get(f"first-{board}", ""),
                data.get(f"last-{board}", ""),
                data.get(f"rating-{board}", ""),
            )
        )
    return rows


def _page(
    request: HttpRequest, match: TeamMatch, posted: tuple[Team, str] | None = None
) -> HttpResponse:
    division = match.division
    entries = list(LineupEntry.objects.filter(match=match).select_related("player"))
    lineups = []
    for team, home in ((match.home, True), (match.away, False)):
        mine = {e.board: e for e in entries if e.team_id == team.pk}
        form = LineupForm(
            team,
            home,
            _rows(team, mine, division.boards),
            services.lineup_warnings(division, list(mine.values())),
        )
        if posted and posted[0].pk == team.pk:
            form.rows, form.error = _posted_rows(team, division.boards, request.POST), posted[1]
        lineups.append(form)
    members = [
        (m.player_id, m.player.name, m.player.national_rating or m.player.fide_rating)
        for m in Member.objects.active().select_related("player")
    ]
    members.sort(key=lambda m: (-(m[2] or 0), m[1]))
    context = {
        "match": match,
        "division": division,
        "lineups": lineups,
        "members": members,
        "boards": services.match_boards(match),
        "score": services.match_score(match),
        "round": match.event.rounds.first(),
    }
    return render(request, "interclub/desk/match.html", context, status=400 if posted else 200)


@secretary_required
@require_GET
def match(request: HttpRequest, pk: int) -> HttpResponse:
    return _page(request, _match(request, pk))


@secretary_required
@require_POST
def lineup(request: HttpRequest, pk: int, team: int) -> HttpResponse:
    found = _match(request, pk)
    check_event_for_secretary(request, found.event)  # a cancelled match: refused
    side = get_object_or_404(Team, pk=team, division=found.division)
    try:
        typed = forms.read_lineup(side, found.division.boards, request.POST)
        warnings = services.set_lineup(found.pk, side.pk, typed, acting_user(request))
    except DeskError as error:
        return _page(request, found, (side, str(error)))
    messages.success(request, _("The line-up of %(team)s is saved.") % {"team": side.name})
    for warning in warnings:
        messages.warning(request, warning)
    return redirect("interclub:desk_match", pk=found.pk)


@dataclass(frozen=True)
class SheetBoard:
    """A board of the match sheet: each team's player (None for an empty board), the home
    player's colour, and the board's points for the home and the away team."""

    board: int
    home: LineupEntry | None
    away: LineupEntry | None
    home_white: bool
    home_points: str
    away_points: str
    forfeit: bool


def _points(value: Decimal) -> str:
    return score(value)


def _sheet_boards(match: TeamMatch) -> list[SheetBoard]:
    entries = {
        (e.team_id, e.board): e
        for e in LineupEntry.objects.filter(match=match).select_related("player")
    }
    games = {g.board: g for g in Game.objects.filter(round__event=match.event_id)}
    boards = []
    for board in services.match_boards(match):
        home = entries.get((match.home_id, board.board))
        away = entries.get((match.away_id, board.board))
        game = games.get(board.board)
        scored = Result(game.result).points if game else None
        if scored is not None and game is not None:
            home_side, away_side = scored if board.home_white else scored[::-1]
            home_text, away_text = _points(home_side), _points(away_side)
            forfeit = Result(game.result).is_forfeit
        elif (home is None) != (away is None):
            # a board one team leaves empty is won by forfeit by the other (services._score)
            home_text, away_text = ("1", "0") if home else ("0", "1")
            forfeit = True
        else:
            home_text, away_text, forfeit = "", "", False
        boards.append(
            SheetBoard(board.board, home, away, board.home_white, home_text, away_text, forfeit)
        )
    return boards


@secretary_required
@require_GET
def match_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The match sheet: the teams, each board's players with their ratings and IDs, the
    colours, the results, the score, and lines for the captains' and the arbiter's
    signatures; a page to print or a PDF (``?format=pdf``)."""
    found = _match(request, pk)
    context = {
        "match": found,
        "event": found.event,
        "boards": _sheet_boards(found),
        "score": services.match_score(found),
        "title": _("Match sheet"),
    }
    name = f"{found.home.name} {found.away.name} {_('match sheet')}"
    return document(request, "interclub/desk/match_sheet.html", context, name)

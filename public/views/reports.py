"""A player reports their game's result from a phone (``/resultat/``): with the board's code
printed on the secretary's pairing sheet, or signed in, for their own current game.

The page shows the board (round, table, the two players' names: what the pairing sheet on
the wall shows, nothing personal) and three large buttons, 1-0, ½-½ and 0-1. With a code
the player says which side they played; signed in, the side is theirs. What is reported
counts for nothing until the secretary confirms it (``club.result_reports``)."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from club import result_reports
from club.models import Game, ResultReport
from club.result_reports import ReportRefused
from lib.limits import whole_number
from lib.rate_limits import client_of

REPORTER = "result-reporter"  # the session's key of the phone's token


def _reporter(request: HttpRequest) -> str:
    """The phone's token, kept in its session: a report remembers which phone made it
    (``ResultReport.reporter``), nothing personal."""
    token = request.session.get(REPORTER)
    if not isinstance(token, str) or not token:
        token = request.session[REPORTER] = secrets.token_urlsafe(12)
    return token


def _board(game: Game, side: str | None = None, code: str = "") -> dict[str, Any]:
    """What the page shows of a board and its reports."""
    reports = result_reports.reports_of(game)
    return {
        "game": game,
        "event": game.round.event,
        "side": side,
        "code": code,
        "refusal": result_reports.refusal(game),
        "mine": reports.get(side) if side else None,
    }


def _thanks(game: Game, report: ResultReport) -> str:
    other = ResultReport.objects.filter(game=game).exclude(side=report.side).first()
    said = _(
        "Thank you: %(result)s reported for board %(board)s of round %(round)s. It counts once "
        "the secretary confirms it."
    ) % {"result": report.get_result_display(), "board": game.board, "round": game.round.number}
    if other is not None and other.result != report.result:
        said += " " + _(
            "Your opponent reported %(result)s: tell the secretary which result is right."
        ) % {"result": other.get_result_display()}
    elif other is not None:
        said += " " + _("Your opponent reported the same result.")
    return said


@never_cache  # a player's reports and games: never kept by the page cache or a browser
@require_http_methods(["GET", "HEAD", "POST"])
def report_result(request: HttpRequest) -> HttpResponse:
    """The code form (and, signed in, the player's own game); posting a code shows its
    board; posting a result records the report. Refusals are said on the page."""
    player = result_reports.player_of(request.user)
    own = result_reports.current_games(request.user)
    context: dict[str, Any] = {
        "own": [_board(game, result_reports.side_of(game, player)) for game in own],
        "is_player": player is not None,
        "board": None,
        "error": "",
        "typed_code": "",
    }
    status = 200
    if request.method == "POST":
        try:
            if "game" in request.POST:
                return _report_own(request, own, player)
            typed = request.POST.get("code", "")
            context["typed_code"] = typed.strip()[:12]
            game = result_reports.by_code(typed, client_of(request))
            context["board"] = _board(game, code=game.report_code or "")
            if "result" in request.POST:
                made = result_reports.report(
                    game.pk,
                    request.POST.get("side", ""),
                    request.POST.get("result", ""),
                    ResultReport.Via.CODE,
                    request.user,
                    _reporter(request),
                )
                messages.success(request, _thanks(game, made))
                return redirect("report_result")
        except ReportRefused as refused:
            context["error"] = str(refused)
            status = 429 if isinstance(refused, result_reports.TooManyCodes) else 400
    return render(request, "club/report_result.html", context, status=status)


def _report_own(request: HttpRequest, own: list[Game], player: int | None) -> HttpResponse:
    """A signed-in player's report of one of their own games waiting for a result."""
    posted = whole_number(request.POST.get("game"))
    game = next((game for game in own if game.pk == posted), None)
    side = result_reports.side_of(game, player) if game else None
    if game is None or side is None:
        raise ReportRefused(_("You can only report the result of your own game."))
    made = result_reports.report(
        game.pk,
        side,
        request.POST.get("result", ""),
        ResultReport.Via.ACCOUNT,
        request.user,
        _reporter(request),
    )
    messages.success(request, _thanks(game, made))
    return redirect("report_result")

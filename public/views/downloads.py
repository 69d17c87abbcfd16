"""Games to download as PGN: an event's, a member's. Public events only; names, ratings
and moves, nothing personal."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.views.decorators.http import require_safe

from chesslib import pgn
from club import pages
from club.models import Event, Game, Member, Result
from lib import page_cache

PLAYED = {Result.WHITE_WINS: "1-0", Result.DRAW: "1/2-1/2", Result.BLACK_WINS: "0-1"}


def _played(games: QuerySet[Game]) -> list[pgn.ExportedGame]:
    """The played games of public events, in order; the events' kept TRF records (large
    JSON, decoded for every row that brings them) are left in the database."""
    rows = (
        games.filter(round__event__public=True, result__in=list(PLAYED))
        .select_related("round__event", "white", "black")
        .defer("round__event__trf_kept")
        .order_by("round__event__start", "round__event", "round__number", "board", "pk")
    )
    return [
        pgn.ExportedGame(
            event=game.round.event.title,
            site=game.round.event.venue or "?",
            date=timezone.localdate(game.round.starts_at or game.round.event.start).strftime(
                "%Y.%m.%d"
            ),
            round=f"{game.round.number}.{game.board}",
            white=f"{game.white.last_name}, {game.white.first_name}",
            black=f"{game.black.last_name}, {game.black.first_name}",
            result=PLAYED[Result(game.result)],
            white_elo=game.white.fide_rating,
            black_elo=game.black.fide_rating,
            moves=game.pgn,
        )
        for game in rows
    ]


def _download(text: str, name: str) -> HttpResponse:
    response = HttpResponse(text, content_type="application/x-chess-pgn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_safe
def event_pgn(request: HttpRequest, pk: int) -> HttpResponse:
    """The public event's played games."""
    page_cache.shows(pages.event(pk))
    event = get_object_or_404(Event.objects.public().only("pk"), pk=pk)
    games = pgn.export(_played(Game.objects.filter(round__event=event)))
    return _download(games, f"evenement-{event.pk}.pgn")


@require_safe
def member_pgn(request: HttpRequest, pk: int) -> HttpResponse:
    """The listed member's played games of public events."""
    member = get_object_or_404(Member.objects.public(), pk=pk)
    player = member.player_id
    page_cache.shows(pages.player(player))
    games = pgn.export(_played(Game.objects.filter(Q(white=player) | Q(black=player))))
    return _download(games, f"membre-{member.pk}.pgn")

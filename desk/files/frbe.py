"""An event's games as the Belgian federation's Elo report (``chesslib.frbe``): an
individual event a player a line, an interclub match a game at a time as the federation's
own interclub writer does. Players are named by their Belgian ID (matricule: a national ID
the Belgian federation issued, a French member's too) and rating: a player without one
is written with 0, which the federation cannot rate, and the desk's page names them
(``players_without_id``)."""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone

from chesslib import frbe
from club.models import Event, Game, Player, Result

RESULTS = {Result.WHITE_WINS: "1-0", Result.DRAW: "½-½", Result.BLACK_WINS: "0-1"}


def _belgian_id(player: Player) -> int:
    """The player's matricule: a national ID the Belgian federation issued, whatever
    federation they play for (0 for another federation's ID)."""
    national = player.national_id.strip()
    if player.national_id_federation not in ("", "BEL") or not national.isascii():
        return 0
    return int(national) if national.isdigit() else 0


def _side(player: Player) -> frbe.Side:
    return frbe.Side(
        name=f"{player.last_name}, {player.first_name}",
        rating=player.national_rating or 0,
        national_id=_belgian_id(player),
    )


def _games(event: Event) -> list[Game]:
    return list(
        Game.objects.filter(round__event=event, result__in=list(RESULTS))
        .select_related("round", "white", "black")
        .order_by("round__number", "board", "pk")
    )


def players_without_id(event: Event) -> list[Player]:
    """The players of the event's rated games whom the federation cannot identify."""
    seen: dict[int, Player] = {}
    for game in _games(event):
        for player in (game.white, game.black):
            if not _belgian_id(player):
                seen[player.pk] = player
    return sorted(seen.values(), key=lambda p: (p.last_name, p.first_name, p.pk))


def is_by_game(event: Event) -> bool:
    """An interclub match is sent a game at a time, as the federation's writer does."""
    return event.kind == Event.Kind.INTERCLUB


def report(event: Event) -> bytes:
    games = _games(event)
    rounds = list(event.rounds.order_by("number"))
    days = [timezone.localdate(r.starts_at or event.start) for r in rounds] or [
        timezone.localdate(event.start)
    ]
    first = rounds[0].number if rounds else 1
    return frbe.write(
        frbe.Report(
            title=event.title,
            name=event.title,
            place=event.venue,
            start=timezone.localdate(event.start),
            end=timezone.localdate(event.end),
            round_dates=days,
            first_round=first,
            sender=frbe.Sender(
                email=settings.CLUB_EMAIL,
                club_number=settings.CLUB_FEDERATION_NUMBER,
                arbiter=event.chief_arbiter,
            ),
            games=[
                frbe.ReportGame(
                    _side(g.white), _side(g.black), RESULTS[Result(g.result)], g.round.number
                )
                for g in games
            ],
        ),
        by_game=is_by_game(event),
    )

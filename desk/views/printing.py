"""Paper and walls: a round's pairings to print (by board, and alphabetical with each
player's table), the hub of the printed sheets, and the wall display of the current
round and the standings for the projector in the playing hall.

Secretary-only, like the rest of the desk: the projector's laptop is the desk's, and an
event that is not public stays so. Nothing personal is shown either way (names, ratings,
pairing numbers, points). The wall display asks for itself again with htmx
polling and swaps its content in place (a ``<meta http-equiv="refresh">`` reloads the page
and is an axe-core critical violation) and reads a fixed number
of queries whatever the size of the event."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from club.models import Bye, Event, Game, Player, Result, Round
from desk.access import (
    get_event_for_secretary,
    get_round_for_secretary,
    secretary_required,
)
from desk.standings import EventStandings, event_standings
from desk.views.documents import document

WALL_REFRESH_SECONDS = 30
# each page of a table too long for the screen stays this long (static/desk/wall.js)
WALL_PAGE_SECONDS = 12


@dataclass(frozen=True)
class Seat:
    """A player's line on the alphabetical sheet: where to sit, with which colour, facing
    whom; or the bye."""

    player: Player
    number: int | None
    board: int | None
    white: bool
    opponent: Player | None
    bye: Bye | None = None
    points: Decimal = Decimal(0)


def _numbers(event: Event) -> dict[int, tuple[int | None, int | None]]:
    """``{player id: (pairing number, rating)}``."""
    return {
        player: (number, rating)
        for player, number, rating in event.participants.values_list(
            "player_id", "number", "rating"
        )
    }


def _scores_before(round_: Round) -> dict[int, Decimal]:
    """``{player id: points}`` before ``round_`` is played, as the standings count them
    (a round without game or bye scores nothing): what a pairing sheet shows beside each
    name, as Swiss-Manager's and Sharly Chess's do. Nobody has a point before round 1."""
    if round_.number <= 1:
        return {}
    standings = event_standings(round_.event, until=round_.number - 1)
    return {line.player.pk: line.points for line in standings.lines}


def _games(round_: Round) -> list[Game]:
    return list(round_.games.select_related("white", "black").order_by("board"))


def _byes(round_: Round) -> list[Bye]:
    return list(
        round_.byes.select_related("player").order_by(
            "player__last_name", "player__first_name", "pk"
        )
    )


def _seats(
    games: list[Game], byes: list[Bye], numbers: dict[int, tuple], scores: dict[int, Decimal]
) -> list[Seat]:
    def number(pk: int) -> int | None:
        return numbers.get(pk, (None,))[0]

    def score(pk: int) -> Decimal:
        return scores.get(pk, Decimal(0))

    seats = []
    for game in games:
        seats.append(
            Seat(
                game.white, number(game.white_id), game.board, True, game.black,
                points=score(game.white_id),
            )
        )  # fmt: skip
        seats.append(
            Seat(
                game.black, number(game.black_id), game.board, False, game.white,
                points=score(game.black_id),
            )
        )  # fmt: skip
    for bye in byes:
        seats.append(
            Seat(
                bye.player, number(bye.player_id), None, False, None, bye,
                points=score(bye.player_id),
            )
        )  # fmt: skip
    return sorted(seats, key=lambda s: (s.player.last_name.lower(), s.player.first_name.lower()))


@secretary_required
@require_GET
def pairings_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """A round's pairings on paper: by board (``?ordre=plateau``, the default) or
    alphabetical with the table numbers (``?ordre=alpha``), each player with their points
    before the round; the copies for the wall give the address where players report their
    result, with its QR code. ``?codes=1``: by board with each board's code, with which
    its players report their result (the secretary's copy, handed out board by board: not
    the one pinned on the wall)."""
    round_ = get_round_for_secretary(request, pk)
    alphabetical = request.GET.get("ordre") == "alpha"
    codes = not alphabetical and request.GET.get("codes") == "1"
    games, byes = _games(round_), _byes(round_)
    numbers = _numbers(round_.event)
    scores = _scores_before(round_)
    context = {
        "round": round_,
        "event": round_.event,
        "alphabetical": alphabetical,
        "codes": codes,
        "report_url": request.build_absolute_uri(reverse("report_result")),
        "boards": [
            (
                game,
                (*numbers.get(game.white_id, (None, None)), scores.get(game.white_id, 0)),
                (*numbers.get(game.black_id, (None, None)), scores.get(game.black_id, 0)),
            )
            for game in games
        ],
        "seats": _seats(games, byes, numbers, scores) if alphabetical else [],
        "byes": byes,
        "title": _("Pairings of round %(number)s") % {"number": round_.number},
    }
    name = _("%(event)s pairings round %(number)s") % {
        "event": round_.event.title,
        "number": round_.number,
    }
    return document(request, "desk/print/pairings.html", context, name)


@secretary_required
@require_GET
def sheets(request: HttpRequest, pk: int) -> HttpResponse:
    """The printed sheets and the wall display of an event, in one place."""
    event = get_event_for_secretary(request, pk)
    rounds = event.rounds.annotate(
        boards=Count("games", distinct=True), byes_count=Count("byes", distinct=True)
    ).order_by("number")
    context = {"event": event, "rounds": rounds, "refresh": WALL_REFRESH_SECONDS}
    return render(request, "desk/print/sheets.html", context)


def _round_in_play(pairings: EventStandings) -> int | None:
    """The round the hall plays: the first paired round with a board still without its
    result (a round robin is paired in advance), else the last round paired (with a game
    or a bye); None before the first."""
    waiting = [g.round.number for g in pairings.games if g.result == Result.PENDING]
    return min(waiting) if waiting else (pairings.last_paired or None)


@secretary_required
@require_GET
def wall(request: HttpRequest, pk: int) -> HttpResponse:
    """Full screen for the projector: the current round's pairings (``_round_in_play``)
    and the standings, refreshed every
    ``WALL_REFRESH_SECONDS``. The standings' own reading gives both (four queries); while
    a round is under way, the standings shown are those after the last round played
    (only what has been played counts: a bye of the round under way not yet), with every
    tie-break of the event, so that the ranks differ where the figures do.

    Every line is sent: the page fits the screen it is shown on (1024×768 to 1920×1080)
    and static/desk/wall.js shows each table a screenful at a time, turning the pages every
    ``WALL_PAGE_SECONDS``, so that every board and every player comes up in turn."""
    event = get_event_for_secretary(request, pk)
    pairings = event_standings(event)
    current = _round_in_play(pairings)
    standings = pairings.shown()  # a round under way: after the last round played
    numbers = {p.player_id: p.number for p in pairings.participants}
    games = [g for g in pairings.games if g.round.number == current]
    rounds = [g.round for g in games] + [b.round for b in pairings.byes]
    round_ = next((r for r in rounds if r.number == current), None)
    context = {
        "event": event,
        "current": current,
        "round": round_,
        "boards": [(g, numbers.get(g.white_id), numbers.get(g.black_id)) for g in games],
        "byes": sorted(
            (b for b in pairings.byes if b.round.number == current),
            key=lambda b: (b.player.last_name, b.player.first_name),
        ),
        "standings": standings,
        "lines": standings.lines,
        "refresh": WALL_REFRESH_SECONDS,
        "page_seconds": WALL_PAGE_SECONDS,
        "report_url": request.build_absolute_uri(reverse("report_result")),
    }
    return render(request, "desk/print/wall.html", context)

"""The club's public pages. Most menus are filled by later work; each page already says
what it will hold and shows what the club has now."""

import hashlib
from datetime import date

from django.core.cache import caches
from django.db.models import Count, OuterRef, Q, Subquery
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from chesslib import pgn_view
from club import latest_games, pages
from club.models import Article, Bye, EntryTerms, Event, Game, Member
from desk.prizes import event_prizes
from desk.standings import event_standings
from lib import page_cache
from lib.limits import whole_number
from lib.paging import configure_table, page_number
from public.entries import entry_list
from public.member_games import member_games
from public.members import public_member
from public.tables import MemberTable
from ratings.history import (
    change_calculation,
    history_page,
    member_history,
    rating_distribution,
)
from ratings.models import Rating, RatingChange, RatingSystem

UPCOMING_ON_HOME = 6
SEASON_START_MONTH = 9


def _public_event(pk: int) -> Event:
    """The public event ``pk``, or 404: the one access helper of event pages."""
    return get_object_or_404(Event.objects.public(), pk=pk)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    upcoming = Event.objects.public().upcoming().select_related("entry_terms")
    next_meetings = list(upcoming[:UPCOMING_ON_HOME])
    announced = list(
        upcoming.tournaments().filter(kind__in=[Event.Kind.OPEN, Event.Kind.CHAMPIONSHIP])[:4]
    )
    latest_results = list(
        Event.objects.public()
        .past()
        .tournaments()
        .annotate(game_count=Count("rounds__games"))
        .filter(game_count__gt=0)[:5]
    )
    shown = [*next_meetings, *announced, *latest_results]
    page_cache.shows(pages.EVENTS, pages.ARTICLES, *pages.events(shown))
    context = {
        "next_meetings": next_meetings,
        "announced_tournaments": announced,
        "latest_results": latest_results,
        "latest_articles": Article.objects.published()[:3],
    }
    return render(request, "club/home.html", context)


def season_of(day: date) -> int:
    """The year a season starts: a club season runs from September to August."""
    return day.year if day.month >= SEASON_START_MONTH else day.year - 1


@require_safe
def tournaments(request: HttpRequest) -> HttpResponse:
    """The announced tournaments, and the archive of the finished ones season by season
    (``?saison=2025`` for 2025-2026; the latest season by default)."""
    finished = Event.objects.public().past().tournaments()
    seasons = sorted({season_of(month) for month in finished.dates("start", "month")}, reverse=True)
    season = whole_number(request.GET.get("saison")) if "saison" in request.GET else None
    if season is None:
        if "saison" in request.GET:
            raise Http404(_("Not a season: give the year it starts, e.g. 2025."))
        season = seasons[0] if seasons else 0
    archive = finished.none()
    if season in seasons:
        archive = finished.filter(
            start__date__gte=date(season, SEASON_START_MONTH, 1),
            start__date__lt=date(season + 1, SEASON_START_MONTH, 1),
        )
    archived = list(archive.annotate(game_count=Count("rounds__games")).order_by("start", "pk"))
    announced = list(Event.objects.public().upcoming().tournaments().select_related("entry_terms"))
    page_cache.shows(pages.EVENTS, *pages.events(archived), *pages.events(announced))
    context = {
        "events": announced,
        "archive": archived,
        "seasons": [(year, f"{year}-{year + 1}") for year in seasons],
        "season": season,
    }
    return render(request, "club/tournaments.html", context)


@require_safe
def event(request: HttpRequest, pk: int) -> HttpResponse:
    """The event, its standings with their tie-breaks, and each round's boards and byes;
    closed, each player's rating change from it."""
    event = _public_event(pk)
    closed = event.status == Event.Status.CLOSED
    page_cache.shows(pages.event(pk), *([pages.RATINGS] if closed else []))
    table = event_standings(event)
    rounds = list(event.rounds.order_by("number"))
    boards: dict[int, list[Game]] = {r.pk: [] for r in rounds}
    for game in table.games:
        boards[game.round_id].append(game)
    byes: dict[int, list[Bye]] = {r.pk: [] for r in rounds}
    for bye in table.byes:
        byes[bye.round_id].append(bye)
    # an announced event taking entries lists them (its registered players first)
    announced = event.status == Event.Status.ANNOUNCED
    terms = EntryTerms.objects.filter(event=event).first() if announced else None
    context = {
        "event": event,
        "title_language": event.language_of("title", get_language()),
        "rounds": [(r, boards[r.pk], byes[r.pk]) for r in rounds],
        "standings": table if any(table.records.values()) else None,
        "participants": table.participants,
        "terms": terms,
        "entries": entry_list(event, terms) if terms is not None else None,
        "prizes": event_prizes(event, table.shown()),
    }
    return render(request, "club/event.html", context)


@require_safe
def games(request: HttpRequest) -> HttpResponse:
    page_cache.shows(pages.GAMES)
    latest = (
        Game.objects.filter(round__event__public=True)
        .exclude(result="")
        .select_related("white", "black", "round__event")
        .order_by("-round__event__start", "-round__number", "board", "-pk")[:50]
    )
    return render(request, "club/games.html", {"games": latest})


def _placeholder(request: HttpRequest, title: str, text: str) -> HttpResponse:
    return render(request, "club/placeholder.html", {"title": title, "text": text})


@require_safe
def members(request: HttpRequest) -> HttpResponse:
    page_cache.shows(pages.MEMBERS, pages.RATINGS)
    systems = list(RatingSystem.objects.enabled())
    query = request.GET.get("q", "").strip()
    listed = (
        Member.objects.public()
        .select_related("player")
        .annotate(**{f"rating_{s.pk}": _current_rating(s) for s in systems})
    )
    if query:
        listed = listed.filter(
            Q(player__last_name__icontains=query) | Q(player__first_name__icontains=query)
        )
    table = MemberTable(listed, systems=systems)
    configure_table(request, table, per_page=25)
    return render(request, "club/members.html", {"table": table, "query": query})


def _current_rating(system: RatingSystem) -> Subquery:
    ratings = Rating.objects.filter(system=system, player=OuterRef("player"))
    return Subquery(ratings.values("rating")[:1])


def _member_for(request: HttpRequest, pk: int) -> Member:
    """The member ``pk`` if the public may see them or they are the signed-in visitor
    (their own space shows their history too), or 404: the access helper of member pages."""
    seen = Q(pk__in=Member.objects.public())
    if request.user.is_authenticated:
        seen |= Q(user_id=request.user.pk)
    return get_object_or_404(Member.objects.filter(seen).select_related("player"), pk=pk)


@require_safe
def member(request: HttpRequest, pk: int) -> HttpResponse:
    found = public_member(pk)
    if found is None:
        raise Http404(_("No such member."))
    member = found.member
    page_cache.shows(pages.player(member.player_id), pages.REPLAYS)  # and the replays' notice
    history = member_history(member, timezone.localdate())
    first = latest_games.kept(member.player_id, found.games)
    games = member_games(member, 1, first)
    return render(request, "club/member.html", {"member": member, **games, **history})


@require_safe
def member_changes(request: HttpRequest, pk: int) -> HttpResponse:
    """A member's rating changes a page at a time, newest first, beyond those their page
    shows: a page of its own without JavaScript, rows added in place with htmx."""
    member = _member_for(request, pk)
    page_cache.shows(pages.player(member.player_id))
    context = history_page(member, page_number(request), timezone.localdate())
    if not context["history"] and context["page"] > 1:
        raise Http404(_("No such page."))
    return render(request, "club/member_changes.html", {"member": member, **context})


@require_safe
def member_games_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A member's games a page at a time, latest first: a page of its own without
    JavaScript, rows added in place with htmx."""
    member = _member_for(request, pk)
    page_cache.shows(pages.player(member.player_id))
    context = member_games(member, page_number(request))
    if not context["games"] and context["page"] > 1:
        raise Http404(_("No such page."))
    return render(request, "club/member_games.html", {"member": member, **context})


@require_safe
def member_calculation(request: HttpRequest, pk: int, batch: int) -> HttpResponse:
    """The calculation game by game of the member's rating change in ``batch``, loaded in
    place on the member's page (or in their own space) when the visitor opens it."""
    member = _member_for(request, pk)
    page_cache.shows(pages.player(member.player_id), pages.RATINGS)
    item = get_object_or_404(
        RatingChange.objects.select_related("batch__system"),
        batch_id=batch,
        player=member.player,
        batch__system__enabled=True,
    )
    return render(request, "club/_calculation.html", change_calculation(item))


@require_safe
def rankings(request: HttpRequest) -> HttpResponse:
    page_cache.shows(pages.RATINGS, pages.REPLAYS)
    systems = list(RatingSystem.objects.enabled())
    if not systems:
        return _placeholder(request, _("Rankings"), _("No rating system is enabled."))
    return ranking(request, systems[0].pk)


@require_safe
def ranking(request: HttpRequest, pk: int) -> HttpResponse:
    page_cache.shows(pages.RATINGS, pages.MEMBERS, pages.REPLAYS)  # and the replays' notice
    systems = list(RatingSystem.objects.enabled())
    system = next((s for s in systems if s.pk == pk), None)
    if system is None:
        raise Http404(_("No such rating system."))
    rows = list(
        Rating.objects.filter(
            system=system,
            rating__isnull=False,
            player__membership__status__in=Member.ACTIVE,
            player__membership__listed=True,
        )
        .select_related("player__membership")
        .order_by("-rating", "player__last_name", "player__first_name", "pk")
    )
    context = {
        "systems": systems,
        "system": system,
        "rows": rows,
        "distribution": rating_distribution([r.rating for r in rows if r.rating is not None]),
    }
    return render(request, "club/ranking.html", context)


def _public_game(pk: int) -> Game:
    """The game ``pk`` of a public event, or 404: the one access helper of game pages."""
    games = Game.objects.select_related("white", "black", "round__event")
    return get_object_or_404(games, pk=pk, round__event__public=True)


# A game's viewer data, kept in the default cache by its text's hash: stepping through a
# game (a page and a board a move) reads its PGN once, not at every request.
VIEW_SECONDS = 3600


class TooLong(Exception):
    """More moves than the viewer reads (``pgn_view.MAX_MOVES``)."""


def _game_view(pgn: str) -> tuple[pgn_view.GameView, list[int]]:
    """The viewer's data for a stored PGN and the end of each position's line. Raises
    ``TooLong`` without reading it past ``pgn_view.MAX_MOVES`` moves, and
    ``pgn_view.PgnError`` when it cannot be read."""
    if pgn_view.move_count(pgn) > pgn_view.MAX_MOVES:
        raise TooLong
    key = "pgn-view:" + hashlib.sha256(pgn.encode()).hexdigest()
    found = caches["default"].get(key)
    if found is None:
        view = pgn_view.read_view(pgn)
        found = (view, pgn_view.line_ends(view))
        caches["default"].set(key, found, VIEW_SECONDS)
    return found


@require_safe
def game(request: HttpRequest, pk: int) -> HttpResponse:
    """A game, and its moves on a board when it has a PGN: from the game's own start
    position, with its comments and variations (``?move=``: a position's number), the
    move list a page of ``pgn_view.MOVES_PAGE`` moves at a time."""
    item = _public_game(pk)
    page_cache.shows(pages.event(item.round.event_id))
    view = None
    problem = ""
    ends: list[int] = []
    if item.pgn:
        try:
            view, ends = _game_view(item.pgn)
        except TooLong:
            problem = _(
                "This game has more than %(moves)s moves: too many to show on the board. "
                "Its moves are in the event's PGN file."
            ) % {"moves": pgn_view.MAX_MOVES}
        except pgn_view.PgnError as error:
            problem = _("The moves of this game cannot be read: %(error)s") % {"error": error}
    context: dict[str, object] = {"game": item, "problem": problem, "view": view}
    if view is not None and len(view.positions) > 1:
        asked = whole_number(request.GET.get("move"))
        last = len(view.positions) - 1
        current = view.mainline_end if asked is None else min(max(asked, 0), last)
        position = view.positions[current]
        page = pgn_view.window(view, current)
        board = reverse("game_board", args=[item.pk, 0]).removesuffix("0.svg")
        shown = {0, current} | {i.id for i in page.items if i.kind == "move"}
        context |= {
            "current": position,
            "board_url": f"{board}{current}.svg",
            "moves": page,
            "steps": {
                "first": 0 if current else None,
                "previous": position.parent,
                "next": position.next,
                "last": ends[current] if position.next is not None else None,
            },
            "viewer": {
                "current": current,
                "positions": {
                    p.id: {
                        "board": f"{board}{p.id}.svg",
                        "parent": p.parent,
                        "next": p.next,
                        "last": ends[p.id],
                        "label": p.label,
                    }
                    for p in (view.positions[n] for n in sorted(shown))
                },
            },
        }
    return render(request, "club/game.html", context)


@require_safe
@cache_control(max_age=86400, public=True)
def game_board(request: HttpRequest, pk: int, ply: int) -> HttpResponse:
    """The board at position ``ply`` of the game's moves, as SVG drawn by python-chess
    (the game's moves read once, from the cache after: ``_game_view``)."""
    item = _public_game(pk)
    page_cache.shows(pages.event(item.round.event_id))
    try:
        view, _ends = _game_view(item.pgn or '[Result "*"]\n\n*\n')
    except TooLong:
        raise Http404(_("No such move.")) from None
    except pgn_view.PgnError:
        view, _ends = _game_view('[Result "*"]\n\n*\n')
    if ply >= len(view.positions):
        raise Http404(_("No such move."))
    return HttpResponse(pgn_view.board_svg(view, ply), content_type="image/svg+xml")

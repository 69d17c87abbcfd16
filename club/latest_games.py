"""A player's games of public events with a result, newest first, as their member page
shows them, and the first page of them kept for each player (``LatestGames``).

Finding a player's latest games means reading all of their games with their rounds and
events and sorting them (on PostgreSQL, most of the database's time of a member page's
first visit: benchmarks/README.md), so the first page is kept, written in the transaction
of each write that changes it: ``club.pages`` maps every write to the players whose first
page it changes. A result or moves written alone move the game's line in its players'
pages (``results_written``: the pages locked and read, the line put in its place, without
reading their other games); any other change makes the pages again from the games
(``refresh``: a round's date, an event's title, a name); a game deleted leaves them out of
date (``out_of_date``) until the next. ``rebuild`` makes every player's at once (a club
loaded, restored or merged in bulk), and ``made_after_migrating`` those a database lacks.
A page whose player has no row, or an out-of-date one, reads its games from the games, so
a page kept is a saving, never the only way to a right page.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from django.db import transaction
from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, Q, QuerySet
from django.utils import timezone

from club.models import Game, LatestGames, Player

# The games a page of a member's games shows (their page shows the latest)
GAMES_PAGE = 10

COLUMNS = (
    "pk",
    "round__event_id",
    "result",
    "round__starts_at",
    "round__event__start",
    "white__first_name",
    "white__last_name",
    "black__first_name",
    "black__last_name",
    "round__event__title",
    "round__event__translated_titles",
    "has_pgn",
    "round__number",
    "board",
)
# Newest first, the key last so that no two rows tie (a page needs it: lib.paging)
GAMES_ORDER = ("-round__event__start", "-round__number", "board", "-pk")

Line = list[Any]
# Beyond this many players missing their latest games after ``migrate``, every player's are
# made in one pass over the games (``rebuild``) rather than asked for by their ids
REBUILT_AFTER_MIGRATING = 500


def games(players: Q, using: str | None = None) -> QuerySet[Game, tuple[Any, ...]]:
    """The games of public events with a result of the players ``players`` selects
    (``of_player``; ``Q()``: everyone's), newest first (``GAMES_ORDER``), as ``COLUMNS``,
    ``has_pgn`` whether its moves are kept."""
    return (
        Game.objects.using(using)
        .filter(players, round__event__public=True)
        .exclude(result="")
        .annotate(has_pgn=ExpressionWrapper(~Q(pgn=""), output_field=BooleanField()))
        .order_by(*GAMES_ORDER)
        .values_list(*COLUMNS)
    )


def of_player(player: int) -> Q:
    return Q(white_id=player) | Q(black_id=player)


def line(row: tuple[Any, ...] | list[Any]) -> Line:
    """A row of ``games`` as ``LatestGames.lines`` keeps it: the day is the round's (the
    event's when the round has none), in the site's time zone; the names written out;
    then the game's place in ``GAMES_ORDER`` (``_place``): the event's start (a POSIX
    timestamp), the round's number, the board."""
    (pk, event_id, result, round_start, event_start, *names, title, titles, has_pgn) = row[:12]
    number, board = row[12:]
    white_first, white_last, black_first, black_last = names
    day = timezone.localdate(round_start or event_start).isoformat()
    white, black = f"{white_first} {white_last}", f"{black_first} {black_last}"
    shown = [pk, event_id, result, day, white, black, title, titles or {}, bool(has_pgn)]
    return [*shown, event_start.timestamp(), number, board]


def _place(line: Line) -> tuple[float, int, int, int]:
    """A kept line's place among a player's games, first the newest (``GAMES_ORDER``)."""
    return (-line[9], -line[10], line[11], -line[0])


def kept(player: int, lines: list[Line] | None) -> list[Line]:
    """The player's first page of games (``GAMES_PAGE`` games and one more): ``lines`` as
    read from their ``LatestGames``, or read from the games where they have none (no row,
    or out of date)."""
    if lines is not None:
        return lines
    return [line(row) for row in games(of_player(player))[: GAMES_PAGE + 1]]


def _first_pages(players: Q, pages: dict[int, list[Line]], using: str | None) -> None:
    """Each player of ``pages`` their first page of games, read in one pass over the
    games ``players`` selects."""
    columns = games(players, using).values_list("white_id", "black_id", *COLUMNS)
    for white, black, *row in columns.iterator(chunk_size=2000):
        for player in (white, black):
            page = pages.get(player)
            if page is not None and len(page) <= GAMES_PAGE:
                page.append(line(row))


def _keep(pages: dict[int, list[Line]], using: str | None) -> None:
    if not pages:
        return
    rows = [LatestGames(player_id=pk, lines=lines) for pk, lines in pages.items()]
    LatestGames.objects.using(using).bulk_create(
        rows,
        batch_size=500,
        update_conflicts=True,
        unique_fields=["player"],
        update_fields=["lines"],
    )


def refresh(players: Collection[int], using: str | None = None) -> None:
    """The first pages of ``players`` made again from the games, in the current
    transaction: their rows are taken first (written, so locked until it ends), then the
    games read, so that two transactions changing one player's games write one after the
    other, the second from what the first wrote. Three queries."""
    if not players:
        return
    ids = sorted(set(players))
    with transaction.atomic(using, savepoint=False):
        _keep({pk: [] for pk in ids}, using)
        pages: dict[int, list[Line]] = {pk: [] for pk in ids}
        _first_pages(Q(white_id__in=ids) | Q(black_id__in=ids), pages, using)
        _keep(pages, using)


def line_of(game: Game) -> Line | None:
    """The line ``games`` gives ``game``, a game of a public event, from the game with its
    round, event and players (read if not given); None for a game without a result, which
    ``games`` does not give."""
    if not game.result:
        return None
    event = game.round.event
    white, black = game.white, game.black
    names = (white.first_name, white.last_name, black.first_name, black.last_name)
    shown = (event.title, event.translated_titles, bool(game.pgn), game.round.number, game.board)
    return line((game.pk, event.pk, game.result, game.round.starts_at, event.start, *names, *shown))


def results_written(written: Iterable[Game], using: str | None = None) -> None:
    """The first pages of the players of ``written``, games whose result or moves alone
    changed (their players, round and event unchanged), in the current transaction,
    without reading the players' other games: their rows locked and read, each game's
    line put in its place (or taken out: no result now) and the pages cut to their
    length; a page that loses a line it cannot replace (it had one more than a page, whose
    next is not kept) and a player with no page kept are made again from the games
    (``refresh``); only the pages that changed are written. Two queries at most; none
    for the games of an event that is not public, which no page holds (an event's
    publicity changed makes its players' pages again: ``club.pages``)."""
    written = [game for game in written if game.round.event.public]
    if not written:
        return
    found = {game.pk: line_of(game) for game in written}
    players = {p for game in written for p in (game.white_id, game.black_id)}
    with transaction.atomic(using, savepoint=False):
        rows = LatestGames.objects.using(using).select_for_update().filter(player__in=players)
        read = {row.player_id: row.lines for row in rows if row.lines is not None}
        kept = dict(read)  # ``_put`` gives a player a new list: ``read`` keeps the old
        again = players - kept.keys()
        for game in written:
            for player in (game.white_id, game.black_id):
                if player in kept and not _put(kept, player, game.pk, found[game.pk]):
                    again.add(player)
        changed = {p: lines for p, lines in kept.items() if p not in again and lines != read[p]}
        _keep(changed, using)
        refresh(again, using)


def _put(kept: dict[int, list[Line]], player: int, game: int, found: Line | None) -> bool:
    """The player's kept page with ``game``'s line ``found`` in its place (None: out of
    it); False where its next line is not kept."""
    page = kept[player]
    lines = [line for line in page if line[0] != game]
    if found is None and len(lines) < len(page) and len(page) > GAMES_PAGE:
        return False
    kept[player] = sorted([*lines, found], key=_place)[: GAMES_PAGE + 1] if found else lines
    return True


def out_of_date(players: Iterable[int], using: str | None = None) -> None:
    """The kept first pages of ``players`` out of date (their pages read their games)
    until they are refreshed: for a game about to be deleted, whose players' pages
    must not be made while it is still there."""
    LatestGames.objects.using(using).filter(player__in=set(players)).update(lines=None)


def rebuild(using: str | None = None) -> int:
    """Every player's first page of games made from the games, in one pass over them
    (a club loaded, restored or merged in bulk); returns the players kept."""
    pages: dict[int, list[Line]] = {
        pk: [] for pk in Player.objects.using(using).values_list("pk", flat=True)
    }
    _first_pages(Q(), pages, using)
    _keep(pages, using)
    return len(pages)


def made_after_migrating(using: str = "default", **kw: Any) -> None:
    """After ``migrate`` (``post_migrate``): the latest games of the players whose games
    have none kept (a database of before they were kept, games deleted since), made."""
    played = games(Q(white_id=OuterRef("pk")) | Q(black_id=OuterRef("pk")), using)
    missing = Player.objects.using(using).filter(
        Q(latest_games__isnull=True) | Q(latest_games__lines__isnull=True), Exists(played)
    )
    players = list(missing.values_list("pk", flat=True))
    if len(players) > REBUILT_AFTER_MIGRATING:
        rebuild(using)  # a database of before they were kept: one pass over the games
    else:
        refresh(players, using)

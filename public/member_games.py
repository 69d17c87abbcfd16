"""A member's games of public events, latest first, a page at a time: the member's page
shows the first page, older ones come on their own page or in place (htmx).

One query of the columns the table shows (no model instances, not the moves), and the rows
written out in Python once a page (``game_rows_html``), as for the rating history: a
template's nodes for each cell would cost more than the rest of the page."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from html import escape
from typing import Any

from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe

from club.models import Game, Member, Result
from lib.compiled import CompiledQuery
from lib.paging import page_query, split_page
from ratings.history import Writer

# The games a page of a member's games shows (their page shows the latest)
GAMES_PAGE = 10
_SLOT = 2_147_483_647  # an id no game has: where the page's game address takes each id

_COLUMNS = (
    "pk",
    "round__event_id",
    "result",
    "round__starts_at",
    "round__event__start",
    "round__event__title",
    "white__first_name",
    "white__last_name",
    "black__first_name",
    "black__last_name",
    "has_pgn",
)


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game as the member's table shows it: the round's day (the event's when the
    round has none), both players, the result and the event."""

    pk: int
    event_id: int
    day: date
    white: str
    black: str
    result: str
    event: str
    has_pgn: bool


def member_games(member: Member, page: int) -> dict[str, Any]:
    """The ``page``-th page of the member's games (the first is the one their page shows),
    latest first: one query."""
    rows = _GAMES.rows(member.player_id, page=page)
    values, newer, older = split_page(rows, page, GAMES_PAGE)
    lines = [_line(row) for row in values]
    return {
        "games": lines,
        "games_html": game_rows_html(lines),
        "page": page,
        "newer_games": newer,
        "older_games": older,
    }


def _games(player: int, *, page: int) -> QuerySet[Game, tuple[Any, ...]]:
    """The player's games of public events, ``page`` of them, as ``_COLUMNS``."""
    games = (
        Game.objects.filter(Q(white=player) | Q(black=player))
        .filter(round__event__public=True)
        .exclude(result="")
        .annotate(has_pgn=ExpressionWrapper(~Q(pgn=""), output_field=BooleanField()))
        .order_by("-round__event__start", "-round__number", "board", "-pk")
        .values_list(*_COLUMNS)
    )
    return page_query(games, page, GAMES_PAGE)


# Asked for at every visit of a member's page: compiled once
_GAMES = CompiledQuery(_games)


def _line(row: tuple[Any, ...]) -> GameLine:
    (pk, event_id, result, starts_at, event_start, title) = row[:6]
    (white_first, white_last, black_first, black_last, has_pgn) = row[6:]
    moment: datetime = starts_at or event_start
    return GameLine(
        pk=pk,
        event_id=event_id,
        day=timezone.localdate(moment),
        white=f"{white_first} {white_last}",
        black=f"{black_first} {black_last}",
        result=result,
        event=title,
        has_pgn=bool(has_pgn),
    )


def game_rows_html(lines: list[GameLine]) -> SafeString:
    """The games table's rows: the day, white, the result (a link to the game) with a PGN
    badge when the moves are known, black, the event. Every text is escaped."""
    write = Writer(member=0)
    game = reverse("game", args=[_SLOT]).replace(str(_SLOT), "{}")
    results = {value: escape(str(label)) for value, label in Result.choices}
    pgn = ' <span class="badge text-bg-light border">PGN</span>'
    return mark_safe(  # every text below is escaped
        "".join(
            f'<tr><td class="small text-body-secondary">{write.day(line.day)}</td>'
            f"<td>{escape(line.white)}</td>"
            f'<td><a href="{game.format(line.pk)}">{results[line.result]}</a>'
            f"{pgn if line.has_pgn else ''}</td>"
            f"<td>{escape(line.black)}</td>"
            f'<td class="small d-none d-md-table-cell">{escape(line.event)}</td></tr>\n'
            for line in lines
        )
    )

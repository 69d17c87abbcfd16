"""A member's games of public events, latest first, a page at a time: the member's page
shows the first page, older ones come on their own page or in place (htmx).

One query of the columns the table shows (no model instances, not the moves); each row's
texts and address come written out (``GameLine``), and the template
``club/_games_table.html`` puts them in the table."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet
from django.utils import timezone

from club.models import Game, Member, Result
from lib.paging import page_query, split_page
from ratings.history import Writer

# The games a page of a member's games shows (their page shows the latest)
GAMES_PAGE = 10

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
    round has none) as the page's language writes it, both players, the result (its
    label, and the game's address) and the event."""

    pk: int
    event_id: int
    day: date
    day_text: str
    white: str
    black: str
    result: str
    result_text: str
    url: str
    event: str
    has_pgn: bool


def member_games(member: Member, page: int) -> dict[str, Any]:
    """The ``page``-th page of the member's games (the first is the one their page shows),
    latest first: one query."""
    rows = list(_games(member.player_id, page=page))
    values, newer, older = split_page(rows, page, GAMES_PAGE)
    write = Writer(member=member.pk)
    results = {value: str(label) for value, label in Result.choices}
    return {
        "games": [_line(row, write, results) for row in values],
        "page": page,
        "newer_games": newer,
        "older_games": older,
    }


def _games(player: int, *, page: int) -> QuerySet[Game, tuple[Any, ...]]:
    """The player's games of public events, ``page`` of them, as ``_COLUMNS``."""
    games = _PUBLIC_GAMES.filter(Q(white=player) | Q(black=player))
    return page_query(games, page, GAMES_PAGE, GAMES_ORDER)


# Newest first, the key last so that no two rows tie (a page needs it: lib.paging)
GAMES_ORDER = ("-round__event__start", "-round__number", "board", "-pk")
# Built once (a queryset is not run until it is read): each visit adds its player
_PUBLIC_GAMES = (
    Game.objects.filter(round__event__public=True)
    .exclude(result="")
    .annotate(has_pgn=ExpressionWrapper(~Q(pgn=""), output_field=BooleanField()))
    .values_list(*_COLUMNS)
)


def _line(row: tuple[Any, ...], write: Writer, results: dict[str, str]) -> GameLine:
    (pk, event_id, result, starts_at, event_start, title) = row[:6]
    (white_first, white_last, black_first, black_last, has_pgn) = row[6:]
    moment: datetime = starts_at or event_start
    day = timezone.localdate(moment)
    return GameLine(
        pk=pk,
        event_id=event_id,
        day=day,
        day_text=write.day(day),
        white=f"{white_first} {white_last}",
        black=f"{black_first} {black_last}",
        result=result,
        result_text=results[result],
        url=write.game.format(pk),
        event=title,
        has_pgn=bool(has_pgn),
    )

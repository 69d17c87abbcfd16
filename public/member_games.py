"""A member's games of public events, latest first, a page at a time: the member's page
shows the first page, older ones come on their own page or in place (htmx).

One query of the columns the table shows (no model instances, not the moves); each row's
texts come written out (``GameLine``), and the templates ``club/_games_table.html`` and
``club/_game_rows.html`` write the table, its dates and addresses."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet
from django.utils import timezone
from django.utils.translation import get_language

from club.models import Game, Member, Result
from club.models.texts import in_language
from lib.paging import page_query, split_page

# The games a page of a member's games shows (their page shows the latest)
GAMES_PAGE = 10

COLUMNS = (
    "pk",
    "round__event_id",
    "result",
    "round__starts_at",
    "round__event__start",
    "round__event__title",
    "round__event__translated_titles",
    "white__first_name",
    "white__last_name",
    "black__first_name",
    "black__last_name",
    "has_pgn",
)
# Newest first, the key last so that no two rows tie (a page needs it: lib.paging)
GAMES_ORDER = ("-round__event__start", "-round__number", "board", "-pk")


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game as the member's table shows it: the round's day (the event's when the
    round has none), both players, the result (its value and its label) and the event's
    title in the page's language."""

    pk: int
    event_id: int
    day: date
    white: str
    black: str
    result: str
    result_text: str
    event: str
    has_pgn: bool


def member_games(member: Member, page: int) -> dict[str, Any]:
    """The ``page``-th page of the member's games (the first is the one their page shows),
    latest first: one query."""
    rows = list(_games(member.player_id, page=page))
    values, newer, older = split_page(rows, page, GAMES_PAGE)
    results = {value: str(label) for value, label in Result.choices}
    return {
        "games": [_line(row, results) for row in values],
        "page": page,
        "newer_games": newer,
        "older_games": older,
    }


def _games(player: int, *, page: int) -> QuerySet[Game, tuple[Any, ...]]:
    """The player's games of public events with a result, newest first (``GAMES_ORDER``),
    the ``page``-th page of ``GAMES_PAGE`` and one more (``lib.paging.page_query``), as
    ``COLUMNS``: ``has_pgn`` whether its moves are kept."""
    games = (
        Game.objects.filter(Q(white_id=player) | Q(black_id=player), round__event__public=True)
        .exclude(result="")
        .annotate(has_pgn=ExpressionWrapper(~Q(pgn=""), output_field=BooleanField()))
        .values_list(*COLUMNS)
    )
    return page_query(games, page, GAMES_PAGE, GAMES_ORDER)


def _line(row: tuple[Any, ...], results: dict[str, str]) -> GameLine:
    (pk, event_id, result, round_start, event_start, title, titles) = row[:7]
    (white_first, white_last, black_first, black_last, has_pgn) = row[7:]
    return GameLine(
        pk=pk,
        event_id=event_id,
        day=timezone.localdate(round_start or event_start),
        white=f"{white_first} {white_last}",
        black=f"{black_first} {black_last}",
        result=result,
        result_text=results[result],
        event=in_language(title, titles, get_language()),  # the page's language's
        has_pgn=bool(has_pgn),
    )

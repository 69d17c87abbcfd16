"""A member's games of public events, latest first, a page at a time: the member's page
shows the first page, kept for each player (``club.latest_games``), older ones come on
their own page or in place (htmx), read from the games in one query.

Each row's texts come written out (``GameLine``), and the templates
``club/_games_table.html`` and ``club/_game_rows.html`` write the table, its dates and
addresses."""

from __future__ import annotations

from datetime import date
from typing import Any, TypedDict

from django.utils.translation import get_language

from club import latest_games
from club.latest_games import GAMES_ORDER, GAMES_PAGE, Line, of_player
from club.models import Member, Result
from club.models.texts import in_language
from lib.paging import page_query, split_page

__all__ = ["GAMES_PAGE", "GameLine", "member_games"]


class GameLine(TypedDict):
    """One game as the member's table shows it: the round's day (the event's when the
    round has none), both players, the result (its value and its label) and the event's
    title in the page's language (a dictionary, as ``ratings.history.HistoryRow``)."""

    pk: int
    event_id: int
    day: date
    white: str
    black: str
    result: str
    result_text: str
    event: str
    has_pgn: bool


def member_games(member: Member, page: int, first: list[Line] | None = None) -> dict[str, Any]:
    """The ``page``-th page of the member's games, latest first: the first from ``first``
    (the player's kept lines, ``club.latest_games.kept``) when given, else one query."""
    if page == 1 and first is not None:
        lines = first
    else:
        read = latest_games.games(of_player(member.player_id))
        lines = [latest_games.line(row) for row in page_query(read, page, GAMES_PAGE, GAMES_ORDER)]
    values, newer, older = split_page(lines, page, GAMES_PAGE)
    results = {value: str(label) for value, label in Result.choices}
    language = get_language()
    return {
        "games": [_game(line, results, language) for line in values],
        "page": page,
        "newer_games": newer,
        "older_games": older,
    }


def _game(line: Line, results: dict[str, str], language: str) -> GameLine:
    pk, event_id, result, day, white, black, title, titles, has_pgn = line[:9]
    return GameLine(
        pk=pk,
        event_id=event_id,
        day=date.fromisoformat(day),
        white=white,
        black=black,
        result=result,
        result_text=results[result],
        event=in_language(title, titles, language),  # the page's language's
        has_pgn=has_pgn,
    )

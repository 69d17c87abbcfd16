"""A member's games of public events, latest first, a page at a time: the member's page
shows the first page, older ones come on their own page or in place (htmx).

One query of the columns the table shows (no model instances, not the moves); each row's
texts and address come written out (``GameLine``), and the template
``club/_games_table.html`` puts them in the table."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.utils import timezone

from club.models import Game, Member, Result
from lib import sql_reads
from lib.paging import page_window, split_page
from ratings.history import Writer

# The games a page of a member's games shows (their page shows the latest)
GAMES_PAGE = 10

COLUMNS = (
    "pk",
    "round__event_id",
    "result",
    "played",
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


def _games(player: int, *, page: int) -> list[tuple[Any, ...]]:
    """The player's games of public events, newest first (``GAMES_ORDER``), the
    ``page``-th page of ``GAMES_PAGE`` and one more (``lib.paging.split_page``), as
    ``COLUMNS``: ``Game.objects`` of public events with a result, ``played`` when the
    round began (the event's start if the round has no time), ``has_pgn`` whether its
    moves are kept, in SQL (``lib.sql_reads``)."""
    found = sql_reads.rows(Game, _GAMES_SQL + page_window(page, GAMES_PAGE), [player, player])
    aware = sql_reads.aware
    return [(*row[:3], aware(row[3]), *row[4:9], bool(row[9])) for row in found]


# Newest first, the key last so that no two rows tie (a page needs it: lib.paging)
GAMES_ORDER = ("-round__event__start", "-round__number", "board", "-pk")
_GAMES_SQL = """
    SELECT g.id, r.event_id, g.result, COALESCE(r.starts_at, e.start), e.title,
        w.first_name, w.last_name, k.first_name, k.last_name, g.pgn <> ''
    FROM club_game g
    JOIN club_round r ON r.id = g.round_id
    JOIN club_event e ON e.id = r.event_id
    JOIN club_player w ON w.id = g.white_id
    JOIN club_player k ON k.id = g.black_id
    WHERE e.public AND g.result <> '' AND (g.white_id = %s OR g.black_id = %s)
    ORDER BY e.start DESC, r.number DESC, g.board, g.id DESC"""


def _line(row: tuple[Any, ...], write: Writer, results: dict[str, str]) -> GameLine:
    (pk, event_id, result, played, title) = row[:5]
    (white_first, white_last, black_first, black_last, has_pgn) = row[5:]
    day = timezone.localdate(played)
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

"""Results written at the desk: the one write path for a board's result (locks, versions,
conflicts, audit), the keys typed, what an event still lacks before closing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from club import event_state, pages
from club.exceptions import Conflict, DeskError
from club.models import Event, Game, Player, Result, Round
from desk.services.events import log_change
from lib import sql_reads


def result_for_key(key: str) -> Result:
    """The result a secretary means by ``key`` (1, =, 5, ½, 0, +, - or nothing)."""
    result = Result.typed(key)
    if result is None:
        message = _("“%(key)s” is not a result: type 1, = (or ½), 0, + or -.") % {"key": key}
        raise DeskError(message)
    return result


def _on_board(game: Game, message: str) -> str:
    return _("Board %(board)s: %(message)s") % {"board": game.board, "message": message}


_UNCHANGED: Any = object()


@transaction.atomic
def write_result(
    game_id: int,
    result: Result | object = _UNCHANGED,
    user: User | None = None,
    *,
    version: int | None = None,
    pgn: str | object = _UNCHANGED,
    source: str = "desk",
    reported: list[dict[str, str]] | None = None,
) -> Game:
    """The one way a game's result (or its moves) changes, whatever the door: the desk's
    result entry, a players' report confirmed, a CSV, PGN or TRF file (the admin site
    shows results read-only). It locks the event's row, then the board's (the
    order ``close_event`` locks them in: a close and a save never interleave, the later
    one sees the other's effect). The event's lock is shared by the saves of its boards,
    which go on side by side (a board's own lock keeps two saves of it apart), and is
    taken alone by every other write into the event (``club.event_state.lock_row``: a close,
    a pairing), which so waits for the saves under way and they for it. It refuses a
    closed event (reopen it first); with
    ``version``, refuses a board someone else saved meanwhile (``Conflict``); raises the
    version and writes the audit line. Writing what is already there changes nothing.
    A cancelled event is refused too (restore it first). ``reported``: the players'
    reports a secretary confirms (``desk.services.reports``), named in the audit line."""
    # the board's event, found and locked at once; then the board's row (not its players')
    event, game = _locked_event(game_id), None
    if event is not None:
        game = _locked_game(game_id)
    if event is None or game is None:
        raise Game.DoesNotExist(f"No board {game_id}.")
    game.round.event = event
    if not event_state.allows(event, event_state.Write.RESULT):
        if event.status == Event.Status.CLOSED:
            refused = _(
                "The event is closed: reopen it to correct a result (reopening recalculates "
                "the ratings without it until it is closed again)."
            )
        else:
            refused = _("The event is cancelled: restore it to enter a result.")
        raise event_state.EventRefused(_on_board(game, refused))
    if version is not None and game.version != version:
        other = game.get_result_display() if game.result else _("no result")
        raise Conflict(
            _on_board(
                game,
                _("someone else saved %(result)s meanwhile. Check, then type again.")
                % {"result": other},
            ),
            game,
        )
    changes: dict[str, Any] = {}
    if result is not _UNCHANGED and result != game.result:
        changes["result"] = result
    if pgn is not _UNCHANGED and pgn != game.pgn:
        changes["pgn"] = pgn
    if not changes:
        return game
    before = game.result
    Game.objects.filter(pk=game.pk).update(
        **changes, version=F("version") + 1, updated_by=user, updated_at=timezone.now()
    )
    # The row is locked: what the update wrote is known without reading it back.
    for name, value in changes.items():
        setattr(game, name, value)
    game.version, game.updated_by = game.version + 1, user
    pages.written(game, fields=changes)
    log_change(
        user,
        event,
        "result" if "result" in changes else "moves",
        game=game.pk,
        round=game.round.number,
        board=game.board,
        before=before,
        result=game.result,
        source=source,
        **({"reported": reported} if reported else {}),
    )
    return game


def _locked_event(game_id: int) -> Event | None:
    """The event of the board ``game_id``, its row locked, the lock shared with the other
    boards' saves (``write_result``): what
    ``Event.objects.select_for_update(of=("self",)).filter(rounds__games=game_id)`` reads,
    with ``FOR SHARE`` where the database has it, in SQL (``lib.sql_reads``: fifty
    secretaries save at once)."""
    sql = f"""
        SELECT {sql_reads.columns(Event, "e")}
        FROM club_event e
        JOIN club_round r ON r.event_id = e.id
        JOIN club_game g ON g.round_id = r.id
        WHERE g.id = %s{sql_reads.for_update(Event, "e", shared=True)}"""
    found = sql_reads.rows(Event, sql, [game_id], for_write=True)
    return sql_reads.instance(Event, found[0], sql_reads.database(Event, True)) if found else None


def _locked_game(game_id: int) -> Game | None:
    """The board ``game_id`` with its round and players, its row (not theirs) locked:
    ``Game.objects.select_for_update(of=("self",)).select_related("round", "white",
    "black")``, in SQL."""
    sql = f"""
        SELECT {sql_reads.columns(Game, "g")}, {sql_reads.columns(Round, "r")},
            {sql_reads.columns(Player, "w")}, {sql_reads.columns(Player, "b")}
        FROM club_game g
        JOIN club_round r ON r.id = g.round_id
        JOIN club_player w ON w.id = g.white_id
        JOIN club_player b ON b.id = g.black_id
        WHERE g.id = %s{sql_reads.for_update(Game, "g")}"""
    found = sql_reads.rows(Game, sql, [game_id], for_write=True)
    if not found:
        return None
    alias = sql_reads.database(Game, True)
    game, round_, white, black = sql_reads.instances((Game, Round, Player, Player), found[0], alias)
    game.round, game.white, game.black = round_, white, black
    return game


def save_result(game_id: int, key: str, version: int, user: User | None) -> Game:
    """Save a board's result typed at the desk if nobody else did meanwhile (``version``
    as the secretary saw it). Errors name the board. A closed event's results change
    only after reopening it. Typing the result already saved changes nothing."""
    try:
        result = result_for_key(key)
    except DeskError as error:
        board = Game.objects.values_list("board", flat=True).get(pk=game_id)
        raise DeskError(
            _("Board %(board)s: %(message)s") % {"board": board, "message": error}
        ) from None
    return write_result(game_id, result, user, version=version)


def save_results(entries: Mapping[int, tuple[str, int]], user: User | None) -> dict[int, str]:
    """Several boards at once (the form without JavaScript): ``{game id: (key, version)}``.
    Each board is saved on its own; the errors come back by game id."""
    errors: dict[int, str] = {}
    for game_id, (key, version) in entries.items():
        try:
            save_result(game_id, key, version, user)
        except DeskError as error:
            errors[game_id] = str(error)
    return errors


def missing_results(event: Event) -> list[str]:
    """What stops ``event`` from closing, in plain words (empty when it can close)."""
    problems = []
    missing = (
        Game.objects.filter(round__event=event, result=Result.PENDING)
        .values_list("round__number", "board")
        .order_by("round__number", "board")
    )
    if missing:
        boards = ", ".join(f"{number}.{board}" for number, board in missing)
        problems.append(_("Results are missing (round.board): %(boards)s") % {"boards": boards})
    empty = (
        event.rounds.filter(games__isnull=True, byes__isnull=True)
        .values_list("number", flat=True)
        .order_by("number")
    )
    if empty:
        problems.append(
            _("Rounds without pairings: %(rounds)s. Pair them, or remove them in the event's form.")
            % {"rounds": ", ".join(map(str, empty))}
        )
    return problems

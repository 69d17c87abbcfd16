"""Results written at the desk: the one write path for a board's result (locks, versions,
conflicts, audit), the keys typed, what an event still lacks before closing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, F
from django.utils import timezone
from django.utils.translation import gettext as _

from club import event_state, pages
from club.exceptions import Conflict, DeskError
from club.models import Event, Game, Result, ResultReport
from desk.services.events import log_change


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
    shows results read-only). It locks the board's row alone, then reads its
    event: saves of different boards go on side by side, two saves of one board wait for
    each other. Every other write into the event (``club.event_state.lock_row``: a close, a
    pairing, a registration) locks the event's row and then the rows of all its games, so
    it waits for the saves under way, and a save that comes meanwhile waits for it, then
    reads the event as it left it: a close and a save never interleave, the later one sees
    the other's effect. It refuses a closed event (reopen it first); with
    ``version``, refuses a board someone else saved meanwhile (``Conflict``); raises the
    version and writes the audit line. Writing what is already there changes nothing.
    A cancelled event is refused too (restore it first). ``reported``: the players'
    reports a secretary confirms (``desk.services.reports``), named in the audit line."""
    try:
        game, event = _locked_game(game_id)
    except Game.DoesNotExist:
        raise Game.DoesNotExist(f"No board {game_id}.") from None
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


def _locked_game(game_id: int) -> tuple[Game, Event]:
    """The board ``game_id`` with its round and players, its row (not theirs) locked, and
    then its event, read by a statement of its own once the board's lock is held: on
    PostgreSQL (READ COMMITTED) each statement reads what was committed when it began, so
    the event is read as a write into it that held the board (``club.event_state.lock_row``)
    left it, with whether a player reported a result on a board of the round
    (``round_reported``: the desk's answer to a save shows the reports' summary only then).
    ``Game.DoesNotExist`` for a board that does not exist (or no longer does: a round
    taken back meanwhile)."""
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("round", "white", "black")
        .get(pk=game_id)
    )
    reported = Exists(ResultReport.objects.filter(game__round=game.round_id))
    events = Event.objects.annotate(round_reported=reported)
    game.round.event = events.get(pk=game.round.event_id)
    return game, game.round.event


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

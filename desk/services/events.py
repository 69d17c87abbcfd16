"""The secretary's writes: each a typed function in one transaction, each logged.

Every change records who made it and when: ``updated_by`` on the row where the model has
it, and a ``ChangeLog`` row through ``log_change``.

Every write on an event first takes the event's row lock and asks its state machine
(``club.event_state``): a closed event changes only once reopened
(``desk.services.lifecycle.reopen_event``, with a reason, logged, which recalculates the
ratings without it), a cancelled one once restored. A result never changes under ratings
computed without it, since only a closed event counts and a closed event cannot change.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from chesslib.berger import double_round_robin, round_robin
from club import event_state, pages, players
from club.exceptions import Conflict, DeskError
from club.models import Bye, ChangeLog, Event, Game, Participant, Player, Result, Round
from lib.limits import MAX_ROUNDS

DEFAULT_INTERVAL = timedelta(days=7)
# Rounds are renumbered through this offset when one is removed (numbers are unique).
_RENUMBER_OFFSET = 1000


def _jsonable(value: Any) -> Any:
    if isinstance(value, Decimal | date | datetime):
        return str(value)
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def log_change(user: Any, event: Event | None, action: str, **details: Any) -> ChangeLog:
    """One line of the desk's audit log: who (``user``), when (now), what."""
    return ChangeLog.objects.create(
        user=user if user is not None and user.is_authenticated else None,
        event=event,
        action=action,
        details={key: _jsonable(value) for key, value in details.items()},
    )


# Events and their rounds


def create_rounds(
    event: Event, count: int, first: datetime | None, interval: timedelta = DEFAULT_INTERVAL
) -> list[Round]:
    """``count`` rounds after the event's last one, the first at ``first`` (else one
    interval after the last round, else at the event's start), one every ``interval``."""
    last = event.rounds.order_by("-number").first()
    if first is None:
        first = last.starts_at + interval if last and last.starts_at else event.start
    after = last.number if last else 0
    return Round.objects.bulk_create(
        Round(event=event, number=after + n, starts_at=first + (n - 1) * interval)
        for n in range(1, count + 1)
    )


@transaction.atomic
def save_event(
    event: Event,
    user: Any,
    *,
    changed: Collection[str] = (),
    round_dates: Mapping[int, datetime | None] | None = None,
    remove_rounds: Collection[int] = (),
    add_rounds: int = 0,
    first_round: datetime | None = None,
    interval: timedelta = DEFAULT_INTERVAL,
) -> Event:
    """Save ``event`` (new or changed) and its rounds: new dates by round id, rounds to
    remove (only rounds nobody is paired in yet; the others are renumbered), and
    ``add_rounds`` more after the last one. An existing event changes only while its
    state allows it (its row locked first, its status as stored: the form has none)."""
    created = event.pk is None
    if not created:
        stored = event_state.lock_row(event.pk, event_state.Write.FORM)
        event.status = stored.status  # as it is now, not as the form's page read it
    else:
        pages.event_created()
    event.updated_by = user
    event.save()
    rounds = {r.pk: r for r in event.rounds.all()}
    removed = [rounds[pk] for pk in remove_rounds if pk in rounds]
    if removed:
        _remove_rounds(event, removed)
    for pk, starts_at in (round_dates or {}).items():
        round_ = rounds.get(pk)
        if round_ is not None and round_ not in removed and round_.starts_at != starts_at:
            Round.objects.filter(pk=pk).update(starts_at=starts_at)
    if add_rounds:
        create_rounds(event, add_rounds, first_round, interval)
    count = event.rounds.count()
    if count and event.planned_rounds != count:
        event.planned_rounds = count
        event.save(update_fields=["planned_rounds", "updated_at"])
    log_change(
        user,
        event,
        "create" if created else "edit",
        fields=sorted(changed),
        rounds_added=add_rounds,
        rounds_removed=[r.number for r in removed],
    )
    return event


def _remove_rounds(event: Event, removed: list[Round]) -> None:
    busy = sorted(
        r.number
        for r in removed
        if Game.objects.filter(round=r).exists() or Bye.objects.filter(round=r).exists()
    )
    if busy:
        raise DeskError(
            _("Rounds with pairings cannot be removed: %(rounds)s.")
            % {"rounds": ", ".join(map(str, busy))}
        )
    Round.objects.filter(pk__in=[r.pk for r in removed]).delete()
    remaining = list(event.rounds.order_by("number"))
    Round.objects.filter(event=event).update(number=F("number") + _RENUMBER_OFFSET)
    for number, round_ in enumerate(remaining, 1):
        round_.number = number
    Round.objects.bulk_update(remaining, ["number"])


# Registration


def _has_games(event: Event) -> bool:
    return Game.objects.filter(round__event=event).exists()


@transaction.atomic
def register(event: Event, player: Player, user: Any, joined_round: int = 1) -> Participant:
    """Enter ``player``; once the event is paired, a late entry gets the next pairing
    number (the others keep theirs)."""
    event_state.lock(event, event_state.Write.REGISTER)
    if joined_round < 1:
        raise DeskError(_("A player joins in round 1 or later."))
    if joined_round > MAX_ROUNDS:
        raise DeskError(_("An event has at most %(n)s rounds.") % {"n": MAX_ROUNDS})
    if event.participants.filter(player=player).exists():
        raise DeskError(_("%(name)s is already registered.") % {"name": player.name})
    number = None
    if _has_games(event):
        number = (event.participants.aggregate(last=Max("number"))["last"] or 0) + 1
    participant = Participant.objects.create(
        event=event,
        player=player,
        rating=player.national_rating or player.fide_rating,
        joined_round=joined_round,
        number=number,
    )
    log_change(
        user, event, "register", player=player.pk, name=player.name, joined_round=joined_round
    )
    return participant


@dataclass(frozen=True)
class Outsider:
    """A player from outside the club, as the secretary types them."""

    first_name: str
    last_name: str
    fide_id: int | None = None
    national_id: str = ""
    federation: str = ""
    rating: int | None = None
    team: str = ""


def _same_name(player: Player, outsider: Outsider) -> bool:
    return player.last_name.casefold().strip() == outsider.last_name.casefold().strip()


def _known_player(outsider: Outsider) -> Player | None:
    """The player already known by this FIDE ID or national ID (refused when that ID
    belongs to someone of another name); else the one outside player of that name whose
    IDs do not contradict the ones typed (``club.players``)."""
    found = _known_by_id(outsider)
    if found is not None:
        return found
    same = [
        player
        for player in players.by_name(outsider.first_name, outsider.last_name)
        if (outsider.fide_id is None or player.fide_id in (None, outsider.fide_id))
        and (not outsider.national_id or not player.national_id)
    ]
    return same[0] if len(same) == 1 else None


def _known_by_id(outsider: Outsider) -> Player | None:
    """The player already known by this FIDE ID or national ID; refused when that ID
    belongs to someone of another name."""
    found: list[tuple[str, Player]] = []
    if outsider.fide_id is not None:
        player = Player.objects.filter(fide_id=outsider.fide_id).first()
        if player:
            found.append((_("FIDE ID %(id)s") % {"id": outsider.fide_id}, player))
    if outsider.national_id:
        player = Player.objects.filter(
            federation=outsider.federation, national_id=outsider.national_id
        ).first()
        if player:
            found.append((_("National ID %(id)s") % {"id": outsider.national_id}, player))
    for what, player in found:
        if not _same_name(player, outsider):
            raise DeskError(
                _("%(what)s belongs to %(name)s: check the number.")
                % {"what": what, "name": player.name}
            )
    if len({player.pk for _what, player in found}) > 1:
        raise DeskError(_("The FIDE ID and the national ID belong to two different players."))
    return found[0][1] if found else None


def _complete(player: Player, outsider: Outsider) -> None:
    """The IDs typed that the known player's record lacks, written into it."""
    changed = []
    if outsider.fide_id is not None and player.fide_id is None:
        player.fide_id = outsider.fide_id
        changed.append("fide_id")
    if outsider.national_id.strip() and not player.national_id:
        player.national_id = outsider.national_id.strip()
        player.federation = player.federation or outsider.federation.strip().upper()
        changed += ["national_id", "federation"]
    if changed:
        player.save(update_fields=changed)


@transaction.atomic
def register_outsider(
    event: Event, outsider: Outsider, user: Any, joined_round: int = 1
) -> tuple[Participant, bool]:
    """Create the player (or find them by FIDE or national ID) and enter them. Returns
    the participant and whether the player is new."""
    event_state.lock(event, event_state.Write.REGISTER)
    player = _known_player(outsider)
    created = player is None
    if player is not None:
        _complete(player, outsider)
    else:
        player = Player.objects.create(
            first_name=outsider.first_name.strip(),
            last_name=outsider.last_name.strip(),
            fide_id=outsider.fide_id,
            national_id=outsider.national_id.strip(),
            federation=outsider.federation.strip().upper(),
            national_rating=outsider.rating,
            club_name=outsider.team.strip(),
        )
        log_change(user, event, "create_player", player=player.pk, name=player.name)
    participant = register(event, player, user, joined_round)
    changed = []
    if outsider.rating is not None and participant.rating != outsider.rating:
        participant.rating = outsider.rating
        changed.append("rating")
    if outsider.team.strip():
        participant.team = outsider.team.strip()
        changed.append("team")
    if changed:
        participant.save(update_fields=changed)
    return participant, created


@transaction.atomic
def renumber(event: Event, user: Any) -> None:
    """Pairing numbers by rating, highest first (then by name). A paired round robin
    keeps its numbers: they are its draw."""
    event_state.lock(event, event_state.Write.NUMBER)
    if event.system == Event.System.ROUND_ROBIN and _has_games(event):
        raise DeskError(_("The round robin is paired: its pairing numbers are its draw."))
    participants = list(event.participants.select_related("player"))
    participants.sort(
        key=lambda p: (-(p.rating or 0), p.player.last_name, p.player.first_name, p.pk)
    )
    Participant.objects.filter(event=event).update(number=None)
    for number, participant in enumerate(participants, 1):
        participant.number = number
    Participant.objects.bulk_update(participants, ["number"])
    log_change(user, event, "renumber")


@transaction.atomic
def withdraw(participant: Participant, after_round: int | None, user: Any) -> None:
    """Withdraw ``participant`` after round ``after_round`` (0: before the first round);
    None takes a withdrawal back. The games already paired after that round stay: enter
    them as forfeits."""
    event_state.lock(participant.event, event_state.Write.WITHDRAW)
    if after_round is not None and after_round < 0:
        raise DeskError(_("A player withdraws after round 0 (before the first) or later."))
    if after_round is not None and after_round > MAX_ROUNDS:
        raise DeskError(_("An event has at most %(n)s rounds.") % {"n": MAX_ROUNDS})
    participant.withdrawn_after_round = after_round
    participant.save(update_fields=["withdrawn_after_round"])
    log_change(
        user,
        participant.event,
        "withdraw" if after_round is not None else "reinstate",
        player=participant.player_id,
        name=participant.player.name,
        after_round=after_round,
    )


@transaction.atomic
def pair_round_robin(event: Event, user: Any) -> int:
    """Every round of a round robin by the Berger tables, from the pairing numbers (a
    double round robin: both cycles, C.05 Annex 1)."""
    event_state.lock(event, event_state.Write.PAIR)
    if _has_games(event):
        raise DeskError(_("This event already has pairings."))
    participants = list(event.participants.exclude(withdrawn_after_round__isnull=False))
    if len(participants) < 2:
        raise DeskError(_("A round robin needs at least two players."))
    if any(p.number is None for p in participants):
        renumber(event, user)
        participants = list(event.participants.exclude(withdrawn_after_round__isnull=False))
    participants.sort(key=lambda p: p.number or 0)
    cycle = double_round_robin if event.cycles == Event.Cycles.DOUBLE else round_robin
    schedule = cycle([p.player_id for p in participants])
    rounds = {r.number: r for r in event.rounds.all()}
    for number in range(1, len(schedule) + 1):
        if number not in rounds:
            rounds[number] = Round.objects.create(event=event, number=number)
    Game.objects.bulk_create(
        Game(round=rounds[number], board=board, white_id=white, black_id=black, updated_by=user)
        for number, pairs in enumerate(schedule, 1)
        for board, (white, black) in enumerate(pairs, 1)
    )
    event_state.check_transition(event, event_state.Transition.START)
    event.status = Event.Status.ONGOING
    event.updated_by = user
    event.save(update_fields=["status", "updated_by", "updated_at"])
    log_change(user, event, "pair_round_robin", rounds=len(schedule))
    return len(schedule)


# Results


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
    user: Any = None,
    *,
    version: int | None = None,
    pgn: str | object = _UNCHANGED,
    source: str = "desk",
    reported: list[dict[str, str]] | None = None,
) -> Game:
    """The one way a game's result (or its moves) changes, whatever the door: the desk,
    a CSV or PGN file, the admin site. It locks the event's row, then the board's (the
    order ``close_event`` locks them in: a close and a save never interleave, the later
    one sees the other's effect); refuses a closed event (reopen it first); with
    ``version``, refuses a board someone else saved meanwhile (``Conflict``); raises the
    version and writes the audit line. Writing what is already there changes nothing.
    A cancelled event is refused too (restore it first). ``reported``: the players'
    reports a secretary confirms (``desk.services.reports``), named in the audit line."""
    # the board's event, found and locked at once; then the board's row (not its players')
    event = Event.objects.select_for_update(of=("self",)).filter(rounds__games=game_id).first()
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("round", "white", "black")
        .filter(pk=game_id)
        .first()
        if event is not None
        else None
    )
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
    pages.forget_result(game, event)
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


def save_result(game_id: int, key: str, version: int, user: Any) -> Game:
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


def save_results(entries: Mapping[int, tuple[str, int]], user: Any) -> dict[int, str]:
    """Several boards at once (the form without JavaScript): ``{game id: (key, version)}``.
    Each board is saved on its own; the errors come back by game id."""
    errors: dict[int, str] = {}
    for game_id, (key, version) in entries.items():
        try:
            save_result(game_id, key, version, user)
        except DeskError as error:
            errors[game_id] = str(error)
    return errors


# What closing asks (closing and reopening: ``desk.services.lifecycle``)


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

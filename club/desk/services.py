"""The secretary's writes: each a typed function in one transaction, each logged."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from club.models import ChangeLog, Event, Game, Participant, Player, Result, Round
from club.pairing import round_robin

RESULT_KEYS = {
    "1": Result.WHITE_WINS,
    "=": Result.DRAW,
    "5": Result.DRAW,
    "½": Result.DRAW,
    "0": Result.BLACK_WINS,
    "+": Result.WHITE_WINS_FORFEIT,
    "-": Result.BLACK_WINS_FORFEIT,
    "": Result.PENDING,
}


class DeskError(ValueError):
    """A request the desk refuses, with a message for the secretary."""


class Conflict(DeskError):
    """Someone else saved the same board meanwhile."""

    def __init__(self, message: str, game: Game) -> None:
        super().__init__(message)
        self.game = game


def log_change(user: Any, event: Event | None, action: str, **details: Any) -> None:
    ChangeLog.objects.create(user=user, event=event, action=action, details=details)


def create_rounds(event: Event, count: int, first: datetime, interval: timedelta) -> None:
    Round.objects.bulk_create(
        Round(event=event, number=n, starts_at=first + (n - 1) * interval)
        for n in range(1, count + 1)
    )


@transaction.atomic
def register(event: Event, player: Player, user: Any, joined_round: int = 1) -> Participant:
    if event.participants.filter(player=player).exists():
        raise DeskError(_("%(name)s is already registered.") % {"name": player.name})
    participant = Participant.objects.create(
        event=event,
        player=player,
        rating=player.national_rating or player.fide_rating,
        joined_round=joined_round,
    )
    log_change(user, event, "register", player=player.pk, joined_round=joined_round)
    return participant


@transaction.atomic
def renumber(event: Event, user: Any) -> None:
    """Pairing numbers by rating, highest first (then by name)."""
    participants = list(event.participants.select_related("player"))
    participants.sort(key=lambda p: (-(p.rating or 0), p.player.last_name, p.player.first_name))
    Participant.objects.filter(event=event).update(number=None)
    for number, participant in enumerate(participants, 1):
        participant.number = number
    Participant.objects.bulk_update(participants, ["number"])
    log_change(user, event, "renumber")


@transaction.atomic
def withdraw(participant: Participant, after_round: int, user: Any) -> None:
    participant.withdrawn_after_round = after_round
    participant.save(update_fields=["withdrawn_after_round"])
    log_change(
        user, participant.event, "withdraw", player=participant.player_id, after_round=after_round
    )


@transaction.atomic
def pair_round_robin(event: Event, user: Any) -> int:
    """Every round of a round robin by the Berger tables, from the pairing numbers."""
    if Game.objects.filter(round__event=event).exists():
        raise DeskError(_("This event already has pairings."))
    participants = list(event.participants.exclude(withdrawn_after_round__isnull=False))
    if len(participants) < 2:
        raise DeskError(_("A round robin needs at least two players."))
    if any(p.number is None for p in participants):
        renumber(event, user)
        participants = list(event.participants.exclude(withdrawn_after_round__isnull=False))
    participants.sort(key=lambda p: p.number or 0)
    schedule = round_robin([p.player_id for p in participants])
    rounds = {r.number: r for r in event.rounds.all()}
    for number in range(1, len(schedule) + 1):
        if number not in rounds:
            rounds[number] = Round.objects.create(event=event, number=number)
    Game.objects.bulk_create(
        Game(round=rounds[number], board=board, white_id=white, black_id=black, updated_by=user)
        for number, pairs in enumerate(schedule, 1)
        for board, (white, black) in enumerate(pairs, 1)
    )
    event.status = Event.Status.ONGOING
    event.save(update_fields=["status", "updated_at"])
    log_change(user, event, "pair_round_robin", rounds=len(schedule))
    return len(schedule)


def result_for_key(key: str) -> Result:
    try:
        return RESULT_KEYS[key.strip()]
    except KeyError:
        message = _("“%(key)s” is not a result: type 1, = (or ½), 0, + or -.") % {"key": key}
        raise DeskError(message) from None


@transaction.atomic
def save_result(game_id: int, key: str, version: int, user: Any) -> Game:
    """Save a board's result if nobody else did meanwhile (``version`` as the secretary
    saw it); a closed event's results change only after reopening it."""
    result = result_for_key(key)
    game = Game.objects.select_for_update().select_related("round__event").get(pk=game_id)
    if game.round.event.status == Event.Status.CLOSED:
        raise DeskError(_("The event is closed: reopen it to correct a result."))
    if game.version != version:
        raise Conflict(_("Someone else saved this board meanwhile."), game)
    Game.objects.filter(pk=game.pk).update(result=result, version=F("version") + 1, updated_by=user)
    game.refresh_from_db()
    log_change(user, game.round.event, "result", game=game.pk, result=result)
    return game


@transaction.atomic
def close_event(event: Event, user: Any) -> None:
    from ratings.services import event_results_changed

    missing = list(
        Game.objects.filter(round__event=event, result=Result.PENDING)
        .select_related("round")
        .order_by("round__number", "board")
    )
    if missing:
        boards = ", ".join(f"{g.round.number}.{g.board}" for g in missing[:20])
        raise DeskError(_("Results are missing (round.board): %(boards)s") % {"boards": boards})
    event.status = Event.Status.CLOSED
    event.updated_by = user
    event.save(update_fields=["status", "updated_by", "updated_at"])
    log_change(user, event, "close")
    event_results_changed(event)


@transaction.atomic
def reopen_event(event: Event, reason: str, user: Any) -> None:
    from ratings.services import event_results_changed

    if not reason.strip():
        raise DeskError(_("Say why the event is reopened."))
    event.status = Event.Status.ONGOING
    event.updated_by = user
    event.save(update_fields=["status", "updated_by", "updated_at"])
    log_change(user, event, "reopen", reason=reason)
    event_results_changed(event)

"""Before a Swiss round is paired: who is present, who asked for a bye, who withdrew; and
taking a round's pairing back while no result is entered.

A requested bye is a ``Bye`` row of its kind in the round, written before the pairing:
``pairing_services.playing`` leaves those players out and the standings count the bye's
points. A player who is not present and did not ask for anything gets a zero-point bye:
FIDE counts such a round as unplayed and scoring nothing (C.07 art. 16, "unplayed
rounds"; C.04.1 f: a player absent without notice is not paired). A withdrawn player is
left out from this round on and gets nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club import event_state
from club.exceptions import DeskError, RoundChanged
from club.models import Bye, Event, Game, Participant, Round
from desk.services.bye_rules import check_half_point_byes
from desk.services.events import log_change

PRESENT = "present"
WITHDRAWN = "withdrawn"
# What the secretary can mark, in the order of the page's columns (with a narrow
# screen's column heading).
STATUSES = [
    (PRESENT, gettext_lazy("present"), "✔"),
    (Bye.Kind.HALF_POINT.value, gettext_lazy("half-point bye"), "½"),
    (Bye.Kind.ZERO_POINT.value, gettext_lazy("zero-point bye or absent"), "0"),
    (WITHDRAWN, gettext_lazy("withdrawn"), "✗"),
]


@dataclass
class Line:
    participant: Participant
    status: str


def paired(event: Event, number: int) -> bool:
    """Round ``number`` has its games or its pairing-allocated bye."""
    return (
        Game.objects.filter(round__event=event, round__number=number).exists()
        or Bye.objects.filter(
            round__event=event, round__number=number, kind=Bye.Kind.PAIRING_ALLOCATED
        ).exists()
    )


def next_number(event: Event) -> int:
    """The round the next pairing makes (as ``pairing_services.pair_next_round`` counts)."""
    numbers = Game.objects.filter(round__event=event).values_list("round__number", flat=True)
    return max(numbers, default=0) + 1


def lines(event: Event, number: int) -> list[Line]:
    """Every participant entered by round ``number``, with what is recorded for it:
    a withdrawal before it, a bye in it, else present."""
    byes = dict(
        Bye.objects.filter(round__event=event, round__number=number).values_list(
            "player_id", "kind"
        )
    )
    found = []
    # by pairing number; players entered since the last numbering (an online entry
    # accepted) after them, by name, on both databases (SQLite sorts nulls first)
    by_number = F("number").asc(nulls_last=True)
    for participant in event.participants.select_related("player").order_by(
        by_number, "player__last_name", "player__first_name", "pk"
    ):
        if participant.joined_round > number:
            continue
        withdrawn = participant.withdrawn_after_round
        if withdrawn is not None and withdrawn < number:
            status = WITHDRAWN
        else:
            status = byes.get(participant.player_id, PRESENT)
        found.append(Line(participant, status))
    return found


@transaction.atomic
def record(event_id: int, number: int, statuses: dict[int, str], user: User | None) -> Round:
    """Record round ``number``'s check-in in the event ``event_id``: ``{participant id:
    status}``. Byes are written as rows of their kind; a withdrawal is recorded after the
    round before; a player marked present again is reinstated. Refused once the round is
    paired (the event's row locked first: a pairing under way is waited for, and then
    refuses this)."""
    event = event_state.lock_row(event_id, event_state.Write.CHECK_IN)
    if paired(event, number):
        round_id = event.rounds.filter(number=number).values_list("pk", flat=True).first()
        raise RoundChanged(
            _(
                "Round %(n)s is already paired (someone may have just paired it): here it "
                "is now. Undo its pairing to change who plays."
            )
            % {"n": number},
            event.pk,
            round_id,
        )
    allowed = {status for status, _label, _short in STATUSES}
    wrong = sorted(status for status in statuses.values() if status not in allowed)
    if wrong:
        raise DeskError(_("Unknown status: %(s)s.") % {"s": ", ".join(wrong)})
    round_, _created = Round.objects.get_or_create(event=event, number=number)
    participants = {p.pk: p for p in event.participants.select_related("player")}
    unknown = [pk for pk in statuses if pk not in participants]
    if unknown:
        raise DeskError(_("A player is not registered in this event."))
    check_half_point_byes(
        event,
        number,
        [
            participants[pk].player_id
            for pk, status in statuses.items()
            if status == Bye.Kind.HALF_POINT
        ],
    )
    round_.byes.filter(player__in=[participants[pk].player_id for pk in statuses]).delete()
    counts = {status: 0 for status in allowed}
    for pk, status in statuses.items():
        participant = participants[pk]
        counts[status] += 1
        if status == WITHDRAWN:
            if participant.withdrawn_after_round is None or (
                participant.withdrawn_after_round >= number
            ):
                participant.withdrawn_after_round = number - 1
                participant.save(update_fields=["withdrawn_after_round"])
            continue
        if participant.withdrawn_after_round is not None:
            participant.withdrawn_after_round = None
            participant.save(update_fields=["withdrawn_after_round"])
        if status != PRESENT:
            Bye.of_kind(status, round=round_, player_id=participant.player_id).save()
    log_change(user, event, "check_in", round=number, **counts)
    return round_


@transaction.atomic
def undo_pairing(round_id: int, user: User | None) -> None:
    """Take back the pairing of the round ``round_id`` (its games and its
    pairing-allocated bye); the byes asked for stay. Refused once a result is entered, or
    when a later round is paired."""
    event_id = Round.objects.filter(pk=round_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise DeskError(_("This round was deleted meanwhile."))
    event = event_state.lock_row(event_id, event_state.Write.NEW_ROUND)
    round_ = event.rounds.get(pk=round_id)
    games = round_.games.all()
    if games.exclude(result="").exists():
        raise DeskError(
            _("Round %(n)s has a result entered: its pairing can no longer be undone.")
            % {"n": round_.number}
        )
    if Game.objects.filter(round__event=event, round__number__gt=round_.number).exists():
        raise DeskError(_("A later round is paired: undo that one first."))
    count = games.count()
    games.delete()
    round_.byes.filter(kind=Bye.Kind.PAIRING_ALLOCATED).delete()
    log_change(user, event, "undo_pairing", round=round_.number, boards=count)

"""The event's rules on requested byes (set on the event's form): at most so many
half-point byes a player may request, none in the last rounds. A zero-point bye (a player
who says they will be absent) is always recorded: refusing it would only turn the
absence into a forfeit."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Max
from django.utils.translation import gettext as _

from club.exceptions import DeskError
from club.models import Bye, Event, Player


def last_round(event: Event) -> int:
    """The event's last round: the planned number, else the last one created."""
    if event.planned_rounds:
        return event.planned_rounds
    return event.rounds.aggregate(last=Max("number"))["last"] or 0


def check_half_point_byes(event: Event, number: int, players: Iterable[int]) -> None:
    """Refuse half-point byes of ``players`` (their ids) in round ``number`` that the
    event's rules forbid, naming the player and the rule. Byes already recorded in this
    round are not counted twice."""
    players = list(players)
    if not players:
        return
    closing = event.no_bye_last_rounds
    last = last_round(event)
    if closing and last and number > last - closing:
        name = Player.objects.get(pk=players[0]).name
        raise DeskError(
            _(
                "%(name)s cannot have a half-point bye in round %(n)s: no bye may be "
                "requested in the last %(k)s rounds (from round %(first)s)."
            )
            % {"name": name, "n": number, "k": closing, "first": last - closing + 1}
        )
    limit = event.max_half_byes
    if limit is None:
        return
    taken = (
        Bye.objects.filter(round__event=event, kind=Bye.Kind.HALF_POINT, player__in=players)
        .exclude(round__number=number)
        .values_list("player", flat=True)
    )
    counts: dict[int, int] = {}
    for player in taken:
        counts[player] = counts.get(player, 0) + 1
    over = [p for p in players if counts.get(p, 0) + 1 > limit]
    if over:
        name = Player.objects.get(pk=over[0]).name
        raise DeskError(
            _("%(name)s has had %(taken)s half-point byes: the event allows %(limit)s a player.")
            % {"name": name, "taken": counts.get(over[0], 0), "limit": limit}
        )

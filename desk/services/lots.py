"""Pairing numbers drawn by lot (a round robin's draw: FIDE C.05 has the numbers of a
round robin drawn, the Berger tables then say who meets whom in which round)."""

from __future__ import annotations

import random

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from club import event_state, pages
from club.exceptions import DeskError
from club.models import Game, Participant
from desk.services.events import log_change


@transaction.atomic
def draw_lots(
    event_id: int, user: User | None, rng: random.Random | None = None
) -> list[Participant]:
    """Give the participants of the event ``event_id`` pairing numbers 1, 2, ... in an
    order drawn by lot (the system's random source unless ``rng`` is given), under the
    event's lock. Refused once a game is paired: the numbers are then the event's draw."""
    event = event_state.lock_row(event_id, event_state.Write.NUMBER)
    if Game.objects.filter(round__event=event).exists():
        raise DeskError(_("The event is paired: its pairing numbers can no longer be drawn."))
    participants = list(event.participants.order_by("pk"))
    if len(participants) < 2:
        raise DeskError(_("Fewer than two players to draw."))
    (rng or random.SystemRandom()).shuffle(participants)
    Participant.objects.filter(event=event).update(number=None)
    for number, participant in enumerate(participants, 1):
        participant.number = number
    Participant.objects.bulk_update(participants, ["number"])
    pages.written(*participants, fields=["number"])
    log_change(user, event, "draw_lots", players=len(participants))
    return participants

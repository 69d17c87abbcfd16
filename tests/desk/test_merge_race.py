"""A merge of two records while the next Swiss round of an event of theirs is paired
(issue 39, finding 5): on PostgreSQL the pairing's new games referred to the record the
merge had just deleted, and its COMMIT failed (``IntegrityError`` on the game's white
player: a server error). Both writes now take the event's row lock
(``event_state.lock_row``), so the later one waits for the other and sees its effect."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection
from django.urls import reverse

from club.models import Event, Game, Participant, Player, Result
from desk.services import pairing, registration
from tests.club.factories import EventFactory, PlayerFactory
from tests.threads import at_once, superuser_client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgresql]


@pytest.fixture
def slow_pairing(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The Dutch system taking its time once the pairing holds the event's lock and has
    read its players; the event returned is set when it is there."""
    pair = pairing.dutch.pair
    holding = threading.Event()

    def slow(*args: Any, **kwargs: Any) -> Any:
        holding.set()
        time.sleep(0.5)
        return pair(*args, **kwargs)

    monkeypatch.setattr(pairing.dutch, "pair", slow)
    return holding


def test_a_merge_while_the_next_round_is_paired_waits_for_it(
    slow_pairing: threading.Event,
) -> None:
    assert connection.vendor == "postgresql"
    event = EventFactory(system=Event.System.SWISS, status=Event.Status.ONGOING, planned_rounds=3)
    players = [PlayerFactory() for _ in range(6)]
    for player in players:
        registration.register(event.pk, player.pk, None)
    pairing.pair_next_round(event.pk, None)
    Game.objects.filter(round__event=event).update(result=Result.DRAW)
    kept = PlayerFactory(first_name=players[0].first_name, last_name=players[0].last_name)
    duplicate = players[0]

    def pair() -> int:
        client = superuser_client("a")
        return client.post(reverse("desk:pair_next_round", args=[event.pk])).status_code

    def merge() -> int:
        slow_pairing.wait(10)  # the pairing holds the event's lock
        client = superuser_client("b")
        url = reverse("desk:merge_players", args=[kept.pk, duplicate.pk])
        return client.post(url).status_code

    paired, merged = at_once(pair, merge)
    assert (paired, merged) == (302, 302)
    assert not Player.objects.filter(pk=duplicate.pk).exists()
    # the round paired with the duplicate was moved to the record kept, as round 1 was
    second = Game.objects.filter(round__event=event, round__number=2)
    assert second.count() == 3
    assert second.filter(white=kept).count() + second.filter(black=kept).count() == 1
    assert Participant.objects.filter(event=event, player=kept).exists()

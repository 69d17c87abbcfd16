"""A game played but not to be rated (TRF-16 "W", "D", "L": "unrated" win, draw, loss) is
not in any rating system's timeline; the event's rated games are."""

from __future__ import annotations

import pytest

from club.models import Event, Game, Result
from ratings.models import RatingSystem
from ratings.services.timeline import timeline
from tests.club.factories import EventFactory, GameFactory, PlayerFactory, RoundFactory

pytestmark = pytest.mark.django_db


def test_an_unrated_game_is_left_out_of_the_timeline() -> None:
    event = EventFactory(
        status=Event.Status.CLOSED, kind=Event.Kind.OPEN, time_control=Event.TimeControl.STANDARD
    )
    round_ = RoundFactory(event=event, number=1)
    a, b, c, d = (PlayerFactory() for _ in range(4))
    GameFactory(round=round_, board=1, white=a, black=b, result=Result.WHITE_WINS)
    GameFactory(round=round_, board=2, white=c, black=d, result=Result.DRAW, rated=False)
    assert Game.objects.filter(round__event=event).count() == 2
    for system in RatingSystem.objects.all():
        batches = [batch for batch in timeline(system, None) if batch.event == event]
        games = [(g.white, g.black) for batch in batches for g in batch.games]
        assert (c.pk, d.pk) not in games, system
        if batches:
            assert games == [(a.pk, b.pk)], system
    assert any(
        batch.event == event
        for system in RatingSystem.objects.all()
        for batch in timeline(system, None)
    )

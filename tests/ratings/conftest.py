from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Protocol

import pytest

from club.models import Event, Game, Player, Result, Round
from ratings.models import RatingSystem
from ratings.services import recalculate


@pytest.fixture
def national_system(db: None) -> RatingSystem:
    return RatingSystem.objects.get(engine="frbe")


class MakeEvent(Protocol):
    """The ``make_event`` fixture: ``make_event(day, rounds, kind=..., title=..., status=...)``."""

    def __call__(
        self,
        day: date,
        rounds: Sequence[Sequence[tuple[Player, Player, str]]],
        kind: str = ...,
        title: str | None = ...,
        status: str = ...,
    ) -> Event: ...


@pytest.fixture
def make_event(db: None) -> MakeEvent:
    """An event closed on ``day`` whose rounds are lists of (white, black, result)."""

    def make(
        day: date,
        rounds: Sequence[Sequence[tuple[Player, Player, str]]],
        kind: str = Event.Kind.RAPID,
        title: str | None = None,
        status: str = Event.Status.CLOSED,
    ) -> Event:
        start = datetime(day.year, day.month, day.day, 18, tzinfo=UTC)
        event = Event.objects.create(
            kind=kind,
            title=title or f"{kind} {day}",
            start=start,
            end=start + timedelta(hours=4),
            time_control=Event.TimeControl.STANDARD,
            status=status,
        )
        for number, games in enumerate(rounds, 1):
            round_ = Round.objects.create(event=event, number=number)
            for board, (white, black, result) in enumerate(games, 1):
                Game.objects.create(
                    round=round_, board=board, white=white, black=black, result=result
                )
        return event

    return make


@pytest.fixture
def players(db: None) -> list[Player]:
    ratings = [1800, 1650, 1500, 1420, None, 1990]
    return [
        Player.objects.create(first_name=f"P{i}", last_name=f"Player{i}", national_rating=r)
        for i, r in enumerate(ratings)
    ]


W, D, B = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS


@pytest.fixture
def season(make_event: MakeEvent, players: list[Player], club_system: RatingSystem) -> None:
    """Two closed events of the six players, the club system's ratings recalculated."""
    p = players
    make_event(date(2026, 1, 9), [[(p[0], p[1], W), (p[2], p[3], D), (p[4], p[5], W)]])
    make_event(date(2026, 2, 13), [[(p[1], p[2], W), (p[3], p[0], D), (p[5], p[4], D)]])
    recalculate(club_system)

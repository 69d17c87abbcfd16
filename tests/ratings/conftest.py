from datetime import UTC, datetime, timedelta

import pytest

from club.models import Event, Game, Player, Result, Round
from ratings.models import RatingSystem


@pytest.fixture
def club_system(db) -> RatingSystem:
    return RatingSystem.objects.get(engine="club")


@pytest.fixture
def national_system(db) -> RatingSystem:
    return RatingSystem.objects.get(engine="frbe")


@pytest.fixture
def make_event(db):
    """An event closed on ``day`` whose rounds are lists of (white, black, result)."""

    def make(day, rounds, kind=Event.Kind.RAPID, title=None, status=Event.Status.CLOSED):
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
def players(db) -> list[Player]:
    ratings = [1800, 1650, 1500, 1420, None, 1990]
    return [
        Player.objects.create(first_name=f"P{i}", last_name=f"Player{i}", national_rating=r)
        for i, r in enumerate(ratings)
    ]


W, D, B = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS

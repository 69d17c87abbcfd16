"""Factories without random data: every figure in a test is reproducible."""

from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

import factory
from django.db import models

from club.models import Event, Game, Member, Player, Round

M = TypeVar("M", bound=models.Model)


class ModelFactory(factory.django.DjangoModelFactory[M]):
    """A model factory whose call mypy reads as returning the model: factory_boy's
    metaclass, which turns ``PlayerFactory()`` into ``PlayerFactory.create()``, is untyped."""

    class Meta:
        abstract = True

    if TYPE_CHECKING:
        # mypy wants __new__ to return the class's own instances: here it is the model's
        def __new__(cls, *args: Any, **kwargs: Any) -> M: ...  # type: ignore[misc]


class PlayerFactory(ModelFactory[Player]):
    class Meta:
        model = Player

    first_name = factory.Sequence(lambda n: f"Prénom{n}")
    last_name = factory.Sequence(lambda n: f"Nom{n}")
    national_rating = 1500


class MemberFactory(ModelFactory[Member]):
    class Meta:
        model = Member

    player = factory.SubFactory(PlayerFactory)
    since = date(2020, 9, 1)
    email = factory.Sequence(lambda n: f"member{n}@example.be")


class EventFactory(ModelFactory[Event]):
    class Meta:
        model = Event

    kind = Event.Kind.RAPID
    title = factory.Sequence(lambda n: f"Event {n}")
    start = datetime(2026, 10, 2, 18, 0, tzinfo=UTC)
    end = factory.LazyAttribute(lambda event: event.start + timedelta(hours=4))


class RoundFactory(ModelFactory[Round]):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    number = 1


class GameFactory(ModelFactory[Game]):
    class Meta:
        model = Game

    round = factory.SubFactory(RoundFactory)
    board = factory.Sequence(lambda n: n + 1)
    white = factory.SubFactory(PlayerFactory)
    black = factory.SubFactory(PlayerFactory)

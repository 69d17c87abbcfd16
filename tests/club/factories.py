"""Factories without random data: every figure in a test is reproducible."""

from datetime import UTC, date, datetime, timedelta

import factory

from club.models import Event, Game, Member, Player, Round


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    first_name = factory.Sequence(lambda n: f"Prénom{n}")
    last_name = factory.Sequence(lambda n: f"Nom{n}")
    national_rating = 1500


class MemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Member

    player = factory.SubFactory(PlayerFactory)
    since = date(2020, 9, 1)
    email = factory.Sequence(lambda n: f"member{n}@example.be")


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    kind = Event.Kind.RAPID
    title = factory.Sequence(lambda n: f"Event {n}")
    start = datetime(2026, 10, 2, 18, 0, tzinfo=UTC)
    end = factory.LazyAttribute(lambda event: event.start + timedelta(hours=4))


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    event = factory.SubFactory(EventFactory)
    number = 1


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game

    round = factory.SubFactory(RoundFactory)
    board = factory.Sequence(lambda n: n + 1)
    white = factory.SubFactory(PlayerFactory)
    black = factory.SubFactory(PlayerFactory)

"""Two secretaries entering the results of one round at the same moment (PostgreSQL)."""

from collections.abc import Callable
from typing import cast

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from club.models import Game, Result, Round
from tests.club.factories import EventFactory, PlayerFactory
from tests.threads import at_once, superuser_client

pytestmark = [pytest.mark.postgresql, pytest.mark.django_db(transaction=True)]


def _round_of(boards: int) -> Round:
    round_ = EventFactory().rounds.create(number=1)
    for board in range(1, boards + 1):
        Game.objects.create(round=round_, board=board, white=PlayerFactory(), black=PlayerFactory())
    return round_


def _save(client: Client, game: Game, key: str) -> Callable[[], int]:
    return lambda: (
        client.post(
            reverse("desk:save_result", args=[game.pk]), {"result": key, "version": game.version}
        ).status_code
    )


def test_two_secretaries_on_different_boards_lose_nothing() -> None:
    assert connection.vendor == "postgresql"
    round_ = _round_of(2)
    first, second = round_.games.order_by("board")
    answers = at_once(
        _save(superuser_client("a", raise_errors=True), first, "1"),
        _save(superuser_client("b", raise_errors=True), second, "0"),
    )
    assert answers == [200, 200]
    assert list(round_.games.order_by("board").values_list("result", flat=True)) == [
        Result.WHITE_WINS,
        Result.BLACK_WINS,
    ]


def test_two_secretaries_on_the_same_board_see_each_others_conflict() -> None:
    round_ = _round_of(1)
    game = round_.games.get()
    answers = at_once(
        _save(superuser_client("a", raise_errors=True), game, "1"),
        _save(superuser_client("b", raise_errors=True), game, "0"),
    )
    assert sorted(cast(list[int], answers)) == [200, 409]
    game.refresh_from_db()
    winner = "1" if answers[0] == 200 else "0"
    assert game.result == (Result.WHITE_WINS if winner == "1" else Result.BLACK_WINS)
    assert game.version == 2

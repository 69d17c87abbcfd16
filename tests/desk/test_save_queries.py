"""A board's save at the desk: what it asks of the database, the load test's hardest case
(50 secretaries saving without a pause)."""

import re
from unittest import mock

import pytest
from django.contrib.auth.models import Group, User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse, translate_url

from club.models import ChangeLog, Game, Result
from tests.club.factories import GameFactory

pytestmark = pytest.mark.django_db


def test_it_locks_the_board_with_its_round_and_players_then_reads_the_event(
    secretary_client: Client,
) -> None:
    game = GameFactory()
    before = game.version
    secretary_client.get(reverse("desk:results", args=[game.round_id]))  # session read once
    with CaptureQueriesContext(connection) as queries:
        answer = secretary_client.post(
            reverse("desk:save_result", args=[game.pk]),
            {"result": "1", "version": game.version},
            headers={"HX-Request": "true"},
        )
    assert answer.status_code == 200
    statements = [" ".join(q["sql"].split()) for q in queries.captured_queries]
    # the board with its round and players in one query, its row locked (not theirs), then
    # the event by its key, unlocked: a save locks its board alone
    boards = [s for s in statements if s.startswith('SELECT "club_game"."id"')]
    assert len(boards) == 1
    assert 'INNER JOIN "club_round"' in boards[0] and 'INNER JOIN "club_player"' in boards[0]
    assert not any(s.startswith('SELECT "club_round"') for s in statements)
    events = [s for s in statements if s.startswith('SELECT "club_event"."id"')]
    assert len(events) == 1
    if connection.vendor == "postgresql":
        assert boards[0].endswith('FOR UPDATE OF "club_game"')
        assert "FOR " not in events[0]
    assert statements.index(boards[0]) < statements.index(events[0])
    assert sum(s.startswith('UPDATE "club_game"') for s in statements) == 1
    assert sum(s.startswith('INSERT INTO "club_changelog"') for s in statements) == 1
    game.refresh_from_db()
    assert (game.result, game.version) == (Result.WHITE_WINS, before + 1)
    assert ChangeLog.objects.get(action="result").details["result"] == Result.WHITE_WINS


def test_a_board_that_does_not_exist_is_not_found(secretary_client: Client) -> None:
    answer = secretary_client.post(
        reverse("desk:save_result", args=[987654]),
        {"result": "1", "version": 0},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 404
    assert not Game.objects.filter(pk=987654).exists()


def test_the_secretary_role_is_read_with_the_user_and_again_at_each_request(
    secretary_client: Client, secretary: User
) -> None:
    """The user's row and whether they are a secretary come in one query (no query of
    their groups of its own); a secretary taken out of the group is refused from the next
    request on, and let in again once put back."""
    game = GameFactory()
    results = reverse("desk:results", args=[game.round_id])
    with CaptureQueriesContext(connection) as queries:
        assert secretary_client.get(results).status_code == 200
    statements = [" ".join(q["sql"].split()) for q in queries.captured_queries]
    users = [s for s in statements if s.startswith('SELECT "auth_user"."id"')]
    assert len(users) == 1 and 'EXISTS(SELECT 1 AS "a" FROM "auth_user_groups"' in users[0]
    assert not any(s.startswith('SELECT 1 AS "a" FROM "auth_group"') for s in statements)
    group = Group.objects.get(name="secretaries")
    secretary.groups.remove(group)
    assert secretary_client.get(results).status_code == 403
    secretary.groups.add(group)
    assert secretary_client.get(results).status_code == 200


def test_the_saved_board_line_does_not_work_out_the_language_switch(
    secretary_client: Client,
) -> None:
    """The language switch (the page's address in each language: a resolve and a reverse
    per language) is worked out when a template shows it, not for the board's line a
    save sends back; a whole page still shows it."""
    game = GameFactory()
    with mock.patch("public.context_processors.translate_url", side_effect=AssertionError):
        answer = secretary_client.post(
            reverse("desk:save_result", args=[game.pk]),
            {"result": "1", "version": game.version},
            headers={"HX-Request": "true"},
        )
    assert answer.status_code == 200 and 'data-state="saved"' in answer.content.decode()
    path = reverse("desk:results", args=[game.round_id])
    page = secretary_client.get(path).content.decode()
    assert re.search(rf'href="{re.escape(translate_url(path, "en"))}"\s+hreflang="en"', page)

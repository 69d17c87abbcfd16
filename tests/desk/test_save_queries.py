"""A board's save at the desk: what it asks of the database, the load test's hardest case
(50 secretaries saving without a pause)."""

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


def test_it_finds_and_locks_the_event_in_one_query_then_the_board(secretary_client: Client) -> None:
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
    # the two locked reads (desk.services.results, in SQL): the event found from the board
    # in one query, then the board with its round and players
    reads_of_the_event = [s for s in statements if "FROM club_event e" in s]
    assert len(reads_of_the_event) == 1 and "JOIN club_game g" in reads_of_the_event[0]
    assert sum("FROM club_game g JOIN club_round r" in s for s in statements) == 1
    assert not any(s.startswith('SELECT "club_round"') for s in statements)
    if connection.vendor == "postgresql":
        assert reads_of_the_event[0].endswith("FOR SHARE OF e")
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
    assert sum("FROM auth_user u" in s and "auth_group" in s for s in statements) == 1
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
    assert f'href="{translate_url(path, "en")}" hreflang="en"' in page

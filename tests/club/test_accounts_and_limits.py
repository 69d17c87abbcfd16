"""Asking for a password (limited, answered the same way whatever the address, the e-mail
sent by a background task), the contact form's limit over a whole hour, the public API's
limit, and personal pages kept out of shared caches."""

import json
import re
from datetime import datetime, timedelta
from typing import Any, cast
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from pytest_django import Settings

from tests.club.factories import MemberFactory
from tests.task_worker import mailed, replayed

pytestmark = pytest.mark.django_db
START = datetime(2026, 11, 22, 20, tzinfo=ZoneInfo("Europe/Brussels"))
CONTACT = {"name": "Anne", "email": "anne@example.be", "message": "Bonjour"}


def _sent(client: Client) -> bool:
    with mailed():  # the message leaves through the task worker (lib/mail_tasks.py)
        response = client.post(reverse("contact"), CONTACT, follow=True)
    return "votre message a été envoyé" in response.content.decode()


def test_the_contact_form_takes_three_messages_an_hour_for_the_whole_hour(
    client: Client,
) -> None:
    """The cache's default time-out is 300 s: a count stored with it is forgotten after
    five minutes, and the fourth message goes through at 20:06."""
    with time_machine.travel(START, tick=False) as clock:
        assert [_sent(client) for _ in range(3)] == [True, True, True]
        clock.move_to(START + timedelta(minutes=6))
        assert not _sent(client)
        clock.move_to(START + timedelta(minutes=59, seconds=59))
        assert not _sent(client)
        clock.move_to(START + timedelta(hours=1, seconds=1))
        assert _sent(client)
    assert len(mail.outbox) == 4


def test_a_line_break_in_the_contact_name_is_refused_by_name(client: Client) -> None:
    response = client.post(reverse("contact"), {**CONTACT, "name": "Anne\r\nBcc: x@example.com"})
    assert response.status_code == 200
    assert "sans retour à la ligne" in str(response.context["form"].errors["name"])
    assert not mail.outbox


def _account(email: str, password: str | None) -> User:
    account = User.objects.create_user(email, email, password)
    MemberFactory(email=email, user=account)
    return account


def _reset(client: Client, email: str, address: str = "192.0.2.1") -> int:
    response = client.post(reverse("password_reset"), {"email": email}, REMOTE_ADDR=address)
    return response.status_code


def test_a_member_without_a_password_gets_a_link_to_choose_one(client: Client) -> None:
    _account("bob@example.be", None)  # invited, the invitation lost
    with replayed():  # the queued e-mail is sent as the worker would
        assert _reset(client, "Bob@Example.be") == 302
    [message] = mail.outbox
    assert message.to == ["bob@example.be"]
    link = re.search(r"http://testserver(/\S+)", cast(str, message.body))
    assert link is not None
    page = client.get(link.group(1), follow=True)
    assert page.context["validlink"]


def test_the_answer_is_the_same_and_sends_nothing_in_the_request_whatever_the_address(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    """The request only queues a task (in the database backend, as the site is set up),
    with or without an account behind the address: the e-mail, and the search for the
    accounts, are the worker's."""
    _account("anne@example.be", "Un-mot-de-passe-42")
    answers = []
    for email in ("anne@example.be", "nobody@example.be"):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("password_reset"), {"email": email})
        answers.append((response.status_code, response["Location"]))
    assert answers[0] == answers[1] == (302, reverse("password_reset_done"))
    assert not mail.outbox
    queued = {task.args_kwargs["args"][0] for task in DBTaskResult.objects.all()}
    assert queued == {"anne@example.be", "nobody@example.be"}


def test_resets_are_limited_per_target_address_silently(client: Client) -> None:
    _account("anne@example.be", "Un-mot-de-passe-42")
    with replayed():
        for n in range(5):  # from five addresses: the target's limit
            assert _reset(client, "anne@example.be", f"192.0.2.{n + 1}") == 302
    assert len(mail.outbox) == 3


def test_resets_are_limited_per_client_address(client: Client) -> None:
    with replayed():
        for n in range(5):
            assert _reset(client, f"someone{n}@example.be") == 302
        response = client.post(
            reverse("password_reset"), {"email": "more@example.be"}, REMOTE_ADDR="192.0.2.1"
        )
    assert response.status_code == 200
    assert "Trop de demandes depuis votre adresse" in response.content.decode()
    assert _reset(client, "more@example.be", "198.51.100.9") == 302  # another client


def test_the_calculator_api_answers_429_past_its_limit_a_minute(
    client: Client, settings: Settings
) -> None:
    settings.CALCULATOR_API_PER_MINUTE = 3
    body = json.dumps({"system": "club", "games": [{"opponent": 1500, "score": 1}]})
    url = reverse("ratings_api:calculate")
    with time_machine.travel(START, tick=False) as clock:
        codes = [client.post(url, body, content_type="application/json").status_code]
        codes += [client.post(url, body, content_type="application/json").status_code]
        codes += [client.post(url, body, content_type="application/json").status_code]
        refused = client.post(url, body, content_type="application/json")
        other = client.post(url, body, content_type="application/json", REMOTE_ADDR="192.0.2.9")
        clock.move_to(START + timedelta(seconds=61))
        again = client.post(url, body, content_type="application/json")
    assert codes == [200, 200, 200]
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    assert refused.json() == {
        "error": "at most 3 calculations a minute from one address: try again in a minute",
        "field": "",
    }
    assert other.status_code == 200 and again.status_code == 200


def _cache_control(response: object) -> set[str]:
    header = getattr(response, "headers", {}).get("Cache-Control", "")
    return {part.strip() for part in header.split(",") if part.strip()}


def test_personal_pages_are_private_and_public_ones_are_not(client: Client) -> None:
    member = MemberFactory(email="anne@example.be")
    public = client.get(reverse("home"))
    feed = client.get(reverse("member_feed", args=[member.calendar_token]))
    assert "private" not in _cache_control(public)
    assert "private" in _cache_control(feed)
    account = User.objects.create_user("anne", "anne@example.be", "x")
    member.user = account
    member.save()
    client.force_login(account)
    for name in ("home", "my_space", "members"):
        assert "private" in _cache_control(client.get(reverse(name))), name
    board = client.get(reverse("desk:events"))  # refused to a member: still private
    assert "private" in _cache_control(board)


def test_a_username_of_10000_characters_is_refused_before_the_login_throttle(
    client: Client,
) -> None:
    """django-axes records each failed attempt's username in 255 characters: a longer one
    was a server error on PostgreSQL."""
    from axes.models import AccessAttempt

    response = client.post(reverse("login"), {"username": "é" * 10_000, "password": "x"})
    assert response.status_code == 200
    assert "username" in response.context["form"].errors
    assert not AccessAttempt.objects.exists()

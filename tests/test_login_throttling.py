"""Login throttling (django-axes): real logins through the login page, in English so that
the messages do not depend on the French catalogue."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from axes.models import AccessAttempt, AccessLog
from django.contrib.auth.models import User
from django.http import HttpRequest
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation
from pytest_django import Settings

from lib.client_ip import client_ip
from tests.test_settings import PRODUCTION, settings_under

pytestmark = pytest.mark.django_db

PASSWORD = "tour-de-table-2026"
LOCKED = "Too many failed login attempts were made for this account or from your address"
START = datetime(2026, 11, 22, 19, 30, tzinfo=UTC)


@pytest.fixture
def anne() -> User:
    return User.objects.create_user("anne", password=PASSWORD)


@pytest.fixture
def login_url() -> str:
    with translation.override("en"):
        return reverse("login")


def _log_in(client: Client, url: str, username: str, password: str, **extra: Any) -> Any:
    return client.post(url, {"username": username, "password": password}, **extra)


def _fail(client: Client, url: str, times: int, username: str = "anne", **extra: Any) -> list[int]:
    return [_log_in(client, url, username, "wrong", **extra).status_code for _ in range(times)]


def test_the_login_page_is_under_comptes(login_url: str) -> None:
    assert login_url == "/en/comptes/login/"


def test_five_wrong_passwords_lock_the_account_for_that_address(
    client: Client, anne: User, login_url: str
) -> None:
    assert _fail(client, login_url, 4) == [200, 200, 200, 200]  # the form, with its error
    fifth = _log_in(client, login_url, "anne", "wrong")
    assert fifth.status_code == 429
    response = _log_in(client, login_url, "anne", PASSWORD)
    assert response.status_code == 429
    html = response.content.decode()
    assert LOCKED in html
    assert "Try again in 15 min." in html
    assert "registration/locked_out.html" in [t.name for t in response.templates]
    assert "_auth_user_id" not in client.session
    attempt = AccessAttempt.objects.get(username="anne")
    # the attempt refused during the lock is not counted
    assert (attempt.ip_address, attempt.failures_since_start) == ("127.0.0.1", 5)


def test_a_wrong_password_below_the_limit_only_shows_the_form_error(
    client: Client, anne: User, login_url: str
) -> None:
    response = _log_in(client, login_url, "anne", "wrong")
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert LOCKED not in response.content.decode()


def test_another_account_from_the_same_address_can_still_log_in(
    client: Client, anne: User, login_url: str
) -> None:
    User.objects.create_user("bruno", password=PASSWORD)
    _fail(client, login_url, 5)
    response = _log_in(client, login_url, "bruno", PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(User.objects.get(username="bruno").pk)


def test_the_same_account_from_another_address_can_still_log_in(
    client: Client, anne: User, login_url: str
) -> None:
    _fail(client, login_url, 5)
    assert _log_in(client, login_url, "anne", PASSWORD).status_code == 429
    response = _log_in(client, login_url, "anne", PASSWORD, REMOTE_ADDR="198.51.100.4")
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(anne.pk)


def test_the_right_password_works_again_once_the_wait_is_over(
    client: Client, anne: User, login_url: str
) -> None:
    with time_machine.travel(START, tick=False) as traveller:
        _fail(client, login_url, 5)
        traveller.shift(timedelta(minutes=14, seconds=59))
        assert _log_in(client, login_url, "anne", PASSWORD).status_code == 429
        traveller.shift(timedelta(seconds=2))
        response = _log_in(client, login_url, "anne", PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(anne.pk)


def test_a_successful_login_clears_the_failures(client: Client, anne: User, login_url: str) -> None:
    assert _fail(client, login_url, 4) == [200] * 4
    assert _log_in(client, login_url, "anne", PASSWORD).status_code == 302
    assert not AccessAttempt.objects.filter(username="anne").exists()
    client.logout()
    assert _fail(client, login_url, 4) == [200] * 4  # four more: still under the limit
    response = _log_in(client, login_url, "anne", PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(anne.pk)


def test_a_successful_login_leaves_no_record_of_the_address(
    client: Client, anne: User, login_url: str
) -> None:
    """Failures are kept for the lock; nobody needs a log of who logged in from where."""
    assert _log_in(client, login_url, "anne", PASSWORD, REMOTE_ADDR="192.0.2.7").status_code == 302
    assert not AccessLog.objects.exists()
    assert not AccessAttempt.objects.exists()


def test_the_lock_page_is_french_by_default(client: Client, anne: User) -> None:
    with translation.override("fr"):
        url = reverse("login")
    _fail(client, url, 5)
    response = _log_in(client, url, "anne", PASSWORD)
    assert response.status_code == 429
    assert '<html lang="fr">' in response.content.decode()


# The client's address behind the reverse proxy


def _request(forwarded_for: str | None = None, remote_addr: str = "127.0.0.1") -> HttpRequest:
    extra: dict[str, Any] = {"REMOTE_ADDR": remote_addr}
    if forwarded_for is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded_for
    return RequestFactory().get("/", **extra)


def test_without_proxies_the_address_is_the_connections(settings: Settings) -> None:
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(_request("203.0.113.7")) == "127.0.0.1"


@pytest.mark.parametrize(
    ("forwarded_for", "expected"),
    [
        ("203.0.113.7", "203.0.113.7"),
        # what the client sent itself stands on the left, and is not believed
        ("6.6.6.6, 203.0.113.7", "203.0.113.7"),
        ("2001:db8::1", "2001:db8::1"),
        (None, "127.0.0.1"),
        ("", "127.0.0.1"),
        ("not-an-address", "127.0.0.1"),
    ],
)
def test_behind_one_proxy_the_address_is_the_one_it_appended(
    settings: Settings, forwarded_for: str | None, expected: str
) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    assert client_ip(_request(forwarded_for)) == expected


def test_behind_two_proxies_the_address_is_the_second_from_the_right(settings: Settings) -> None:
    settings.TRUSTED_PROXY_COUNT = 2
    assert client_ip(_request("6.6.6.6, 203.0.113.7, 10.0.0.2")) == "203.0.113.7"
    assert client_ip(_request("203.0.113.7")) == "127.0.0.1"


def test_behind_the_proxy_one_clients_lock_leaves_the_others_alone(
    settings: Settings, client: Client, anne: User, login_url: str
) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    attacker = {"HTTP_X_FORWARDED_FOR": "203.0.113.66"}
    _fail(client, login_url, 5, **attacker)
    assert _log_in(client, login_url, "anne", PASSWORD, **attacker).status_code == 429
    # a forged left part does not get the attacker round the lock
    forged = {"HTTP_X_FORWARDED_FOR": "198.51.100.9, 203.0.113.66"}
    assert _log_in(client, login_url, "anne", PASSWORD, **forged).status_code == 429
    member = {"HTTP_X_FORWARDED_FOR": "198.51.100.4"}
    assert _log_in(client, login_url, "anne", PASSWORD, **member).status_code == 302
    assert AccessAttempt.objects.get().ip_address == "203.0.113.66"


def test_guessing_one_account_from_many_addresses_locks_the_account(
    client: Client, anne: User, login_url: str
) -> None:
    statuses = [  # four tries from each of five addresses: under the pair's limit
        _log_in(client, login_url, "anne", "wrong", REMOTE_ADDR=f"198.51.100.{n // 4}").status_code
        for n in range(20)
    ]
    assert statuses == [200] * 19 + [429]  # the twentieth failure locks the account
    response = _log_in(client, login_url, "anne", PASSWORD, REMOTE_ADDR="192.0.2.50")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_password_spraying_from_one_address_is_stopped(client: Client, login_url: str) -> None:
    accounts = [User.objects.create_user(f"membre{n}", password=PASSWORD) for n in range(21)]
    statuses = [
        _log_in(client, login_url, user.username, "azerty123").status_code for user in accounts[:20]
    ]
    assert statuses == [200] * 19 + [429]  # the twentieth failure locks the address
    assert _log_in(client, login_url, accounts[20].username, PASSWORD).status_code == 429
    other = _log_in(client, login_url, accounts[20].username, PASSWORD, REMOTE_ADDR="192.0.2.9")
    assert other.status_code == 302


def test_a_sprayer_logging_into_their_own_account_keeps_their_count(
    client: Client, login_url: str
) -> None:
    own = User.objects.create_user("sprayer", password=PASSWORD)
    for n in range(19):
        User.objects.create_user(f"membre{n}", password=PASSWORD)
        _log_in(client, login_url, f"membre{n}", "azerty123")
    assert _log_in(client, login_url, own.username, PASSWORD).status_code == 302
    client.logout()
    assert _log_in(client, login_url, "membre0", "azerty123").status_code == 429


def test_production_reads_the_proxys_header_and_the_limits_from_the_environment() -> None:
    def read(**env: str) -> list[int]:
        s = settings_under(**env)
        return [s["TRUSTED_PROXY_COUNT"], s["AXES_FAILURE_LIMIT"], s["AXES_COOLOFF_TIME"].seconds]

    assert read(**PRODUCTION) == [1, 5, 900]
    limits = {"AXES_FAILURE_LIMIT": "3", "AXES_COOLOFF_MINUTES": "60", "TRUSTED_PROXY_COUNT": "2"}
    assert read(**PRODUCTION, **limits) == [2, 3, 3600]
    assert read(DEBUG="1") == [0, 5, 900]


def test_one_address_cannot_lock_a_member_out_everywhere(
    client: Client, anne: User, login_url: str
) -> None:
    """Issue 39, finding 4: 22 wrong passwords from one address used to lock the account
    from every address (the 17 refused during the pair's lock counted toward the
    account's 20). Only the attempts actually checked count: 5 from that address."""
    attacker = {"REMOTE_ADDR": "203.0.113.66"}
    statuses = _fail(client, login_url, 22, **attacker)
    assert statuses == [200] * 4 + [429] * 18
    assert _log_in(client, login_url, "anne", PASSWORD, **attacker).status_code == 429
    failures = AccessAttempt.objects.filter(username="anne").values_list(
        "ip_address", "failures_since_start"
    )
    assert list(failures) == [("203.0.113.66", 5)]
    response = _log_in(client, login_url, "anne", PASSWORD, REMOTE_ADDR="198.51.100.4")
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(anne.pk)


def test_attempts_refused_during_the_lock_do_not_lengthen_it(
    client: Client, anne: User, login_url: str
) -> None:
    """The lock lasts its 15 minutes from the fifth failure, however often the attacker
    knocks meanwhile: a refused attempt is not counted (nor does it start the wait again)."""
    with time_machine.travel(START, tick=False) as traveller:
        _fail(client, login_url, 5)
        for _minute in range(14):
            traveller.shift(timedelta(minutes=1))
            assert _log_in(client, login_url, "anne", "wrong").status_code == 429
        traveller.shift(timedelta(minutes=1, seconds=1))
        response = _log_in(client, login_url, "anne", PASSWORD)
    assert response.status_code == 302

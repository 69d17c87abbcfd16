"""At least one administrator, always (issue #27): on the desk's accounts page and in
``/admin/``, the last active superuser cannot be demoted, deactivated or deleted, and two
administrators removing each other at the same moment leave one (the probe left none in
9 of 9 trials, on both databases)."""

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from club.administrators import check_keeps_an_administrator
from club.exceptions import DeskError
from desk.services import members
from tests.threads import at_once

LAST = "is the last administrator: give another account the administrator"


def _administrator(name: str) -> User:
    return User.objects.create_superuser(name, f"{name}@example.be", "x")


def _signed_in(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_last_administrator_cannot_be_demoted_or_deactivated(english: None) -> None:
    only = _administrator("seul")
    for superuser, active in ((False, True), (True, False), (False, False)):
        with pytest.raises(DeskError, match=f"seul {LAST}"):
            check_keeps_an_administrator(only, superuser=superuser, active=active)
    with pytest.raises(DeskError, match=LAST):
        check_keeps_an_administrator(only, superuser=True, active=True, deleted=True)
    check_keeps_an_administrator(only, superuser=True, active=True)  # no change: allowed
    _administrator("autre")
    check_keeps_an_administrator(only, superuser=False, active=False)  # one stays


@pytest.mark.django_db
def test_a_role_change_by_someone_no_longer_administrator_is_refused(english: None) -> None:
    first, second = _administrator("premier"), _administrator("second")
    stale = User.objects.get(pk=first.pk)  # as the first's request loaded them
    members.set_role(first.pk, members.Role.MEMBER, True, second)
    with pytest.raises(DeskError, match="You are no longer an administrator"):
        members.set_role(second.pk, members.Role.MEMBER, True, stale)
    second.refresh_from_db()
    assert second.is_superuser and second.is_active


def _demote(client: Client, account: User) -> Callable[[], tuple[int, str]]:
    url = reverse("desk:account", args=[account.pk])  # in this thread's language

    def post() -> tuple[int, str]:
        response = client.post(url, {"role": "member", "active": "on"})
        return response.status_code, response.content.decode()

    return post


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("trial", range(3))
def test_two_administrators_demoting_each_other_at_once_leave_one(
    monkeypatch: pytest.MonkeyPatch, trial: int, english: None
) -> None:
    """On both databases: the second waits for the first's lock, then sees it."""
    first, second = _administrator("premier"), _administrator("second")
    check = members.check_keeps_an_administrator

    def slow(*args: Any, **kwargs: Any) -> None:
        check(*args, **kwargs)
        threading.Event().wait(0.3)  # the lock is held meanwhile

    monkeypatch.setattr(members, "check_keeps_an_administrator", slow)
    answers = at_once(_demote(_signed_in(first), second), _demote(_signed_in(second), first))
    statuses = sorted(status for status, _page in answers)
    assert statuses == [200, 302], "one is saved, the other refused on its form (no 500)"
    refused = next(page for status, page in answers if status == 200)
    assert "You are no longer an administrator: nothing was changed." in refused
    assert User.objects.filter(is_superuser=True, is_active=True).count() == 1


def _change_form(account: User, **changes: Any) -> dict[str, Any]:
    data = {
        "username": account.username,
        "first_name": "",
        "last_name": "",
        "email": account.email,
        "is_active": "on",
        "is_staff": "on",
        "is_superuser": "on",
        "date_joined_0": account.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": account.date_joined.strftime("%H:%M:%S"),
        "last_login_0": "",
        "last_login_1": "",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


@pytest.mark.django_db
def test_the_only_administrator_cannot_untick_their_own_flags_in_the_admin(
    english: None,
) -> None:
    only = _administrator("seul")
    client = _signed_in(only)
    url = reverse("admin:auth_user_change", args=[only.pk])
    for change in ({"is_superuser": None}, {"is_active": None}):
        response = client.post(url, _change_form(only, **change))
        assert response.status_code == 200
        assert f"seul {LAST}" in response.content.decode()
        only.refresh_from_db()
        assert only.is_superuser and only.is_active
    # with a second administrator, the first may step down
    _administrator("autre")
    response = client.post(url, _change_form(only, is_superuser=None))
    assert response.status_code == 302
    only.refresh_from_db()
    assert not only.is_superuser


@pytest.mark.django_db
def test_the_last_administrator_cannot_be_deleted_in_the_admin(english: None) -> None:
    only = _administrator("seul")
    client = _signed_in(only)
    response = client.post(
        reverse("admin:auth_user_delete", args=[only.pk]), {"post": "yes"}, follow=True
    )
    assert response.redirect_chain[-1][0] == reverse("admin:auth_user_change", args=[only.pk])
    assert f"Seul {LAST}" in response.content.decode()  # the admin capitalises messages
    assert User.objects.filter(pk=only.pk).exists()
    secretary = User.objects.create_user("secretaire", password="x")
    response = client.post(
        reverse("admin:auth_user_changelist"),
        {
            "action": "delete_keeping_an_administrator",
            "_selected_action": [only.pk, secretary.pk],
            "post": "yes",
        },
        follow=True,
    )
    assert "These accounts are every administrator: keep at least one of them." in (
        response.content.decode()
    )
    assert User.objects.count() == 2
    response = client.post(
        reverse("admin:auth_user_changelist"),
        {
            "action": "delete_keeping_an_administrator",
            "_selected_action": [secretary.pk],
            "post": "yes",
        },
    )
    assert response.status_code == 302 and not User.objects.filter(pk=secretary.pk).exists()

"""The language a member chooses on the site is kept for their account: the pages after
they sign in, and the e-mails sent to them (invitation, password reset), are in it."""

from __future__ import annotations

import re
from typing import cast

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core import mail
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from club.models import AccountLanguage
from tests.club.factories import MemberFactory
from tests.task_worker import mailed, replayed

pytestmark = pytest.mark.django_db


def _language(user: User) -> str | None:
    return AccountLanguage.objects.filter(user=user).values_list("language", flat=True).first()


def _in(language: str, name: str, *args: object) -> str:
    with translation.override(language):
        return reverse(name, args=args)


@pytest.fixture
def reader(db: None) -> User:
    return User.objects.create_user("lies", "lies@example.be", password="Een-wachtwoord-42")


def test_it_keeps_the_language_a_member_reads_the_site_in(client: Client, reader: User) -> None:
    client.force_login(reader)
    assert client.get(_in("fr", "home")).status_code == 200
    assert _language(reader) is None  # still the language of the sign-in: nothing to keep
    assert client.get(_in("nl", "calendar")).status_code == 200
    assert _language(reader) == "nl"
    client.get(_in("de", "home"))
    assert _language(reader) == "de"
    client.get(_in("fr", "tournaments"))
    assert _language(reader) == "fr"


def test_it_writes_the_language_down_only_when_it_changes(client: Client, reader: User) -> None:
    client.force_login(reader)
    client.get(_in("nl", "home"))
    with CaptureQueriesContext(connection) as queries:
        client.get(_in("nl", "calendar"))
        client.get(_in("nl", "links"))
    assert not [q for q in queries.captured_queries if "accountlanguage" in q["sql"]]
    assert _language(reader) == "nl"


def test_it_signs_a_member_in_to_the_language_their_account_chose(
    client: Client, reader: User
) -> None:
    AccountLanguage.objects.create(user=reader, language="de")
    login = _in("fr", "login")
    signed_in = client.post(login, {"username": "lies", "password": "Een-wachtwoord-42"})
    assert signed_in.status_code == 302
    assert signed_in["Location"] == _in("de", "home")
    client.logout()
    to_space = f"{login}?next={_in('fr', 'my_space')}"
    signed_in = client.post(to_space, {"username": "lies", "password": "Een-wachtwoord-42"})
    assert signed_in["Location"] == _in("de", "my_space")


def test_a_member_without_a_chosen_language_stays_in_the_login_pages_language(
    client: Client, reader: User
) -> None:
    signed_in = client.post(
        _in("nl", "login"), {"username": "lies", "password": "Een-wachtwoord-42"}
    )
    assert signed_in["Location"] == _in("nl", "home")


def test_it_sends_the_password_reset_in_the_accounts_language(client: Client, reader: User) -> None:
    AccountLanguage.objects.create(user=reader, language="nl")
    with replayed():  # the e-mail is sent by a background task (public/accounts.py)
        client.post(_in("fr", "password_reset"), {"email": "lies@example.be"})
    [message] = mail.outbox
    with translation.override("nl"):
        dutch = gettext("Please go to the following page and choose a new password:")
    with translation.override("fr"):
        french = gettext("Please go to the following page and choose a new password:")
    assert dutch != french
    assert dutch in message.body and french not in message.body
    link = re.search(r"http://testserver(/\S+)", str(message.body))
    assert link is not None and link.group(1).startswith("/nl/comptes/reset/")


def test_a_password_reset_without_a_chosen_language_is_in_the_pages_language(
    client: Client, reader: User
) -> None:
    with replayed():  # the e-mail is sent by a background task (public/accounts.py)
        client.post(_in("de", "password_reset"), {"email": "lies@example.be"})
    [message] = mail.outbox
    with translation.override("de"):
        german = gettext("Please go to the following page and choose a new password:")
    assert german in message.body
    assert "/de/comptes/reset/" in message.body


def test_it_invites_a_member_in_the_desks_language_and_keeps_it(client: Client) -> None:
    secretary = User.objects.create_user("secretaris")
    secretary.groups.add(Group.objects.get(name="secretaries"))
    client.force_login(secretary)
    member = MemberFactory(email="an@example.be")
    with mailed():  # sent by the task worker (lib/mail_tasks.py)
        client.post(_in("nl", "desk:member_account", member.pk), {"invite": ""})
    [message] = mail.outbox
    with translation.override("nl"):
        subject = gettext("Your account on the site of %(club)s") % {"club": settings.CLUB_NAME}
    assert subject.startswith("Uw account op de site van")
    assert message.subject == subject
    assert "/nl/comptes/reset/" in message.body
    member.refresh_from_db()
    assert _language(cast(User, member.user)) == "nl"

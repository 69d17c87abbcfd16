"""An invitation that was not used can be sent again; the earlier link then stops working."""

import re
from typing import cast

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from club.models import ChangeLog
from tests.club.factories import MemberFactory
from tests.task_worker import mailed

pytestmark = pytest.mark.django_db


def _link(message: mail.EmailMessage) -> str:
    found = re.search(r"http://testserver(/\S+)", cast(str, message.body))
    assert found is not None
    return found.group(1)


def _opens(link: str) -> bool:
    """Whether the link leads to the form that sets the password."""
    page = Client().get(link, follow=True)
    return bool(page.context["validlink"])


def test_it_sends_an_unused_invitation_again_and_the_first_link_stops_working(
    secretary_client: Client,
) -> None:
    member = MemberFactory(email="bob@example.be")
    url = reverse("desk:member_account", args=[member.pk])
    with mailed():
        secretary_client.post(url, {"invite": ""})
    page = secretary_client.get(reverse("desk:member_edit", args=[member.pk]))
    assert "Renvoyer l’invitation" in page.content.decode()
    with mailed():
        response = secretary_client.post(url, {"invite": ""}, follow=True)
    assert "Une invitation a été envoyée à bob@example.be" in response.content.decode()
    first, second = mail.outbox
    assert first.to == second.to == ["bob@example.be"]
    assert not _opens(_link(first))
    assert _opens(_link(second))
    assert ChangeLog.objects.filter(action="invitation_renewed").count() == 1


def test_an_account_whose_member_has_signed_in_is_not_invited_again(
    secretary_client: Client,
) -> None:
    member = MemberFactory(email="bob@example.be")
    url = reverse("desk:member_account", args=[member.pk])
    with mailed():
        secretary_client.post(url, {"invite": ""})
    member.refresh_from_db()
    assert member.user is not None
    member.user.set_password("Un-mot-de-passe-42")
    member.user.save()
    response = secretary_client.post(url, {"invite": ""}, follow=True)
    assert "a déjà un compte" in response.content.decode()
    assert len(mail.outbox) == 1

"""Secretaries manage members from the desk; administrators give accounts their roles; a
member corrects their own contact data."""

import re
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from club.models import ChangeLog, Member, Player
from tests.club.factories import MemberFactory
from tests.task_worker import mailed

pytestmark = pytest.mark.django_db

NEW_MEMBER = {
    "player-first_name": "Alice",
    "player-last_name": "Dupuis",
    "player-sex": "F",
    "player-birth_date": "1990-05-04",
    "player-federation": "BEL",
    "member-since": "2026-09-01",
    "member-status": "active",
    "member-email": "alice.dupuis@example.be",
    "member-phone": "+32 470 11 22 33",
    "member-address": "rue du Moulin 3, 1300 Wavre",
    "member-listed": "on",
}


def test_it_creates_a_member_with_their_player(secretary_client: Client) -> None:
    response = secretary_client.post(reverse("desk:member_new"), NEW_MEMBER)
    member = Member.objects.get(player__last_name="Dupuis")
    assert response.status_code == 302
    assert response["Location"] == reverse("desk:member_edit", args=[member.pk])
    assert (member.player.first_name, member.email, str(member.since)) == (
        "Alice", "alice.dupuis@example.be", "2026-09-01",
    )  # fmt: skip
    assert ChangeLog.objects.filter(action="member_created").count() == 1


def test_it_names_the_field_when_a_member_is_refused(secretary_client: Client) -> None:
    data = {**NEW_MEMBER, "member-until": "2020-01-01", "player-last_name": ""}
    response = secretary_client.post(reverse("desk:member_new"), data)
    assert response.status_code == 200
    errors = response.context["player_form"].errors
    assert "last_name" in errors
    assert not Player.objects.filter(first_name="Alice").exists()


def test_a_members_national_id_is_issued_by_the_clubs_federation_unless_typed(
    secretary_client: Client,
) -> None:
    """Samy Ait Chaouche plays for France and holds the Belgian matricule 14374: the form
    offers the club's federation (BEL) as the issuer, apart from his federation."""
    page = secretary_client.get(reverse("desk:member_new")).content.decode()
    assert 'name="player-national_id_federation" value="BEL"' in page
    data = {**NEW_MEMBER, "player-first_name": "Samy", "player-last_name": "Ait Chaouche",
            "player-federation": "FRA", "player-national_id": "14374",
            "player-national_id_federation": "bel"}  # fmt: skip
    assert secretary_client.post(reverse("desk:member_new"), data).status_code == 302
    samy = Player.objects.get(last_name="Ait Chaouche")
    assert (samy.federation, samy.national_id, samy.national_id_federation) == (
        "FRA", "14374", "BEL",
    )  # fmt: skip
    secretary_client.post(reverse("desk:member_new"), NEW_MEMBER)  # no national ID: no issuer
    assert Player.objects.get(last_name="Dupuis").national_id_federation == ""


def test_a_members_issuer_that_is_no_fide_code_is_refused(
    secretary_client: Client, english: None
) -> None:
    data = {**NEW_MEMBER, "player-national_id": "14374", "player-national_id_federation": "B1"}
    response = secretary_client.post(reverse("desk:member_new"), data)
    assert response.status_code == 200
    assert response.context["player_form"].errors["national_id_federation"] == [
        "Three letters, e.g. BEL."
    ]
    assert not Player.objects.filter(first_name="Alice").exists()


def test_a_national_id_another_player_holds_from_the_same_federation_is_refused(
    secretary_client: Client, english: None
) -> None:
    """Benjamin Decrop's Belgian matricule 28436: a French licence of the same number is
    another player's, the same Belgian one is refused."""
    Player.objects.create(first_name="Benjamin", last_name="Decrop", national_id="28436",
                          national_id_federation="BEL")  # fmt: skip
    french = {**NEW_MEMBER, "player-national_id": "28436", "player-national_id_federation": "FRA"}
    assert secretary_client.post(reverse("desk:member_new"), french).status_code == 302
    belgian = {**french, "player-last_name": "Autre", "player-national_id_federation": "BEL"}
    response = secretary_client.post(reverse("desk:member_new"), belgian)
    assert response.status_code == 200
    assert response.context["player_form"].non_field_errors() == [
        "Another player holds this national ID of this federation."
    ]


def test_it_edits_a_member(secretary_client: Client) -> None:
    member = MemberFactory()
    data = {**NEW_MEMBER, "player-first_name": member.player.first_name}
    secretary_client.post(reverse("desk:member_edit", args=[member.pk]), data)
    member.refresh_from_db()
    assert member.player.last_name == "Dupuis" and member.phone == "+32 470 11 22 33"


def test_it_lapses_a_membership_today(secretary_client: Client) -> None:
    member = MemberFactory()
    secretary_client.post(reverse("desk:member_lapse", args=[member.pk]))
    member.refresh_from_db()
    assert member.status == Member.Status.LAPSED and member.until is not None
    assert member not in Member.objects.public()


def test_it_invites_a_member_by_an_email_whose_link_sets_the_password(
    secretary_client: Client, client: Client
) -> None:
    member = MemberFactory(email="Bob@Example.be")
    with mailed():
        secretary_client.post(reverse("desk:member_account", args=[member.pk]), {"invite": ""})
    member.refresh_from_db()
    assert member.user is not None and member.user.username == "bob@example.be"
    assert not member.user.has_usable_password()
    [message] = mail.outbox
    assert message.to == ["bob@example.be"]
    link = re.search(r"http://testserver(/\S+)", cast(str, message.body))
    assert link is not None
    page = client.get(link.group(1), follow=True)
    form_url = page.redirect_chain[-1][0]
    done = client.post(
        form_url, {"new_password1": "Un-mot-de-passe-42", "new_password2": "Un-mot-de-passe-42"}
    )
    assert done.status_code == 302
    client.logout()
    signed_in = client.post(
        reverse("login"), {"username": "bob@example.be", "password": "Un-mot-de-passe-42"}
    )
    assert signed_in.status_code == 302


def test_it_refuses_an_invitation_without_an_email(secretary_client: Client) -> None:
    member = MemberFactory(email="")
    response = secretary_client.post(
        reverse("desk:member_account", args=[member.pk]), {"invite": ""}, follow=True
    )
    assert "adresse e-mail" in response.content.decode()
    assert User.objects.count() == 1  # the secretary only
    assert not mail.outbox


def test_it_links_an_existing_account(secretary_client: Client) -> None:
    member = MemberFactory()
    account = User.objects.create_user("luc")
    secretary_client.post(
        reverse("desk:member_account", args=[member.pk]),
        {"link": "", "link-account": account.pk},
    )
    member.refresh_from_db()
    assert member.user == account


def test_members_and_outsiders_cannot_manage_members(client: Client, member_user: User) -> None:
    client.force_login(member_user)
    assert client.get(reverse("desk:members")).status_code == 403
    assert client.post(reverse("desk:member_new"), NEW_MEMBER).status_code == 403
    assert not Member.objects.filter(player__last_name="Dupuis").exists()


def test_an_administrator_makes_an_account_a_secretary(
    client: Client, administrator: User, member_user: User
) -> None:
    client.force_login(administrator)
    url = reverse("desk:account", args=[member_user.pk])
    client.post(url, {"role": "secretary", "active": "on"})
    assert member_user.groups.filter(name="secretaries").exists()
    client.post(url, {"role": "member", "active": "on"})
    assert not member_user.groups.filter(name="secretaries").exists()


def test_an_administrator_cannot_demote_themself(client: Client, administrator: User) -> None:
    client.force_login(administrator)
    response = client.post(reverse("desk:account", args=[administrator.pk]), {"role": "member"})
    administrator.refresh_from_db()
    assert response.status_code == 200 and administrator.is_superuser


def test_secretaries_do_not_manage_accounts(secretary_client: Client, member_user: User) -> None:
    url = reverse("desk:account", args=[member_user.pk])
    assert secretary_client.post(url, {"role": "administrator", "active": "on"}).status_code == 403
    member_user.refresh_from_db()
    assert not member_user.is_superuser


def test_a_member_corrects_their_own_contact_data(client: Client, member_user: User) -> None:
    client.force_login(member_user)
    data = {"email": "new@example.be", "phone": "010 22 33 44", "address": "Place 1"}
    client.post(reverse("my_space"), data)
    member = Member.objects.get(user=member_user)
    assert (member.email, member.phone, member.listed) == ("new@example.be", "010 22 33 44", False)


def test_a_member_cannot_give_themself_a_bad_email(client: Client, member_user: User) -> None:
    client.force_login(member_user)
    before = Member.objects.get(user=member_user).email
    response = client.post(reverse("my_space"), {"email": "not-an-address", "listed": "on"})
    assert response.status_code == 200 and "email" in response.context["form"].errors
    assert Member.objects.get(user=member_user).email == before


def test_a_mail_server_that_does_not_answer_does_not_hold_the_invitation_up(
    secretary_client: Client, settings: Settings, django_capture_on_commit_callbacks: Any
) -> None:
    from django_tasks_db.models import DBTaskResult

    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2
    member = MemberFactory(email="carl@example.be")
    with django_capture_on_commit_callbacks(execute=True):
        response = secretary_client.post(
            reverse("desk:member_account", args=[member.pk]), {"invite": ""}, follow=True
        )
    assert "Une invitation a été envoyée à carl@example.be" in response.content.decode()
    member.refresh_from_db()
    assert member.user is not None and member.user.username == "carl@example.be"
    # the worker sends it (and tries again while the server does not answer)
    [queued] = DBTaskResult.objects.ready()
    assert queued.task_path == "lib.mail_tasks.send_queued_email"
    assert queued.args_kwargs["args"][0]["to"] == ["carl@example.be"]

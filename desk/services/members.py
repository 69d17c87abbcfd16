"""The secretaries' writes on members and accounts: each a typed function in one
transaction, each logged (``log_change``). Invitations are e-mails with a set-password
link made by Django's password-reset tokens."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from club.administrators import check_keeps_an_administrator
from club.exceptions import DeskError
from club.models import Member, Player
from club.roles import SECRETARIES
from desk.services.events import log_change
from lib.mail_tasks import send_mail_later


class Role:
    """An account's role on the site, from the least to the most trusted."""

    MEMBER = "member"
    SECRETARY = "secretary"
    ADMINISTRATOR = "administrator"


def role_of(account: User) -> str:
    if account.is_superuser:
        return Role.ADMINISTRATOR
    if account.groups.filter(name=SECRETARIES).exists():
        return Role.SECRETARY
    return Role.MEMBER


@transaction.atomic
def save_member(player: Player, member: Member, user: User | None) -> Member:
    """Create or change a member and their player together."""
    created = member.pk is None
    player.save()
    member.player = player
    member.save()
    log_change(user, None, "member_created" if created else "member_changed", name=player.name)
    return member


@transaction.atomic
def lapse_member(member_id: int, day: date, user: User | None) -> None:
    """The membership of ``member_id`` ends on ``day``: the member leaves the public
    lists; their games and ratings stay."""
    member = (
        Member.objects.select_for_update(of=("self",)).select_related("player").get(pk=member_id)
    )
    if member.status == Member.Status.LAPSED:
        raise DeskError(_("%(name)s's membership has already lapsed.") % {"name": member})
    member.status = Member.Status.LAPSED
    member.until = max(day, member.since)
    member.save(update_fields=["status", "until"])
    log_change(user, None, "member_lapsed", name=member.player.name, until=member.until)


@transaction.atomic
def link_account(member_id: int, account_id: int, user: User | None) -> None:
    """Give the member ``member_id`` the existing account ``account_id``, if neither has
    the other already."""
    member = (
        Member.objects.select_for_update(of=("self",)).select_related("player").get(pk=member_id)
    )
    account = User.objects.get(pk=account_id)
    if member.user_id is not None:
        raise DeskError(_("%(name)s already has an account.") % {"name": member})
    if Member.objects.filter(user=account).exists():
        raise DeskError(
            _("The account %(username)s belongs to another member.")
            % {"username": account.get_username()}
        )
    member.user = account
    member.save(update_fields=["user"])
    log_change(user, None, "account_linked", name=member.player.name, account=account.username)


@transaction.atomic
def create_account(member_id: int, user: User | None) -> User:
    """A new account for the member ``member_id``, named after their e-mail, with no
    password yet (the invitation's link sets it)."""
    member = (
        Member.objects.select_for_update(of=("self",)).select_related("player").get(pk=member_id)
    )
    if member.user_id is not None:
        raise DeskError(_("%(name)s already has an account.") % {"name": member})
    email = member.email.strip().lower()
    if not email:
        raise DeskError(_("Give %(name)s an e-mail address first.") % {"name": member})
    if User.objects.filter(username__iexact=email).exists():
        raise DeskError(
            _("An account named %(username)s exists: link it instead.") % {"username": email}
        )
    account = User.objects.create_user(
        email, email, first_name=member.player.first_name, last_name=member.player.last_name
    )  # no password: unusable until the member sets one
    member.user = account
    member.save(update_fields=["user"])
    log_change(user, None, "account_created", name=member.player.name, account=email)
    return account


def can_invite_again(member: Member) -> bool:
    """Whether ``member``'s account is still waiting for its invitation to be used: it has
    no password and was never signed into."""
    account = member.user
    return account is not None and not account.has_usable_password() and not account.last_login


@transaction.atomic
def renew_invitation(member_id: int, user: User | None) -> User:
    """The member ``member_id``'s unused invitation, to be sent again: the account gets a
    new unusable password, so that the link of the earlier invitation stops working (a
    link is made from the account's password)."""
    member = Member.objects.select_related("player", "user").get(pk=member_id)
    account = member.user
    if account is None or not can_invite_again(member):
        raise DeskError(_("%(name)s already has an account.") % {"name": member})
    if not account.email:
        raise DeskError(_("Give %(name)s an e-mail address first.") % {"name": member})
    account.set_unusable_password()
    account.save(update_fields=["password"])
    log_change(user, None, "invitation_renewed", name=member.player.name, account=account.username)
    return account


def set_password_link(account: User, absolute: Any) -> str:
    """The address where ``account`` chooses a password (valid for
    ``PASSWORD_RESET_TIMEOUT``); ``absolute`` turns a path into a full address."""
    uid = urlsafe_base64_encode(force_bytes(account.pk))
    token = default_token_generator.make_token(account)
    return str(absolute(reverse("password_reset_confirm", args=[uid, token])))


def send_invitation(account: User, link: str) -> None:
    body = _(
        "Hello %(name)s,\n\nAn account was opened for you on the site of %(club)s. Your "
        "username is %(username)s. Choose your password here:\n\n%(link)s\n\nThen sign in "
        "to see your own space: your games, your ratings, your contact data.\n"
    ) % {
        "name": account.first_name or account.username,
        "club": settings.CLUB_NAME,
        "username": account.username,
        "link": link,
    }
    send_mail_later(
        _("Your account on the site of %(club)s") % {"club": settings.CLUB_NAME},
        body,
        settings.DEFAULT_FROM_EMAIL,
        [account.email],
    )


@transaction.atomic
def set_role(account_id: int, role: str, active: bool, user: User) -> None:
    """Give the account ``account_id`` a role; an administrator cannot demote or disable
    themself, nor the last administrator (the administrators' rows locked first: two role
    changes at once are made one after the other, ``club.administrators``)."""
    account = User.objects.get(pk=account_id)
    if account.pk == user.pk and (role != Role.ADMINISTRATOR or not active):
        raise DeskError(_("You cannot take your own administrator's role away."))
    check_keeps_an_administrator(
        account, superuser=role == Role.ADMINISTRATOR, active=active, by=user
    )
    account.is_superuser = account.is_staff = role == Role.ADMINISTRATOR
    account.is_active = active
    account.save(update_fields=["is_superuser", "is_staff", "is_active"])
    secretaries = Group.objects.get_or_create(name=SECRETARIES)[0]
    if role == Role.SECRETARY:
        account.groups.add(secretaries)
    else:
        account.groups.remove(secretaries)
    log_change(user, None, "account_role", account=account.username, role=role, active=active)

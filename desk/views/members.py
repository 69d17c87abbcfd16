"""The desk's members and accounts: secretaries create, edit and lapse members and link or
invite their accounts; administrators give accounts their roles."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_tables2 import Column, Table

from club import account_language
from club.exceptions import DeskError
from club.models import Member
from club.roles import acting_user
from desk.access import administrator_required, get_member_for_secretary, secretary_required
from desk.forms.members import (
    ROLE_CHOICES,
    LinkAccountForm,
    MemberForm,
    PlayerForm,
    RoleForm,
)
from desk.services import members as services
from desk.views.actions import act
from lib.paging import configure_table

TABLE_ATTRS = {"class": "table table-sm table-striped table-hover bg-white align-middle"}


class DeskMemberTable(Table):
    """Paged: every column's order ends on the key, else PostgreSQL may show a member on
    two pages and another on none where rows tie (most members share a status)."""

    name = Column(
        verbose_name=gettext_lazy("Name"),
        accessor="player__last_name",
        order_by=("player__last_name", "player__first_name", "pk"),
        linkify=lambda record: reverse("desk:member_edit", args=[record.pk]),
    )
    status = Column(verbose_name=gettext_lazy("Status"), order_by=("status", "pk"))
    email = Column(verbose_name=gettext_lazy("E-mail"), default="–", order_by=("email", "pk"))
    user = Column(verbose_name=gettext_lazy("Account"), default="–", orderable=False)

    class Meta:
        attrs = TABLE_ATTRS
        per_page = 50
        empty_text = gettext_lazy("No member matches.")

    def render_name(self, record: Member) -> str:
        return str(record.player)

    def render_user(self, value: User) -> str:
        return value.get_username()


@secretary_required
@require_GET
def members(request: HttpRequest) -> HttpResponse:
    """Every member, lapsed ones included; ``?q=`` searches names and e-mails."""
    query = request.GET.get("q", "").strip()
    found: QuerySet[Member] = Member.objects.select_related("player", "user")
    for word in query.split()[:5]:
        found = found.filter(
            Q(player__last_name__icontains=word)
            | Q(player__first_name__icontains=word)
            | Q(email__icontains=word)
        )
    table = DeskMemberTable(found)
    configure_table(request, table, per_page=50)
    return render(request, "desk/members/list.html", {"table": table, "query": query})


@secretary_required
@require_http_methods(["GET", "POST"])
def member_form(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """Create a member, or edit one; the account part (link, invite) is on the same page."""
    member = get_member_for_secretary(request, pk) if pk else None
    data = request.POST if request.method == "POST" else None
    player_form = PlayerForm(data, instance=member.player if member else None, prefix="player")
    member_form = MemberForm(
        data,
        instance=member,
        prefix="member",
        initial={} if member else {"since": timezone.localdate()},
    )
    if data is not None and player_form.is_valid() and member_form.is_valid():
        saved = services.save_member(
            player_form.save(commit=False), member_form.save(commit=False), acting_user(request)
        )
        messages.success(request, _("%(name)s is saved.") % {"name": saved.player.name})
        return redirect("desk:member_edit", pk=saved.pk)
    context = {
        "member": member,
        "player_form": player_form,
        "member_form": member_form,
        "link_form": LinkAccountForm(prefix="link") if member and not member.user else None,
        "invite_again": bool(member and services.can_invite_again(member)),
    }
    return render(request, "desk/members/form.html", context)


@secretary_required
@require_POST
def member_lapse(request: HttpRequest, pk: int) -> HttpResponse:
    member = get_member_for_secretary(request, pk)
    return act(
        request,
        lambda: services.lapse_member(member.pk, timezone.localdate(), acting_user(request)),
        success=_("%(name)s's membership has lapsed.") % {"name": member},
        back=reverse("desk:member_edit", args=[member.pk]),
    )


@secretary_required
@require_POST
def member_account(request: HttpRequest, pk: int) -> HttpResponse:
    """Link an existing account (``link``) or invite the member by e-mail."""
    member = get_member_for_secretary(request, pk)
    return act(
        request,
        lambda: _link_or_invite(request, member),
        success=lambda said: said,
        back=reverse("desk:member_edit", args=[member.pk]),
    )


def _link_or_invite(request: HttpRequest, member: Member) -> str:
    """Link the posted account, or create one and send the invitation; what was done."""
    if "link" in request.POST:
        form = LinkAccountForm(request.POST, prefix="link")
        if not form.is_valid():
            raise DeskError(_("Choose an account that no member has yet."))
        services.link_account(member.pk, form.cleaned_data["account"].pk, acting_user(request))
        return _("The account is linked.")
    # the invitation is queued with the account, and sent by the task worker once both
    # are committed (lib/mail_tasks.py)
    with transaction.atomic():
        if services.can_invite_again(member):
            account = services.renew_invitation(member.pk, acting_user(request))
        else:
            account = services.create_account(member.pk, acting_user(request))
        # written in the account's language: the desk's, kept as the account's
        language = account_language.for_account(account)
        account_language.remember(account, language)
        with translation.override(language):
            link = services.set_password_link(account, request.build_absolute_uri)
            services.send_invitation(account, link)
    return _("An invitation was sent to %(email)s: its link sets the password.") % {
        "email": account.email
    }


# Accounts and roles: administrators only


class AccountTable(Table):
    """Paged: an order that ties (active, never signed in) ends on the unique username."""

    username = Column(
        verbose_name=gettext_lazy("Username"),
        linkify=lambda record: reverse("desk:account", args=[record.pk]),
    )
    member = Column(verbose_name=gettext_lazy("Member"), default="–", orderable=False)
    role = Column(verbose_name=gettext_lazy("Role"), empty_values=(), orderable=False)
    is_active = Column(verbose_name=gettext_lazy("Active"), order_by=("is_active", "username"))
    last_login = Column(
        verbose_name=gettext_lazy("Last sign-in"), default="–", order_by=("last_login", "username")
    )

    class Meta:
        attrs = TABLE_ATTRS
        per_page = 50

    def render_role(self, record: User) -> str:
        return str(dict(ROLE_CHOICES)[services.role_of(record)])

    def render_is_active(self, value: bool) -> str:
        return _("yes") if value else _("no")


@administrator_required
@require_GET
def accounts(request: HttpRequest) -> HttpResponse:
    found = User.objects.select_related("member__player").prefetch_related("groups")
    table = AccountTable(found.order_by("username"))
    configure_table(request, table, per_page=50)
    return render(request, "desk/members/accounts.html", {"table": table})


@administrator_required
@require_http_methods(["GET", "POST"])
def account(request: HttpRequest, pk: int) -> HttpResponse:
    chosen = get_object_or_404(User, pk=pk)
    initial = {"role": services.role_of(chosen), "active": chosen.is_active}
    form = RoleForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.set_role(
                chosen.pk,
                form.cleaned_data["role"],
                form.cleaned_data["active"],
                acting_user(request),
            )
        except DeskError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("The account's role is saved."))
            return redirect("desk:accounts")
    member = Member.objects.filter(user=chosen).select_related("player").first()
    return render(
        request, "desk/members/account.html", {"account": chosen, "form": form, "member": member}
    )

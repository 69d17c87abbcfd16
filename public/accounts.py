"""Asking for a password by e-mail ("forgotten password"), for any active account, those
without a password yet included (a member whose invitation was lost asks here).

The request is answered at once and in the same time whatever the address: the page only
queues the e-mail (a background task finds the accounts and sends it), so that the time
of the answer does not tell which addresses have an account. Requests are limited per
client address and per e-mail address (``RESETS_PER_CLIENT``, ``RESETS_PER_TARGET`` an
hour): past the target's limit nothing more is sent, and the page says the same as ever.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpResponse, HttpResponseRedirect
from django.utils import translation
from django.utils.translation import gettext as _
from django_tasks import task

from club.account_language import AccountLanguagePasswordResetForm
from lib.inputs import BoundedInputs
from lib.rate_limits import client_of, one_more

RESETS_PER_CLIENT = 5
RESETS_PER_TARGET = 3
HOUR = 3600


def _same_address(first: str, second: str) -> bool:
    def plain(text: str) -> str:
        return unicodedata.normalize("NFKC", text).casefold()

    return plain(first) == plain(second)


class LoginForm(BoundedInputs, AuthenticationForm):
    """Django's sign-in form, its username held to its length: Django only sets the length
    on the field, and a 10,000-character username reached django-axes, whose record of the
    attempt holds 255 (a server error on PostgreSQL)."""


class ResetForm(BoundedInputs, AccountLanguagePasswordResetForm):
    """The address asked for; the message in each account's language."""

    def get_users(self, email: str) -> Iterator[Any]:
        """The active accounts of this address, with a password or not yet."""
        found = User.objects.filter(email__iexact=email, is_active=True)
        return (account for account in found if _same_address(account.email, email))


@task()
def send_password_reset(email: str, domain: str, use_https: bool, language: str = "") -> None:
    """The e-mail with a link to choose a password, to each active account of ``email``
    (none if it has none), in the account's language, else the page's (``language``)."""
    form = ResetForm({"email": email})
    with translation.override(language or settings.LANGUAGE_CODE):
        _save(form, domain, use_https)


def _save(form: ResetForm, domain: str, use_https: bool) -> None:
    if form.is_valid():
        form.save(
            domain_override=domain,
            use_https=use_https,
            from_email=settings.DEFAULT_FROM_EMAIL,
            extra_email_context={"site_name": settings.CLUB_NAME},
        )


class PasswordResetView(auth_views.PasswordResetView):
    form_class = ResetForm

    def form_valid(self, form: Any) -> HttpResponse:
        if not one_more("reset-client", client_of(self.request), RESETS_PER_CLIENT, HOUR):
            form.add_error(None, _("Too many requests from your address: try again in an hour."))
            return self.form_invalid(form)
        email = form.cleaned_data["email"]
        target = unicodedata.normalize("NFKC", email).casefold()
        if one_more("reset-target", target, RESETS_PER_TARGET, HOUR):
            queue = partial(
                send_password_reset.enqueue,
                email,
                self.request.get_host(),
                self.request.is_secure(),
                translation.get_language(),
            )
            transaction.on_commit(queue)
        return HttpResponseRedirect(self.get_success_url())

"""The language a member's account chose, kept for it: recorded when a signed-in reader
opens a page in a language (the switch in the header is a link to the page in another
language), given back when they sign in (the page after the login is in their language),
and used for the e-mails sent to the account (invitation, password reset).

The language is read from the page's address (``i18n_patterns``), so the record is the
last language the account read the site in; the codes kept are those of
``settings.LANGUAGES`` only (a language a club removed from ``SITE_LANGUAGES`` is ignored).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest, HttpResponse
from django.urls import translate_url
from django.utils import translation

from club.models import AccountLanguage

SESSION_KEY = "account_language"  # the language last recorded, to write only on a change


def site_codes() -> set[str]:
    return {code for code, _name in settings.LANGUAGES}


def remembered(user: User | AnonymousUser | None) -> str | None:
    """The language ``user``'s account chose, if it is one of the site's languages."""
    if not isinstance(user, User):
        return None
    code = AccountLanguage.objects.filter(user=user).values_list("language", flat=True).first()
    return code if code in site_codes() else None


def remember(user: User, code: str) -> None:
    """Keep ``code`` as ``user``'s language (a site language only)."""
    if code in site_codes():
        AccountLanguage.objects.update_or_create(user=user, defaults={"language": code})


def for_account(user: User | AnonymousUser | None) -> str:
    """The language to write to ``user`` in: their own, else the one in use now (the
    desk's, for an invitation), else the site's default."""
    return remembered(user) or translation.get_language() or settings.LANGUAGE_CODE


def signed_in(sender: Any, request: HttpRequest | None, user: User, **kwargs: Any) -> None:
    """On signing in (``user_logged_in``): the session holds the language the reader goes
    on in, the account's if it chose one (the login's redirect goes to it), else the
    login page's, so that only a change of language afterwards writes it down."""
    if request is None or not hasattr(request, "session"):
        return
    code = remembered(user)
    request.session[SESSION_KEY] = code or translation.get_language() or settings.LANGUAGE_CODE
    request.account_language_restored = code  # type: ignore[attr-defined]


class AccountLanguageMiddleware:
    """Records the language of the pages a signed-in reader opens (a query only when it
    changes: the session holds the last one), and after a login sends the reader on in
    the language their account chose. After AuthenticationMiddleware."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code >= 500:  # nothing more asked of a failing database
            return response
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return response
        restored = getattr(request, "account_language_restored", None)
        if restored:  # this request signed the reader in
            location = response.get("Location")
            if response.status_code in (301, 302, 303, 307, 308) and location:
                response["Location"] = translate_url(location, restored)
        elif self._is_page(request, response):
            code = translation.get_language()
            if request.session.get(SESSION_KEY) != code:
                remember(user, code)
                request.session[SESSION_KEY] = code
        return response

    @staticmethod
    def _is_page(request: HttpRequest, response: HttpResponse) -> bool:
        """A page read in a language: a GET answered with HTML (the pages are under
        i18n_patterns; the API, outside them, answers JSON)."""
        return (
            request.method == "GET"
            and response.status_code == 200
            and response.get("Content-Type", "").startswith("text/html")
        )


class AccountLanguagePasswordResetForm(PasswordResetForm):
    """Django's password reset, its message (and the link in it) in the language of the
    account it is sent to."""

    def send_mail(self, *args: Any, **kwargs: Any) -> None:
        context = kwargs.get("context", args[2] if len(args) > 2 else {})
        with translation.override(for_account(context.get("user"))):
            super().send_mail(*args, **kwargs)

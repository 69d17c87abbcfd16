"""``Cache-Control: private, no-store`` on every page made for one person: whatever a
signed-in visitor is sent (their name in the menu, the desk, their own space), and the
personal pages an anonymous visitor reaches with a secret (the member's calendar feed) or
on the way to an account (signing in, choosing a password). A shared cache (a proxy, a
CDN) then never keeps one person's page for another, and a shared computer's browser
keeps none. (Public pages made for anonymous visitors say ``public``: ``lib.page_cache``.)"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control

# Pages personal whoever asks: by URL name, and every page of these namespaces.
PERSONAL_PAGES = frozenset(
    {
        "member_feed",
        "my_space",
        "renew_calendar_token",
        "login",
        "logout",
        "password_change",
        "password_change_done",
        "password_reset_confirm",
        "password_reset_complete",
    }
)
PERSONAL_NAMESPACES = frozenset({"desk"})


def is_personal(request: HttpRequest) -> bool:
    # without a session cookie no one is signed in: the session is not read (reading it
    # would add "Vary: Cookie" to every public page)
    user = getattr(request, "user", None)
    has_session = settings.SESSION_COOKIE_NAME in request.COOKIES
    if has_session and user is not None and user.is_authenticated:
        return True
    match = request.resolver_match
    if match is None:
        return False
    return (
        match.url_name in PERSONAL_PAGES
        or bool(PERSONAL_NAMESPACES & set(match.namespaces))
        or (match.url_name or "").startswith("desk_")  # interclub's desk
    )


class PrivatePagesMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # an error page is kept by no cache, and asks nothing more of a failing database
        if response.status_code >= 500 or is_personal(request):
            patch_cache_control(response, private=True, no_store=True)
        return response

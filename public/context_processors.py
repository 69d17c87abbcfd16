from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse, translate_url
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language, get_language_info, override

from club.roles import is_secretary
from lib import page_cache


def site(request: HttpRequest) -> dict[str, object]:
    """The club's name, the current page's address in every language (the language
    switch, worked out only if the template shows it: a partial, such as a board saved at
    the desk, does not) and whether to show the desk's menu."""
    return {
        "club_name": settings.CLUB_NAME,
        "languages": SimpleLazyObject(lambda: _languages(request)),
        "desk_menu": _desk_menu(request),
    }


def _languages(request: HttpRequest) -> list[dict[str, object]]:
    """The current page in each of the site's languages (``SITE_LANGUAGES``): pages in the
    default language have no prefix, the others start with theirs (/nl/, /de/, /en/;
    finding it resolves the path, then reverses it in the other language)."""
    current = get_language()
    query = page_cache.kept_query(request)
    return [
        {
            "code": code,
            "name": _own_name(code),
            "url": _translated(request, code) + query,
            "active": code == current,
        }
        for code, _name in settings.LANGUAGES
    ]


def _translated(request: HttpRequest, code: str) -> str:
    """The request's page in the language ``code``: what ``translate_url`` gives, from the
    address Django already resolved for the request (the path is not resolved again for
    each language); the path itself when it has no name to reverse."""
    match = request.resolver_match
    if match is None:  # answered before the view was found (an error page)
        return translate_url(request.path, code)
    name = f"{match.namespace}:{match.url_name}" if match.namespace else match.url_name
    if name is None:
        return request.path
    with override(code):
        try:
            return reverse(name, args=match.args, kwargs=match.kwargs)
        except NoReverseMatch:
            return request.path


def _own_name(code: str) -> str:
    """A language's name in that language ("Nederlands", "Deutsch"), as the switch shows
    it whatever the page's language."""
    name = str(get_language_info(code)["name_local"])
    return name[:1].upper() + name[1:]


def _desk_menu(request: HttpRequest) -> bool:
    """The desk's menu, for those the desk's access helper lets in; asked of the database
    once a request (``is_secretary`` keeps its answer on the request's user, which partial
    templates rendered with the request share)."""
    return is_secretary(getattr(request, "user", AnonymousUser()))

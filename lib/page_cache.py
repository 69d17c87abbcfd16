"""Public pages cached as anonymous visitors see them, each forgotten when what it shows
changes.

A view says what its page shows with ``shows("event:12", "player:7")``: *scopes*, names
the domain gives (``club.pages``). The copy of the page is kept with the *version* of
each of its scopes (and of ``EVERYTHING``, which every page shows) as they were when it
was made; ``forget("event:12")``, called for each row a write saves or deletes (the
mapping and its receivers are ``club.pages``'), gives the scope a new version when its
transaction commits (``transaction.on_commit``: a write
rolled back forgets nothing, and no other process can read the new data before the old
copies are out of date). A copy whose scopes all have the versions it was made with is
served; one with any scope forgotten since is made afresh. So a result saved at the desk
forgets its event's page and its players' pages, and keeps every other page. The version
of the latest write of all is kept too: a copy made since is served after that one read,
and the versions of its scopes (sixty on a month of the calendar) are read only when
something was forgotten after the copy was made.

A version is the moment its scope was forgotten and a random token. A copy is only kept
if none of its scopes was forgotten after the page began to be made (less
``RACE_SECONDS``, 0.1 s, for the clocks of several machines): a page that read the data just before
a write committed, and asked for the versions just after, would otherwise be kept with
the new versions and the old data. A page that says nothing of what it shows is never
kept. Writes made outside the site's write paths (psql) show after
``PAGE_CACHE_SECONDS`` at the latest.

Copies are only made of plain pages: a GET or HEAD by a visitor without a session or a
pending message, answered with status 200, no cookie set, nothing marked private. A
copy is keyed by the path and the query parameters public pages read
(``QUERY_PARAMETERS``), each with its last value as the views read it: any other
parameter, or one given twice, is served the same copy, so made-up query strings
neither bypass the cache nor fill it. The links of a page being kept (the language
switch) carry only those parameters (``kept_query``). Those copies (and the pages that
could be, when first made) are sent with ``Cache-Control: public, max-age=…``
(``PAGE_CACHE_MAX_AGE``) so that a reverse proxy or CDN holds them briefly too.

The caches (``caches["pages"]`` and ``caches["page-generation"]``, the versions) must be
shared by every worker process: files by default (``lib.file_cache``), Django's
``RedisCache`` in a deployment on several machines (``PAGE_CACHE_BACKEND``). Django's
``cache_page`` and ``UpdateCacheMiddleware`` could not replace this middleware: they
forget a page by its age or the whole cache's key prefix, not by what it shows.
"""

from __future__ import annotations

import contextvars
import hashlib
import logging
import pickle
import re
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import caches
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.cache import patch_cache_control

logger = logging.getLogger(__name__)
HEADER = "X-Page-Cache"
EVERYTHING = "*"
# The version of the latest write of all: a copy made since is current without reading
# the versions of its scopes
LATEST = "latest"
# A scope forgotten this long before a page began to be made still keeps the page from
# being stored: the clocks of the machines that write and read (web workers on several
# machines, NTP) may differ by so much. One machine has one clock.
RACE_SECONDS = 0.1
_PRIVATE = {"private", "no-store", "no-cache"}
# The query parameters public pages read (the calendar's month, the games' search, a game's
# move, the interclub season, django-tables2's sorting and pages): the copies are keyed by
# these alone, each with its last value (``QueryDict.get``); any other is ignored.
QUERY_PARAMETERS = frozenset({"mois", "q", "ply", "move", "saison", "sort", "page", "per_page"})
_DIRECTIVES = re.compile(r"\s*,\s*")

# The scopes the page being made says it shows (None: no page of the cache is being made).
_shown: contextvars.ContextVar[set[str] | None] = contextvars.ContextVar("shown", default=None)


def _pages() -> Any:
    return caches["pages"]


def _versions() -> Any:
    return caches["page-generation"]


def _key(scope: str) -> str:
    return f"scope:{scope}"


def _new_version(moment: float) -> str:
    return f"{moment:.6f}:{secrets.token_hex(6)}"


def _moment(version: str) -> float:
    return float(version.split(":", 1)[0])


# What a page shows ---------------------------------------------------------------------------


def shows(*scopes: str) -> None:
    """Say that the page being made shows ``scopes``: it is forgotten with any of them.
    Without a page being cached (signed-in visitor, cache off), nothing."""
    shown = _shown.get()
    if shown is not None:
        shown.update(scopes)


# Writes --------------------------------------------------------------------------------------


def forget(*scopes: str, using: str | None = None) -> None:
    """Every cached page showing one of ``scopes`` out of date, when the current
    transaction of ``using`` commits (at once outside a transaction); nothing if it rolls
    back. A cache out of order is logged: the write stands, and the pages age out. Done
    with the cache off too (``PAGE_CACHE=0``): the process that writes (a command, the
    task worker) may not be the one that serves the pages."""
    if scopes:
        transaction.on_commit(lambda: _bump(scopes), using=using)


def _bump(scopes: Iterable[str]) -> None:
    version = _new_version(time.time())
    try:
        # the scopes first, then the latest write's moment (``_unchanged_since``)
        _versions().set_many({_key(s): version for s in set(scopes)}, timeout=None)
        _versions().set(LATEST, version, timeout=None)
    except Exception:
        logger.exception("The cached pages could not be made out of date after a write")


# Reads ---------------------------------------------------------------------------------------


def _current(scopes: Iterable[str]) -> dict[str, str]:
    """The versions of ``scopes``; one never given (or dropped by the cache) made now, as
    old as can be: a copy made before it has no version of it, so it is never served."""
    keys = {_key(s): s for s in scopes}
    found = _versions().get_many(list(keys))
    for key in keys.keys() - found.keys():
        _versions().add(key, _new_version(0.0), timeout=None)
        found[key] = _versions().get(key)
    return {keys[k]: v for k, v in found.items()}


def _unchanged_since(moment: float) -> bool:
    """Whether no scope at all was forgotten since ``moment`` (less ``RACE_SECONDS``): one
    read, where checking a copy's scopes one by one takes one a scope (the calendar shows
    sixty events). Unknown (never written, or dropped by the cache) is no, and the latest
    write is taken to be now: copies made from now on are the ones it can vouch for."""
    latest = _versions().get(LATEST)
    if latest is None:
        _versions().add(LATEST, _new_version(time.time()), timeout=None)
        return False
    return _moment(latest) < moment - RACE_SECONDS


def _cacheable_request(request: HttpRequest) -> bool:
    return (
        settings.PAGE_CACHE_ENABLED
        and request.method in ("GET", "HEAD")
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
    )


def _cacheable_response(response: HttpResponse) -> bool:
    if response.status_code != 200 or response.streaming or response.cookies:
        return False
    directives = {
        d.split("=")[0].strip().lower()
        for d in _DIRECTIVES.split(response.get("Cache-Control", ""))
    }
    return not directives & _PRIVATE


def _query(request: HttpRequest) -> str:
    """The query string the copy of the page is kept under: the parameters pages read,
    sorted, each with the value the views read (the last given)."""
    return urlencode(
        [(name, request.GET[name]) for name in sorted(QUERY_PARAMETERS & set(request.GET))]
    )


def kept_query(request: HttpRequest) -> str:
    """The request's query string (``?…``, or empty) as the page's own links may repeat it:
    on a page being made to be kept, only the parameters its copy is keyed by, so that a
    copy served for another query string does not carry that one's."""
    query = _query(request) if _shown.get() else request.GET.urlencode()
    return f"?{query}" if query else ""


def _address(request: HttpRequest) -> str:
    # The language is in the path (i18n_patterns); the day, for "the next meetings".
    page = request.build_absolute_uri(request.path)
    address = f"{page}?{_query(request)}|{timezone.localdate().isoformat()}"
    return "page:" + hashlib.sha256(address.encode()).hexdigest()


def _public(response: HttpResponse) -> HttpResponse:
    patch_cache_control(response, public=True, max_age=settings.PAGE_CACHE_MAX_AGE)
    return response


class PublicPageCacheMiddleware:
    """Serve anonymous GETs from the cache while what they show is unchanged; keep the
    plain pages made for them, with the versions of what they show."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not _cacheable_request(request):
            return self.get_response(request)
        key = _address(request)
        try:
            copy = _pages().get(key)
            # a copy in another layout (kept by an earlier version of the site) is made again
            if isinstance(copy, tuple) and len(copy) == 5 and isinstance(copy[1], bytes):
                made, kept, status, headers, content = copy
                if not _unchanged_since(made):
                    checked = time.time()
                    versions = pickle.loads(kept)
                    if _current(versions) != versions:
                        return self._make(request, key)
                    # current as of now: the next visits need not read its scopes again
                    _pages().set(key, (checked, kept, status, headers, content))
                response = HttpResponse(content, status=status)
                for name, value in headers:
                    response[name] = value
                response[HEADER] = "hit"
                return response
        except Exception:  # a cache down is no reason to refuse a page
            logger.exception("The page cache cannot be read: the page is made afresh")
            return self.get_response(request)
        return self._make(request, key)

    def _make(self, request: HttpRequest, key: str) -> HttpResponse:
        began = time.time()
        shown: set[str] = set()
        token = _shown.set(shown)
        try:
            response = self.get_response(request)
        finally:
            _shown.reset(token)
        if not shown or not _cacheable_response(response):
            return response
        try:
            versions = _current({EVERYTHING, *shown})
            if max(map(_moment, versions.values())) >= began - RACE_SECONDS:
                return response  # a write committed meanwhile: not kept, nor by a proxy
            content = response.content
            _public(response)
            # the versions pickled apart: a visit that need not check them leaves them so
            kept = pickle.dumps(versions, pickle.HIGHEST_PROTOCOL)
            copy = (began, kept, response.status_code, list(response.items()), content)
            _pages().set(key, copy)
        except Exception:
            logger.exception("The page cache cannot be written: the page is not kept")
            return response
        response[HEADER] = "miss"
        return response

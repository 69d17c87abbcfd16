"""Public pages cached as anonymous visitors see them, and forgotten at every change.

A visitor without a session (no login, no pending message) asking for a page with GET is
served the copy made for the last visitor, when there is one. Copies are keyed on a
*generation*: a random token that changes whenever a write to the club's tables commits,
in any process (a secretary's save, a replay in the task worker, a management command),
because every database connection reports its writes (``watch_writes``). So a page is
never older than the data it shows; writes made outside Django (psql) show after
``PAGE_CACHE_SECONDS`` at the latest. Copies are only made of plain pages: status 200,
no cookie set (a page with a form sets the CSRF cookie), nothing marked private.

The caches (``caches["pages"]`` and ``caches["page-generation"]``) must be shared by every
worker process: files by default (``FileCache``), Redis in a deployment on several machines
(``PAGE_CACHE_BACKEND``).
"""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
from collections.abc import Callable
from functools import partial
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.filebased import FileBasedCache
from django.db import transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

logger = logging.getLogger(__name__)
GENERATION_KEY = "page-generation"
HEADER = "X-Page-Cache"

# Writes to these tables change nothing a public page shows: logins (sessions, the
# accounts' last login), login throttling and the task queue's bookkeeping. (A replay's job
# row does: the rating pages say while one is queued or running.)
IGNORED_TABLES = frozenset(
    {
        "django_session",
        "auth_user",
        "axes_accessattempt",
        "axes_accessattemptexpiration",
        "axes_accessfailurelog",
        "axes_accesslog",
        "django_tasks_database_dbtaskresult",
    }
)
_WRITE = re.compile(r'\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)', re.I)
_PRIVATE = {"private", "no-store", "no-cache"}
# The query parameters public pages read (the calendar's month, the games' search, a game's
# move, django-tables2's sorting and pages): a request with any other, or with one twice,
# is answered afresh and leaves no copy, so that made-up query strings cannot fill the cache.
QUERY_PARAMETERS = frozenset({"mois", "q", "ply", "sort", "page", "per_page"})
_DIRECTIVES = re.compile(r"\s*,\s*")


class FileCache(FileBasedCache):
    """Django's file cache, but looking whether the folder is full (``MAX_ENTRIES``) at one
    write in ``CULL_EVERY`` of a process rather than at each: Django's lists the whole
    folder at every write, 4 to 8 ms of CPU once it holds a club's 2,000 member pages, more
    than making the page. The folder may so pass ``MAX_ENTRIES`` by ``CULL_EVERY`` files
    a worker process before a random third (``CULL_FREQUENCY``) is removed."""

    CULL_EVERY = 100

    def __init__(self, dir: str, params: dict[str, Any]) -> None:
        super().__init__(dir, params)
        self._writes = 0

    def _cull(self) -> None:
        self._writes += 1
        if self._writes >= self.CULL_EVERY:
            self._writes = 0
            super()._cull()  # type: ignore[misc]  # not in django-stubs


def _pages() -> Any:
    return caches["pages"]


def _generations() -> Any:
    return caches["page-generation"]


def generation() -> str:
    """The current generation, made on first use (by one process, if several try)."""
    return str(_generations().get_or_set(GENERATION_KEY, _new_token, timeout=None))


def _new_token() -> str:
    return secrets.token_hex(8)


def forget_pages() -> None:
    """Every cached page out of date at once. A fresh random token rather than a counter:
    two processes bumping together can never agree on the same next value."""
    _generations().set(GENERATION_KEY, _new_token(), timeout=None)


# Writes -----------------------------------------------------------------------------------


def _after_commit(connection: BaseDatabaseWrapper) -> None:
    # A transaction that wrote many times registers many callbacks: one bump is enough.
    if not getattr(connection, "_pages_forgotten", False):
        try:
            forget_pages()
        except Exception:  # the write stands; the pages age out (PAGE_CACHE_SECONDS)
            logger.exception("The cached pages could not be made out of date after a write")
        connection._pages_forgotten = True  # type: ignore[attr-defined]


def _report_writes(
    execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]
) -> Any:
    result = execute(sql, params, many, context)
    match = _WRITE.match(sql)
    if match and match.group(1).lower() not in IGNORED_TABLES:
        connection = context["connection"]
        connection._pages_forgotten = False
        if connection.in_atomic_block:
            transaction.on_commit(partial(_after_commit, connection), using=connection.alias)
        else:
            _after_commit(connection)
    return result


def watch_writes(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    """``connection_created`` receiver: this connection's writes make pages out of date."""
    if _report_writes not in connection.execute_wrappers:
        # First, so that a wrapper pushed and popped around some queries stays last.
        connection.execute_wrappers.insert(0, _report_writes)


# Reads ------------------------------------------------------------------------------------


def _cacheable_request(request: HttpRequest) -> bool:
    return (
        settings.PAGE_CACHE_ENABLED
        and request.method in ("GET", "HEAD")
        and all(
            name in QUERY_PARAMETERS and len(request.GET.getlist(name)) == 1 for name in request.GET
        )
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


def _address(request: HttpRequest) -> str:
    # The language is in the path (i18n_patterns); the day, for "the next meetings".
    address = f"{request.build_absolute_uri()}|{timezone.localdate().isoformat()}"
    return hashlib.sha256(address.encode()).hexdigest()


class PublicPageCacheMiddleware:
    """Serve anonymous GETs from the cache; keep the plain pages made for them."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not _cacheable_request(request):
            return self.get_response(request)
        address = _address(request)
        try:
            key = f"page:{generation()}:{address}"
            copy = _pages().get(key)
        except Exception:  # a cache down is no reason to refuse a page
            logger.exception("The page cache cannot be read: the page is made afresh")
            return self.get_response(request)
        if copy is not None:
            status, headers, content = copy
            response = HttpResponse(content, status=status)
            for name, value in headers:
                response[name] = value
            response[HEADER] = "hit"
            return response
        response = self.get_response(request)
        if _cacheable_response(response):
            try:
                _pages().set(key, (response.status_code, list(response.items()), response.content))
            except Exception:
                logger.exception("The page cache cannot be written: the page is not kept")
            else:
                response[HEADER] = "miss"
        return response

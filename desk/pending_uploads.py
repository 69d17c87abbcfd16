"""Files uploaded for a preview and waiting for the secretary's confirmation (a TRF
import, a PGN file's games): each kept in the session under a token of its own, which
the preview's form carries back, so that two previews open in two tabs each confirm
their own file, never the one uploaded last.

A pending upload is kept with its kind and, for a PGN, its event: a token is taken only
for the same kind and event. The session keeps the ``KEPT`` latest (a file is at most
``UPLOAD_MAX_BYTES``); an older preview's confirmation is asked to upload again."""

from __future__ import annotations

import secrets
from typing import Any

from django.http import HttpRequest

INDEX = "pending-uploads"  # the tokens, oldest first
KEPT = 3
TOKEN_FIELD = "upload"  # the preview form's hidden field


def _key(token: str) -> str:
    return f"pending-upload-{token}"


def _tokens(request: HttpRequest) -> list[str]:
    tokens = request.session.get(INDEX, [])
    return [t for t in tokens if isinstance(t, str)] if isinstance(tokens, list) else []


def keep(request: HttpRequest, kind: str, text: str, event_id: int | None = None) -> str:
    """Keep ``text`` for a preview of ``kind`` (and ``event_id``); returns its token. The
    oldest pending uploads beyond ``KEPT`` are forgotten."""
    token = secrets.token_urlsafe(16)
    tokens = [*_tokens(request), token]
    for old in tokens[:-KEPT]:
        request.session.pop(_key(old), None)
    request.session[INDEX] = tokens[-KEPT:]
    request.session[_key(token)] = {"kind": kind, "event": event_id, "text": text}
    return token


def token_of(request: HttpRequest) -> str:
    """The token the preview's form posted ("" when none)."""
    posted = request.POST.get(TOKEN_FIELD, "")
    return posted[:64] if posted in _tokens(request) else ""


def text_of(request: HttpRequest, kind: str, event_id: int | None = None) -> str | None:
    """The text kept under the token the form posted, for ``kind`` and ``event_id``; None
    when the form posted none, or one of another upload or no longer kept."""
    token = token_of(request)
    found: Any = request.session.get(_key(token)) if token else None
    if not isinstance(found, dict) or (found.get("kind"), found.get("event")) != (kind, event_id):
        return None
    text = found.get("text")
    return text if isinstance(text, str) else None


def drop(request: HttpRequest) -> None:
    """Forget the upload whose token the form posted (once confirmed)."""
    token = token_of(request)
    if token:
        request.session.pop(_key(token), None)
        request.session[INDEX] = [t for t in _tokens(request) if t != token]

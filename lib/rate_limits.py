"""How often a client (or a target, such as an e-mail address) may do something: counted in
the cache every worker process shares (``limits``: files by default, Redis in production).

A count starts with its first request and lasts ``seconds`` from then, whatever comes
after: each request stores the count with the time left, never with the cache's default
time-out (``incr`` on most caches re-stores the key with the default, 300 s, so that "3 an
hour" became 3 in 5 minutes)."""

from __future__ import annotations

import hashlib
import math
import time

from django.core.cache import caches
from django.http import HttpRequest

from lib.client_ip import client_ip


def _key(action: str, who: str) -> str:
    # a digest: any text (an e-mail address) makes a key every cache backend takes
    return f"{action}-{hashlib.sha256(who.encode()).hexdigest()[:32]}"


def _counted(key: str, now: float, seconds: int) -> tuple[float, int]:
    entry = caches["limits"].get(key)
    start, count = entry if isinstance(entry, tuple) and len(entry) == 2 else (now, 0)
    if now >= start + seconds:
        start, count = now, 0
    return start, count


def one_more(action: str, who: str, limit: int, seconds: int) -> bool:
    """Count one more ``action`` by ``who``; False once ``limit`` of them were counted
    within ``seconds`` of the first."""
    limits = caches["limits"]
    key = _key(action, who)
    now = time.time()
    start, count = _counted(key, now, seconds)
    count += 1
    limits.set(key, (start, count), max(1, math.ceil(start + seconds - now)))
    return count <= limit


def exceeded(action: str, who: str, limit: int, seconds: int) -> bool:
    """Whether ``who`` already did ``action`` ``limit`` times within ``seconds`` of the
    first, without counting this look (for limits on failures only)."""
    _start, count = _counted(_key(action, who), time.time(), seconds)
    return count >= limit


def client_of(request: HttpRequest) -> str:
    """The client a limit counts: its address behind the reverse proxies."""
    return client_ip(request) or "unknown"

"""The address of the client behind the reverse proxies (for login throttling).

Each proxy appends the address it received the request from to ``X-Forwarded-For``, so
with ``TRUSTED_PROXY_COUNT`` proxies in front of the site the client's address is that
many entries from the right. Entries further left were sent by the client and prove
nothing. Without proxies, or when the header is not what the proxies would write, the
address is ``REMOTE_ADDR``.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    remote_addr = request.META.get("REMOTE_ADDR")
    count = settings.TRUSTED_PROXY_COUNT
    if count < 1:
        return remote_addr
    entries = [e.strip() for e in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    if len(entries) < count or not entries[-count]:
        return remote_addr
    try:
        return str(ipaddress.ip_address(entries[-count]))
    except ValueError:
        return remote_addr

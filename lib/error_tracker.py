"""The optional error tracker: Sentry (or a service that speaks its protocol, such as
GlitchTip), started by config/settings/base.py when ``SENTRY_DSN`` is set, never otherwise.

No personal data is sent: no user, no cookies, no query string, no request body, no
local variables of the stack, no SQL parameters, and of the request's headers only those
of ALLOWED_HEADERS (not the addresses of X-Forwarded-For); the events carry the error,
its stack (code only) and the URL's route. ``SENTRY_ENVIRONMENT`` names the site
(``production``), and ``SENTRY_TRACES_SAMPLE_RATE`` (0 to 1, 0 by default) the share of
requests whose timing is sent."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ImproperlyConfigured

ALLOWED_HEADERS = ["host", "accept", "accept-language", "content-type", "content-length"]
DATA_COLLECTION: Any = {
    "user_info": False,
    "cookies": {"mode": "off"},
    "http_headers": {"request": {"mode": "allowlist", "terms": ALLOWED_HEADERS}},
    "http_bodies": [],
    "url_query_params": {"mode": "off"},
    "database_query_data": False,
    "queues": False,
    "stack_frame_variables": False,
}


def start_error_tracker(
    dsn: str, environment: str, traces_sample_rate: str, **options: Any
) -> None:
    import sentry_sdk
    from sentry_sdk.integrations.django import DjangoIntegration

    try:
        rate = float(traces_sample_rate)
    except ValueError:
        rate = -1.0
    if not 0 <= rate <= 1:
        raise ImproperlyConfigured(
            f"SENTRY_TRACES_SAMPLE_RATE must be a number from 0 to 1, not {traces_sample_rate!r}"
        )
    try:
        sentry_sdk.init(
            dsn=dsn,
            environment=environment,
            integrations=[DjangoIntegration()],
            data_collection=DATA_COLLECTION,
            max_request_body_size="never",
            traces_sample_rate=rate,
            **options,
        )
    except sentry_sdk.utils.BadDsn as error:
        raise ImproperlyConfigured(f"SENTRY_DSN is not a valid DSN: {error}") from None

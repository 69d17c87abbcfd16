"""The e-mail settings, from the environment: ``EMAIL_URL`` (``smtp://``, ``smtp+tls://``
for STARTTLS, ``smtps://`` for TLS from the start; user and password percent-encoded), or
Django's usual ``EMAIL_HOST``, ``EMAIL_PORT``, ``EMAIL_HOST_USER``,
``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS``, ``EMAIL_USE_SSL``. The console backend (mail
printed, never sent) is the default with DEBUG on only: in production the mail goes out
by SMTP (to localhost:25 when nothing is set), and asking for the console is refused."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypedDict
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

SMTP = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE = "django.core.mail.backends.console.EmailBackend"
SCHEMES = {  # scheme: (STARTTLS, TLS from the start, default port)
    "smtp": (False, False, 25),
    "smtp+tls": (True, False, 587),
    "submission": (True, False, 587),
    "smtps": (False, True, 465),
    "smtp+ssl": (False, True, 465),
}


class EmailSettings(TypedDict):
    """Django's EMAIL_* settings, each of them (the settings assign them one by one)."""

    EMAIL_BACKEND: str
    EMAIL_HOST: str
    EMAIL_PORT: int
    EMAIL_HOST_USER: str
    EMAIL_HOST_PASSWORD: str
    EMAIL_USE_TLS: bool
    EMAIL_USE_SSL: bool
    EMAIL_TIMEOUT: int


def email_settings(
    env: Mapping[str, str], debug: bool, envbool: Callable[[str, str], bool]
) -> EmailSettings:
    """The EMAIL_* settings from ``env`` (the process environment; ``envbool`` reads its
    true/false variables), every one of them: those a URL does not give at Django's
    defaults."""
    url = env.get("EMAIL_URL", "").strip()
    timeout = _port(env.get("EMAIL_TIMEOUT", "10"), "EMAIL_TIMEOUT")
    if url:
        found = _from_url(url, timeout)
    else:
        found = {
            "EMAIL_BACKEND": env.get("EMAIL_BACKEND") or (CONSOLE if debug else SMTP),
            "EMAIL_HOST": env.get("EMAIL_HOST", "localhost"),
            "EMAIL_PORT": _port(env.get("EMAIL_PORT", "25"), "EMAIL_PORT"),
            "EMAIL_HOST_USER": env.get("EMAIL_HOST_USER", ""),
            "EMAIL_HOST_PASSWORD": env.get("EMAIL_HOST_PASSWORD", ""),
            "EMAIL_USE_TLS": envbool("EMAIL_USE_TLS", "0"),
            "EMAIL_USE_SSL": envbool("EMAIL_USE_SSL", "0"),
            "EMAIL_TIMEOUT": timeout,
        }
    if found["EMAIL_USE_TLS"] and found["EMAIL_USE_SSL"]:
        raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL cannot both be on")
    if not debug and found["EMAIL_BACKEND"] == CONSOLE:
        raise ImproperlyConfigured(
            "The console e-mail backend prints mail instead of sending it: with DEBUG off, "
            "set EMAIL_URL (e.g. smtp+tls://user:password@mail.example.be:587) or EMAIL_HOST"
        )
    return found


def _from_url(url: str, timeout: int) -> EmailSettings:
    parts = urlsplit(url)
    if parts.scheme == "console":
        return {
            "EMAIL_BACKEND": CONSOLE,
            "EMAIL_HOST": "localhost",
            "EMAIL_PORT": 25,
            "EMAIL_HOST_USER": "",
            "EMAIL_HOST_PASSWORD": "",
            "EMAIL_USE_TLS": False,
            "EMAIL_USE_SSL": False,
            "EMAIL_TIMEOUT": timeout,
        }
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise ImproperlyConfigured(
            f"EMAIL_URL must look like smtp+tls://user:password@host:587 "
            f"(schemes: {', '.join(SCHEMES)}, console), not {parts.scheme or url!r}://…"
        )
    starttls, ssl, default_port = SCHEMES[parts.scheme]
    try:
        port = parts.port or default_port
    except ValueError:
        raise ImproperlyConfigured("EMAIL_URL has a port that is not a number") from None
    return {
        "EMAIL_BACKEND": SMTP,
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port,
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": starttls,
        "EMAIL_USE_SSL": ssl,
        "EMAIL_TIMEOUT": timeout,
    }


def _port(value: str, name: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None

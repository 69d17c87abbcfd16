"""Settings read from the environment: a boolean, a whole number, a federation's code, a
list, e-mail addresses and the site's languages, each refused with
``ImproperlyConfigured`` naming its variable and the value it was given:
``config/settings/`` reads its variables with these, and text with ``os.getenv``.
"""

import os
import re
from email.utils import getaddresses

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def envbool(name: str, default: str) -> bool:
    value = os.getenv(name, default).strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of {sorted(_TRUE | _FALSE)}, not {value!r}")


def settings_module() -> str:
    """The settings module of this environment, unless ``DJANGO_SETTINGS_MODULE`` names
    another: a deployment's (``config.settings.production``) with ``DEBUG`` off, the
    development's (``config.settings.base``) with it on (``manage.py``)."""
    return "config.settings.base" if envbool("DEBUG", "1") else "config.settings.production"


def envint(name: str, default: str) -> int:
    value = os.getenv(name, default)
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None


def envfederation(name: str, default: str) -> str:
    """A federation's FIDE code, three capital letters (``BEL``)."""
    value = os.getenv(name, default).strip()
    if not re.fullmatch(r"[A-Z]{3}", value):
        raise ImproperlyConfigured(
            f"{name} must be a federation's FIDE code, three capital letters, not {value!r}"
        )
    return value


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.getenv(name, default).split(",") if item.strip()]


def envaddresses(name: str) -> list[tuple[str, str]]:
    """``Name <address>`` (or the address alone), comma-separated, as (name, address)."""
    value = os.getenv(name, "")
    found = getaddresses([value]) if value.strip() else []
    for _name, address in found:
        if "@" not in address:
            raise ImproperlyConfigured(
                f'{name} must be addresses like "Anne Martin <anne@example.be>, '
                f'it@example.be", not {value!r}'
            )
    return found


# The languages the site has catalogues for, in the order of the language switch; each
# name is shown in its own language (locale/*/LC_MESSAGES give "Nederlands" for "Dutch").
KNOWN_LANGUAGES = {"fr": _("French"), "nl": _("Dutch"), "de": _("German"), "en": _("English")}


def site_languages(codes: list[str], default: str) -> list[tuple[str, object]]:
    """The site's languages from ``SITE_LANGUAGES`` (e.g. "fr,nl"): known ones only, each
    once, the default language (``LANGUAGE_CODE``) among them."""
    unknown = [code for code in codes if code not in KNOWN_LANGUAGES]
    if unknown or not codes:
        raise ImproperlyConfigured(
            f"SITE_LANGUAGES must list languages among {', '.join(KNOWN_LANGUAGES)}, "
            f"not {','.join(codes) or 'nothing'}"
        )
    if len(set(codes)) != len(codes):
        raise ImproperlyConfigured(f"SITE_LANGUAGES lists a language twice: {','.join(codes)}")
    if default not in codes:
        raise ImproperlyConfigured(
            f"LANGUAGE_CODE {default!r} must be one of SITE_LANGUAGES ({','.join(codes)})"
        )
    return [(code, KNOWN_LANGUAGES[code]) for code in codes]

"""Template tags and filters of the club's pages."""

from functools import cache
from html import escape

from django import template
from django.urls import get_script_prefix, reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_noop

register = template.Library()

# The site's main menu: each page's address name and label, in order
MAIN_MENU = (
    ("home", gettext_noop("Home")),
    ("calendar", gettext_noop("Calendar")),
    ("tournaments", gettext_noop("Tournaments")),
    ("games", gettext_noop("Games")),
    ("articles", gettext_noop("Articles")),
    ("members", gettext_noop("Members")),
    ("rankings", gettext_noop("Rankings")),
    ("ratings:calculator", gettext_noop("Calculator")),
    ("links", gettext_noop("Links")),
    ("contact", gettext_noop("Contact")),
)


@register.simple_tag
def main_menu(path: str) -> SafeString:
    """The main menu's items, the one of the page at ``path`` marked as current. Every
    page shows it: its addresses and labels are worked out once a language."""
    return mark_safe(  # addresses and labels escaped by _menu
        "".join(
            f'<li class="nav-item"><a class="nav-link active" aria-current="page" href="{url}">'
            f"{label}</a></li>"
            if url == path
            else f'<li class="nav-item"><a class="nav-link" href="{url}">{label}</a></li>'
            for url, label in _menu(get_language(), get_script_prefix())
        )
    )


@cache
def _menu(language: str, prefix: str) -> tuple[tuple[str, str], ...]:
    """The menu's addresses and labels in ``language`` (the addresses start with the
    site's ``prefix``), escaped."""
    return tuple((escape(reverse(name)), escape(gettext(label))) for name, label in MAIN_MENU)

"""Template tags and filters of the club's pages."""

from functools import cache

from django import template
from django.urls import get_script_prefix, reverse
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
def main_menu() -> tuple[tuple[str, str], ...]:
    """The main menu's items, (address, label), for the template to list
    (club/_menu.html marks the one of the page shown as current). Every page shows
    it: its addresses and labels are worked out once a language."""
    return _menu(get_language(), get_script_prefix())


@cache
def _menu(language: str, prefix: str) -> tuple[tuple[str, str], ...]:
    """The menu's addresses and labels in ``language`` (the addresses start with the
    site's ``prefix``)."""
    return tuple((reverse(name), gettext(label)) for name, label in MAIN_MENU)


# Figurine algebraic notation: the piece letters of standard algebraic notation (SAN's
# English K, Q, R, B, N; files are lower case, castling is O-O) as the pieces' figures,
# which read the same in every language (a French page's "Cf3" and a German page's
# "Sf3" are the same "♘f3")
FIGURINES = str.maketrans({"K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘"})


@register.filter
def figurine(san: str) -> str:
    """A move in standard algebraic notation written with the pieces' figures: "Nf3" as
    "♘f3", "exd8=Q+" as "exd8=♕+", "O-O" unchanged."""
    return san.translate(FIGURINES)

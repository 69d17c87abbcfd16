"""Template tags and filters of the club's pages."""

from functools import cache
from typing import Any

from django import template
from django.urls import get_script_prefix, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, gettext_noop

from club.models.texts import WrittenInLanguages

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


# A whole number no address holds otherwise: where ``addresses`` cuts the address it reversed
_MARK = 987_654_321_987


class Addresses:
    """The addresses of one view for many rows, its last argument a whole number (a
    table's events, games or changes): reversed once, each row's address then made from
    it (``address``), where ``{% url %}`` in a loop reverses every row's (its resolution
    costs a tenth of a history row's writing)."""

    __slots__ = ("head", "tail")

    def __init__(self, name: str, args: tuple[Any, ...]) -> None:
        self.head, self.tail = reverse(name, args=[*args, _MARK]).rsplit(str(_MARK), 1)

    def of(self, last: int) -> str:
        """The address with ``last`` as its last argument."""
        return f"{self.head}{int(last)}{self.tail}"


@register.simple_tag
def addresses(name: str, *args: Any) -> Addresses:
    """``{% addresses 'event' as events %}`` before a loop, then ``{{ events|address:pk }}``
    in it: what ``{% url 'event' pk %}`` gives, reversed once."""
    return Addresses(name, args)


@register.filter
def address(addresses: Addresses, last: int) -> str:
    """The address of ``addresses`` (``{% addresses %}``) with ``last`` as its last
    argument."""
    return addresses.of(last)


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


@register.filter
def in_page_language(text_owner: WrittenInLanguages, name: str) -> str:
    """A text the club writes in several languages (``club.models.texts``: an event's
    title or description, an article's title, an entry fee) in the page's language:
    ``{{ event|in_page_language:"description" }}``."""
    return text_owner.text_in(name, get_language())


@register.filter
def in_page_language_marked(text_owner: WrittenInLanguages, name: str) -> str | SafeString:
    """``in_page_language`` for an element's content, marked with its own language where
    the page's has no text of its own and the site language's stands in (``<span
    lang="fr">``: a screen reader then reads it in French, WCAG 3.1.2); not for an
    attribute's value."""
    language = get_language()
    text = text_owner.text_in(name, language)
    shown = text_owner.language_of(name, language)
    if shown == language:
        return text
    return format_html('<span lang="{}">{}</span>', shown, text)

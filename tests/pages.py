"""Helpers for tests reading pages' HTML, and for walks choosing which pages to read."""

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

T = TypeVar("T")


def spaced(html: str) -> str:
    """``html`` with every run of whitespace made one space, as a browser reads it between
    a tag's attributes and between words: the templates put an attribute or a cell on a
    line of its own, and a test looks for the attributes in their order whatever the
    layout. A space between two elements stays a space (``</span> <a``), where none was
    stays none (``</span><a``)."""
    return " ".join(html.split())


# The queries of a member's page (``public.views.pages.member``): the member with their
# latest games as kept (``club.latest_games``); the enabled systems and whether a
# recalculation is under way; the member's summaries (the current ratings, the chart, the
# history table's first page, the lists' figures). One more where the games are not kept.
MEMBER_PAGE_QUERIES = 3


def one_a_state(objects: Iterable[T], state: Callable[[T], Hashable]) -> list[T]:
    """The first of ``objects`` in each ``state``, in their order: a walk reads one page of
    each state (an event's desk per kind, system and status), not every object's."""
    first: dict[Hashable, T] = {}
    for item in objects:
        first.setdefault(state(item), item)
    return list(first.values())

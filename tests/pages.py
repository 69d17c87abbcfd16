"""Helpers for tests reading pages' HTML."""


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

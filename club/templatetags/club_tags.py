"""Template filters of the club's pages."""

from django import template

from club.desk.history import describe
from club.models import ChangeLog

register = template.Library()


@register.filter
def in_words(change: ChangeLog) -> str:
    """A line of the desk's history as a sentence (``club.desk.history``)."""
    return describe(change)

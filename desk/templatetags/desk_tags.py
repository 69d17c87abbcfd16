"""Template filters of the secretary's desk."""

from django import template

from club.models import ChangeLog
from desk.history import describe

register = template.Library()


@register.filter
def in_words(change: ChangeLog) -> str:
    """A line of the desk's history as a sentence (``desk.history``)."""
    return describe(change)

"""Numbers in the page's language (``{% load numbers %}``): the filters every template
writes a figure with, each the ``lib.numbers`` function of its name."""

from typing import Any

from django import template

from lib import numbers

register = template.Library()


@register.filter
def number(value: Any, places: int | None = None) -> str:
    """``{{ rating|number:0 }}`` "1221", ``{{ expected|number:2 }}`` "0,64",
    ``{{ k|number:-2 }}`` "20" or "23,33", ``{{ points|number }}`` "2,5"."""
    return numbers.number(value, places)


@register.filter
def signed(value: Any, places: int | None = 1) -> str:
    """``{{ game.change|signed }}`` "+7,6", "−3,0"."""
    return numbers.signed(value, places)


@register.filter
def rating_change(value: Any) -> str:
    """``{{ change.change|rating_change }}`` "−18" (FRBE), "+7,6" (a club rating)."""
    return numbers.rating_change(value)


@register.filter
def score(value: Any) -> str:
    """``{{ bye.points|score }}`` 1, ½ or 0."""
    return numbers.score(value)

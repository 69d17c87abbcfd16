"""Template filters of the secretary's desk."""

import segno
from django import template
from django.utils.safestring import mark_safe

from club.models import ChangeLog
from desk.history import describe

register = template.Library()


@register.filter
def in_words(change: ChangeLog) -> str:
    """A line of the desk's history as a sentence (``desk.history``)."""
    return describe(change)


@register.simple_tag
def qr_code(address: str, label: str) -> str:
    """``address`` as a QR code, an inline SVG that a phone's camera reads from the wall
    or from a printed sheet (segno; black on white with its quiet zone, so that it reads on
    the wall's dark screen too), named ``label`` for screen readers. The SVG draws the
    code's modules as a path: no text of ``address`` goes into the markup."""
    code = segno.make(address, error="m")
    svg = code.svg_inline(dark="#000", light="#fff", title=label, svgclass="qr-code", omitsize=True)
    return mark_safe(svg)  # segno's own markup, the title escaped by segno

"""Numbers as the page's language writes them: the one helper that templates (the filters
of the ``numbers`` template library) and Python (the configuration's sentences, the rating
history's rows, the members' table) use.

Django's ``number_format`` gives each language's separators (a decimal comma in French,
Dutch and German); thousands are grouped only if ``USE_THOUSAND_SEPARATOR`` is on, which
the site leaves off: "1221" in every language. The places a figure needs are the domain's
(docs/conventions.md): ratings whole, expected scores to two places, totals of points,
K and the others with their own decimals ("20", not "20.0"; "2,5"); a single game's or
bye's points as the desk writes them ("½")."""

import math
from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.utils.formats import get_format, number_format

HALF = Decimal("0.5")
_THOUSANDTH = Decimal("0.001")
MINUS = "\N{MINUS SIGN}"
NONE = "–"  # what a table shows where a figure is missing


def _exact(value: object) -> Decimal | None:
    """``value`` as a Decimal (a float as it prints: 2.675, not 2.67499…), or None if it
    is not a finite number."""
    if isinstance(value, Decimal):
        return value if value.is_finite() else None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, int):
        return Decimal(value)
    return Decimal(repr(value)) if math.isfinite(value) else None


def number(value: object, places: int | None = None) -> str:
    """``value`` in the active language's format, rounded half up (as the ``floatformat``
    filter rounds, where ``number_format`` alone would cut the decimals off):

    - ``places`` None: a whole number without decimals ("20", not "20.0"), others with
      their own decimals ("1,5" in French, "1.5" in English);
    - ``places`` 0 or more: exactly that many decimals ("0,64", a rating "1221");
    - ``places`` below 0: as ``floatformat`` reads it, that many decimals unless the
      rounded number is whole ("K = 23,33", "K = 20"; a tie-break "4,50", "4").

    ``None`` is written as nothing (a template's ``|default:"–"`` then applies); anything
    else that is not a number is returned as text."""
    if value is None:
        return ""
    exact = _exact(value)
    if exact is None:
        return str(value)
    return _text(_rounded(exact, places), places)


def _rounded(exact: Decimal, places: int | None) -> Decimal:
    """``exact`` rounded half up to ``places`` decimals (``number``'s), never −0."""
    if places is not None:
        exact = exact.quantize(Decimal(1).scaleb(-abs(places)), ROUND_HALF_UP)
    return abs(exact) if exact == 0 else exact


def _text(exact: Decimal, places: int | None) -> str:
    """A rounded number written with the decimals ``places`` asks for (``number``'s)."""
    if exact == exact.to_integral_value() and (places is None or places < 0):
        return _written(exact, 0)
    if places is None:
        exact = exact.normalize()
        return _written(exact, -int(exact.as_tuple().exponent))
    return _written(exact, abs(places))


def _written(exact: Decimal, places: int) -> str:
    """``exact`` with ``places`` decimals, as ``number_format`` writes it in the active
    language: without thousands grouping (the site's setting), the language's decimal
    separator is all it changes, written here directly (a history of a hundred figures
    a page would spend most of its time in ``number_format``'s lookups)."""
    if settings.USE_THOUSAND_SEPARATOR:
        return number_format(exact, decimal_pos=places)
    text = f"{exact:.{places}f}"
    return text.replace(".", str(get_format("DECIMAL_SEPARATOR"))) if places else text


def signed(value: object, places: int | None = 1) -> str:
    """A change: "+12,5", "−3,0", "0,0" with one decimal by default; ``places`` as for
    :func:`number` (None: its own decimals, "−18", "+7,6"). – when there is none."""
    exact = _exact(value)
    if exact is None:
        return NONE if value is None else str(value)
    rounded = _rounded(abs(exact), places)
    text = _text(rounded, places)
    if rounded == 0:  # no sign
        return text
    return f"+{text}" if exact > 0 else f"{MINUS}{text}"


def rating_change(value: object) -> str:
    """A rating's change with the decimals its system keeps (at most three): an FRBE or
    FIDE change "−18", a club rating kept to a decimal "+7,6"."""
    exact = _exact(value)
    if exact is None:
        return signed(value)
    return signed(exact.quantize(_THOUSANDTH, ROUND_HALF_UP), None)


def score(value: object) -> str:
    """A game's or a bye's points as the desk, the documents and the match sheet write
    them: 1, ½, 0 (any other figure as :func:`number` writes it)."""
    exact = _exact(value)
    if exact is not None and exact == HALF:
        return "½"
    return number(value)

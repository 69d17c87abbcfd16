"""Numbers as the page's language writes them: the one helper that templates (the filters
of the ``numbers`` template library) and Python (the configuration's sentences, the rating
history's rows, the members' table) use.

Django's ``number_format`` gives each language's separators (a decimal comma in French,
Dutch and German); thousands are grouped only if ``USE_THOUSAND_SEPARATOR`` is on, which
the site leaves off: "1221" in every language. The places a figure needs are the domain's
(docs/conventions.md): ratings whole, expected scores to two places, totals of points,
K and the others with their own decimals ("20", not "20.0"; "2,5"); a single game's or
bye's points as the desk writes them ("½")."""

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.utils.formats import number_format

HALF = Decimal("0.5")
MINUS = "\N{MINUS SIGN}"
NONE = "–"  # what a table shows where a figure is missing


def _exact(value: object) -> Decimal | None:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        return None
    try:
        exact = Decimal(str(value))
    except InvalidOperation:
        return None
    return exact if exact.is_finite() else None


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
    if places is not None:
        exact = exact.quantize(Decimal(1).scaleb(-abs(places)), ROUND_HALF_UP)
    if exact == 0:
        exact = abs(exact)  # never "-0"
    if exact == exact.to_integral_value() and (places is None or places < 0):
        return number_format(int(exact))
    if places is None:
        exact = exact.normalize()
        return number_format(exact, decimal_pos=-int(exact.as_tuple().exponent))
    return number_format(exact, decimal_pos=abs(places))


def signed(value: object, places: int | None = 1) -> str:
    """A change: "+12,5", "−3,0", "0,0" with one decimal by default; ``places`` as for
    :func:`number` (None: its own decimals, "−18", "+7,6"). – when there is none."""
    exact = _exact(value)
    if exact is None:
        return NONE if value is None else str(value)
    text = number(abs(exact), places)
    if text == number(0, places):  # rounds to zero: no sign
        return text
    return f"+{text}" if exact > 0 else f"{MINUS}{text}"


def rating_change(value: object) -> str:
    """A rating's change with the decimals its system keeps (at most three): an FRBE or
    FIDE change "−18", a club rating kept to a decimal "+7,6"."""
    exact = _exact(value)
    if exact is None:
        return signed(value)
    return signed(exact.quantize(Decimal("0.001"), ROUND_HALF_UP), None)


def score(value: object) -> str:
    """A game's or a bye's points as the desk, the documents and the match sheet write
    them: 1, ½, 0 (any other figure as :func:`number` writes it)."""
    exact = _exact(value)
    if exact is not None and exact == HALF:
        return "½"
    return number(value)

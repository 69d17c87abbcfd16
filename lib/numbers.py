"""Numbers as the page's language writes them: the one helper templates (the ``number``
filter of ``ratings_tags``) and Python (the configuration's sentences) use."""

from decimal import Decimal

from django.utils.formats import number_format


def number(value: object, places: int | None = None) -> str:
    """``value`` in the active language's format: a whole number without decimals
    ("20", not "20.0"), others with their own decimals or ``places`` of them ("1,5" in
    French, "1.5" in English). Anything not a number is returned as text."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        return str(value)
    if places is None:
        exact = Decimal(str(value)).normalize()
        if exact == exact.to_integral_value():
            return number_format(int(exact))
        places = max(0, -int(exact.as_tuple().exponent))
    return number_format(value, decimal_pos=places)

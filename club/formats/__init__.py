"""The site's date formats in each language (``FORMAT_MODULE_PATH``): Django's own for
what they cover, and the site's named formats, so a template or a message writes
``date:"DATE_FORMAT"`` or ``date_format(day, "DAY_TIME_FORMAT")`` and each language
writes the date its own way (German "26. November 2026", French and Dutch "26 novembre
2026", "26 november 2026"). English keeps the day before the month, as Belgium writes it.

Every language of ``settings.KNOWN_LANGUAGES`` has its module here: a name missing from
one would be printed as it is (tests/club/test_formats.py checks them).
"""

NAMED_FORMATS = (
    "DATE_FORMAT",
    "DATETIME_FORMAT",
    "MONTH_DAY_FORMAT",
    "DAY_TIME_FORMAT",
    "WEEKDAY_DATETIME_FORMAT",
    "WEEKDAY_DAY_TIME_FORMAT",
    "SHORT_MONTH_DATE_FORMAT",
    "DATETIME_SECONDS_FORMAT",
)

"""The member page's history rows are written out in Python, once a page: each figure must
read as Django's template filters write it, in each language (German "7. März")."""

from datetime import date
from decimal import Decimal

import pytest
from django.template.defaultfilters import date as date_filter
from django.template.defaultfilters import floatformat
from django.utils import translation

from ratings.history import Writer, whole


@pytest.mark.parametrize("language", ["fr", "nl", "de", "en"])
def test_it_writes_days_and_scores_as_the_template_filters_do(language: str) -> None:
    with translation.override(language):
        write = Writer(member=1)
        for month in range(1, 13):
            day = date(2025, month, 7)
            assert write.day(day) == date_filter(day, "DATE_FORMAT")
        for score in ("0.0", "0.5", "3.0", "2.5", "10.5"):
            assert write.score(Decimal(score)) == floatformat(Decimal(score), -1)


def test_a_rating_is_rounded_half_up_as_floatformat_does() -> None:
    for value in (1511.5, 1511.49, 1999.5, 1400.0, 987.6):
        assert whole(value) == floatformat(value, 0)
    assert whole(None) == "–"


def test_the_addresses_take_each_rows_id() -> None:
    with translation.override("en"):
        write = Writer(member=12)
        assert write.event.format(34) == "/en/evenements/34/"
        assert write.calculation.format(56) == "/en/membres/12/calcul/56/"

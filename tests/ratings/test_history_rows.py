"""The member page's history rows carry their figures written out in Python, once a page:
each must read as Django's template filters write it, in each language."""

from decimal import Decimal

import pytest
from django.template.defaultfilters import floatformat
from django.utils import translation

from lib.numbers import number
from ratings.history import whole


@pytest.mark.parametrize("language", ["fr", "nl", "de", "en"])
def test_it_writes_scores_as_the_template_filters_do(language: str) -> None:
    with translation.override(language):
        for score in ("0.0", "0.5", "3.0", "2.5", "10.5"):
            assert number(Decimal(score)) == floatformat(Decimal(score), -1)


def test_a_rating_is_rounded_half_up_as_floatformat_does() -> None:
    for value in (1511.5, 1511.49, 1999.5, 1400.0, 987.6):
        assert whole(value) == floatformat(value, 0)
    assert whole(None) == "–"

"""The one number helper (``lib.numbers``), compared with Django's ``floatformat`` filter,
which the templates used before it: the same figures in every language, rounded half up,
except that a number rounding to a whole one loses its decimals ("2000", not "2000,0").
The pages' own figures are checked rendered (tests/public/test_numbers_on_pages.py);
here, that no template writes a number another way."""

import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.template.defaultfilters import floatformat
from django.utils import translation
from django.utils.formats import number_format
from pytest_django import Settings

from lib.numbers import number, rating_change, score, signed

ROOT = Path(__file__).resolve().parents[2]
MINUS = "\N{MINUS SIGN}"
VALUES = [
    0.0,
    0.5,
    2.5,
    4.5,
    1221.0,
    1220.5,
    1220.49,
    0.645,
    0.005,
    23.3333,
    -18.0,
    -7.6,
    12.345,
    2.675,
    1999.95,
    Decimal("3.0"),
    Decimal("2.5"),
    Decimal("10.25"),
]


@pytest.mark.parametrize("language", ["fr", "en", "nl", "de"])
@pytest.mark.parametrize("places", [0, 1, 2, -1, -2])
def test_it_writes_what_floatformat_writes(language: str, places: int) -> None:
    with translation.override(language):
        for value in VALUES:
            expected = floatformat(value, places)
            if places < 0:  # a number rounding to a whole one: no decimals
                expected = re.sub(r"[.,]0+$", "", expected)
            assert number(value, places) == expected, (value, places)


@pytest.mark.parametrize("language", ["fr", "en", "nl", "de"])
@pytest.mark.parametrize("grouped", [False, True])
def test_it_writes_what_number_format_writes(
    language: str, grouped: bool, settings: Settings
) -> None:
    # with or without thousands grouping, once rounded: a number's own decimals or as many
    # as asked, the sign and the language's separators as Django's ``number_format`` puts them
    settings.USE_THOUSAND_SEPARATOR = grouped
    with translation.override(language):
        for value in [*VALUES, 123456.5, -2345.25, Decimal("-1E+3"), 7]:
            exact = Decimal(str(value))
            if exact == exact.to_integral_value():
                assert number(value) == number_format(int(exact)), value
            else:
                places = -int(exact.as_tuple().exponent)
                assert number(value) == number_format(exact, decimal_pos=places)
            for places in (0, 1, 2):
                rounded = exact.quantize(Decimal(1).scaleb(-places), rounding="ROUND_HALF_UP")
                assert number(value, places) == number_format(
                    abs(rounded) if rounded == 0 else rounded, decimal_pos=places
                ), (value, places)


@pytest.mark.parametrize(
    ("language", "value", "places", "written"),
    [
        ("fr", 1999.95, -1, "2000"),
        ("fr", 20.0, -2, "20"),
        ("fr", 23.3333, -2, "23,33"),
        ("en", 0.645, 2, "0.65"),
        ("fr", -0.04, 1, "0,0"),  # never "-0,0"
        ("fr", None, None, ""),  # as floatformat: a template's |default:"–" follows
        ("fr", "–", None, "–"),
    ],
)
def test_the_cases_floatformat_leaves_odd(
    language: str, value: object, places: int | None, written: str
) -> None:
    with translation.override(language):
        assert number(value, places) == written


@pytest.mark.parametrize(
    ("language", "value", "written"),
    [
        ("fr", -18.0, f"{MINUS}18"),  # an FRBE change
        ("fr", 1515.6 - 1523.4, f"{MINUS}7,8"),  # a club rating kept to a decimal
        ("en", 1515.6 - 1523.4, f"{MINUS}7.8"),
        ("de", 2.4000000000000909, "+2,4"),
        ("fr", 0.0, "0"),
        ("fr", None, "–"),
    ],
)
def test_a_rating_change_has_its_systems_decimals(
    language: str, value: object, written: str
) -> None:
    with translation.override(language):
        assert rating_change(value) == written


def test_a_change_has_one_decimal_by_default_and_no_sign_at_zero() -> None:
    with translation.override("fr"):
        assert signed(-12.4) == f"{MINUS}12,4"
        assert signed(3.0) == "+3,0"
        assert signed(0.04) == "0,0"
        assert signed(7.6, 0) == "+8"


def test_a_game_or_a_byes_half_point_is_written_as_the_desk_writes_it() -> None:
    with translation.override("fr"):
        assert [score(Decimal(v)) for v in ("1.0", "0.5", "0.0", "2.5")] == ["1", "½", "0", "2,5"]


def test_no_template_writes_a_number_with_floatformat() -> None:
    """Every figure goes through ``lib.numbers`` (the ``numbers`` template library)."""
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"\bfloatformat\b", line)
    ]
    assert found == []

"""What the site accepts from a visitor, in one place: the bounds of dates, of text and of
numbers, asked by the forms (``BoundedInputs``), the imports and the request's own
parameters (``RequestInputMiddleware``).

- Dates: years ``MIN_YEAR`` to ``MAX_YEAR``. A round dated 31/12/9999 overflows the
  calendar's arithmetic, and on PostgreSQL a date in year 1 becomes 1 BC once moved to UTC
  (which nothing can read back): neither is a club's date.
- Text: no control character (NUL, escape, backspace…) anywhere; a one-line field has no
  line break either (a name with one would break an e-mail's header). Tabs and line
  breaks are allowed in multi-line text.
- Numbers: written in ASCII digits (``lib.limits.whole_number``), within what the
  database holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

MIN_YEAR = 1900
MAX_YEAR = 2100
# A database integer (PostgreSQL's integer, the narrowest of the two databases).
MAX_INTEGER = 2_147_483_647
# A query parameter longer than this is no search anyone typed.
MAX_PARAMETER_LENGTH = 1000

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_LINE_BREAK = re.compile(r"[\r\n\x85\u2028\u2029]")


def year_problem(value: date | None) -> str | None:
    """Why ``value`` (a date or a datetime) is no club's date, or None."""
    if value is None or MIN_YEAR <= value.year <= MAX_YEAR:
        return None
    return _("The year must be between %(min)s and %(max)s, not %(year)s.") % {
        "min": MIN_YEAR,
        "max": MAX_YEAR,
        "year": value.year,
    }


def control_problem(text: str, one_line: bool = False) -> str | None:
    """Why ``text`` may not be stored (a control character, or a line break in one line of
    text), naming the character, or None."""
    found = _CONTROL.search(text) or (one_line and _LINE_BREAK.search(text))
    if not found:
        return None
    if found.group() in "\r\n\x85\u2028\u2029":
        return _("Write this on one line, without a line break.")
    return _("Remove the control character U+%(code)04X.") % {"code": ord(found.group())}


def validate_year(value: date | None) -> None:
    problem = year_problem(value)
    if problem:
        raise ValidationError(problem, code="year")


def validate_text(value: Any) -> None:
    if isinstance(value, str) and (problem := control_problem(value)):
        raise ValidationError(problem, code="control")


def validate_one_line(value: Any) -> None:
    if isinstance(value, str) and (problem := control_problem(value, one_line=True)):
        raise ValidationError(problem, code="control")


def _add(field: forms.Field, validator: Callable[[Any], None] | Any) -> None:
    if validator not in field.validators:
        field.validators = [*field.validators, validator]


def bound_field(field: forms.Field) -> None:
    """Give ``field`` the site's bounds for its kind of value."""
    if isinstance(field, (forms.DateField, forms.DateTimeField)):
        _add(field, validate_year)
    elif isinstance(field, forms.CharField):
        multiline = isinstance(field.widget, forms.Textarea)
        _add(field, validate_text if multiline else validate_one_line)
        # a length set after the field was made (Django's sign-in form sets its username's)
        # has no validator of its own
        lengths = [v for v in field.validators if isinstance(v, MaxLengthValidator)]
        if field.max_length is not None and not lengths:
            _add(field, MaxLengthValidator(field.max_length))
    elif isinstance(field, forms.IntegerField):
        if field.max_value is None:
            field.max_value = MAX_INTEGER
            _add(field, MaxValueValidator(MAX_INTEGER))
        if field.min_value is None:
            field.min_value = -MAX_INTEGER
            _add(field, MinValueValidator(-MAX_INTEGER))
    elif isinstance(field, forms.MultiValueField):
        for part in field.fields:
            bound_field(part)


class BoundedInputs:
    """A form mixin (first among the bases): every field of the form, those a form adds
    in its ``__init__`` included, gets the site's bounds for its kind (``bound_field``)
    before the form is cleaned."""

    fields: dict[str, forms.Field]

    def full_clean(self) -> None:
        for field in self.fields.values():
            bound_field(field)
        super().full_clean()  # type: ignore[misc]


def request_problem(request: HttpRequest, posted: bool = True) -> str | None:
    """Why the request's parameters (query string, posted fields unless not ``posted``)
    cannot be taken: a control character in a name or a value, or a query value no one
    typed. Tabs and line breaks are allowed in posted values (multi-line text); the forms
    refuse them on one line."""
    sources = [("GET", request.GET)]
    if posted and request.method == "POST":
        sources.append(("POST", request.POST))
    for source, data in sources:
        for name, values in data.lists():
            if _CONTROL.search(name) or _LINE_BREAK.search(name):
                return _("A parameter's name holds a control character.")
            for value in values:
                problem = control_problem(value)
                if problem:
                    return _("The field “%(name)s”: %(problem)s") % {
                        "name": name[:40],
                        "problem": problem,
                    }
                if source == "GET" and len(value) > MAX_PARAMETER_LENGTH:
                    return _("The parameter “%(name)s” is longer than %(max)s characters.") % {
                        "name": name[:40],
                        "max": MAX_PARAMETER_LENGTH,
                    }
    return None


class RequestInputMiddleware:
    """Refuses with a 400, naming the field, a request whose parameters hold a control
    character (NUL would fail on PostgreSQL) or an overlong query value, before the view
    reads them. The posted fields of a view that reads its body itself (the JSON API,
    exempt from CSRF) are left to it: reading them would consume the body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: Any
    ) -> HttpResponse | None:
        problem = request_problem(request, posted=not getattr(view, "csrf_exempt", False))
        if problem:
            return render(request, "400.html", {"problem": problem}, status=400)
        return None

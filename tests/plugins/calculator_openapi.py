"""Every request the tests send to the calculator API, and every answer, held to the
OpenAPI document the site serves (``GET /api/ratings/openapi.json``) by openapi-core, which
reads the document as JSON Schema and knows nothing of the pydantic models behind it.

:class:`HeldToTheSchema` is a middleware the suite puts before every other
(``tests/conftest.py``): on ``POST /api/ratings/calculate`` it

- validates the answer against the document: its status is one the document declares and
  its body fits that status's schema (the calculation, or a refusal ``{"error", "field"}``);
- validates the request, when its body is JSON as RFC 8259 has it (no NaN; integers of at
  most 4,300 digits) and was read: a request the document refuses must get a 400 naming a
  field at or under one that the document's validator points at; a request the document
  accepts must get its calculation, unless what it asks depends on the system chosen,
  which no schema states (its parameters, a birth date against the day, a player's
  rating before an event, a provisional opponent's rating); a body over the limits of a
  body as a whole (64 KB, nested 10 deep) is refused as a whole, whatever it holds.

A broken rule raises :class:`SchemaMismatch` in the request, which Django's test client
raises again in the test."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any, NoReturn

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse
from django.test import Client
from openapi_core import OpenAPI
from openapi_core.contrib.django import DjangoOpenAPIRequest, DjangoOpenAPIResponse
from openapi_core.exceptions import OpenAPIError
from openapi_core.testing import MockRequest

CALCULATE = "/api/ratings/calculate"
DOCUMENT = "/api/ratings/openapi.json"
# what a request the document accepts may still be refused for: the system's own rules
SYSTEM_S_OWN = re.compile(
    r"params(\..+)?|player\.birth_date|games\[\d+\]\.(rating_before|opponent)"
)
# the limits of a body as a whole, which the document states in words only: whatever it
# holds, such a body is refused first, as a whole (field "")
BODY_LIMITS = ("the request is larger than 64 KB", "the request nests")


class SchemaMismatch(AssertionError):
    """The API and its OpenAPI document disagree."""


@cache
def served() -> OpenAPI:
    """The document the site serves, read by openapi-core (which checks it is valid
    OpenAPI 3.1 first): asked for once a process."""
    response = Client().get(DOCUMENT)
    assert response.status_code == 200, response.status_code
    return OpenAPI.from_dict(response.json())


def _rfc_json(body: bytes) -> bool:
    def refuse(constant: str) -> NoReturn:
        raise ValueError(constant)

    try:
        json.loads(body, parse_constant=refuse)
    except (ValueError, RecursionError):
        return False
    return True


def path_of(parts: Iterable[str | int]) -> str:
    """A JSON Schema error's path in the body, written as the API names a field."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text


def under(field: str, where: str) -> bool:
    """Whether the API's ``field`` is the document's ``where``, or inside it."""
    return field == where or (bool(where) and field.startswith((f"{where}.", f"{where}[")))


def _fields(error: Any) -> list[str]:
    """Where a JSON Schema error (jsonschema's) points: the field refused; for a field
    unknown or missing, that field rather than the object holding it."""
    where = list(error.absolute_path)
    if error.validator == "additionalProperties":
        names = sorted(set(error.instance) - set(error.schema.get("properties", {})))
    elif error.validator == "required":
        names = [name for name in error.validator_value if name not in error.instance]
    else:
        return [path_of(where)]
    return [path_of([*where, name]) for name in names]


def schema_refusals(request: HttpRequest) -> list[str] | None:
    """The fields where the document refuses the request's body (None: it accepts it)."""
    try:
        served().validate_request(DjangoOpenAPIRequest(request))
    except OpenAPIError as error:
        cause = error.__cause__
        errors = getattr(cause, "schema_errors", None)
        if errors is None:  # a body that is not an object of the document at all
            return [""]
        return [field for e in errors for field in _fields(e)]
    return None


def check(request: HttpRequest, response: HttpResponse) -> None:
    """Raise :class:`SchemaMismatch` where the request, the answer and the document
    disagree (the module's docstring says how)."""
    try:
        body = request.body
    except RequestDataTooBig:  # refused unread (over Django's limit): the answer alone
        body = None
    # the operation the answer is to (a request whose body may not be read)
    operation = MockRequest(request.build_absolute_uri("/"), "post", CALCULATE)
    try:
        served().validate_response(operation, DjangoOpenAPIResponse(response))
    except OpenAPIError as error:
        raise SchemaMismatch(
            f"{response.status_code} {response.content[:300]!r}: {error}"
        ) from error
    if body is None or response.status_code == 429 or not _rfc_json(body):
        return
    answer = json.loads(response.content)
    whole = response.status_code == 400 and answer["field"] == ""
    if whole and answer["error"].startswith(BODY_LIMITS):
        return
    refusals = schema_refusals(request)
    if refusals is not None:
        if response.status_code != 400 or not any(under(answer["field"], w) for w in refusals):
            raise SchemaMismatch(
                f"the document refuses {body[:300]!r} at {refusals}; the API: "
                f"{response.status_code} {answer}"
            )
    elif response.status_code != 200 and not SYSTEM_S_OWN.fullmatch(answer["field"]):
        raise SchemaMismatch(
            f"the document accepts {body[:300]!r}; the API: {response.status_code} {answer}"
        )


class HeldToTheSchema:
    """The middleware: :func:`check` on every ``POST`` of the calculator API."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.path == CALCULATE and request.method == "POST":
            check(request, response)
        return response

"""The calculator's JSON API, ``/api/ratings/...``, served by django-ninja: ``POST calculate``
takes a :class:`~ratings.calculator_request.CalculationRequest` and answers an
:class:`~ratings.calculator.Answer`, and ``GET openapi.json`` describes both, from the same
pydantic models that validate them.

Every answer is JSON (``application/json``): the calculation; 400 with a
:class:`~ratings.calculator_request.Refusal` ``{"error", "field"}`` for a request that is
not valid (what pydantic refuses, and what the system's rules refuse, in the contract's
words: ``shared/calculator.md``); 429 with a refusal past ``CALCULATOR_API_PER_MINUTE``
calculations a minute from one client. Public and stateless: no cookie, no CSRF token,
no documentation page (the document is for clients' tools).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_safe
from ninja import NinjaAPI
from ninja.errors import HttpError, Throttled, ValidationError
from ninja.parser import Parser
from ninja.renderers import JSONRenderer
from ninja.throttling import BaseThrottle

from lib.rate_limits import client_of, one_more
from ratings.calculator import Answer, calculation
from ratings.calculator_request import (
    MAX_DEPTH,
    MAX_GAMES,
    CalculationError,
    CalculationRequest,
    Refusal,
    parse,
    refused,
)

MAX_BODY = 64 * 1024
WINDOW = 60  # seconds: the calculations are counted a minute from the first
LIMITS = (
    f"A body of {MAX_BODY // 1024} KB at most, nested {MAX_DEPTH} deep at most, "
    f"{MAX_GAMES} games. At most CALCULATOR_API_PER_MINUTE calculations (60 by default, "
    "the club's setting) a minute from one client, its address behind the club's reverse "
    "proxy, counted from its first calculation: past it, 429 with Retry-After: 60."
)


class CalculatorThrottle(BaseThrottle):
    """``CALCULATOR_API_PER_MINUTE`` calculations a minute from one client, counted in the
    ``limits`` cache every worker shares (``lib.rate_limits``)."""

    def allow_request(self, request: HttpRequest) -> bool:
        limit = settings.CALCULATOR_API_PER_MINUTE
        return one_more("calculator-api", client_of(request), limit, WINDOW)

    def wait(self) -> float:
        return WINDOW


class CalculatorParser(Parser):
    """The body read as the command reads a file (``calculator_request.parse``): at most
    64 KB, JSON nested at most 10 deep, an object; any other body is a CalculationError
    (which django-ninja hands on as the cause of its HttpError 400)."""

    def parse_body(self, request: HttpRequest) -> dict[str, Any]:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > MAX_BODY or len(request.body) > MAX_BODY:
            raise _too_large()
        body = parse(request.body)
        if not isinstance(body, dict):
            raise CalculationError("the request must be a JSON object", "")
        return body


class StrictJSONRenderer(JSONRenderer):
    """JSON as RFC 8259 has it: a NaN or an infinity is an error, never written."""

    json_dumps_params = {"allow_nan": False}


class CalculatorAPI(NinjaAPI):
    """The API's answers are ``application/json``, without a charset parameter (JSON is
    UTF-8: RFC 8259 defines none)."""

    def get_content_type(self) -> str:
        return "application/json"


api = CalculatorAPI(
    title="Rating calculator",
    version="1",
    description=(
        "The rating calculator of the club's site: a player's new rating under FIDE's, a "
        "federation's or the club's rules, with the calculation explained. Public, "
        "stateless, no cookie. " + LIMITS
    ),
    urls_namespace="ratings_api",
    openapi_url=None,  # served by calculator_openapi below, GET only
    docs_url=None,
    parser=CalculatorParser(),
    renderer=StrictJSONRenderer(),
)


def _too_large() -> CalculationError:
    return CalculationError(f"the request is larger than {MAX_BODY // 1024} KB", "")


def _refusal(request: HttpRequest, error: CalculationError, status: int) -> HttpResponse:
    return api.create_response(request, error.as_json(), status=status)


@api.exception_handler(CalculationError)
def _refused_by_the_rules(request: HttpRequest, error: CalculationError) -> HttpResponse:
    return _refusal(request, error, 400)


@api.exception_handler(ValidationError)
def _refused_by_the_schema(request: HttpRequest, error: ValidationError) -> HttpResponse:
    # django-ninja's location starts with the source and the parameter: ("body", "asked")
    located = [{**item, "loc": tuple(item["loc"])[2:]} for item in error.errors]
    return _refusal(request, refused(located), 400)


@api.exception_handler(RequestDataTooBig)
def _over_django_s_limit(request: HttpRequest, error: RequestDataTooBig) -> HttpResponse:
    return _refusal(request, _too_large(), 400)


@api.exception_handler(Throttled)
def _too_many(request: HttpRequest, error: Throttled) -> HttpResponse:
    limit = settings.CALCULATOR_API_PER_MINUTE
    words = f"at most {limit} calculations a minute from one address: try again in a minute"
    return _refusal(request, CalculationError(words, ""), 429)


@api.exception_handler(HttpError)
def _not_read(request: HttpRequest, error: HttpError) -> HttpResponse:
    """A body django-ninja could not read: the parser's CalculationError, its cause."""
    cause = error.__cause__
    if isinstance(cause, CalculationError):
        return _refusal(request, cause, 400)
    return _refusal(request, CalculationError(str(error), ""), error.status_code)


@api.post(
    "/calculate",
    url_name="calculate",
    operation_id="calculate",
    summary="Rate a player's games",
    description="The calculation of shared/calculator.md. " + LIMITS,
    response={200: Answer, 400: Refusal, 429: Refusal},
    throttle=CalculatorThrottle(),
    openapi_extra={
        "responses": {  # keyed as django-ninja keys them, so that they add to its own
            200: {"description": "The calculation"},
            400: {"description": "The request refused, naming the field"},
            429: {
                "description": "Too many calculations from this client: "
                "CALCULATOR_API_PER_MINUTE (60 by default) a minute",
                "headers": {
                    "Retry-After": {
                        "description": "seconds to wait",
                        "schema": {"type": "integer"},
                    }
                },
            },
        }
    },
)
def calculate(request: HttpRequest, asked: CalculationRequest) -> dict[str, Any]:
    """The answer to a request that pydantic validated; the system's rules check the
    rest (a CalculationError: 400)."""
    answer, _result = calculation(asked)
    return answer


@require_safe
def calculator_openapi(request: HttpRequest) -> JsonResponse:
    """The OpenAPI document of the calculator API, as django-ninja writes it."""
    prefix = request.path.removesuffix("openapi.json")
    return JsonResponse(dict(api.get_openapi_schema(path_prefix=prefix)))

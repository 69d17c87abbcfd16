"""The calculator API's OpenAPI document, written by django-ninja from the pydantic models
that validate the API (ratings/views/calculator_api.py), served by the site and held to
the API's real requests and answers by openapi-core: here the seeds' requests and
refusals, and through the suite's middleware (tests/plugins/calculator_openapi.py) every
request any test sends, the fuzz tests' thousands included."""

import json
import re
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory
from openapi_core.contrib.django import DjangoOpenAPIRequest
from openapi_spec_validator import validate
from pytest_django import Settings

from lib.inputs import MAX_YEAR, MIN_YEAR
from ratings import rules
from ratings.rules.parameters import Bounds
from tests.plugins import calculator_openapi
from tests.plugins.calculator_openapi import (
    SchemaMismatch,
    check,
    schema_refusals,
    served,
    under,
)
from tests.ratings.calculator_requests import FIDE_2606, FQE_DANIEL, FSE_1880, WAVRE, WAVRE_UNRATED

URL = "/api/ratings/calculate"
DOCUMENT = "/api/ratings/openapi.json"


def _post(client: Client, body: object) -> Any:
    return client.post(URL, data=json.dumps(body), content_type="application/json")


def test_the_site_serves_its_openapi_document(client: Client) -> None:
    response = client.get(DOCUMENT)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    document = response.json()
    validate(document)  # OpenAPI 3.1, by openapi-spec-validator
    assert document["openapi"] == "3.1.0" and set(document["paths"]) == {URL}
    operation = document["paths"][URL]["post"]
    assert set(operation["responses"]) == {"200", "400", "429"}
    assert "Retry-After" in operation["responses"]["429"]["headers"]
    schemas = document["components"]["schemas"]
    assert schemas["CalculationRequest"]["properties"]["system"]["enum"] == list(rules.SYSTEMS)
    assert schemas["CalculationRequest"]["properties"]["games"]["maxItems"] == 500
    assert schemas["RequestedGame"]["properties"]["score"]["enum"] == [0, 0.5, 1]
    opponent = schemas["RequestedGame"]["properties"]["opponent"]["anyOf"][0]
    assert (opponent["minimum"], opponent["maximum"]) == Bounds().rating == (0, 3500)
    assert schemas["Refusal"]["required"] == ["error", "field"]
    for text in (document["info"]["description"], operation["description"]):
        assert "CALCULATOR_API_PER_MINUTE calculations (60 by default" in text
        assert "64 KB" in text


def test_the_document_s_dates_are_those_the_site_takes(client: Client) -> None:
    request = client.get(DOCUMENT).json()["components"]["schemas"]["CalculationRequest"]
    pattern = request["properties"]["date"]["anyOf"][0]["pattern"]
    assert re.search(pattern, f"{MIN_YEAR}-01-01") and re.search(pattern, f"{MAX_YEAR}-12-31")
    assert not re.search(pattern, f"{MIN_YEAR - 1}-12-31")
    assert not re.search(pattern, f"{MAX_YEAR + 1}-01-01")
    assert not re.search(pattern, "20250301")


def test_the_document_is_read_only_and_alone(client: Client) -> None:
    assert client.post(DOCUMENT).status_code == 405
    assert client.get(URL).status_code == 405
    # no documentation page (its scripts would break the site's CSP), no API root page
    assert client.get("/api/ratings/docs").status_code == 404
    assert client.get("/api/ratings/").status_code == 404


# FIDE_2606's game rated from an earlier list (games[].rating_before)
EARLIER_LIST = {**FIDE_2606, "games": [{"opponent": 2700, "score": 1, "rating_before": 2590}]}


@pytest.mark.parametrize(
    "request_", [WAVRE, WAVRE_UNRATED, FIDE_2606, FSE_1880, FQE_DANIEL, EARLIER_LIST]
)
def test_the_seeds_requests_and_their_answers_fit_the_schema(
    client: Client, request_: dict[str, Any]
) -> None:
    response = _post(client, request_)
    served().validate_request(DjangoOpenAPIRequest(response.wsgi_request))
    assert response.status_code == 200
    check(response.wsgi_request, response)
    assert response.json()["system"] == request_["system"]
    assert len(response.json()["games"]) == len(request_["games"])


@pytest.mark.parametrize(
    "body",
    [
        {**WAVRE, "system": "elo"},
        {**WAVRE, "padding": 1},
        {**WAVRE, "games": []},
        {**WAVRE, "games": [{"opponent": 1600, "score": 0.7}]},
        {**WAVRE, "games": [{"opponent": 1600, "score": 1, "colour": "white"}]},
        {**WAVRE, "games": [{"opponent": -1, "score": 1}]},
        {**WAVRE, "games": [{"score": 1}]},
        {**WAVRE, "games": [{"opponent": 1600, "score": 1, "event": "x" * 201}]},
        {**WAVRE, "player": {"rating": 1500, "title": "FM"}},
        {**WAVRE, "player": {"rating": 3501}},
        {**WAVRE, "player": {"games": 2.5}},
        {**WAVRE, "match": "yes"},
        {**WAVRE, "rounds": "8"},
        {**WAVRE, "rounds": None},
        {**WAVRE, "rounds": 501},
        {**WAVRE, "date": "1899-12-31"},
        {**WAVRE, "date": "01/03/2025"},
        {**WAVRE, "player": None},
        {**WAVRE, "player": {"games": None}},
        {**WAVRE, "games": [{"opponent": 1600, "score": 1}] * 501},
        [WAVRE],
    ],
)
def test_what_the_schema_refuses_the_api_refuses_naming_the_same_field(
    client: Client, body: Any
) -> None:
    response = _post(client, body)
    refusals = schema_refusals(response.wsgi_request)
    assert refusals, body
    assert response.status_code == 400
    field = response.json()["field"]
    assert any(under(field, where) for where in refusals), (field, refusals)


def test_a_whole_number_written_with_a_point_is_a_whole_number_as_for_the_schema(
    client: Client,
) -> None:
    """JSON Schema's integer is a number without a fraction: 8.0 rounds, like 8."""
    response = _post(client, {**WAVRE, "rounds": 8.0, "player": {"rating": 1500, "games": 30.0}})
    assert schema_refusals(response.wsgi_request) is None
    assert response.status_code == 200
    assert response.json() == _post(client, WAVRE).json()


def test_the_rate_limits_answer_is_a_refusal_of_the_schema(
    client: Client, settings: Settings
) -> None:
    settings.CALCULATOR_API_PER_MINUTE = 1
    assert _post(client, WAVRE).status_code == 200
    response = _post(client, WAVRE)
    assert response.status_code == 429 and response["Retry-After"] == "60"
    check(response.wsgi_request, response)
    assert response.json() == {
        "error": "at most 1 calculations a minute from one address: try again in a minute",
        "field": "",
    }


# --- the check itself ------------------------------------------------------------------


def _sent(body: object) -> Any:
    return RequestFactory().post(URL, data=json.dumps(body), content_type="application/json")


def _answer(status: int, body: object) -> HttpResponse:
    return HttpResponse(json.dumps(body), status=status, content_type="application/json")


BAD_SCORE = {**WAVRE, "games": [{"opponent": 1600, "score": 0.7}]}


@pytest.mark.parametrize(
    ("request_", "status", "answer"),
    [
        # an answer the document does not describe: a field missing, one more, a status
        (WAVRE, 200, {"system": "frbe", "rating_after": 1489}),
        (WAVRE, 400, {"error": "refused", "field": "", "hint": "none"}),
        (BAD_SCORE, 422, {"detail": [{"loc": ["body", "games", 0, "score"]}]}),
        # a refusal elsewhere than where the document refuses, or of what it accepts
        (BAD_SCORE, 400, {"error": "a rating is a number", "field": "player.rating"}),
        (BAD_SCORE, 200, {}),
        (WAVRE, 400, {"error": "rounds must be at least 1", "field": "rounds"}),
    ],
)
def test_the_check_finds_where_the_api_and_its_document_disagree(
    db: None, request_: dict[str, Any], status: int, answer: dict[str, Any]
) -> None:
    sent = _sent(request_)
    if status == 200 and not answer:
        answer = _post(Client(), WAVRE).json()  # an answer that fits, to a refused request
    with pytest.raises(SchemaMismatch):
        check(sent, _answer(status, answer))


def test_the_check_takes_a_refusal_by_the_system_s_own_rules(db: None) -> None:
    """The document accepts any parameter name: the system refuses those it has not."""
    refusal = {"error": "unknown parameter 'kk' for frbe", "field": "params.kk"}
    check(_sent({**WAVRE, "params": {"kk": 3}}), _answer(400, refusal))


def test_every_request_of_the_tests_is_checked(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = []
    monkeypatch.setattr(calculator_openapi, "check", lambda *pair: seen.append(pair))
    _post(client, WAVRE)
    client.post(URL, data="{broken", content_type="application/json")
    assert [response.status_code for _request, response in seen] == [200, 400]

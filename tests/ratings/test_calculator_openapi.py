"""The calculator API's OpenAPI document (ratings/calculator_schema.py), served by the
site and held to the API's real answers: the seeds' requests fit the request's schema and
their answers the answer's, field for field (a field the schema does not describe fails);
refusals (400, 429) fit the refusal's; a request the schema refuses, the API refuses too,
naming the same field."""

import json
from typing import Any

import pytest
from django.test import Client
from pydantic import ValidationError
from pytest_django import Settings

from ratings.calculator_schema import Answer, CalculationRequest, Refusal, openapi
from tests.ratings.calculator_requests import FIDE_2606, FQE_DANIEL, FSE_1880, WAVRE, WAVRE_UNRATED

URL = "/api/ratings/calculate"


def _post(client: Client, body: object) -> Any:
    return client.post(URL, data=json.dumps(body), content_type="application/json")


def _refs(value: Any) -> set[str]:
    if isinstance(value, dict):
        return {ref for item in value.values() for ref in _refs(item)} | (
            {value["$ref"]} if "$ref" in value else set()
        )
    if isinstance(value, list):
        return {ref for item in value for ref in _refs(item)}
    return set()


def test_the_site_serves_its_openapi_document(client: Client) -> None:
    response = client.get("/api/ratings/openapi.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    document = response.json()
    assert document == openapi() and document["openapi"] == "3.1.0"
    operation = document["paths"]["/api/ratings/calculate"]["post"]
    assert set(operation["responses"]) == {"200", "400", "429"}
    schemas = document["components"]["schemas"]
    assert {ref.rsplit("/", 1)[1] for ref in _refs(document)} <= set(schemas)
    assert schemas["RequestedGame"]["properties"]["score"]["enum"] == [0, 0.5, 1]
    assert schemas["CalculationRequest"]["properties"]["games"]["maxItems"] == 500
    assert "60 by default" in document["info"]["description"]


# FIDE_2606's game rated from an earlier list (games[].rating_before)
EARLIER_LIST = {**FIDE_2606, "games": [{"opponent": 2700, "score": 1, "rating_before": 2590}]}


@pytest.mark.parametrize(
    "request_", [WAVRE, WAVRE_UNRATED, FIDE_2606, FSE_1880, FQE_DANIEL, EARLIER_LIST]
)
def test_the_seeds_requests_and_their_answers_fit_the_schema(
    client: Client, request_: dict[str, Any]
) -> None:
    CalculationRequest.model_validate_json(json.dumps(request_))
    response = _post(client, request_)
    assert response.status_code == 200
    answer = Answer.model_validate_json(response.content)
    assert answer.system == request_["system"]
    assert len(answer.games) == len(request_["games"])


def _path(location: tuple[int | str, ...]) -> str:
    """pydantic's location of an error as the API names a field: games[0].score."""
    path = ""
    for part in location:
        path += f"[{part}]" if isinstance(part, int) else f".{part}" if path else str(part)
    return path


@pytest.mark.parametrize(
    "body",
    [
        {**WAVRE, "system": "elo"},
        {**WAVRE, "padding": 1},
        {**WAVRE, "games": [{"opponent": 1600, "score": 0.7}]},
        {**WAVRE, "games": [{"opponent": 1600, "score": 1, "colour": "white"}]},
        {**WAVRE, "player": {"rating": 1500, "title": "FM"}},
        {**WAVRE, "match": "yes"},
        {**WAVRE, "rounds": "8"},
        {**WAVRE, "rounds": None},
        {**WAVRE, "player": None},
        {**WAVRE, "player": {"games": None}},
        {**WAVRE, "games": [{"opponent": 1600, "score": 1}] * 501},
    ],
)
def test_what_the_schema_refuses_the_api_refuses_naming_the_same_field(
    client: Client, body: dict[str, Any]
) -> None:
    with pytest.raises(ValidationError) as refused:
        CalculationRequest.model_validate_json(json.dumps(body))
    fields = {_path(error["loc"]) for error in refused.value.errors()}
    response = _post(client, body)
    assert response.status_code == 400
    refusal = Refusal.model_validate_json(response.content)
    assert refusal.field in fields, (refusal, fields)


def test_the_rate_limits_answer_is_a_refusal_of_the_schema(
    client: Client, settings: Settings
) -> None:
    settings.CALCULATOR_API_PER_MINUTE = 1
    assert _post(client, WAVRE).status_code == 200
    response = _post(client, WAVRE)
    assert response.status_code == 429 and response["Retry-After"] == "60"
    assert Refusal.model_validate_json(response.content).field == ""

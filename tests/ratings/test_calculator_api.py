import json
from typing import TYPE_CHECKING, Any

import pytest
from django.test import Client

from tests.ratings.calculator_requests import FIDE_2606, FQE_DANIEL, FSE_1880, WAVRE

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse

URL = "/api/ratings/calculate"


def _post(
    client: Client, body: object, content_type: str = "application/json"
) -> "_MonkeyPatchedWSGIResponse":
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(URL, data=data, content_type=content_type)


@pytest.mark.parametrize(
    ("request_", "key", "value"),
    [
        (WAVRE, "rating_after", 1489),
        (FIDE_2606, "rating_exact", 2606.4),
        (FSE_1880, "change", -16.3),
        (FQE_DANIEL, "rating_after", 2012),
    ],
)
def test_it_answers_the_seeds_examples(
    client: Client, request_: dict[str, Any], key: str, value: int | float
) -> None:
    response = _post(client, request_)
    assert response.status_code == 200
    assert response.json()[key] == value


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**WAVRE, "system": "elo"}, "system"),
        ({**WAVRE, "games": [{"opponent": 1600, "score": 0.7}]}, "games[0].score"),
        ("{broken", ""),
        (b"\xff\xfe", ""),
    ],
)
def test_a_bad_request_is_a_400_with_the_error_and_the_field(
    client: Client, body: object, field: str
) -> None:
    response = _post(client, body)
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert response.json()["error"]


def test_a_body_over_64_kb_is_refused_with_a_json_400(client: Client) -> None:
    response = _post(client, {**WAVRE, "padding": "x" * 70_000})
    assert response.status_code == 400
    assert response.json() == {"error": "the request is larger than 64 KB", "field": ""}


def test_get_is_not_allowed(client: Client) -> None:
    assert client.get(URL).status_code == 405


def test_it_needs_no_csrf_token(db: None) -> None:
    from django.test import Client

    response = _post(Client(enforce_csrf_checks=True), WAVRE)
    assert response.status_code == 200

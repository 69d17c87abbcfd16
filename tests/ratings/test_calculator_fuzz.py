"""Fuzzing the calculator's endpoint (issue 14 item 1): whatever the body, the answer is
JSON (no NaN, no Infinity), 200 or 400, within a second.

Two strategies: any JSON value (the grammar, with Python's NaN/Infinity extensions and
the numbers' edges), and requests shaped like the contract's whose numbers are drawn from
the edges, so that the rules themselves run on them."""

import dataclasses
import json
import math
import time
from typing import Any, NoReturn

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest_django import Settings

from ratings import rules

pytestmark = pytest.mark.django_db

URL = "/api/ratings/calculate"
FUZZ = settings(
    max_examples=150,
    deadline=None,  # timed below, per request, against the one second
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

EDGES = st.sampled_from(
    [
        0,
        -0.0,
        -1,
        1,
        0.5,
        5e-324,
        1e-308,
        3499.999,
        3500,
        3500.001,
        -1700,
        1e13,
        5e13,
        1e17,
        1e308,
        -1e308,
        2**53 + 1,
        2**63,
        10**30,
        math.nan,
        math.inf,
        -math.inf,
    ]
)
NUMBERS = EDGES | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
SCALARS = st.none() | st.booleans() | NUMBERS | st.text(max_size=20)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=30,
)
SYSTEMS = st.sampled_from([*rules.SYSTEMS, "uscf", ""])
PARAM_NAMES = sorted(
    {
        f.name
        for key in rules.SYSTEMS
        for f in dataclasses.fields(rules.system(key).VERSIONS[-1].params)
    }
)
DATES = st.sampled_from(["2025-06-01", "1990-01-01", "2012-06-30", "0001-01-01", "9999-12-31"])
GAMES = st.lists(
    st.fixed_dictionaries({"opponent": st.none() | NUMBERS, "score": NUMBERS | EDGES}),
    min_size=0,
    max_size=12,
)
PLAYERS = st.fixed_dictionaries(
    {},
    optional={
        "rating": st.none() | NUMBERS,
        "games": NUMBERS,
        "birth_date": DATES | st.text(max_size=12),
        "junior": st.booleans() | NUMBERS,
        "peak_rating": st.none() | NUMBERS,
        "archive": st.fixed_dictionaries({"performance": NUMBERS, "games": NUMBERS}),
    },
)
REQUESTS = st.fixed_dictionaries(
    {"system": SYSTEMS, "games": GAMES},
    optional={
        "params": st.dictionaries(st.sampled_from(PARAM_NAMES), JSON_VALUES, max_size=3),
        "date": DATES,
        "rounds": NUMBERS,
        "match": st.booleans() | NUMBERS,
        "player": PLAYERS,
    },
)


@pytest.fixture
def client(client: Client, settings: Settings) -> Client:
    """The test client, after a first request has loaded what a process loads once (URL
    configuration, translations): the timings below are the requests' own. Hypothesis
    sends more requests from the one address than the API's limit a minute."""
    settings.CALCULATOR_API_PER_MINUTE = 1_000_000
    client.post(URL, data="{}", content_type="application/json")
    return client


def _refuse(constant: str) -> NoReturn:
    raise ValueError(f"{constant} is not JSON")


def _answers_json_in_time(client: Client, body: str) -> None:
    # The processor time the request takes: the test client runs it in this process, and
    # the machine's other loads do not count against it (a loop that never ends would).
    started = time.process_time()
    response = client.post(URL, data=body, content_type="application/json")
    elapsed = time.process_time() - started
    assert response.status_code in (200, 400), (response.status_code, body[:300])
    assert response["Content-Type"] == "application/json"
    answer = json.loads(response.content, parse_constant=_refuse)
    if response.status_code == 400:
        assert set(answer) == {"error", "field"}
    assert elapsed < 1, (elapsed, body[:300])


@FUZZ
@given(value=JSON_VALUES)
def test_any_json_value_gets_a_json_answer_within_a_second(client: Client, value: object) -> None:
    _answers_json_in_time(client, json.dumps(value))


@FUZZ
@given(request_=REQUESTS)
def test_any_request_shaped_body_gets_a_json_answer_within_a_second(
    client: Client, request_: dict[str, Any]
) -> None:
    _answers_json_in_time(client, json.dumps(request_))


@FUZZ
@given(text=st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_any_text_gets_a_json_answer_within_a_second(client: Client, text: str) -> None:
    _answers_json_in_time(client, text)

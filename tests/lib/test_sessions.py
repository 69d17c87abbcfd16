from datetime import timedelta

import pytest
import time_machine
from django.contrib.sessions.models import Session
from pytest_django import DjangoAssertNumQueries

from lib.sessions import SessionStore

pytestmark = pytest.mark.django_db


def test_a_session_is_read_back_in_one_query_until_its_expiry_date(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    store = SessionStore()
    store["desk"] = "evening"
    store.set_expiry(3600)
    store.save()
    key = store.session_key
    assert key is not None
    with django_assert_num_queries(1):
        assert SessionStore(key)["desk"] == "evening"
    expiry = Session.objects.get(session_key=key).expire_date
    with time_machine.travel(expiry - timedelta(seconds=1)):
        assert SessionStore(key).get("desk") == "evening"
    with time_machine.travel(expiry):  # Django's own query wants expire_date > now
        late = SessionStore(key)
        assert late.get("desk") is None
        assert late.session_key is None  # as Django's store: a new one if it is saved


def test_an_unknown_or_malformed_key_finds_no_session() -> None:
    assert SessionStore("a" * 32).load() == {}
    assert SessionStore("short").get("desk") is None  # refused by Django before any query

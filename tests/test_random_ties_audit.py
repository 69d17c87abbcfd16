"""The tied-rows audit's backends (``tests.plugins.random_ties_settings``) add ``RANDOM()``
as the last sort key of an outer SELECT, and of nothing else."""

from collections.abc import Iterator

import pytest
from django.db import connection
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Subquery
from django.db.models.sql import Query

from club.models import Player
from tests.plugins.shuffled_ties.postgresql import base as postgresql
from tests.plugins.shuffled_ties.sqlite3 import base as sqlite3

BACKENDS = {"sqlite": sqlite3.DatabaseWrapper, "postgresql": postgresql.DatabaseWrapper}


@pytest.fixture
def shuffled() -> Iterator[BaseDatabaseWrapper]:
    """A connection of the audit's backend to the test database."""
    wrapper = BACKENDS[connection.vendor](connection.settings_dict, alias="default")
    yield wrapper
    wrapper.close()


def _sql(query: Query, wrapper: BaseDatabaseWrapper) -> str:
    sql, _params = query.get_compiler(connection=wrapper).as_sql()
    return str(sql)


@pytest.mark.django_db
def test_an_outer_select_ends_its_order_with_random(shuffled: BaseDatabaseWrapper) -> None:
    query = Player.objects.order_by("last_name").query
    assert _sql(query, shuffled).endswith('ORDER BY "club_player"."last_name" ASC, RANDOM()')
    assert "RANDOM()" not in _sql(query, connection)  # the project's own backend


@pytest.mark.django_db
def test_a_distinct_select_and_a_subquery_keep_their_order(
    shuffled: BaseDatabaseWrapper,
) -> None:
    distinct = Player.objects.order_by("last_name").values("last_name").distinct().query
    assert "RANDOM()" not in _sql(distinct, shuffled)
    inner = Player.objects.order_by("pk").values("pk")[:1]
    outer = Player.objects.filter(pk=Subquery(inner)).order_by("last_name").query
    sql = _sql(outer, shuffled)
    assert sql.count("RANDOM()") == 1 and sql.endswith("RANDOM()")
    assert "ORDER BY" in sql.split("RANDOM()")[0].split("WHERE")[1]  # the inner order kept

"""Database backends for the tied-rows audit (``tests.plugins.random_ties_settings``):
SQLite's and PostgreSQL's, subclassed as Django's documentation allows ("Subclassing the
built-in database backends"), whose compiler adds ``RANDOM()`` as the last sort key of
every top-level SELECT."""

from __future__ import annotations

from typing import Any

from django.db.models import OrderBy
from django.db.models.functions import Random
from django.db.models.sql.compiler import SQLCompiler


def shuffled_ties(compiler: SQLCompiler, order: list[Any]) -> list[Any]:
    """``order`` (a compiler's ``get_order_by()``) with ``RANDOM()`` last, for an outer
    SELECT only: not a subquery, a DISTINCT (its order must be selected) or a UNION."""
    query = compiler.query
    if query.subquery or query.distinct or query.combinator:
        return order
    return [*order, (OrderBy(Random()), ("RANDOM()", [], False))]

"""A pytest plugin that shuffles tied rows: every top-level query gets ``RANDOM()`` as its
last sort key, so rows its own order leaves tied (or a query without an order) come back
in a different order each time, as PostgreSQL may return them and SQLite seldom does.

Not part of the suite's run: an audit, ``.venv/bin/pytest -p tests.plugins.random_ties``.
A test that then fails now and then reads an order the query does not fix (a page showing
a row twice and another never, a "first" that is any of several). On 25 November 2026 it
found three such tests and a few dozen queries; the fix is a unique column (the key) at
the end of the query's order."""

from __future__ import annotations

from typing import Any

from django.db.models import OrderBy
from django.db.models.functions import Random
from django.db.models.sql.compiler import SQLCompiler

_order_by = SQLCompiler.get_order_by


def _shuffled_ties(compiler: SQLCompiler) -> list[Any]:
    order = list(_order_by(compiler))
    query = compiler.query
    # Only the outer SELECT: not a subquery, a DISTINCT (its order must be selected) or a
    # UNION, nor an UPDATE, INSERT or DELETE (compilers of their own kind).
    if query.subquery or query.distinct or query.combinator or type(compiler) is not SQLCompiler:
        return order
    return [*order, (OrderBy(Random()), ("RANDOM()", [], False))]


SQLCompiler.get_order_by = _shuffled_ties  # type: ignore[method-assign,assignment]

"""A page of rows read newest first, without counting them all: one row more than a page
is read, and says whether there is an older page.

The order must be total: where rows tie, PostgreSQL may return them in a different order
for each OFFSET, and a row then shows on two pages while another shows on none. So the
query's order must end with its primary key."""

from __future__ import annotations

from typing import Any, TypeVar

from django.db.models import QuerySet

T = TypeVar("T")


def page_of(
    query: QuerySet[Any, T], page: int, size: int
) -> tuple[list[T], int | None, int | None]:
    """The ``page``-th page (from 1) of ``query``'s rows, ``size`` a page, with the numbers
    of the newer and of the older page (None where there is none): one query.

    Raises ValueError if ``query`` is not ordered down to its primary key."""
    return split_page(list(page_query(query, page, size)), page, size)


def page_query(query: QuerySet[Any, T], page: int, size: int) -> QuerySet[Any, T]:
    """``query`` limited to the rows of its ``page``-th page and one more (the sign of an
    older page), for ``split_page``.

    Raises ValueError if ``query`` is not ordered down to its primary key."""
    order = query.query.order_by
    last = order[-1] if order else None
    if not isinstance(last, str) or last.lstrip("-") not in ("pk", query.model._meta.pk.name):
        raise ValueError(f"A page needs an order ending with the primary key, not {order}")
    start = (page - 1) * size
    return query[start : start + size + 1]


def split_page(rows: list[T], page: int, size: int) -> tuple[list[T], int | None, int | None]:
    """The rows ``page_query`` read, as a page with the numbers of the newer and of the
    older page (None where there is none)."""
    newer = page - 1 if page > 1 else None
    older = page + 1 if len(rows) > size else None
    return rows[:size], newer, older

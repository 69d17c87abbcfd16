"""A page of rows read newest first, without counting them all: one row more than a page
is read, and says whether there is an older page.

The order must be total: where rows tie, PostgreSQL may return them in a different order
for each OFFSET, and a row then shows on two pages while another shows on none. So the
query's order must end with its primary key."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from django.core.paginator import EmptyPage, PageNotAnInteger
from django.db.models import QuerySet
from django.http import HttpRequest
from django_tables2 import Table

from lib.limits import whole_number

T = TypeVar("T")

# The page numbers a request may ask for: past the last page a view answers 404 (or shows
# the last one), and no database is asked for an OFFSET beyond what it can count.
MAX_PAGE = 100_000
# Rows a table shows at most on one page, whatever ``?per_page=`` says.
MAX_PER_PAGE = 200


def page_number(request: HttpRequest, name: str = "page") -> int:
    """The page asked for (``?page=``), from 1 to ``MAX_PAGE``; 1 when none or not a page
    number."""
    number = whole_number(request.GET.get(name))
    return min(max(number or 1, 1), MAX_PAGE)


def configure_table(request: HttpRequest, table: Table, per_page: int) -> Table:
    """What ``django_tables2.RequestConfig`` does, with the page and the page's size read
    as bounded whole numbers: ``?per_page=`` from 1 to ``MAX_PER_PAGE`` (``per_page`` when
    absent or not a number), ``?page=`` past the last page the last one."""
    table.request = request
    order_by = request.GET.getlist(table.prefixed_order_by_field)
    if order_by:
        table.order_by = order_by
    size = whole_number(request.GET.get(table.prefixed_per_page_field))
    size = min(max(size or per_page, 1), MAX_PER_PAGE)
    number = page_number(request, table.prefixed_page_field)
    try:
        table.paginate(page=number, per_page=size)
    except (EmptyPage, PageNotAnInteger):
        table.page = table.paginator.page(table.paginator.num_pages)
    return table


def page_of(
    query: QuerySet[Any, T], page: int, size: int, order: Sequence[str]
) -> tuple[list[T], int | None, int | None]:
    """The ``page``-th page (from 1) of ``query``'s rows in ``order``, ``size`` a page, with
    the numbers of the newer and of the older page (None where there is none): one query.

    Raises ValueError if ``order`` does not end with the primary key."""
    return split_page(list(page_query(query, page, size, order)), page, size)


def page_query(
    query: QuerySet[Any, T], page: int, size: int, order: Sequence[str]
) -> QuerySet[Any, T]:
    """``query`` in ``order``, limited to the rows of its ``page``-th page and one more
    (the sign of an older page), for ``split_page``.

    Raises ValueError if ``order`` does not end with the primary key: rows that tie may come
    back in another order at each OFFSET (PostgreSQL does it), a row on two pages and
    another on none."""
    last = order[-1] if order else ""
    if last.lstrip("-") not in ("pk", query.model._meta.pk.name):
        raise ValueError(f"A page needs an order ending with the primary key, not {order}")
    start = (page - 1) * size
    return query.order_by(*order)[start : start + size + 1]


def split_page(rows: list[T], page: int, size: int) -> tuple[list[T], int | None, int | None]:
    """The rows ``page_query`` read, as a page with the numbers of the newer and of the
    older page (None where there is none)."""
    newer = page - 1 if page > 1 else None
    older = page + 1 if len(rows) > size else None
    return rows[:size], newer, older

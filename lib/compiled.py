"""Read queries that Django builds and compiles once, then runs with new values.

Building a query and compiling it to SQL costs Django 1 to 2 ms of CPU for a join of a few
tables, more than the database takes to answer it with a prepared statement. A page that
every visitor asks for with only an id changing (a member's page) pays it for each query
at each visit. A ``CompiledQuery`` builds its query once per shape, with marker values in
place of the ids, keeps the SQL and where each id goes in its parameters, and then only
swaps the ids in and converts the columns as the ORM would (dates on SQLite, say).

Its values must be whole numbers or strings that the query compares as they are
(``player=value``, ``session_key=value``); anything else the query holds is fixed at the
first build: a value that changes from one build to the next (``timezone.now()``) is
refused, since it would be frozen. Keyword
arguments (a page number: Django writes LIMIT and OFFSET into the SQL) are part of the
shape: each gets its own compiled query, a bounded number of them kept.

``rows`` runs a ``values_list`` query and returns its tuples; ``objects`` runs a model
query (``select_related``, annotations and ``select_for_update`` included) and returns
its instances, built as the queryset builds them.

It reads what Django's SQL compiler holds after compiling (the selected columns, their
converters, ``ModelIterable``'s recipe for instances): not a public API, so
``tests/lib/test_compiled.py`` compares its answers with the queryset's own on both
databases, and a Django upgrade that changes them fails there first."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import ModelIterable, get_related_populators
from django.db.transaction import TransactionManagementError

# Where the query's values go: ids no row has and words no one types, unlikely among a
# query's own constants
_MARKERS = {int: lambda index: -1_987_654_321 - index, str: lambda index: f"<value {index}>"}
# The shapes kept for each query (pages of a table, say); the first ones asked for win
SHAPES = 64

Converter = Callable[[Any, Any, Any], Any]
# Django 5.2's (klass_info, select, db): the stubs describe a later version's
_related_populators: Callable[..., list[Any]] = get_related_populators


@dataclass(frozen=True, slots=True)
class _Instances:
    """How a model query's row becomes an instance (``ModelIterable``'s recipe, kept)."""

    model: type[Model]
    names: tuple[str, ...]  # the model's columns, by attribute name
    start: int
    end: int
    related: tuple[Any, ...]  # select_related's populators
    annotations: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class _Plan:
    """One shape of a query, compiled: its SQL (None if it can select nothing), its
    parameters with the position of each value, its columns and their converters."""

    alias: str
    sql: str | None
    params: tuple[Any, ...]
    slots: tuple[tuple[int, int], ...]  # (position in params, index of the value)
    columns: int
    converters: tuple[tuple[int, tuple[Converter, ...], Any], ...]
    instances: _Instances | None
    locks: bool  # SELECT ... FOR UPDATE: only inside a transaction


class CompiledQuery:
    """A query built by ``build(*values, **shape)``, compiled once per shape: ``rows``
    runs a ``values_list`` query and returns its tuples, ``objects`` a model query and
    returns its instances, as the queryset would."""

    def __init__(self, build: Callable[..., QuerySet[Any, Any]]) -> None:
        self._build = build
        self._plans: dict[tuple[Any, ...], _Plan] = {}

    def rows(self, *values: int | str, **shape: Any) -> list[tuple[Any, ...]]:
        plan = self._plan(values, shape)
        if plan.instances is not None:
            raise TypeError("rows() runs a values query: this one is a model query.")
        return self._run(plan, values)

    def objects(self, *values: int | str, **shape: Any) -> list[Any]:
        plan = self._plan(values, shape)
        recipe = plan.instances
        if recipe is None:
            raise TypeError("objects() runs a model query: this one is a values query.")
        found = []
        for row in self._run(plan, values):
            columns = row[recipe.start : recipe.end]
            instance = recipe.model.from_db(plan.alias, recipe.names, columns)
            for populator in recipe.related:
                populator.populate(row, instance)
            for name, position in recipe.annotations:
                setattr(instance, name, row[position])
            found.append(instance)
        return found

    def _plan(self, values: tuple[int | str, ...], shape: dict[str, Any]) -> _Plan:
        kinds = tuple(type(value) for value in values)
        key = (kinds, *sorted(shape.items()))
        plan = self._plans.get(key)
        if plan is None:
            plan = self._compile(kinds, shape)
            if len(self._plans) < SHAPES:
                self._plans[key] = plan
        return plan

    def _run(self, plan: _Plan, values: tuple[int | str, ...]) -> list[tuple[Any, ...]]:
        if plan.sql is None:
            return []
        params = list(plan.params)
        for position, index in plan.slots:
            params[position] = values[index]
        connection = connections[plan.alias]
        if plan.locks and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, params)
            rows = cursor.fetchall()
        if not plan.converters:
            return [tuple(row[: plan.columns]) for row in rows]
        return [_converted(row[: plan.columns], plan.converters, connection) for row in rows]

    def _compile(self, kinds: tuple[type, ...], shape: dict[str, Any]) -> _Plan:
        if not set(kinds) <= set(_MARKERS):
            raise TypeError("A CompiledQuery's values are whole numbers or strings.")
        markers = [_MARKERS[kind](index) for index, kind in enumerate(kinds)]
        where = {marker: index for index, marker in enumerate(markers)}
        query = self._build(*markers, **shape)
        built: Any = query  # what it holds beyond the public API
        if built._prefetch_related_lookups or built._known_related_objects:
            raise ValueError("A CompiledQuery cannot prefetch: build the query without it.")
        compiler = query.query.get_compiler(query.db)
        try:
            sql, params = compiler.as_sql()
        except EmptyResultSet:
            return _Plan(query.db, None, (), (), 0, (), None, False)
        again = self._build(*markers, **shape)
        if again.query.get_compiler(again.db).as_sql() != (sql, params):
            raise ValueError(
                "This query changes from one build to the next (a value such as the time "
                "of day): pass that value as one of the query's values, or keep it out of "
                "a CompiledQuery."
            )
        slots = tuple(
            (position, where[param])
            for position, param in enumerate(params)
            if type(param) in _MARKERS and param in where
        )
        missing = set(range(len(kinds))) - {index for _position, index in slots}
        if missing:
            raise ValueError(
                f"Values {sorted(missing)} of this query do not reach its SQL as they are: "
                "a CompiledQuery's values must be compared as they are (field=value)."
            )
        fields = [selected[0] for selected in compiler.select[: compiler.col_count]]
        converters = tuple(
            (position, tuple(functions), expression)
            for position, (functions, expression) in compiler.get_converters(fields).items()
        )
        return _Plan(
            query.db,
            sql,
            tuple(params),
            slots,
            compiler.col_count,
            converters,
            _instances(compiler, query.db)
            if issubclass(built._iterable_class, ModelIterable)
            else None,
            query.query.select_for_update and compiler.connection.features.has_select_for_update,
        )


def _instances(compiler: Any, database: str) -> _Instances:
    """The recipe ``ModelIterable`` follows to build a model query's instances."""
    info, select = compiler.klass_info, compiler.select
    start, end = info["select_fields"][0], info["select_fields"][-1] + 1
    return _Instances(
        model=info["model"],
        names=tuple(selected[0].target.attname for selected in select[start:end]),
        start=start,
        end=end,
        related=tuple(_related_populators(info, select, database)),
        annotations=tuple(compiler.annotation_col_map.items()),
    )


def _converted(
    row: tuple[Any, ...],
    converters: tuple[tuple[int, tuple[Converter, ...], Any], ...],
    connection: Any,
) -> tuple[Any, ...]:
    """``row`` with each column the ORM converts (``SQLCompiler.apply_converters``)
    converted."""
    values = list(row)
    for position, functions, expression in converters:
        value = values[position]
        for function in functions:
            value = function(value, expression, connection)
        values[position] = value
    return tuple(values)

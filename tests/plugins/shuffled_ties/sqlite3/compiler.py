"""SQLite's compilers, the SELECT's shuffling its ties."""

from typing import Any

from django.db.models.sql import compiler

from tests.plugins.shuffled_ties import shuffled_ties

SQLAggregateCompiler = compiler.SQLAggregateCompiler
SQLDeleteCompiler = compiler.SQLDeleteCompiler
SQLInsertCompiler = compiler.SQLInsertCompiler
SQLUpdateCompiler = compiler.SQLUpdateCompiler


class SQLCompiler(compiler.SQLCompiler):
    def get_order_by(self) -> list[Any]:
        return shuffled_ties(self, super().get_order_by())

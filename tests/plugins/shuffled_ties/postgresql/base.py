"""PostgreSQL, its SELECTs shuffling their ties (``tests.plugins.random_ties_settings``)."""

from django.db.backends.postgresql import base, operations


class DatabaseOperations(operations.DatabaseOperations):
    compiler_module = "tests.plugins.shuffled_ties.postgresql.compiler"


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations

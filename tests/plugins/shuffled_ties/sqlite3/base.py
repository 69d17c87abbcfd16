"""SQLite, its SELECTs shuffling their ties (``tests.plugins.random_ties_settings``)."""

from django.db.backends.sqlite3 import base, operations


class DatabaseOperations(operations.DatabaseOperations):
    compiler_module = "tests.plugins.shuffled_ties.sqlite3.compiler"


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations

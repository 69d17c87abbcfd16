"""Dump every rating history row as stored, for comparisons of replays, value for value.

``dump(path)`` writes the rating batches, the history rows (every column; the JSON
breakdown and state as the values the database holds, whatever the encoder's spacing)
and the current ratings, ordered by system, batch order and primary key, one line a row.
Two replays of the same database give the same file exactly when they wrote the same
rows. The benchmark calls it with ``--dump PATH`` after its replays.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

JSON_COLUMNS = {"state", "breakdown"}


def _text(value: Any, column: str) -> str:
    # JSON columns come back as text (SQLite) or decoded (psycopg): print both the same
    # way, whatever spacing the writer's encoder used
    if column in JSON_COLUMNS and isinstance(value, str):
        value = json.loads(value)
    if isinstance(value, dict | list):
        return json.dumps(value, sort_keys=False, ensure_ascii=False)
    return repr(value)


def dump(path: Path) -> int:
    """Write the history to ``path``; returns the number of history rows written."""
    from django.db import connection

    queries = {
        "batch": "SELECT b.* FROM ratings_ratingbatch b JOIN ratings_ratingsystem s "
        "ON s.id = b.system_id ORDER BY s.name, b.{order}, b.id",
        "change": "SELECT s.name, b.{order}, c.* FROM ratings_ratingchange c "
        "JOIN ratings_ratingbatch b ON b.id = c.batch_id "
        "JOIN ratings_ratingsystem s ON s.id = b.system_id ORDER BY s.name, b.{order}, c.id",
        "rating": "SELECT s.name, r.* FROM ratings_rating r JOIN ratings_ratingsystem s "
        "ON s.id = r.system_id ORDER BY s.name, r.player_id",
    }
    order = connection.ops.quote_name("order")
    changes = 0
    with path.open("w", encoding="utf-8") as out, connection.cursor() as cursor:
        for name, sql in queries.items():
            cursor.execute(sql.format(order=order))
            columns = [c[0] for c in cursor.description]
            out.write(f"# {name}: {' '.join(columns)}\n")
            for row in cursor.fetchall():
                out.write("\t".join(_text(v, c) for v, c in zip(row, columns, strict=True)) + "\n")
                changes += name == "change"
    return changes

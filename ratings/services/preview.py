"""The preview: what the current ratings would become with other parameters.

It rates the whole history in memory and writes nothing, so it takes no lock: a
recalculation or a result saved at the desk meanwhile never waits for it. It reads the
history and the current ratings in one snapshot (:func:`lib.snapshot.reading_snapshot`: a
REPEATABLE READ transaction on PostgreSQL, a read transaction on SQLite, which
sees one snapshot already), so a replay committed meanwhile cannot show up half-way in
its comparison.
"""

from __future__ import annotations

import copy
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from club.models import Player
from lib.snapshot import reading_snapshot
from ratings.models import Rating, RatingSystem
from ratings.services.replay import players_of, rate_plan
from ratings.services.timeline import timeline


@dataclass(frozen=True)
class Impact:
    player: Player
    before: float | None
    after: float | None

    @property
    def delta(self) -> float:
        return (self.after or 0) - (self.before or 0)


def preview(system: RatingSystem, overrides: dict[str, Any]) -> list[Impact]:
    """What the current ratings would become with ``overrides``, largest changes first.
    Nothing is written; ``system`` is left as it was."""
    changed = copy.copy(system)
    changed.params = overrides
    # No transaction open: the reads see one snapshot of their own. Inside one, they are
    # the enclosing transaction's, in its isolation, and see what it wrote.
    reads: AbstractContextManager[None] = (
        reading_snapshot() if transaction.get_autocommit() else transaction.atomic()
    )
    with reads:
        before = dict(Rating.objects.filter(system=system).values_list("player_id", "rating"))
        plan = timeline(changed, None)
        states: dict[int, Any] = {}
        for _rows in rate_plan(changed, plan, states, players_of(plan), [None] * len(plan)):
            pass
        after = {pid: state.rating for pid, state in states.items()}
        moved = [p for p in before.keys() | after.keys() if before.get(p) != after.get(p)]
        players = Player.objects.in_bulk(moved)
    impacts = [Impact(players[p], before.get(p), after.get(p)) for p in moved]
    return sorted(impacts, key=lambda i: (-abs(i.delta), str(i.player)))

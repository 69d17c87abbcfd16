"""Recalculation: turns closed events into rating history. Three ideas, a module each:

- :mod:`~ratings.services.timeline`, the planner: a system's batches in date order (its
  events or rating periods, the official lists, the one-off adjustments) with their games;
- :mod:`~ratings.services.replay`, the writer: rates the planned batches and writes the
  history and the current ratings, in one transaction under the system's lock;
- :mod:`~ratings.services.preview`: the ratings other parameters would give, rated in
  memory from one snapshot, without writing or locking anything.

The names below are the services the rest of the site calls. The desk does not replay in
its requests: closing, reopening, cancelling or deleting an event queues the replays
(``ratings.tasks.queue_event_replays``), which the task worker runs with :func:`recalculate`.
"""

from ratings.services.preview import Impact, preview
from ratings.services.replay import (
    Progress,
    ReplayReport,
    event_day,
    event_results_changed,
    recalculate,
    recalculate_all,
    systems_to_replay,
)
from ratings.services.timeline import LOOKBACK, rated_events, rating_period

__all__ = [
    "LOOKBACK",
    "Impact",
    "Progress",
    "ReplayReport",
    "event_day",
    "event_results_changed",
    "preview",
    "rated_events",
    "rating_period",
    "recalculate",
    "recalculate_all",
    "systems_to_replay",
]

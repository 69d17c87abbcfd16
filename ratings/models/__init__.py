"""The ratings' models, one module an idea: the systems the club configures, their
history, their configuration's changes, the federations' official lists, and the
recalculations run in the background.

Every model and public name is imported here, so ``from ratings.models import X`` reads
them all from one place (Django finds an app's models in its ``models`` package).
"""

# isort: off
# In the order the models were declared when they were one module: Django registers them
# in import order, and a backup (lib/backup.py, dumpdata) writes them in that order.
from ratings.models.systems import (
    ENGINE_CHOICES,
    RatingSystem,
    RatingSystemQuerySet,
    engine_choices,
)
from ratings.models.history import (
    Rating,
    RatingAdjustment,
    RatingBatch,
    RatingBatchQuerySet,
    RatingChange,
    RatingStatus,
    is_estimated,
    state_from_json,
)
from ratings.models.audit import ConfigChange
from ratings.models.official import STALE_AFTER, ListedPlayer, OfficialList, OfficialRating
from ratings.models.jobs import ReplayJob, ReplayJobQuerySet
from ratings.models.summary import NEWEST_CHANGES, RatingSummary
# isort: on

__all__ = [
    "ENGINE_CHOICES",
    "NEWEST_CHANGES",
    "STALE_AFTER",
    "ConfigChange",
    "ListedPlayer",
    "OfficialList",
    "OfficialRating",
    "Rating",
    "RatingAdjustment",
    "RatingBatch",
    "RatingBatchQuerySet",
    "RatingChange",
    "RatingStatus",
    "RatingSummary",
    "RatingSystem",
    "RatingSystemQuerySet",
    "ReplayJob",
    "ReplayJobQuerySet",
    "engine_choices",
    "is_estimated",
    "state_from_json",
]

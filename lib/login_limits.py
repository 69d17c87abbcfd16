"""Login throttling (django-axes) on three counts, each over ``AXES_COOLOFF_TIME``:

- one account from one address: ``AXES_FAILURE_LIMIT`` failures (5) lock that pair;
- one account from any address: ``AXES_ACCOUNT_FAILURE_LIMIT`` (20) lock the account,
  so that guessing spread over many addresses is stopped too;
- one address on any account: ``AXES_ADDRESS_FAILURE_LIMIT`` (20) lock the address,
  so that password spraying (a few common passwords tried on every account) is stopped.

The wide limits are higher than the pair's, so a stranger cannot lock a member out with a
few tries. axes compares one count with one limit: the handler gives it the pair's count,
or the limit itself once a wide count is reached. A success clears the pair's count only
(a sprayer logging into their own account does not clear their address's count).
An attempt refused during a lock is not counted (``AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT``
off), so one address adds at most ``AXES_FAILURE_LIMIT`` to an account's count within the
cool-off and never locks the account for the member's own address.
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from django.conf import settings
from django.db.models import QuerySet, Sum
from django.http import HttpRequest


def _failures(attempts: QuerySet[Any]) -> int:
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


class LoginLimitsHandler(AxesDatabaseHandler):
    """For ``AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "username",
    "ip_address"]``, in that order."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        pair, account, address = (
            _failures(attempts) for attempts in self.get_user_attempts(request, credentials)
        )
        if (
            account >= settings.AXES_ACCOUNT_FAILURE_LIMIT
            or address >= settings.AXES_ADDRESS_FAILURE_LIMIT
        ):
            return max(pair, get_failure_limit(request, credentials))
        return pair

    def reset_user_attempts(
        self, request: HttpRequest, credentials: dict[str, Any] | None = None
    ) -> int:
        pair = self.filter_user_attempts(request, credentials)[0]
        count, _deleted = pair.delete()
        return count

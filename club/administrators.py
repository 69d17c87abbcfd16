"""At least one administrator, always: on the desk's accounts page and in ``/admin/``.

An administrator here is an active superuser: the accounts that give roles (the desk's
accounts pages and Django's admin site ask for it; ``desk.access.is_administrator``).
``ratings.access`` also lets an account given the rating systems' permission change the
rating systems, but such an account cannot give roles, so it cannot mend a site left
without a superuser.

Every change that could take the role away (a demotion, a deactivation, a deletion)
first locks the administrators' rows (``lock_administrators``, in the order of their
keys): two administrators removing each other at the same moment wait for one another on
PostgreSQL as on SQLite, and the second sees the first's change, so it is refused when it
would leave nobody (or when its author is no longer an administrator).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from club.exceptions import DeskError


def lock_administrators() -> list[int]:
    """The active superusers' keys, their rows locked until the transaction ends (so
    called inside one)."""
    found = User.objects.select_for_update().filter(is_superuser=True, is_active=True)
    return list(found.order_by("pk").values_list("pk", flat=True))


def check_keeps_an_administrator(
    account: User,
    *,
    superuser: bool,
    active: bool,
    deleted: bool = False,
    by: User | None = None,
) -> None:
    """Refuse (``DeskError``) to make ``account`` what is said (``superuser``,
    ``active``, or ``deleted``) if that leaves no active superuser; ``by``: the
    administrator asking, refused if they are no longer one. Locks the administrators'
    rows first (``lock_administrators``)."""
    administrators = lock_administrators()
    if by is not None and by.pk not in administrators:
        raise DeskError(_("You are no longer an administrator: nothing was changed."))
    stays = superuser and active and not deleted
    if account.pk in administrators and not stays and len(administrators) <= 1:
        raise DeskError(
            _(
                "%(name)s is the last administrator: give another account the "
                "administrator's role first."
            )
            % {"name": account.get_username()}
        )


def check_keeps_one_of(accounts: list[Any]) -> None:
    """Refuse deleting ``accounts`` together if they are every administrator."""
    administrators = lock_administrators()
    if administrators and set(administrators) <= {account.pk for account in accounts}:
        raise DeskError(_("These accounts are every administrator: keep at least one of them."))

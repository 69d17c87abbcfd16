"""The club's roles: secretaries (a group) and administrators; who holds them, asked once
per signed-in user."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import Group
from django.db.models import Exists, OuterRef, QuerySet

from lib.compiled import CompiledQuery

SECRETARIES = "secretaries"


def is_secretary(user: Any) -> bool:
    """A member of the secretaries group or an administrator; asked of the database once
    per user object (a request's access check and its menu share the answer)."""
    if not user.is_authenticated:
        return False
    known = getattr(user, "_is_secretary", None)
    if known is None:
        known = user.is_superuser or user.groups.filter(name=SECRETARIES).exists()
        user._is_secretary = known
    return bool(known)


class RoleBackend(ModelBackend):
    """Django's model backend, whose signed-in user comes with the answer of
    ``is_secretary`` read in the same query: a desk request (a saved result, fifty
    secretaries at once) asks the database once less."""

    def get_user(self, user_id: Any) -> Any:
        found = _USER_WITH_ROLE.objects(user_id)
        if not found:
            return None
        user = found[0]
        user._is_secretary = user.is_superuser or user.in_secretaries
        return user if self.user_can_authenticate(user) else None


def _user_with_role(pk: int) -> QuerySet[Any]:
    in_group = Group.objects.filter(name=SECRETARIES, user=OuterRef("pk"))
    users = get_user_model()._default_manager
    return users.annotate(in_secretaries=Exists(in_group)).filter(pk=pk)


# Asked at every signed-in request: compiled once
_USER_WITH_ROLE = CompiledQuery(_user_with_role)

"""The club's roles: secretaries (a group) and administrators; who holds them, asked once
per signed-in user."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef
from django.http import HttpRequest

SECRETARIES = "secretaries"


def acting_user(request: HttpRequest) -> User:
    """The account signed in on ``request``, as a write records it (``updated_by``, the
    desk's history), for the views only an account reaches (the desk's, the
    administrators'); an anonymous visitor refused (403)."""
    user = request.user
    if not isinstance(user, User) or not user.is_authenticated:
        raise PermissionDenied
    return user


def is_secretary(user: User | AnonymousUser) -> bool:
    """A member of the secretaries group or an administrator; asked of the database once
    per user object (a request's access check and its menu share the answer, and a user
    that ``RoleBackend`` signed in comes with it)."""
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    known = getattr(user, "in_secretaries", None)
    if known is None:
        known = user.groups.filter(name=SECRETARIES).exists()
        user.in_secretaries = known  # type: ignore[attr-defined]
    return bool(known)


class RoleBackend(ModelBackend):
    """Django's model backend, whose signed-in user comes with whether they are in the
    secretaries group, read in the same query (``in_secretaries``): a desk request (a
    saved result, fifty secretaries at once) asks the database once less."""

    def get_user(self, user_id: Any) -> Any:
        """The user ``user_id`` with ``in_secretaries`` (an ``Exists`` of their row in
        the secretaries group); None for no such user or one who may not sign in."""
        user_model: Any = get_user_model()
        membership = user_model.groups.through.objects.filter(
            user=OuterRef("pk"), group__name=SECRETARIES
        )
        try:
            user = user_model.objects.annotate(in_secretaries=Exists(membership)).get(pk=user_id)
        except user_model.DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None

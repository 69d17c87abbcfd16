"""The club's roles: secretaries (a group) and administrators; who holds them, asked once
per signed-in user."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AnonymousUser, Group, User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from lib import sql_reads

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
        """The user ``user_id`` with ``in_secretaries``: what
        ``User.objects.annotate(in_secretaries=Exists(the group's row)).filter(pk=user_id)``
        reads, in SQL (``lib.sql_reads``: read at every signed-in request); None for no
        such user or one who may not sign in."""
        user_model = get_user_model()
        found = sql_reads.rows(user_model, _user_sql(), [SECRETARIES, user_id])
        if not found:
            return None
        alias = sql_reads.database(user_model)
        user = sql_reads.instance(user_model, found[0][:-1], alias)
        user.in_secretaries = bool(found[0][-1])
        return user if self.user_can_authenticate(user) else None


@cache
def _user_sql() -> str:
    """The SQL of ``RoleBackend.get_user``, its tables' names as the models give them."""
    user_model: Any = get_user_model()
    groups: Any = user_model.groups.through  # the table of who is in which group
    member = groups._meta.get_field("user").column
    group = groups._meta.get_field("group").column
    return f"""
        SELECT {sql_reads.columns(user_model, "u")}, EXISTS (
            SELECT 1 FROM {groups._meta.db_table} m
            JOIN {Group._meta.db_table} g ON g.id = m.{group}
            WHERE m.{member} = u.{user_model._meta.pk.column} AND g.name = %s
        )
        FROM {user_model._meta.db_table} u
        WHERE u.{user_model._meta.pk.column} = %s"""

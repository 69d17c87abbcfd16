"""The signed-in user read with their role in one query (``club.roles.RoleBackend.get_user``)
against the user as stored, field for field, on both databases."""

import pytest
from django.contrib.auth.models import Group, User

from club.roles import SECRETARIES, RoleBackend, is_secretary

pytestmark = pytest.mark.django_db


def test_the_user_comes_as_the_orm_reads_them_with_their_role() -> None:
    secretaries = Group.objects.get(name=SECRETARIES)
    other = Group.objects.create(name="trésoriers")
    secretary = User.objects.create_user("marie", "marie@example.org", "x", first_name="Marie")
    secretary.groups.add(other, secretaries)
    treasurer = User.objects.create_user("jules", last_name="Dupont")
    treasurer.groups.add(other)
    admin = User.objects.create_superuser("admin", "admin@example.org", "x")
    gone = User.objects.create_user("parti", is_active=False)
    backend = RoleBackend()
    for user, role in ((secretary, True), (treasurer, False), (admin, False)):
        read = backend.get_user(user.pk)
        expected = User.objects.get(pk=user.pk)
        fields = [f.attname for f in User._meta.concrete_fields]
        assert [getattr(read, f) for f in fields] == [getattr(expected, f) for f in fields]
        assert read._state.db == "default" and not read._state.adding
        assert read.in_secretaries is role
        assert is_secretary(read) is (role or user.is_superuser)
    assert backend.get_user(gone.pk) is None  # may not sign in
    assert backend.get_user(gone.pk + 1000) is None

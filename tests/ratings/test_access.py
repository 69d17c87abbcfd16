"""Administrators' rating pages: superusers and accounts given the permission to change
rating systems; the staff flag alone (Django's admin site) opens nothing here."""

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.test import Client
from django.urls import reverse

from ratings.models import ConfigChange, RatingSystem, ReplayJob

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_secretary() -> User:
    user = User.objects.create_user("staff", password="x", is_staff=True)
    user.groups.add(Group.objects.get(name="secretaries"))
    return user


def test_it_refuses_a_staff_secretary_to_apply_parameters(
    client: Client, staff_secretary: User
) -> None:
    system = RatingSystem.objects.get(engine="club")
    client.force_login(staff_secretary)
    response = client.post(reverse("ratings:apply", args=[system.pk]), {"overrides": '{"k": 40}'})
    assert response.status_code == 403
    system.refresh_from_db()
    assert system.params == {}
    assert not ConfigChange.objects.exists()


def test_it_refuses_a_staff_secretary_to_start_a_replay(
    client: Client, staff_secretary: User
) -> None:
    system = RatingSystem.objects.get(engine="club")
    client.force_login(staff_secretary)
    response = client.post(reverse("ratings:recalculation"), {"system": system.pk})
    assert response.status_code == 403
    assert not ReplayJob.objects.exists()


def test_it_hides_the_ratings_link_from_a_staff_secretary(
    client: Client, staff_secretary: User
) -> None:
    client.force_login(staff_secretary)
    assert reverse("ratings:systems") not in client.get(reverse("home")).content.decode()


def test_it_lets_in_an_account_given_the_permission(client: Client) -> None:
    user = User.objects.create_user("gestionnaire", password="x")
    user.user_permissions.add(Permission.objects.get(codename="change_ratingsystem"))
    client.force_login(user)
    assert client.get(reverse("ratings:systems")).status_code == 200
    assert reverse("ratings:systems") in client.get(reverse("home")).content.decode()

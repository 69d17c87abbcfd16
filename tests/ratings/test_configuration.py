import dataclasses
import json
import re
from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Player
from ratings import rules
from ratings.models import (
    ConfigChange,
    Rating,
    RatingAdjustment,
    RatingChange,
    RatingSystem,
    ReplayJob,
)
from ratings.params_form import ParamsForm
from tests.task_worker import work_queued_tasks

pytestmark = pytest.mark.django_db(transaction=True, databases=["default", "snapshot"])


def _ratings(system: RatingSystem) -> list[tuple[int, float | None]]:
    return sorted(Rating.objects.filter(system=system).values_list("player_id", "rating"))


@pytest.mark.parametrize("key", list(rules.SYSTEMS))
def test_the_form_offers_every_parameter_the_rules_read(key: str) -> None:
    params = rules.params_on(key, date(2026, 1, 1))
    form = ParamsForm(params)
    offered = {
        name.split("_", 2)[0] + "_" + name.split("_", 2)[1]
        if name.startswith("k_schedule_")
        else name
        for name in form.fields
    }
    assert {f.name for f in dataclasses.fields(params)} <= offered


def test_a_change_is_previewed_without_writing_then_applied_and_reverted(
    administrator_client: Client, season: None, club_system: RatingSystem
) -> None:
    before = _ratings(club_system)
    history = list(RatingChange.objects.order_by("pk").values_list("pk", "rating_after"))
    response = administrator_client.post(
        reverse("ratings:preview", args=[club_system.pk]), _form(club_system, k="32")
    )
    assert response.status_code == 200
    assert response.context["count"] > 0
    assert _ratings(club_system) == before
    assert list(RatingChange.objects.order_by("pk").values_list("pk", "rating_after")) == history

    overrides = json.loads(response.context["overrides"])
    assert overrides == {"k": 32.0}
    response = administrator_client.post(
        reverse("ratings:apply", args=[club_system.pk]),
        {"overrides": response.context["overrides"]},
    )
    job = ReplayJob.objects.get()
    assert response.url == reverse("ratings:job", args=[job.pk])  # type: ignore[attr-defined]
    work_queued_tasks()
    club_system.refresh_from_db()
    assert club_system.params == {"k": 32.0}
    changed = _ratings(club_system)
    assert changed != before
    change = ConfigChange.objects.get()
    assert (change.old, change.new) == ({}, {"k": 32.0})

    response = administrator_client.post(reverse("ratings:revert", args=[change.pk]))
    administrator_client.post(
        reverse("ratings:apply", args=[club_system.pk]),
        {"overrides": response.context["overrides"]},
    )
    work_queued_tasks()
    assert _ratings(club_system) == before


def _form(system: RatingSystem, **values: str) -> dict[str, str]:
    form = ParamsForm(system.params_on(timezone.localdate()), prefix="p")
    data = {}
    for name, field in form.fields.items():
        initial = form.get_initial_for_field(field, name)
        if initial is not None and initial != "":
            data[f"p-{name}"] = "on" if initial is True else str(initial)
    data.update({f"p-{k}": v for k, v in values.items()})
    return data


_ROWS_FROM_THIRD = tuple(f"p-k_schedule_{row}_" for row in range(2, 6))


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"periods": "13-01"}, "13-01 n&#x27;est pas un jour de l&#x27;année"),
        ({"k_schedule_2_k": "", "k_schedule_2_below_rating": "1800"}, "n&#x27;a pas de K"),
        (
            {
                "k_schedule_2_k": "",
                "k_schedule_1_below_rating": "",
                "k_schedule_1_k": "20",
                "k_schedule_0_until_games": "30",
            },
            "k_schedule: the last row must have no condition",
        ),
    ],
)
def test_a_bad_parameter_is_refused_with_a_message(
    administrator_client: Client, club_system: RatingSystem, values: dict[str, str], message: str
) -> None:
    data = _form(club_system, **values)
    if "k_schedule_1_below_rating" in values:
        data["p-k_schedule_1_below_rating"] = "2400"
        # two rows left, the last with a condition: the default's rows from the third on go
        data = {k: v for k, v in data.items() if not k.startswith(_ROWS_FROM_THIRD)}
    response = administrator_client.post(reverse("ratings:preview", args=[club_system.pk]), data)
    assert response.status_code == 400
    assert message in response.content.decode()


def test_restoring_the_regulation_previews_the_defaults(
    administrator_client: Client, club_system: RatingSystem
) -> None:
    club_system.params = {"k": 25}
    club_system.save()
    response = administrator_client.post(reverse("ratings:defaults", args=[club_system.pk]))
    assert response.context["overrides"] == "{}"


def test_a_one_off_adjustment_is_a_row_of_its_own_in_the_history(
    administrator_client: Client, season: None, club_system: RatingSystem, players: list[Player]
) -> None:
    administrator_client.post(
        reverse("ratings:adjust", args=[club_system.pk]),
        {
            "a-label": "Ajustement 2026",
            "a-day": "2026-02-01",
            "a-threshold": "2000",
            "a-factor": "0.4",
        },
    )
    work_queued_tasks()
    adjustment = RatingAdjustment.objects.get()
    row = RatingChange.objects.get(batch__kind="adjustment", player=players[2])
    assert row.rating_after == round(row.rating_before + 0.4 * (2000 - row.rating_before))  # type: ignore[operator]
    after = RatingChange.objects.filter(player=players[2], batch__day__gt=adjustment.day).first()
    assert after.rating_before == row.rating_after  # type: ignore[union-attr]


@pytest.mark.parametrize("who", ["anonymous", "member", "secretary"])
def test_only_administrators_reach_the_configuration(
    client: Client, club_system: RatingSystem, who: str
) -> None:
    if who != "anonymous":
        user = User.objects.create_user(who, password="x")
        if who == "secretary":
            user.groups.add(Group.objects.get_or_create(name="secretaries")[0])
        client.force_login(user)
    for url in (reverse("ratings:systems"), reverse("ratings:system", args=[club_system.pk])):
        response = client.get(url)
        if who == "anonymous":  # asked to log in; a logged-in non-administrator is refused
            assert response.status_code == 302 and reverse("login") in response.url  # type: ignore[attr-defined]
        else:
            assert response.status_code == 403
    response = client.post(reverse("ratings:apply", args=[club_system.pk]), {"overrides": "{}"})
    assert response.status_code in (302, 403) and not ConfigChange.objects.exists()


def test_choosing_the_national_federation_enables_its_system_only(
    administrator_client: Client,
) -> None:
    administrator_client.post(reverse("ratings:national"), {"engine": "ffe"})
    from ratings.models import RatingSystem

    national = RatingSystem.objects.filter(role="national")
    assert list(national.filter(enabled=True).values_list("engine", flat=True)) == ["ffe"]


def test_the_table_is_edited_as_lines_and_checked(
    administrator_client: Client, club_system: RatingSystem
) -> None:
    data = _form(club_system, expected_method="table", expected_table="3 50\n10 51\n20 52")
    response = administrator_client.post(reverse("ratings:preview", args=[club_system.pk]), data)
    overrides = json.loads(response.context["overrides"])
    assert overrides["expected_table"] == [[3, 50], [10, 51], [20, 52]]
    assert overrides["expected_method"] == "table"
    bad = _form(club_system, expected_table="3 50\n2 51")
    response = administrator_client.post(reverse("ratings:preview", args=[club_system.pk]), bad)
    assert "the bands&#x27; differences must rise" in response.content.decode()


def test_the_preview_restates_the_change_and_says_how_many_rows_it_shows(
    administrator_client: Client,
    season: None,
    club_system: RatingSystem,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("ratings.views.admin.PREVIEW_ROWS", 2)
    response = administrator_client.post(
        reverse("ratings:preview", args=[club_system.pk]), _form(club_system, k="32")
    )
    html = response.content.decode()
    count = response.context["count"]
    assert count == 4  # the season's players whose rating K 32 changes
    restated = html[html.index('id="change-in-words"') : html.index('id="impacts"')]
    assert "K imposé\xa0: aucun → 32" in restated
    assert f"2 sur {count} affichés" in html and f"Les voir tous les {count}" in html
    hidden = html[html.index('id="more-impacts"') :]
    assert hidden.count("<tr>") == count - 2  # the others are on the page, folded
    assert 'data-bs-target="#more-impacts"' in html
    impacts = html[html.index('id="impacts"') :]
    assert not re.search(r">\d{3,4},0<", impacts)  # a rating without a decimal is whole

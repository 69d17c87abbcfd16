from datetime import date
from io import StringIO
from typing import NoReturn

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from club.models import Player
from ratings.models import RatingBatch, RatingChange, RatingSystem, ReplayJob
from ratings.rules.base import Batch
from tests.ratings.conftest import D, MakeEvent, W
from tests.task_worker import work_queued_tasks

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_administrator_replays_in_the_background_and_watches_it_finish(
    administrator_client: Client,
    make_event: MakeEvent,
    players: list[Player],
    club_system: RatingSystem,
) -> None:
    make_event(date(2026, 1, 9), [[(players[0], players[1], W), (players[2], players[3], D)]])
    response = administrator_client.post(
        reverse("ratings:recalculation"), {"system": club_system.pk}
    )
    job = ReplayJob.objects.get()
    assert response.url == reverse("ratings:job", args=[job.pk])  # type: ignore[attr-defined]
    assert job.state == ReplayJob.State.QUEUED
    queued = administrator_client.get(response.url).content.decode()  # type: ignore[attr-defined]
    assert 'hx-trigger="every 1s"' in queued

    work_queued_tasks()

    job.refresh_from_db()
    assert (job.state, job.done, job.total) == (ReplayJob.State.DONE, 1, 1)
    assert RatingChange.objects.filter(batch__system=club_system).count() == 4
    fragment = administrator_client.get(
        response.url,  # type: ignore[attr-defined]
        headers={"HX-Request": "true"},
    ).content.decode()
    assert "100 %" in fragment and "every 1s" not in fragment


def test_a_failed_replay_is_reported_and_changes_nothing(
    administrator_client: Client,
    make_event: MakeEvent,
    players: list[Player],
    club_system: RatingSystem,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    make_event(date(2026, 1, 9), [[(players[0], players[1], W)]])
    call_command("recalculate", stdout=StringIO(), stderr=StringIO())
    before = list(RatingChange.objects.order_by("pk").values_list("player", "rating_after"))

    def broken(batch: Batch, params: object) -> NoReturn:
        raise RuntimeError("the rules broke")

    monkeypatch.setattr(club_system.module, "rate", broken)
    administrator_client.post(reverse("ratings:recalculation"), {"system": club_system.pk})
    work_queued_tasks()
    job = ReplayJob.objects.get()
    assert job.state == ReplayJob.State.FAILED and "the rules broke" in job.error
    assert list(RatingChange.objects.order_by("pk").values_list("player", "rating_after")) == before


@pytest.mark.parametrize("who", ["anonymous", "member"])
def test_only_administrators_reach_the_recalculation_pages(client: Client, who: str) -> None:
    if who == "member":
        client.force_login(User.objects.create_user("member", password="x"))
    response = client.get(reverse("ratings:recalculation"))
    if who == "anonymous":  # asked to log in; a logged-in non-administrator is refused
        assert response.status_code == 302 and reverse("login") in response.url  # type: ignore[attr-defined]
    else:
        assert response.status_code == 403
    assert not ReplayJob.objects.exists()


def test_the_command_shows_a_progress_bar_and_the_speed(
    make_event: MakeEvent, players: list[Player], capsys: pytest.CaptureFixture[str]
) -> None:
    make_event(date(2026, 1, 9), [[(players[0], players[1], W)]])
    make_event(date(2026, 2, 9), [[(players[1], players[0], W)]])
    out = StringIO()
    call_command("recalculate", "--system", "club", stdout=out)
    assert "Elo du club: 2 batches, 2 games" in out.getvalue()
    assert "[########################################] 2/2" in capsys.readouterr().err
    assert RatingBatch.objects.filter(system__engine="club").count() == 2


def test_the_command_names_the_systems_it_knows() -> None:
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="no rating system 'uscf': choose one of"):
        call_command("recalculate", "--system", "uscf")

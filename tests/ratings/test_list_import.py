from datetime import date
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from club.models import Player
from ratings.models import OfficialRating, RatingChange, ReplayJob
from ratings.official_lists import ListError
from ratings.services import recalculate_all
from tests.ratings.conftest import MakeEvent
from tests.task_worker import replayed

pytestmark = pytest.mark.django_db

LISTS = Path(__file__).resolve().parent.parent / "fixtures" / "lists"


@pytest.fixture
def ours(db: None) -> list[Player]:
    return [
        Player.objects.create(
            first_name="Luc",
            last_name="Dubois",
            fide_id=200000,
            national_id="10000",
            federation="BEL",
            national_rating=1690,
        ),
        Player.objects.create(
            first_name="Marie",
            last_name="Lambert",
            fide_id=207919,
            national_id="10137",
            federation="BEL",
        ),
    ]


def test_it_records_a_fide_list_for_our_players_and_reports_the_others(ours: list[Player]) -> None:
    out = StringIO()
    call_command(
        "import_rating_list",
        "fide",
        str(LISTS / "standard_nov26frl.txt"),
        "--date",
        "2026-11-01",
        stdout=out,
    )
    official = OfficialRating.objects.filter(system__engine="fide").order_by("rating")
    assert [(o.player_id, o.rating, o.list_date) for o in official] == [
        (ours[1].pk, 1598, date(2026, 11, 1)),
        (ours[0].pk, 1712, date(2026, 11, 1)),
    ]
    assert "3 rows listed, 2 players matched, 1 not ours" in out.getvalue()
    assert "line 4 Someone, Far Away" in out.getvalue()
    assert Player.objects.get(pk=ours[0].pk).fide_rating == 1712


def test_importing_the_same_list_twice_keeps_one_rating_a_player(ours: list[Player]) -> None:
    for _ in range(2):
        call_command(
            "import_rating_list",
            "fide",
            str(LISTS / "standard_nov26frl_xml.xml"),
            "--date",
            "2026-11-01",
            stdout=StringIO(),
        )
    assert OfficialRating.objects.filter(system__engine="fide").count() == 2


def test_a_belgian_list_becomes_the_anchor_later_estimates_continue_from(
    ours: list[Player], make_event: MakeEvent
) -> None:
    from tests.ratings.conftest import W

    make_event(date(2026, 9, 4), [[(ours[0], ours[1], W)]])
    october = make_event(date(2026, 10, 9), [[(ours[1], ours[0], W)]])
    recalculate_all()
    out = StringIO()
    with replayed():
        call_command(
            "import_rating_list",
            "frbe",
            str(LISTS / "frbe_2026_10.csv"),
            "--date",
            "2026-10-01",
            stdout=out,
        )
    job = ReplayJob.objects.get(system__engine="frbe")
    assert f"recalculation #{job.pk} of {job.system} queued from 2026-10-01" in out.getvalue()
    assert job.state == ReplayJob.State.DONE
    assert Player.objects.get(pk=ours[0].pk).national_rating == 1705
    anchor = RatingChange.objects.get(batch__kind="official", player=ours[0])
    september = RatingChange.objects.get(
        batch__system__engine="frbe", batch__period_end=date(2026, 9, 30), player=ours[0]
    )
    assert (anchor.rating_before, anchor.rating_after) == (september.rating_after, 1705)
    estimate = RatingChange.objects.get(
        batch__system__engine="frbe",
        batch__period_start__lte=october.end.date(),
        batch__period_end__gte=october.end.date(),
        player=ours[0],
    )
    assert estimate.rating_before == 1705


def test_a_broken_list_changes_nothing(ours: list[Player], tmp_path: Path) -> None:
    broken = tmp_path / "broken.csv"
    broken.write_text("Matricule;Nom;Elo\n10000;Dubois;1705\n10137;Lambert;15x0\n")
    with pytest.raises(CommandError, match="line 3: the rating '15x0' is not a rating"):
        call_command("import_rating_list", "frbe", str(broken), stdout=StringIO())
    assert not OfficialRating.objects.exists()
    assert Player.objects.get(pk=ours[0].pk).national_rating == 1690


def test_the_service_refuses_a_list_no_system_uses(ours: list[Player]) -> None:
    from ratings.list_import import import_rating_list
    from ratings.models import RatingSystem

    RatingSystem.objects.filter(engine="fide").delete()
    with pytest.raises(ListError, match="no rating system uses the fide rules"):
        import_rating_list(
            "fide", (LISTS / "standard_nov26frl.txt").read_text(), date(2026, 11, 1), "test"
        )

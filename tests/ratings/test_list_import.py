from datetime import date
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from club.models import Player
from ratings.models import OfficialRating, RatingChange, RatingSummary, RatingSystem, ReplayJob
from ratings.official_lists import ListError
from ratings.services import recalculate, recalculate_all
from tests.ratings.conftest import MakeEvent
from tests.task_worker import replayed

pytestmark = pytest.mark.django_db

LISTS = Path(__file__).resolve().parent.parent / "fixtures" / "lists"
DATA = Path(__file__).resolve().parent / "data" / "lists"  # real files: SOURCES.md there


@pytest.fixture
def ours(db: None) -> list[Player]:
    return [
        Player.objects.create(
            first_name="Luc",
            last_name="Dubois",
            fide_id=200000,
            national_id="10000",
            federation="BEL",
            national_id_federation="BEL",
            national_rating=1690,
        ),
        Player.objects.create(
            first_name="Marie",
            last_name="Lambert",
            fide_id=207919,
            national_id="10137",
            federation="BEL",
            national_id_federation="BEL",
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
    assert "4 lines (combined TXT): 2 imported, 2 not ours" in out.getvalue()
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


@pytest.fixture
def decrops(db: None) -> list[Player]:
    """Ruben and Benjamin Decrop, by their national IDs in the federation's lists, at
    their ratings of its list of January 2022 (PLAYER_202201.ZIP)."""
    return [
        Player.objects.create(
            first_name="Ruben",
            last_name="Decrop",
            national_id="45608",
            federation="BEL",
            national_id_federation="BEL",
            national_rating=2012,
        ),
        Player.objects.create(
            first_name="Benjamin",
            last_name="Decrop",
            national_id="28436",
            federation="BEL",
            national_id_federation="BEL",
            national_rating=2190,
        ),
    ]


def test_a_belgian_list_becomes_the_anchor_later_estimates_continue_from(
    decrops: list[Player], make_event: MakeEvent
) -> None:
    """The federation's own list of January 2022 (PLAYER_202201.ZIP, its DBF): Ruben at
    2012 after 930 games (``ELO_CALCUL``, ``PART_CALCU``). His win of November 2021
    changed his rating; the list sets it back to the federation's, and January's event
    is rated from there."""
    from tests.ratings.conftest import W

    ruben, benjamin = decrops
    make_event(date(2021, 11, 5), [[(ruben, benjamin, W)]])
    january = make_event(date(2022, 1, 14), [[(benjamin, ruben, W)]])
    recalculate_all()
    out = StringIO()
    with replayed():
        call_command(
            "import_rating_list",
            "frbe",
            str(DATA / "PLAYER_202201.ZIP"),
            "--date",
            "2022-01-01",
            stdout=out,
        )
    job = ReplayJob.objects.get(system__engine="frbe")
    assert f"recalculation #{job.pk} of {job.system} queued from {job.since}" in out.getvalue()
    assert "195 lines (DBF): 2 imported, 193 not ours" in out.getvalue()
    assert job.state == ReplayJob.State.DONE
    assert Player.objects.get(pk=ruben.pk).national_rating == 2012
    anchor = RatingChange.objects.get(batch__kind="official", player=ruben)
    november = RatingChange.objects.get(
        batch__system__engine="frbe", batch__period_end=date(2021, 12, 31), player=ruben
    )
    assert november.rating_after is not None and november.rating_after > 2012  # he won
    assert (anchor.rating_before, anchor.rating_after) == (november.rating_after, 2012)
    estimate = RatingChange.objects.get(
        batch__system__engine="frbe",
        batch__period_start__lte=january.end.date(),
        batch__period_end__gte=january.end.date(),
        player=ruben,
    )
    assert estimate.rating_before == 2012


def test_a_broken_list_changes_nothing(ours: list[Player], tmp_path: Path) -> None:
    broken = tmp_path / "broken.csv"
    broken.write_text("Matricule;Nom;Elo\n10000;Dubois;1705\n10137;Lambert;15x0\n")
    with pytest.raises(CommandError, match="line 3: the rating “15x0” is not a rating"):
        call_command("import_rating_list", "frbe", str(broken), stdout=StringIO())
    assert not OfficialRating.objects.exists()
    assert Player.objects.get(pk=ours[0].pk).national_rating == 1690


def test_the_service_refuses_a_list_no_system_uses(ours: list[Player]) -> None:
    from ratings.list_import import import_list_file
    from ratings.models import RatingSystem

    RatingSystem.objects.filter(engine="fide").delete()
    with pytest.raises(ListError, match="no rating system uses the fide rules"):
        import_list_file("fide", LISTS / "standard_nov26frl.txt", list_date=date(2026, 11, 1))


def _import(path: Path, kind: str = "fide", day: date | None = None):  # type: ignore[no-untyped-def]
    from ratings.list_import import import_list_file

    return import_list_file(kind, path, list_date=day)


def test_every_line_is_counted_and_every_field_recorded(ours: list[Player]) -> None:
    report = _import(DATA / "players_list_foa.txt", day=date(2026, 8, 1))
    # Leko, Carlsen and the 0-rated line are not ours; Marie has no standard rating
    assert dict(report.counts) == {
        "imported": 1,
        "no rating in the category rated": 1,
        "not ours": 3,
        "blank line": 1,
    }
    assert report.lines == 6
    luc = OfficialRating.objects.get(system__engine="fide", player=ours[0])
    assert (luc.rating, luc.games, luc.k, luc.inactive) == (1712, 4, 40, False)
    marie = Player.objects.get(pk=ours[1].pk)
    assert (marie.title, marie.sex, marie.birth_year, marie.fide_rating) == ("WCM", "F", 2011, None)


def test_a_rapid_system_takes_the_lists_rapid_rating(ours: list[Player]) -> None:
    from ratings.models import RatingSystem

    fide = RatingSystem.objects.get(engine="fide")
    RatingSystem.objects.create(
        name="FIDE rapid", engine="fide", role="fide", time_controls=["rapid"]
    )
    report = _import(DATA / "players_list_foa.txt", day=date(2026, 8, 1))
    assert report.ratings == {fide.name: 1, "FIDE rapid": 2}
    rapid = OfficialRating.objects.filter(system__name="FIDE rapid").order_by("rating")
    assert [(o.player_id, o.rating, o.games, o.k) for o in rapid] == [
        (ours[1].pk, 1540, 9, 40),
        (ours[0].pk, 1650, 0, 20),
    ]


def test_an_older_list_never_overwrites_the_newer_one(ours: list[Player]) -> None:
    _import(DATA / "standard_oct26frl.txt")  # dated OCT26 by its header
    older = _import(DATA / "players_list_foa.txt", day=date(2026, 8, 1))
    assert older.newer_list == date(2026, 10, 1)
    assert Player.objects.get(pk=ours[0].pk).fide_rating == 1712
    marie = Player.objects.get(pk=ours[1].pk)
    assert marie.fide_rating == 1598  # not the August list's
    # the October list writes WCM as her women's title only (WTit), August's as her
    # title too: the older list fills what the newer left empty
    assert marie.title == "WCM"
    days = OfficialRating.objects.filter(player=ours[0], system__engine="fide")
    assert sorted(days.values_list("list_date", flat=True)) == [date(2026, 8, 1), date(2026, 10, 1)]


def test_a_date_given_against_the_lists_own_is_refused(ours: list[Player]) -> None:
    with pytest.raises(ListError, match="dated 2026-10 by its header, not 2026-09"):
        _import(DATA / "standard_oct26frl.txt", day=date(2026, 9, 1))
    assert not OfficialRating.objects.exists()


def test_the_belgian_list_matches_the_belgian_national_id_only(db: None) -> None:
    belgian = Player.objects.create(
        first_name="Ruben", last_name="Decrop", federation="BEL", national_id="45608",
        national_id_federation="BEL",
    )  # fmt: skip
    french = Player.objects.create(  # a French licence number, the same as Benjamin's matricule
        first_name="Jean", last_name="Autre", federation="FRA", national_id="28436",
        national_id_federation="FRA",
    )  # fmt: skip
    report = _import(DATA / "PLAYER_202204.ZIP", "frbe", date(2022, 4, 1))
    assert dict(report.counts) == {"imported": 1, "not ours": 194}
    anchor = OfficialRating.objects.get(system__engine="frbe")
    assert (anchor.player_id, anchor.rating, anchor.games) == (belgian.pk, 2003, 937)
    assert Player.objects.get(pk=french.pk).national_rating is None


def test_the_belgian_list_fills_the_players_record(decrops: list[Player]) -> None:
    """Swiss-Manager's export of April 2020 (Ruben: ``21/04/1965``, ``Rtg_Nat`` 2025):
    birth year, sex and rating reach the record; a title the list leaves empty is
    kept."""
    Player.objects.filter(pk=decrops[0].pk).update(title="CM")
    _import(DATA / "PlayerSwissManager.csv", "frbe", date(2020, 4, 1))
    ruben = Player.objects.get(pk=decrops[0].pk)
    assert (ruben.national_rating, ruben.birth_year, ruben.sex, ruben.title) == (
        2025, 1965, "M", "CM",
    )  # fmt: skip


def test_a_list_of_one_category_leaves_the_others_ratings_of_its_month(db: None) -> None:
    """FIDE's combined list of August 2026 gives Leko's standard (2676) and blitz (2738)
    ratings; FIDE's blitz list of the same month (its real line: 2738, flag ``i``) is
    imported after. It replaces the blitz rating of that month and leaves the standard
    one, and queues no replay of the standard system."""
    from ratings.models import RatingSystem

    RatingSystem.objects.filter(engine="fide").update(enabled=True)
    blitz = RatingSystem.objects.create(
        name="FIDE blitz", engine="fide", role="fide", time_controls=["blitz"], enabled=True
    )
    leko = Player.objects.create(first_name="Peter", last_name="Leko", fide_id=703303)
    _import(DATA / "players_list_foa.txt", day=date(2026, 8, 1))
    report = _import(DATA / "blitz_aug26frl.txt")  # dated AUG26 by its header
    assert (report.list_date, report.categories) == (date(2026, 8, 1), {"blitz"})
    assert report.ratings == {"FIDE blitz": 1}
    assert [job.system_id for job in report.jobs] == [blitz.pk]
    ratings = OfficialRating.objects.filter(player=leko).order_by("system__name")
    assert [(o.system.name, o.list_date, o.rating, o.inactive) for o in ratings] == [
        ("Elo FIDE", date(2026, 8, 1), 2676, False),
        ("FIDE blitz", date(2026, 8, 1), 2738, True),
    ]
    assert Player.objects.get(pk=leko.pk).fide_rating == 2676


def test_an_older_belgian_list_fills_what_the_newer_lacks_without_overwriting_it(
    db: None,
) -> None:
    """The federation's list of April 2022, then its list of January 2010. Ruben Decrop
    is in both: his record keeps 2003 (April 2022), the 2010 rating (2071) is kept in
    the history. Peter Van Pe is only in the 2010 list (the federation dropped him
    since): his record takes its rating (1655) and birth year (1977)."""
    ruben = Player.objects.create(
        first_name="Ruben", last_name="Decrop", national_id="45608", federation="BEL",
        national_id_federation="BEL",
    )  # fmt: skip
    van_pe = Player.objects.create(
        first_name="Peter", last_name="Van Pe", national_id="4014", federation="BEL",
        national_id_federation="BEL",
    )  # fmt: skip
    _import(DATA / "PLAYER_202204.ZIP", "frbe", date(2022, 4, 1))
    assert Player.objects.get(pk=van_pe.pk).national_rating is None
    older = _import(DATA / "PLAYER_201001.ZIP", "frbe", date(2010, 1, 1))
    assert older.newer_list == date(2022, 4, 1)
    assert older.ratings == {"Elo FRBE-KBSB": 2}
    assert Player.objects.get(pk=ruben.pk).national_rating == 2003
    van_pe = Player.objects.get(pk=van_pe.pk)
    assert (van_pe.national_rating, van_pe.birth_year) == (1655, 1977)
    history = OfficialRating.objects.filter(system__engine="frbe").order_by("list_date", "rating")
    assert [(o.player_id, o.list_date, o.rating) for o in history] == [
        (van_pe.pk, date(2010, 1, 1), 1655),
        (ruben.pk, date(2010, 1, 1), 2071),
        (ruben.pk, date(2022, 4, 1), 2003),
    ]


def test_the_lists_k_rates_the_next_period(ours: list[Player], make_event: MakeEvent) -> None:
    """Luc is anchored by the list at 1712 with K 40 (FIDE's column SK). Entering the FIDE
    system from his record he counts 30 games (seed_games), which alone gives K 20: the
    list's K must win. FIDE 8.3.3 by hand: he beats Marie (1598): difference 114, table
    expected score 0.66, change 40 × (1 − 0.66) = +13.6, rounded 14 (with K 20: +7)."""
    from ratings.models import RatingSystem
    from tests.ratings.conftest import W

    RatingSystem.objects.filter(engine="fide").update(enabled=True)
    Player.objects.filter(pk=ours[1].pk).update(fide_rating=1598)
    with replayed():
        _import(DATA / "standard_oct26frl.txt")
    make_event(date(2026, 10, 14), [[(ours[0], ours[1], W)]])
    recalculate_all()
    change = RatingChange.objects.get(
        batch__system__engine="fide", batch__kind="period", player=ours[0]
    )
    assert change.k == 40
    assert change.rating_before == 1712
    assert change.rating_after == 1726


def _history(system: RatingSystem) -> list[tuple[int, date, float | None, float | None]]:
    rows = RatingChange.objects.filter(batch__system=system).order_by("batch__day", "player_id")
    return list(rows.values_list("player_id", "batch__day", "rating_before", "rating_after"))


def test_a_list_that_changes_a_seed_replays_every_system_that_reads_it(
    decrops: list[Player], make_event: MakeEvent
) -> None:
    """Issue 39, finding 3: a Belgian list rewrites the national rating that seeds the club
    Elo (``seed_rating``: Ruben's record 1900 → the federation's 2012) but replayed only
    the FRBE system, so the next replay, nothing else changed, moved the club's ratings.
    Now every system whose seed changed is replayed from the changed players' first day
    in it (November 2021's event), and a replay afterwards finds the history as the import
    left it."""
    from ratings.services import recalculate
    from tests.ratings.conftest import W

    ruben, benjamin = decrops
    Player.objects.filter(pk=ruben.pk).update(national_rating=1900)
    club = RatingSystem.objects.get(engine="club")
    make_event(date(2021, 11, 5), [[(ruben, benjamin, W)]])
    make_event(date(2022, 1, 14), [[(benjamin, ruben, W)]])
    recalculate_all()
    seeded = _history(club)
    first_day = seeded[0][1]  # November's event's rated day
    assert seeded[0][0::2] == (ruben.pk, 1900) and first_day < date(2022, 1, 1)
    with replayed():
        call_command(
            "import_rating_list",
            "frbe",
            str(DATA / "PLAYER_202201.ZIP"),
            "--date",
            "2022-01-01",
            stdout=StringIO(),
        )
    jobs = ReplayJob.objects.filter(system=club)
    assert [(job.since, job.state) for job in jobs] == [(first_day, ReplayJob.State.DONE)]
    imported = _history(club)
    assert imported[0][:3] == (ruben.pk, first_day, 2012)
    assert imported != seeded
    recalculate(club)
    assert _history(club) == imported


def test_a_list_that_changes_no_seed_leaves_the_other_systems_alone(
    decrops: list[Player],
) -> None:
    """Nobody of ours has played: the FRBE system replays from the list's date, the club
    system not at all."""
    with replayed():
        call_command(
            "import_rating_list",
            "frbe",
            str(DATA / "PLAYER_202201.ZIP"),
            "--date",
            "2022-01-01",
            stdout=StringIO(),
        )
    jobs = ReplayJob.objects.order_by("pk").values_list("system__engine", "since")
    assert list(jobs) == [("frbe", date(2022, 1, 1))]


def test_the_federations_file_is_dated_by_its_name(decrops: list[Player]) -> None:
    """PLAYER_202204.ZIP is the list of April 2022: no date needs giving; a date given
    wins (an upload renamed)."""
    assert _import(DATA / "PLAYER_202204.ZIP", "frbe").list_date == date(2022, 4, 1)
    assert _import(DATA / "PLAYER_202201.ZIP", "frbe", date(2022, 2, 1)).list_date == date(
        2022, 2, 1
    )
    with pytest.raises(ListError, match="the list does not give its date"):
        _import(DATA / "sevilla.csv", "frbe")


def test_a_french_member_holding_a_belgian_matricule_takes_the_belgian_lists_rating(
    db: None,
) -> None:
    """Swiss-Manager's export of the Belgian list of April 2020: Samy Ait Chaouche plays
    for France (``Fed`` FRA) in a Belgian club (541, Leuze-en-Hainaut) and holds the
    Belgian matricule 14374, ``Rtg_Nat`` 2099. The list rates him by his matricule; his
    federation stays FRA."""
    samy = Player.objects.create(
        first_name="Samy", last_name="Ait Chaouche", federation="FRA", national_id="14374",
        national_id_federation="BEL",
    )  # fmt: skip
    report = _import(DATA / "PlayerSwissManager.csv", "frbe", date(2020, 4, 1))
    assert report.counts["imported"] == 1
    anchor = OfficialRating.objects.get(system__engine="frbe")
    assert (anchor.player_id, anchor.rating) == (samy.pk, 2099)
    samy.refresh_from_db()
    assert (samy.national_rating, samy.federation) == (2099, "FRA")


def test_a_matricule_recorded_as_another_federations_is_corrected_by_the_list(
    db: None,
) -> None:
    """Before the issuer was kept apart, a national ID took the federation the player
    plays for as issuer (club migration 0024): Samy Ait Chaouche's Belgian matricule
    14374 became a French one, and Levon Aronian's 11474 an Armenian one. The Belgian
    list of April 2020 (Swiss-Manager's export) names both by those IDs and last names:
    they take its ratings (2099, 2773) and their IDs are recorded as Belgian. A record
    whose ID is the list's but whose last name is another's is not taken (Giri's 12380
    held by a "Janssens")."""
    samy = Player.objects.create(
        first_name="Samy", last_name="Ait Chaouche", federation="FRA", national_id="14374",
        national_id_federation="FRA",
    )  # fmt: skip
    levon = Player.objects.create(
        first_name="Levon", last_name="Aronian", federation="ARM", national_id="11474",
        national_id_federation="",
    )  # fmt: skip
    other = Player.objects.create(
        first_name="Jan", last_name="Janssens", federation="NED", national_id="12380",
        national_id_federation="NED",
    )  # fmt: skip
    out = StringIO()
    call_command(
        "import_rating_list", "frbe", str(DATA / "PlayerSwissManager.csv"),
        "--date", "2020-04-01", stdout=out,
    )  # fmt: skip
    assert "2 national IDs recorded with another issuer: now the list's federation's" in (
        out.getvalue()
    )
    anchors = OfficialRating.objects.filter(system__engine="frbe")
    assert dict(anchors.values_list("player_id", "rating")) == {samy.pk: 2099, levon.pk: 2773}
    issued = Player.objects.order_by("pk").values_list("national_id_federation", "federation")
    assert {p.pk: issued.get(pk=p.pk) for p in (samy, levon, other)} == {
        samy.pk: ("BEL", "FRA"),
        levon.pk: ("BEL", "ARM"),
        other.pk: ("NED", "NED"),
    }


def test_the_summaries_keep_each_players_figure_on_the_newest_list(
    ours: list[Player], tmp_path: Path
) -> None:
    """A player's summary holds their rating on the newest list that rates them from the
    list's import on (their page shows it beside the site's): November's (1712 and 1598),
    which the August list imported after it leaves alone; November's imported again
    without Luc gives him August's 1712 back, and without Marie, whom August does not rate
    (no standard rating), leaves her no summary. The replay writes the same."""
    luc, marie = (player.pk for player in ours)
    november = (LISTS / "standard_nov26frl.txt").read_text().splitlines(keepends=True)

    def without(name: str) -> Path:
        path = tmp_path / f"without_{name}.txt"
        path.write_text("".join(line for line in november if name not in line))
        return path

    def listed() -> dict[int, tuple[Any, ...]]:
        summaries = RatingSummary.objects.filter(system=fide)
        return {
            s[0]: s[1:]
            for s in summaries.values_list("player_id", "listed_rating", "listed_day", "changes")
        }

    fide = _import(LISTS / "standard_nov26frl.txt", day=date(2026, 11, 1)).systems[0]
    nov, aug = date(2026, 11, 1), date(2026, 8, 1)
    assert listed() == {luc: (1712, nov, 0), marie: (1598, nov, 0)}
    _import(DATA / "players_list_foa.txt", day=aug)
    assert listed() == {luc: (1712, nov, 0), marie: (1598, nov, 0)}
    _import(without("Dubois"), day=nov)
    assert listed() == {luc: (1712, aug, 0), marie: (1598, nov, 0)}
    _import(without("Lambert"), day=nov)
    assert listed() == {luc: (1712, nov, 0)}
    recalculate(fide)
    (figure,) = listed().items()
    assert figure[0] == luc and figure[1][:2] == (1712, nov)
    assert figure[1][2] > 0  # the list is now in Luc's history

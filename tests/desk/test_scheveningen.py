"""A Scheveningen event at the desk: two teams chosen at registration, every round
paired at once from the published table, standings and the TRF's 092 line as usual."""

import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from chesslib.scheveningen import scheveningen_round
from club.exceptions import DeskError
from club.models import ChangeLog, Event, Game, Participant, Result
from desk.files.trf_export import export_event
from desk.files.trf_plan import plan_import
from desk.files.trf_preview import read_event
from desk.services import pairing, registration
from desk.standings import event_standings
from tests.club.factories import EventFactory, PlayerFactory
from tests.desk.bbp_checks import checked, normalised

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _event(teams: list[str], **fields: object) -> Event:
    """Players numbered 1..n in order, each in the team given."""
    event = EventFactory(system=Event.System.SCHEVENINGEN, **fields)
    for n, team in enumerate(teams, 1):
        player = PlayerFactory(first_name=f"P{n}", last_name=team or "Solo")
        Participant.objects.create(event=event, player=player, number=n, rating=2000 - n, team=team)
    return event


def _table(event: Event) -> list[list[tuple[str, str]]]:
    """Each round's boards as (white, black) first names, board by board."""
    return [
        [(g.white.first_name, g.black.first_name) for g in r.games.order_by("board")]
        for r in event.rounds.order_by("number")
    ]


def test_it_pairs_every_round_of_the_published_table_between_the_two_teams() -> None:
    """Four a side, the teams interleaved in the pairing numbers: team A is the team of
    number 1 (P1, P3, P5, P7 as A1-A4), team B the other (P2, P4, P6, P8 as B1-B4). The
    four rounds are the 4-board table (Wikipedia's): round 2 is B2-A1 B1-A2 A3-B4 A4-B3."""
    event = _event(["Wavre", "Namur"] * 4)
    assert pairing.pair_round_robin(event.pk, None) == 4
    a = {n: f"P{2 * n - 1}" for n in range(1, 5)}
    b = {n: f"P{2 * n}" for n in range(1, 5)}
    expected = [
        [(a[i], b[j]) if white else (b[j], a[i]) for i, j, white in scheveningen_round(4, r)]
        for r in range(1, 5)
    ]
    assert _table(event) == expected
    assert expected[1] == [("P4", "P1"), ("P2", "P3"), ("P5", "P8"), ("P7", "P6")]
    event.refresh_from_db()
    assert event.status == Event.Status.ONGOING
    met = {frozenset((g.white_id, g.black_id)) for g in Game.objects.filter(round__event=event)}
    wavre = set(event.participants.filter(team="Wavre").values_list("player_id", flat=True))
    assert all(len(pair & wavre) == 1 for pair in met) and len(met) == 16


def test_it_refuses_players_without_a_team_naming_them() -> None:
    event = _event(["Wavre", "Namur", "", "Namur"])
    with pytest.raises(DeskError, match="give a team to P3 Solo"):
        pairing.pair_round_robin(event.pk, None)
    assert not Game.objects.filter(round__event=event).exists()


def test_it_refuses_three_teams() -> None:
    event = _event(["Wavre", "Namur", "Liège", "Namur"])
    with pytest.raises(DeskError, match="not 3: Wavre, Namur, Liège"):
        pairing.pair_round_robin(event.pk, None)
    assert not event.rounds.exists()


def test_the_secretary_puts_players_in_teams_then_pairs(secretary_client: Client) -> None:
    """The teams typed in the participants' table, saved at once, then every round."""
    event = _event(["", "", "", ""])
    entries = list(event.participants.order_by("number"))
    page = secretary_client.get(reverse("desk:event", args=[event.pk])).content.decode()
    assert all(f'name="team-{e.pk}"' in page for e in entries)
    assert 'id="teams-form"' in page and 'id="pair-all"' in page
    typed = dict(zip(entries, ["Jeunes", " Anciens ", "Jeunes", "Anciens"], strict=True))
    response = secretary_client.post(
        reverse("desk:set_teams", args=[event.pk]),
        {f"team-{e.pk}": team for e, team in typed.items()},
    )
    assert response.status_code == 302
    assert list(event.participants.order_by("number").values_list("team", flat=True)) == [
        "Jeunes",
        "Anciens",
        "Jeunes",
        "Anciens",
    ]
    secretary_client.post(reverse("desk:pair_round_robin", args=[event.pk]))
    assert _table(event) == [[("P1", "P2"), ("P3", "P4")], [("P4", "P1"), ("P2", "P3")]]
    log = ChangeLog.objects.get(event=event, action="set_teams")
    assert log.details["teams"] == 4
    page = secretary_client.get(reverse("desk:event", args=[event.pk])).content.decode()
    assert 'name="team-' not in page and 'id="teams-form"' not in page


def test_the_teams_of_a_paired_event_stay(secretary_client: Client) -> None:
    event = _event(["Wavre", "Namur"])
    pairing.pair_round_robin(event.pk, None)
    entry = event.participants.get(number=1)
    with pytest.raises(DeskError, match="its teams are its draw"):
        registration.set_teams(event.pk, {entry.pk: "Namur"}, None)
    response = secretary_client.post(
        reverse("desk:set_teams", args=[event.pk]), {f"team-{entry.pk}": "Namur"}, follow=True
    )
    assert "its teams are its draw" in response.content.decode()
    entry.refresh_from_db()
    assert entry.team == "Wavre"


def test_a_team_name_on_two_lines_is_refused_and_nothing_is_saved(
    secretary_client: Client,
) -> None:
    event = _event(["", ""])
    first, second = event.participants.order_by("number")
    response = secretary_client.post(
        reverse("desk:set_teams", args=[event.pk]),
        {f"team-{first.pk}": "Wavre", f"team-{second.pk}": "Na\nmur"},
        follow=True,
    )
    assert response.status_code == 200
    assert "P2 Solo: Write this on one line, without a line break." in response.content.decode()
    assert set(event.participants.values_list("team", flat=True)) == {""}


def test_a_participant_of_another_event_is_refused() -> None:
    event, other = _event(["", ""]), _event(["Liège"])
    stranger = other.participants.get()
    with pytest.raises(DeskError, match=f"No participant {stranger.pk} in this event"):
        registration.set_teams(event.pk, {stranger.pk: "Wavre"}, None)
    stranger.refresh_from_db()
    assert stranger.team == "Liège"


def test_standings_count_its_forfeits_as_played_in_the_direct_encounter() -> None:
    """Pre-determined pairings (C.07 15.2): a Scheveningen event's standings read its
    forfeits as a round robin's do. Two a side (P1, P3 against P2, P4): P1 beats P2 by
    forfeit and loses to P4, P2 beats P3, P3 and P4 draw. P4 1.5; P1 and P2 1 each, and
    their one meeting, the forfeit, puts P1 ahead; P3 0.5."""
    event = _event(["Wavre", "Namur", "Wavre", "Namur"], tiebreaks="direct_encounter")
    pairing.pair_round_robin(event.pk, None)
    results = {
        ("P1", "P2"): Result.WHITE_WINS_FORFEIT,
        ("P3", "P4"): Result.DRAW,
        ("P4", "P1"): Result.WHITE_WINS,
        ("P2", "P3"): Result.WHITE_WINS,
    }
    for game in Game.objects.filter(round__event=event).select_related("white", "black"):
        game.result = results[(game.white.first_name, game.black.first_name)]
        game.save()
    table = event_standings(event)
    assert [(line.rank, line.player.first_name, line.points) for line in table.lines] == [
        (1, "P4", Decimal("1.5")),
        (2, "P1", 1),
        (3, "P2", 1),
        (4, "P3", Decimal("0.5")),
    ]


def test_the_trf_names_the_system_on_its_092_line() -> None:
    event = _event(["Wavre", "Namur"], kind=Event.Kind.CHAMPIONSHIP)
    pairing.pair_round_robin(event.pk, None)
    text = export_event(event)
    assert "092 Scheveningen System - Club Championship" in text.splitlines()
    assert read_event(plan_import(text)).system == Event.System.SCHEVENINGEN


def test_bbppairings_reads_its_trf_export_round_by_round() -> None:
    """The FIDE-endorsed engine's reader, on the export of a Scheveningen played out: it
    reads every line and every round (its checker then re-pairs as a Swiss, which a
    Scheveningen is not: only the reading is asked of it)."""
    event = _event(["Wavre", "Namur"] * 4)
    pairing.pair_round_robin(event.pk, None)
    Game.objects.filter(round__event=event).update(result=Result.WHITE_WINS)
    _status, said = checked("desk_scheveningen", normalised(export_event(event)))
    assert "Invalid" not in said and "Error parsing file" not in said, said
    assert [int(n) for n in re.findall(r"Round #(\d+)", said)] == [1, 2, 3, 4], said

"""One standings: the desk's standings, the public event page, the crosstable, the CSV
and the TRF export show the same points and ranks, byes and forfeits included; the
tie-break columns are named in words, in the event's order, above their own values."""

import csv
import io
import re
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, cast

import pytest
from caissify_pairings.trf import TRFParser
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponseRedirect
from django.test import Client
from django.urls import reverse

from club.models import Bye, Event, Game, Participant, Result
from tests.club.factories import EventFactory, PlayerFactory
from tests.desk.conftest import pending

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse

pytestmark = pytest.mark.django_db

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma"]


@pytest.fixture
def swiss() -> Event:
    """Five players, three rounds, pairing numbers in the order of NAMES.

    Round 1: Alice–Bruno 1-0, Chloé–David ½-½, Emma the pairing-allocated bye.
    Round 2: Emma–Alice 0-1, Bruno–Chloé 1-0 by forfeit, David the pairing-allocated bye.
    Round 3: Alice–Chloé ½-½, David–Emma 1-0, Bruno a half-point bye.

    By hand (a pairing-allocated bye scores a win, FIDE C.04.1; a forfeit win 1; a
    half-point bye ½): Alice 1 + 1 + ½ = 2.5; David ½ + 1 + 1 = 2.5; Bruno 0 + 1 + ½ =
    1.5; Chloé ½ + 0 + ½ = 1; Emma 1 + 0 + 0 = 1."""
    event = EventFactory(
        system=Event.System.SWISS,
        kind=Event.Kind.OPEN,
        tiebreaks="buchholz_cut1,sonneborn_berger",
        chief_arbiter="IA Jean Arbitre (12345678)",
        planned_rounds=3,
    )
    players = {}
    for number, name in enumerate(NAMES, 1):
        players[name] = PlayerFactory(first_name=name, last_name="Test", fide_id=9000 + number)
        Participant.objects.create(event=event, player=players[name], number=number, rating=2000)
    rounds = [event.rounds.create(number=n) for n in (1, 2, 3)]
    boards = [
        (0, "Alice", "Bruno", Result.WHITE_WINS),
        (0, "Chloé", "David", Result.DRAW),
        (1, "Emma", "Alice", Result.BLACK_WINS),
        (1, "Bruno", "Chloé", Result.WHITE_WINS_FORFEIT),
        (2, "Alice", "Chloé", Result.DRAW),
        (2, "David", "Emma", Result.WHITE_WINS),
    ]
    for index, (n, white, black, result) in enumerate(boards):
        Game.objects.create(
            round=rounds[n],
            board=index % 2 + 1,
            white=players[white],
            black=players[black],
            result=result,
        )
    for n, name, kind in (
        (0, "Emma", Bye.Kind.PAIRING_ALLOCATED),
        (1, "David", Bye.Kind.PAIRING_ALLOCATED),
        (2, "Bruno", Bye.Kind.HALF_POINT),
    ):
        Bye.objects.create(round=rounds[n], player=players[name], kind=kind, points=kind.points)
    return event


EXPECTED = {"Alice": "2.5", "David": "2.5", "Bruno": "1.5", "Chloé": "1", "Emma": "1"}


def _rows(html: str, table_id: str) -> list[list[str]]:
    """The cells of each body row of the table ``table_id``, tags removed."""
    table = html.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        rows.append([re.sub(r"<[^>]+>", "", cell).strip() for cell in cells])
    return rows


def _points(rows: list[list[str]], column: int) -> dict[str, str]:
    return {row[1].split()[0]: row[column].replace(",", ".") for row in rows}


def test_a_swiss_with_byes_and_a_forfeit_shows_the_same_points_everywhere(
    client: Client, secretary_client: Client, swiss: Event
) -> None:
    desk = secretary_client.get(reverse("desk:standings", args=[swiss.pk])).content.decode()
    public = client.get(swiss.get_absolute_url()).content.decode()
    grid = secretary_client.get(reverse("desk:crosstable", args=[swiss.pk])).content.decode()
    sheet = secretary_client.get(reverse("desk:standings_csv", args=[swiss.pk]))
    report = secretary_client.get(reverse("desk:trf_export", args=[swiss.pk])).content.decode()

    assert _points(_rows(desk, "standings"), 2) == EXPECTED
    assert _points(_rows(public, "standings"), 2) == EXPECTED
    assert _points(_rows(grid, "crosstable"), -1) == EXPECTED
    lines = list(csv.reader(io.StringIO(sheet.content.decode("utf-8-sig")), delimiter=";"))
    assert {line[1].split()[0]: Decimal(line[2]) for line in lines[1:]} == {
        name: Decimal(points) for name, points in EXPECTED.items()
    }
    parsed = TRFParser(report).parse()  # caissify-pairings' reader, not ours
    trf_points = {p["name"].split(", ")[1]: p["score"] for p in parsed["players"]}
    assert trf_points == {name: float(points) for name, points in EXPECTED.items()}
    # the same ranks: the desk's, the public page's, the TRF's rank column (86-89)
    desk_ranks = {row[1].split()[0]: row[0] for row in _rows(desk, "standings")}
    public_ranks = {row[1].split()[0]: row[0] for row in _rows(public, "standings")}
    trf_ranks = {
        line[14:47].split(", ")[1].strip(): line[85:89].strip()
        for line in report.splitlines()
        if line.startswith("001")
    }
    assert desk_ranks == public_ranks == trf_ranks


def test_the_byes_show_on_the_round_pages_and_in_the_crosstable(
    client: Client, secretary_client: Client, swiss: Event
) -> None:
    round_2 = swiss.rounds.get(number=2)
    results = secretary_client.get(reverse("desk:results", args=[round_2.pk])).content.decode()
    assert "David Test — exempt d&#x27;appariement (1)" in results
    public = client.get(swiss.get_absolute_url()).content.decode()
    assert public.count('class="byes') == 3
    grid = secretary_client.get(reverse("desk:crosstable", args=[swiss.pk])).content.decode()
    byes = {row[1].split()[0]: row[-2] for row in _rows(grid, "crosstable")}
    assert byes["Emma"].startswith("ronde 1") and byes["Bruno"].endswith("(½)")
    assert byes["Alice"] == ""
    # the forfeit reads as one: + for the winner, − for the loser
    cells = {row[1].split()[0]: row[2:-2] for row in _rows(grid, "crosstable")}
    assert "+" in cells["Bruno"] and "−" in cells["Chloé"]


def test_the_trf_says_what_a_rating_report_needs(secretary_client: Client, swiss: Event) -> None:
    report = secretary_client.get(reverse("desk:trf_export", args=[swiss.pk])).content.decode()
    parsed = TRFParser(report).parse()
    assert parsed["tournament"]["chief_arbiter"] == "IA Jean Arbitre (12345678)"
    assert parsed["tournament"]["player_count"] == 5
    assert parsed["tournament"]["system"] == "Swiss System - Open Tournament"
    header = {line[:3]: line[4:] for line in report.splitlines()}
    assert header["122"] == "Standard"  # the event's time control
    assert header["202"] == "BH/C1,SB"  # TRF-2026 codes, in the event's order
    emma = next(p for p in parsed["players"] if p["name"] == "Test, Emma")
    assert emma["results"][1]["result"] == "U"  # the pairing-allocated bye
    bruno = next(p for p in parsed["players"] if p["name"] == "Test, Bruno")
    assert bruno["results"][2]["result"] == "+" and bruno["results"][3]["result"] == "H"


def test_the_round_robin_columns_hold_their_own_tiebreak(
    secretary_client: Client, client: Client
) -> None:
    """Sonneborn-Berger, direct encounter, wins: Anna beats Ben, Ben beats Cleo, Cleo
    beats Anna, and all three beat Dan. By hand: 2 points each; SB = the beaten
    opponents' 2 + Dan's 0 = 2; direct encounter among the three = 1 each; wins = 2.
    Level on everything, the three share rank 1; Dan is 4th."""
    event = EventFactory(
        system=Event.System.ROUND_ROBIN, tiebreaks="sonneborn_berger,direct_encounter,wins"
    )
    people = {
        n: PlayerFactory(first_name=n, last_name="Rr") for n in ("Anna", "Ben", "Cleo", "Dan")
    }
    for number, player in enumerate(people.values(), 1):
        Participant.objects.create(event=event, player=player, number=number)
    games = [("Anna", "Ben"), ("Cleo", "Dan"), ("Ben", "Cleo"), ("Anna", "Dan")]
    games += [("Cleo", "Anna"), ("Ben", "Dan")]  # the white player wins every game
    for n, (white, black) in enumerate(games):
        round_, _new = event.rounds.get_or_create(number=n // 2 + 1)
        Game.objects.create(
            round=round_,
            board=n % 2 + 1,
            white=people[white],
            black=people[black],
            result=Result.WHITE_WINS,
        )
    for page in (
        secretary_client.get(reverse("desk:standings", args=[event.pk])),
        client.get(event.get_absolute_url()),
    ):
        html = page.content.decode()
        head = html.split('id="standings"', 1)[1].split("</thead>", 1)[0]
        assert re.findall(r'data-tiebreak="(\w+)">\s*<span[^>]*>([^<]+)<', head) == [
            ("sonneborn_berger", "Sonneborn-Berger"),
            ("direct_encounter", "Confrontation directe"),
            ("wins", "Nombre de parties gagnées"),
        ]
        # a phone's narrow table heads them with C.07's abbreviations, the words on hover
        assert re.findall(
            r'<abbr class="d-md-none text-nowrap" title="([^"]+)">([^<]+)<', head
        ) == [
            ("Sonneborn-Berger", "SB"),
            ("Confrontation directe", "DE"),
            ("Nombre de parties gagnées", "WON"),
        ]
        rows = {row[1].split()[0]: row for row in _rows(html, "standings")}
        assert [rows[n][0] for n in ("Anna", "Ben", "Cleo", "Dan")] == ["1", "1", "1", "4"]
        assert rows["Anna"][3:] == ["2", "1", "2"]


def _import(secretary_client: Client, text: str) -> "_MonkeyPatchedWSGIResponse":
    upload = SimpleUploadedFile("report.trf", text.encode(), content_type="text/plain")
    preview = secretary_client.post(reverse("desk:trf_import"), {"file": upload})
    return preview


def test_a_trf_round_trip_keeps_kind_time_control_arbiter_and_standings(
    secretary_client: Client, swiss: Event
) -> None:
    Event.objects.filter(pk=swiss.pk).update(
        kind=Event.Kind.CHAMPIONSHIP, time_control=Event.TimeControl.RAPID
    )
    swiss.rounds.filter(number=2).update(starts_at=datetime(2026, 10, 9, 18, tzinfo=UTC))
    report = secretary_client.get(reverse("desk:trf_export", args=[swiss.pk])).content.decode()
    Event.objects.filter(pk=swiss.pk).update(title="Renamed")
    assert 'id="already-imported"' not in _import(secretary_client, report).content.decode()
    secretary_client.post(reverse("desk:trf_confirm"), pending(secretary_client))
    copy = Event.objects.exclude(pk=swiss.pk).get()
    assert (copy.kind, copy.time_control, copy.system) == (
        Event.Kind.CHAMPIONSHIP,
        Event.TimeControl.RAPID,
        Event.System.SWISS,
    )
    assert copy.chief_arbiter == "IA Jean Arbitre (12345678)"
    days = [
        cast(datetime, r.starts_at).date() for r in copy.rounds.order_by("number")
    ]  # 132, YY/MM/DD
    assert days == [date(2026, 10, 2), date(2026, 10, 9), date(2026, 10, 2)]
    Event.objects.filter(pk=copy.pk).update(tiebreaks=swiss.tiebreaks)
    again = secretary_client.get(reverse("desk:trf_export", args=[copy.pk])).content.decode()

    def players(text: str) -> list[str]:
        """The player lines: the same players, points, ranks and rounds."""
        return sorted(line for line in text.splitlines() if line.startswith("001"))

    assert players(again) == players(report)


def test_importing_a_tournament_already_imported_warns_first(
    secretary_client: Client, swiss: Event
) -> None:
    report = secretary_client.get(reverse("desk:trf_export", args=[swiss.pk])).content.decode()
    html = _import(secretary_client, report).content.decode()
    warning = html.split('id="already-imported"', 1)[1].split("</div>", 1)[0]
    assert swiss.title in warning  # same name, same first day: the event itself
    assert "Importer quand même" in html
    secretary_client.post(reverse("desk:trf_confirm"), pending(secretary_client))
    Event.objects.update(title="Renamed")
    html = _import(secretary_client, report).content.decode()
    warning = html.split('id="already-imported"', 1)[1].split("</div>", 1)[0]
    assert warning.count("<li>") == 1  # the very same file, imported before


def test_an_unknown_tiebreak_typed_in_the_admin_is_left_out_not_a_server_error(
    client: Client, swiss: Event
) -> None:
    Event.objects.filter(pk=swiss.pk).update(tiebreaks="bogus,sonneborn_berger")
    html = client.get(swiss.get_absolute_url()).content.decode()
    head = html.split('id="standings"', 1)[1].split("</thead>", 1)[0]
    assert re.findall(r'data-tiebreak="(\w+)"', head) == ["sonneborn_berger"]


def test_the_import_command_warns_about_a_tournament_imported_before(tmp_path: Path) -> None:
    from django.core.management import call_command

    path = tmp_path / "bbp.trf"
    path.write_text(
        (Path(__file__).resolve().parents[1] / "fixtures/trf/bbp_issue_7.trf").read_text()
    )
    first, second = io.StringIO(), io.StringIO()
    call_command("import_trf", str(path), stdout=io.StringIO(), stderr=first)
    call_command("import_trf", str(path), stdout=io.StringIO(), stderr=second)
    assert "imported already" not in first.getvalue()
    assert "imported already" in second.getvalue()
    assert Event.objects.count() == 2  # a warning: the command still imports


def test_a_trf_updates_the_results_of_the_event_it_was_imported_into(
    secretary_client: Client, swiss: Event
) -> None:
    """TRF import into an existing event: through the one write path (version, log)."""
    from club.models import ChangeLog

    report = secretary_client.get(reverse("desk:trf_export", args=[swiss.pk])).content.decode()
    game = Game.objects.get(round__event=swiss, round__number=3, board=2)  # David–Emma 1-0
    Game.objects.filter(pk=game.pk).update(result=Result.DRAW)
    html = _import(secretary_client, report).content.decode()
    assert "Mettre à jour ses résultats depuis ce fichier" in html
    response = secretary_client.post(
        reverse("desk:trf_confirm"), {**pending(secretary_client), "update": swiss.pk}
    )
    assert cast(HttpResponseRedirect, response).url == reverse("desk:event", args=[swiss.pk])
    game.refresh_from_db()
    assert (game.result, game.version) == (Result.WHITE_WINS, 2)
    assert ChangeLog.objects.get(event=swiss, action="result").details["source"] == "trf"
    assert Event.objects.count() == 1


def test_a_trf_update_of_a_closed_event_is_refused(secretary_client: Client, swiss: Event) -> None:
    report = secretary_client.get(reverse("desk:trf_export", args=[swiss.pk])).content.decode()
    game = Game.objects.get(round__event=swiss, round__number=3, board=2)
    Game.objects.filter(pk=game.pk).update(result=Result.DRAW)
    Event.objects.filter(pk=swiss.pk).update(status=Event.Status.CLOSED)
    _import(secretary_client, report)
    response = secretary_client.post(
        reverse("desk:trf_confirm"), {**pending(secretary_client), "update": swiss.pk}, follow=True
    )
    assert "est clôturé\xa0: rouvrez-le pour le modifier" in response.content.decode()
    game.refresh_from_db()
    assert (game.result, game.version) == (Result.DRAW, 1)

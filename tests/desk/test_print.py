"""Paper and walls: a round's pairings by board and alphabetical with the tables, the
printed standings and crosstable (A4 print stylesheet that hides the navigation), and the
wall display of the current round and the standings, which refreshes itself in a bounded
number of queries."""

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from club.models import Bye, Event, Game, Participant, Player, Result, Round
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db

# (first name, last name, pairing number, rating)
PLAYERS = [
    ("Alice", "Zola", 1, 2100),
    ("Bruno", "Martin", 2, 2000),
    ("Chloé", "Dubois", 3, 1900),
    ("David", "Albert", 4, 1800),
    ("Emma", "Leroy", 5, 1700),
]


@pytest.fixture
def open_event() -> Event:
    """Round 1 played: Zola–Martin 1-0, Dubois–Albert ½-½, Leroy the pairing-allocated
    bye. Round 2 paired, no result yet: board 1 Albert–Zola, board 2 Leroy–Dubois,
    Martin a half-point bye.

    By hand after round 1: Zola 1, Leroy 1 (the bye scores a win, FIDE C.04.1),
    Dubois ½, Albert ½, Martin 0."""
    event: Event = EventFactory(
        system=Event.System.SWISS, kind=Event.Kind.OPEN, tiebreaks="buchholz", public=False
    )
    players = {}
    for first, last, number, rating in PLAYERS:
        players[last] = PlayerFactory(first_name=first, last_name=last)
        Participant.objects.create(event=event, player=players[last], number=number, rating=rating)
    one, two = event.rounds.create(number=1), event.rounds.create(number=2)
    for round_, board, white, black, result in (
        (one, 1, "Zola", "Martin", Result.WHITE_WINS),
        (one, 2, "Dubois", "Albert", Result.DRAW),
        (two, 1, "Albert", "Zola", Result.PENDING),
        (two, 2, "Leroy", "Dubois", Result.PENDING),
    ):
        Game.objects.create(
            round=round_, board=board, white=players[white], black=players[black], result=result
        )
    Bye.of_kind(Bye.Kind.PAIRING_ALLOCATED, round=one, player=players["Leroy"]).save()
    Bye.of_kind(Bye.Kind.HALF_POINT, round=two, player=players["Martin"]).save()
    return event


def _rows(html: str, table_id: str) -> list[list[str]]:
    table = html.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    return [
        [
            " ".join(re.sub(r"<[^>]+>", "", cell).split())
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def _round(event: Event, number: int) -> Round:
    return event.rounds.get(number=number)


def test_it_prints_a_rounds_pairings_by_board_with_numbers_and_ratings(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    url = reverse("desk:pairings_sheet", args=[_round(open_event, 1).pk])
    html = secretary_client.get(url).content.decode()
    # nobody has a point before round 1
    assert _rows(html, "boards") == [
        ["1", "1", "Alice Zola", "0", "2100", "1-0", "2", "Bruno Martin", "0", "2000"],
        ["2", "3", "Chloé Dubois", "0", "1900", "½-½", "4", "David Albert", "0", "1800"],
    ]
    assert "Emma Leroy (pairing-allocated bye, 1)" in html


def test_the_french_pairings_sheet_puts_a_space_before_the_colon(
    secretary_client: Client, open_event: Event
) -> None:
    url = reverse("desk:pairings_sheet", args=[_round(open_event, 1).pk])
    html = secretary_client.get(url).content.decode()
    assert re.search(r"<strong>Byes\xa0:</strong>\s+Emma Leroy \(", html)


def test_the_pairings_give_each_players_points_before_the_round(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    """As Swiss-Manager and Sharly Chess print them. By hand after round 1: Zola 1,
    Leroy 1 (the pairing-allocated bye, FIDE C.04.1), Dubois ½, Albert ½, Martin 0; the
    pending games of round 2 and Martin's half-point bye of round 2 are not counted."""
    url = reverse("desk:pairings_sheet", args=[_round(open_event, 2).pk])
    html = secretary_client.get(url).content.decode()
    assert _rows(html, "boards") == [
        ["1", "4", "David Albert", "0.5", "1800", "", "1", "Alice Zola", "1", "2100"],
        ["2", "5", "Emma Leroy", "1", "1700", "", "3", "Chloé Dubois", "0.5", "1900"],
    ]
    assert html.count('<abbr title="Points before the round">Pts</abbr>') == 2


def test_it_prints_the_alphabetical_list_with_each_players_table_and_colour(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    url = reverse("desk:pairings_sheet", args=[_round(open_event, 2).pk])
    html = secretary_client.get(url + "?ordre=alpha").content.decode()
    assert _rows(html, "alphabetical") == [
        ["Albert David", "4", "0.5", "1", "White", "Alice Zola"],
        ["Dubois Chloé", "3", "0.5", "2", "Black", "Emma Leroy"],
        ["Leroy Emma", "5", "1", "2", "White", "Chloé Dubois"],
        ["Martin Bruno", "2", "0", "–", "half-point bye (½)"],
        ["Zola Alice", "1", "1", "1", "Black", "David Albert"],
    ]


def test_it_links_the_print_stylesheet_that_hides_the_navigation_on_a4(
    secretary_client: Client, open_event: Event
) -> None:
    for url in (
        reverse("desk:pairings_sheet", args=[_round(open_event, 1).pk]),
        reverse("desk:standings", args=[open_event.pk]),
        reverse("desk:crosstable", args=[open_event.pk]),
    ):
        html = secretary_client.get(url).content.decode()
        assert re.search(r'<link rel="stylesheet" href="[^"]*desk/print\.css" media="print">', html)
    css = (Path(settings.BASE_DIR) / "static" / "desk" / "print.css").read_text()
    assert "@page { size: A4" in css
    hidden = css.split("{ display: none !important; }")[0]
    assert ".site-header" in hidden and ".site-footer" in hidden and ".no-print" in hidden


def test_it_shows_the_current_round_and_the_standings_on_the_wall(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    html = secretary_client.get(reverse("desk:wall", args=[open_event.pk])).content.decode()
    # it asks for itself again every 30 s and swaps its content in place (htmx): no meta
    # refresh, which axe-core counts as a critical violation (WCAG 2.2.1, timing)
    assert 'hx-trigger="every 30s"' in html and 'hx-select="#wall"' in html
    assert "http-equiv" not in html
    assert 'id="main-menu"' not in html  # full screen: no site navigation
    assert "Round 2" in html
    assert _rows(html, "wall-pairings") == [
        ["1", "David Albert (4)", "–", "Alice Zola (1)"],
        ["2", "Emma Leroy (5)", "–", "Chloé Dubois (3)"],
    ]
    # the bye is a line of the pairings, paged with the boards on a long evening
    assert re.search(
        r'<tr class="bye">(?:(?!</tr>).)*?Bruno Martin \(half-point bye\)\s*</td>\s*</tr>',
        html,
        re.S,
    )
    # round 2 is under way: the standings stand after round 1, Martin's half-point bye of
    # round 2 not counted yet (issue #40: a player with 0 showed ½ before the round was
    # played): Zola 1, Leroy 1, Dubois ½, Albert ½, Martin 0; every tie-break of the event
    # headed by C.07's abbreviation
    assert "Standings after round 1" in html
    assert '<abbr title="Buchholz">BH</abbr>' in html
    points = {row[1]: row[2] for row in _rows(html, "wall-standings")}
    assert points == {
        "Alice Zola": "1",
        "Emma Leroy": "1",
        "Chloé Dubois": "0.5",
        "David Albert": "0.5",
        "Bruno Martin": "0",
    }
    # once round 2 is played, its bye counts: Martin ½ after round 2
    Game.objects.filter(round__event=open_event, round__number=2).update(result=Result.DRAW)
    html = secretary_client.get(reverse("desk:wall", args=[open_event.pk])).content.decode()
    assert "Standings after round 2" in html
    points = {row[1]: row[2] for row in _rows(html, "wall-standings")}
    assert points["Bruno Martin"] == "0.5" and points["Alice Zola"] == "1.5"


def test_the_wall_shows_the_round_in_play_not_one_paired_in_advance(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    """A round robin is paired in advance: the wall shows the first round with a board
    still to play, not the last round paired; once every round is played, the last."""
    three = open_event.rounds.create(number=3)
    zola, leroy = Player.objects.get(last_name="Zola"), Player.objects.get(last_name="Leroy")
    Game.objects.create(round=three, board=1, white=zola, black=leroy, result=Result.PENDING)
    html = secretary_client.get(reverse("desk:wall", args=[open_event.pk])).content.decode()
    assert "Round 2" in html and "Round 3" not in html
    assert _rows(html, "wall-pairings")[0] == ["1", "David Albert (4)", "–", "Alice Zola (1)"]
    Game.objects.filter(round__event=open_event).update(result=Result.DRAW)
    html = secretary_client.get(reverse("desk:wall", args=[open_event.pk])).content.decode()
    assert "Round 3" in html and "Standings after round 3" in html


def test_the_wall_waits_for_the_first_round_before_its_standings(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    """While no round is played, every player would stand first on 0: the wall says when
    the standings come instead."""
    Game.objects.filter(round__event=open_event).update(result=Result.PENDING)
    html = secretary_client.get(reverse("desk:wall", args=[open_event.pk])).content.decode()
    assert _rows(html, "wall-standings") == [["The standings show once the first round is played."]]
    Game.objects.filter(round__event=open_event, round__number=1).update(result=Result.DRAW)
    html = secretary_client.get(reverse("desk:wall", args=[open_event.pk])).content.decode()
    assert "Standings after round 1" in html and 'id="standings-to-come"' not in html


def test_the_wall_reads_the_same_few_queries_for_a_large_event(
    secretary_client: Client, django_assert_max_num_queries: DjangoAssertNumQueries, english: None
) -> None:
    event: Event = EventFactory(system=Event.System.SWISS, kind=Event.Kind.OPEN)
    players: list[Player] = [PlayerFactory() for _n in range(60)]
    for number, player in enumerate(players, 1):
        Participant.objects.create(event=event, player=player, number=number)
    for n in (1, 2, 3):
        round_ = event.rounds.create(number=n)
        Game.objects.bulk_create(
            Game(
                round=round_,
                board=board + 1,
                white=players[(2 * board + n) % 60],
                black=players[(2 * board + n + 1) % 60],
                result=Result.DRAW if n < 3 else Result.PENDING,
            )
            for board in range(30)
        )
    # the secretary's first page records the language they read (club/account_language.py,
    # once a session); the wall's refreshes then read: session, user, groups check, event,
    # games, byes, participants
    secretary_client.get(reverse("desk:events"))
    with django_assert_max_num_queries(8):
        response = secretary_client.get(reverse("desk:wall", args=[event.pk]))
    html = response.content.decode()
    assert len(_rows(html, "wall-pairings")) == 30
    # every player is sent: static/desk/wall.js pages what the screen cannot hold
    assert len(_rows(html, "wall-standings")) == 60


def test_the_sheets_page_links_every_paired_round_and_the_wall(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    open_event.rounds.create(number=3)
    event_page = secretary_client.get(reverse("desk:event", args=[open_event.pk]))
    assert reverse("desk:sheets", args=[open_event.pk]) in event_page.content.decode()
    html = secretary_client.get(reverse("desk:sheets", args=[open_event.pk])).content.decode()
    for number in (1, 2):
        url = reverse("desk:pairings_sheet", args=[_round(open_event, number).pk])
        assert f'href="{url}"' in html and f'href="{url}?ordre=alpha"' in html
    assert reverse("desk:pairings_sheet", args=[_round(open_event, 3).pk]) not in html
    assert reverse("desk:wall", args=[open_event.pk]) in html


@pytest.mark.parametrize("name", ["sheets", "wall"])
def test_the_sheets_and_the_wall_are_for_secretaries_only(
    client: Client, member_user: User, open_event: Event, name: str
) -> None:
    url = reverse(f"desk:{name}", args=[open_event.pk])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(member_user)
    assert client.get(url).status_code == 403


def test_the_wall_tells_the_rounds_time_and_turns_its_pages_with_a_script_file(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    # 19:30 in Brussels (UTC+1 in November) is 18:30 UTC
    Round.objects.filter(event=open_event, number=2).update(
        starts_at=datetime(2026, 11, 26, 18, 30, tzinfo=UTC)
    )
    html = secretary_client.get(reverse("desk:wall", args=[open_event.pk])).content.decode()
    round_line = html.split('id="wall-round">', 1)[1].split("</p>", 1)[0]
    assert "Round 2" in round_line and "starts at 19:30" in round_line
    # the pages turn in static/desk/wall.js: the Content-Security-Policy forbids inline code
    assert re.search(r'<script src="[^"]*desk/wall\.js"></script>', html)
    assert "<script>" not in html and " on" + "load=" not in html
    assert 'data-page-seconds="12"' in html


def _qr_svg(html: str) -> str:
    found = re.search(r'<svg[^>]*class="qr-code".*?</svg>', html, re.S)
    assert found, "a QR code"
    return found.group(0)


@pytest.mark.parametrize("name", ["wall", "pairings_sheet"])
def test_the_wall_and_its_sheet_give_the_report_address_and_its_qr_code(
    secretary_client: Client, open_event: Event, english: None, name: str
) -> None:
    """Issue #40: the report page was linked from "Mon espace" only. The wall and the
    pairing sheet pinned beside it give its address, and a QR code of it that a phone's
    camera reads (the code's modules are those segno makes of the address)."""
    import segno

    target = open_event.pk if name == "wall" else _round(open_event, 2).pk
    html = secretary_client.get(reverse(f"desk:{name}", args=[target])).content.decode()
    address = "http://testserver" + reverse("report_result")
    assert f"<strong>{address}</strong>" in html
    svg = _qr_svg(html)
    assert "<title>Report your result from your phone</title>" in svg
    made = segno.make(address, error="m").svg_inline(omitsize=True, svgclass="qr-code")
    drawn = re.search(r' d="([^"]+)"', made.split("qrline", 1)[1])
    assert drawn and drawn.group(1) in svg  # the same modules: the same address


def test_the_secretarys_copy_with_the_codes_has_no_qr_code(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    url = reverse("desk:pairings_sheet", args=[_round(open_event, 2).pk]) + "?codes=1"
    html = secretary_client.get(url).content.decode()
    assert 'id="codes-note"' in html and 'class="qr-code"' not in html


def test_the_pairing_sheet_gives_titles_and_federations(
    secretary_client: Client, open_event: Event, english: None
) -> None:
    """Issue #40: the sheet lacked the titles and federations Swiss-Manager's and Sharly
    Chess's sheets give."""
    Player.objects.filter(last_name="Zola").update(title="IM", federation="FRA")
    Player.objects.filter(last_name="Martin").update(federation="BEL")
    url = reverse("desk:pairings_sheet", args=[_round(open_event, 1).pk])
    rows = _rows(secretary_client.get(url).content.decode(), "boards")
    assert rows[0][2] == "IM Alice Zola FRA" and rows[0][7] == "Bruno Martin BEL"
    alphabetical = secretary_client.get(url + "?ordre=alpha").content.decode()
    seats = {row[0]: row for row in _rows(alphabetical, "alphabetical")}
    assert seats["IM Zola Alice FRA"][5] == "Bruno Martin BEL"

"""The documents an arbiter prints, with real values: the player list, the check-in
sheet, the standings with the event's tie-breaks, the round-by-round crosstable, a round's
results, the round robin's table; each also a PDF laid out by WeasyPrint from the same
page. The crosstable is checked against real TRF files written by other software (FIDE's
own example, JaVaFo's example tournament): each printed cell is the file's opponent,
colour and result of that round."""

from __future__ import annotations

import io
import re
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from django.template.defaultfilters import floatformat
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from club.models import Bye, Event, Game, Participant, Player, Result
from desk.files.trf_export import export_event
from desk.files.trf_import import import_plan
from desk.files.trf_plan import plan_import
from desk.standings import event_standings
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db

TRF = Path(__file__).parent.parent / "fixtures" / "trf"

# number, first name, last name, federation, FIDE ID, national ID, FIDE, national, seeding
PLAYERS = [
    (1, "Alice", "Zola", "FRA", 20000001, "", 2100, None, 2100),
    (2, "Bruno", "Martin", "BEL", 20000002, "12345", 2000, 1980, 2000),
    (3, "Chloé", "Dubois", "BEL", None, "23456", None, 1900, 1900),
    (4, "David", "Albert", "GER", 20000004, "", 1800, None, 1800),
    (5, "Emma", "Leroy", "BEL", None, "34567", None, 1750, 1750),
    (6, "Farid", "Nasri", "BEL", None, "", None, None, None),
    (7, "Gina", "Petit", "FRA", 20000007, "", 1650, None, 1650),
]
BIRTH = date(1990, 5, 17)


@pytest.fixture
def swiss() -> Event:
    return build_swiss()


def build_swiss() -> Event:
    """Three rounds of a Swiss with a pairing-allocated bye, a half-point bye, forfeits
    both ways and a withdrawal (Petit, after round 2, not paired in round 3).

    Round 1: Zola–Martin 1-0, Dubois–Albert ½-½, Leroy–Nasri 1-0 by forfeit, Petit bye.
    Round 2: Leroy–Zola 0-1, Petit–Dubois 0-1, Martin–Nasri 1-0, Albert half-point bye.
    Round 3: Zola–Dubois ½-½, Albert–Martin 0-1 by forfeit, Nasri–Leroy 0-1.

    By hand: Zola 1+1+½ = 2½; Martin 0+1+1 = 2; Dubois ½+1+½ = 2; Leroy 1+0+1 = 2;
    Albert ½+½+0 = 1; Petit 1+0 = 1; Nasri 0."""
    event: Event = EventFactory(
        title="Open d'automne",
        system=Event.System.SWISS,
        kind=Event.Kind.OPEN,
        tiebreaks="buchholz_cut1,buchholz",
        venue="Salle des fêtes",
        chief_arbiter="Jean Arbitre",
        planned_rounds=3,
        public=False,
    )
    players: dict[str, Player] = {}
    for number, first, last, fed, fide_id, nat_id, fide, national, seeding in PLAYERS:
        players[last] = PlayerFactory(
            first_name=first, last_name=last, federation=fed, fide_id=fide_id,
            national_id=nat_id, fide_rating=fide, national_rating=national, birth_date=BIRTH,
            club_name="CE Wavre" if last == "Nasri" else "",
        )  # fmt: skip
        Participant.objects.create(
            event=event, player=players[last], number=number, rating=seeding,
            withdrawn_after_round=2 if last == "Petit" else None,
        )  # fmt: skip
    games = {
        1: [
            ("Zola", "Martin", Result.WHITE_WINS),
            ("Dubois", "Albert", Result.DRAW),
            ("Leroy", "Nasri", Result.WHITE_WINS_FORFEIT),
        ],
        2: [
            ("Leroy", "Zola", Result.BLACK_WINS),
            ("Petit", "Dubois", Result.BLACK_WINS),
            ("Martin", "Nasri", Result.WHITE_WINS),
        ],
        3: [
            ("Zola", "Dubois", Result.DRAW),
            ("Albert", "Martin", Result.BLACK_WINS_FORFEIT),
            ("Nasri", "Leroy", Result.BLACK_WINS),
        ],
    }
    for number, boards in games.items():
        round_ = event.rounds.create(number=number)
        for board, (white, black, result) in enumerate(boards, 1):
            Game.objects.create(
                round=round_, board=board, white=players[white], black=players[black],
                result=result,
            )  # fmt: skip
    Bye.of_kind(Bye.Kind.PAIRING_ALLOCATED, round=event.rounds.get(number=1),
                player=players["Petit"]).save()  # fmt: skip
    Bye.of_kind(Bye.Kind.HALF_POINT, round=event.rounds.get(number=2),
                player=players["Albert"]).save()  # fmt: skip
    return event


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", fragment)).strip()


def _rows(html: str, table_id: str) -> list[list[str]]:
    table = html.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [
        [_text(cell) for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def _get(client: Client, name: str, pk: int, query: str = "") -> str:
    response = client.get(reverse(f"desk:{name}", args=[pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def _pdf(client: Client, url: str) -> PdfReader:
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(response.content))


def _pdf_text(reader: PdfReader) -> str:
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))


def test_the_player_list_gives_ids_federations_and_ratings_never_a_birth_date(
    secretary_client: Client, swiss: Event, english: None
) -> None:
    html = _get(secretary_client, "print_players", swiss.pk)
    assert _rows(html, "players") == [
        ["1", "", "ZOLA Alice", "FRA", "20000001", "", "2100", "", "2100", "", ""],
        ["2", "", "MARTIN Bruno", "BEL", "20000002", "12345", "2000", "1980", "2000", "", ""],
        ["3", "", "DUBOIS Chloé", "BEL", "", "23456", "", "1900", "1900", "", ""],
        ["4", "", "ALBERT David", "GER", "20000004", "", "1800", "", "1800", "", ""],
        ["5", "", "LEROY Emma", "BEL", "", "34567", "", "1750", "1750", "", ""],
        ["6", "", "NASRI Farid", "BEL", "", "", "", "", "", "CE Wavre", ""],
        ["7", "", "PETIT Gina", "FRA", "20000007", "", "1650", "", "1650", "",
         "withdrawn after round 2"],
    ]  # fmt: skip
    assert "7 players" in html
    for written in ("1990", "17/05", "05/17", "17.05", "May 17"):
        assert written not in html
    # A4 sideways: eleven columns
    assert "desk/print-landscape.css" in html


def test_the_check_in_sheet_lists_who_may_come_in_alphabetical_order(
    secretary_client: Client, swiss: Event, english: None
) -> None:
    """Petit withdrew: not on the sheet."""
    rows = _rows(_get(secretary_client, "print_checkin", swiss.pk), "checkin")
    assert rows == [
        ["ALBERT David", "4", "1800", "GER", "", "", ""],
        ["DUBOIS Chloé", "3", "1900", "BEL", "", "", ""],
        ["LEROY Emma", "5", "1750", "BEL", "", "", ""],
        ["MARTIN Bruno", "2", "2000", "BEL", "", "", ""],
        ["NASRI Farid", "6", "", "BEL", "CE Wavre", "", ""],
        ["ZOLA Alice", "1", "2100", "FRA", "", "", ""],
    ]


def test_the_standings_give_the_points_and_the_events_tiebreaks(
    secretary_client: Client, swiss: Event, english: None
) -> None:
    html = _get(secretary_client, "print_standings", swiss.pk)
    assert '<th scope="col" class="text-end">Buchholz cut 1</th>' in html
    rows = _rows(html, "standings")
    points = {row[2]: row[5] for row in rows}
    assert points == {
        "ZOLA Alice": "2.5", "MARTIN Bruno": "2", "DUBOIS Chloé": "2", "LEROY Emma": "2",
        "ALBERT David": "1", "PETIT Gina": "1", "NASRI Farid": "0",
    }  # fmt: skip
    assert rows[0][:6] == ["1", "1", "ZOLA Alice", "FRA", "2100", "2.5"]
    # the tie-breaks are the one standings' (desk.standings), in the event's order
    table = event_standings(swiss)
    for row, line in zip(rows, table.lines, strict=True):
        assert row[2] == f"{line.player.last_name.upper()} {line.player.first_name}"
        assert row[6:] == [floatformat(value, -2) for value in line.values]


def test_the_standings_after_a_round(secretary_client: Client, swiss: Event, english: None) -> None:
    """After round 1: Zola, Leroy (forfeit win), Petit (bye) 1; Dubois, Albert ½."""
    html = _get(secretary_client, "print_standings", swiss.pk, "?ronde=1")
    assert "after round 1" in html
    points = {row[2]: row[5] for row in _rows(html, "standings")}
    assert points["LEROY Emma"] == "1" and points["PETIT Gina"] == "1"
    assert points["DUBOIS Chloé"] == "0.5" and points["MARTIN Bruno"] == "0"


def test_the_crosstable_by_pairing_number_prints_each_round(
    secretary_client: Client, swiss: Event, english: None
) -> None:
    html = _get(secretary_client, "print_crosstable", swiss.pk, "?ordre=depart")
    rows = _rows(html, "crosstable")
    cells = {row[0]: row[5:8] for row in rows}
    assert cells == {
        "1": ["2w1", "5b1", "3w½"],
        "2": ["1b0", "6w1", "4b+"],
        "3": ["4w½", "7b1", "1b½"],
        "4": ["3b½", "½", "2w-"],  # the half-point bye, then a forfeit lost
        "5": ["6w+", "1w0", "6b1"],
        "6": ["5b-", "2b0", "5w0"],
        "7": ["+", "3w0", ""],  # the pairing-allocated bye; withdrawn: not paired
    }
    assert {row[0]: row[8] for row in rows}["1"] == "2.5"
    # the legend tells the bare + (no opponent: the pairing-allocated bye) from a forfeit
    # won against an opponent ("6w+"), and says what ½ and an empty cell are (issue #40)
    key = html.split('id="crosstable-key">', 1)[1].split("</p>", 1)[0]
    assert "+ the pairing-allocated bye (scored as a win)" in key
    assert "+ and - a game won or lost by forfeit" in key and "½ drawn" in key


def test_the_crosstable_by_rank_gives_the_opponents_rank(
    secretary_client: Client, swiss: Event, english: None
) -> None:
    rows = _rows(_get(secretary_client, "print_crosstable", swiss.pk), "crosstable")
    # every line its own number in rank order, the opponents named by it (issue #40: with
    # shared ranks, "2" was three players)
    assert [row[0] for row in rows] == [str(n) for n in range(1, len(rows) + 1)]
    line_of = {row[2]: row[0] for row in rows}  # pairing number → line
    assert rows[0][:4] == ["1", "1", "1", "ZOLA Alice"]
    zola = rows[0][6:9]
    # Zola met Martin (no. 2), Leroy (no. 5), Dubois (no. 3)
    assert zola == [f"{line_of['2']}w1", f"{line_of['5']}b1", f"{line_of['3']}w½"]


def test_players_who_share_a_rank_keep_a_line_number_each(
    secretary_client: Client, swiss: Event, english: None
) -> None:
    """No tie-break: Martin, Dubois and Leroy, 2 points each, share rank 2; the
    crosstable numbers their lines 2, 3 and 4 and their opponents' cells point to one
    line each."""
    Event.objects.filter(pk=swiss.pk).update(tiebreaks="")
    rows = _rows(_get(secretary_client, "print_crosstable", swiss.pk), "crosstable")
    assert [(row[0], row[1]) for row in rows[:4]] == [
        ("1", "1"),
        ("2", "2"),
        ("3", "2"),
        ("4", "2"),
    ]
    line_of = {row[2]: row[0] for row in rows}
    zola = rows[0][6:9]
    assert zola == [f"{line_of['2']}w1", f"{line_of['5']}b1", f"{line_of['3']}w½"]
    assert len({cell[:-2] for cell in zola}) == 3  # three different lines, not "2" thrice


def test_the_crosstable_speaks_the_pages_language(secretary_client: Client, swiss: Event) -> None:
    """French: B(lancs) and N(oirs), 2,5 points."""
    with_french = secretary_client.get(
        reverse("desk:print_crosstable", args=[swiss.pk]) + "?ordre=depart",
        HTTP_ACCEPT_LANGUAGE="fr",
    ).content.decode()
    rows = _rows(with_french, "crosstable")
    assert rows[0][5:9] == ["2B1", "5N1", "3B½", "2,5"]


def test_a_rounds_results_give_each_players_points_after_the_round(
    secretary_client: Client, swiss: Event, english: None
) -> None:
    three = swiss.rounds.get(number=3)
    assert _rows(_get(secretary_client, "print_results", three.pk), "results") == [
        ["1", "1", "Alice Zola", "2.5", "½-½", "3", "Chloé Dubois", "2"],
        ["2", "4", "David Albert", "1", "0-1 by forfeit", "2", "Bruno Martin", "2"],
        ["3", "6", "Farid Nasri", "0", "0-1", "5", "Emma Leroy", "2"],
    ]
    two = _get(secretary_client, "print_results", swiss.rounds.get(number=2).pk)
    assert "David Albert: half-point bye (½), 1 after the round" in two


@pytest.mark.parametrize(
    ("name", "query", "landscape"),
    [
        ("print_players", "", True),
        ("print_checkin", "", False),
        ("print_standings", "", False),
        ("print_crosstable", "?ordre=depart", True),
    ],
)
def test_each_event_document_is_a_one_page_pdf_with_its_names_and_results(
    secretary_client: Client, swiss: Event, english: None, name: str, query: str, landscape: bool
) -> None:
    url = reverse(f"desk:{name}", args=[swiss.pk]) + query
    reader = _pdf(secretary_client, url + ("&" if query else "?") + "format=pdf")
    assert len(reader.pages) == 1
    width, height = reader.pages[0].mediabox.width, reader.pages[0].mediabox.height
    # A4 is 595 × 842 points
    assert (round(width), round(height)) == ((842, 595) if landscape else (595, 842))
    text = _pdf_text(reader)
    assert "Open d'automne" in text
    assert "ALBERT David" in text and "NASRI Farid" in text
    # no buttons nor links on paper
    assert "PDF" not in text and "Back to the event" not in text and "Printed sheets" not in text
    assert "1 / 1" in text  # the page's number
    if name == "print_crosstable":
        assert "2w1 5b1 3w½ 2.5" in text  # Zola's line
    if name == "print_players":
        assert "20000002 12345 2000 1980" in text


def test_the_results_and_the_pairings_are_pdfs_too(
    secretary_client: Client, swiss: Event, english: None
) -> None:
    three = swiss.rounds.get(number=3)
    results = _pdf_text(
        _pdf(secretary_client, reverse("desk:print_results", args=[three.pk]) + "?format=pdf")
    )
    assert "Results of round 3" in results and "0-1 by forfeit" in results
    pairings = _pdf(
        secretary_client,
        reverse("desk:pairings_sheet", args=[three.pk]) + "?ordre=alpha&format=pdf",
    )
    text = _pdf_text(pairings)
    assert len(pairings.pages) == 1
    assert "Alphabetical list" in text and "Zola Alice" in text


def test_the_pdf_is_named_after_the_event_and_the_document(
    secretary_client: Client, swiss: Event, english: None
) -> None:
    response = secretary_client.get(
        reverse("desk:print_standings", args=[swiss.pk]) + "?format=pdf"
    )
    assert response["Content-Disposition"] == 'inline; filename="open-dautomne-standings.pdf"'


def test_the_documents_are_for_the_desk_only(client: Client, swiss: Event) -> None:
    for name in ("print_players", "print_checkin", "print_standings", "print_crosstable"):
        response = client.get(reverse(f"desk:{name}", args=[swiss.pk]) + "?format=pdf")
        assert response.status_code == 302 and "/login" in response["Location"].replace(
            "connexion", "login"
        )


def test_the_event_and_round_pages_link_every_document_and_its_pdf(
    secretary_client: Client, swiss: Event, english: None
) -> None:
    page = _get(secretary_client, "event", swiss.pk)
    for name in ("players", "checkin", "standings", "crosstable"):
        url = reverse(f"desk:print_{name}", args=[swiss.pk])
        assert re.search(rf'href="{re.escape(url)}"\s+id="print-{name}"', page)
        assert re.search(rf'href="{re.escape(url)}\?format=pdf"\s+id="pdf-{name}"', page)
    assert 'id="print-table"' not in page  # a Swiss: no round robin table
    three = swiss.rounds.get(number=3)
    results_page = _get(secretary_client, "results", three.pk)
    sheet = reverse("desk:pairings_sheet", args=[three.pk])
    assert re.search(rf'href="{re.escape(sheet)}\?format=pdf"\s+id="pdf-boards-3"', results_page)
    assert re.search(
        rf'href="{re.escape(sheet)}\?ordre=alpha&amp;format=pdf"\s+id="pdf-alpha-3"', results_page
    )
    printed = reverse("desk:print_results", args=[three.pk])
    assert re.search(rf'href="{re.escape(printed)}"\s+id="print-results-3"', results_page)


@pytest.fixture
def round_robin() -> Event:
    return build_round_robin()


def build_round_robin() -> Event:
    """Four players, three rounds. W–Z 1-0, X–Y ½-½; Z–Y 0-1, W–X 1-0; X–Z 1-0 by
    forfeit, Y–W ½-½. By hand: W 2½, Y 2, X 1½, Z 0."""
    event: Event = EventFactory(
        title="Championnat", system=Event.System.ROUND_ROBIN,
        kind=Event.Kind.CHAMPIONSHIP, tiebreaks="sonneborn_berger",
    )  # fmt: skip
    players = {}
    for number, name in enumerate("WXYZ", 1):
        players[name] = PlayerFactory(first_name=name, last_name=f"Joueur{name}")
        Participant.objects.create(event=event, player=players[name], number=number)
    for number, boards in enumerate(
        [
            [("W", "Z", Result.WHITE_WINS), ("X", "Y", Result.DRAW)],
            [("Z", "Y", Result.BLACK_WINS), ("W", "X", Result.WHITE_WINS)],
            [("X", "Z", Result.WHITE_WINS_FORFEIT), ("Y", "W", Result.DRAW)],
        ],
        1,
    ):
        round_ = event.rounds.create(number=number)
        for board, (white, black, result) in enumerate(boards, 1):
            Game.objects.create(
                round=round_, board=board, white=players[white], black=players[black],
                result=result,
            )  # fmt: skip
    return event


def test_the_round_robin_table_is_rank_by_rank(
    secretary_client: Client, round_robin: Event, english: None
) -> None:
    html = _get(secretary_client, "print_table", round_robin.pk)
    rows = _rows(html, "round-robin")
    table = event_standings(round_robin)
    sb = [floatformat(line.values[0], -2) for line in table.lines]
    assert rows == [
        ["1", "JOUEURW W", "", "½", "1", "1", "2.5", sb[0]],
        ["2", "JOUEURY Y", "½", "", "½", "1", "2", sb[1]],
        ["3", "JOUEURX X", "0", "½", "", "+", "1.5", sb[2]],
        ["4", "JOUEURZ Z", "0", "0", "−", "", "0", sb[3]],
    ]
    # Sonneborn-Berger by hand for the two without a forfeit (C.07: the points of each
    # opponent beaten, half those of each opponent drawn): W ½×2 + 1×1½ + 1×0 = 2½;
    # Y ½×2½ + ½×1½ + 1×0 = 2
    assert [line.values[0] for line in table.lines[:2]] == [Decimal("2.5"), Decimal(2)]
    assert _get(secretary_client, "event", round_robin.pk).count('id="print-table"') == 1
    reader = _pdf(
        secretary_client, reverse("desk:print_table", args=[round_robin.pk]) + "?format=pdf"
    )
    assert len(reader.pages) == 1
    assert "JOUEURW W ½ 1 1 2.5" in _pdf_text(reader)


def _blocks(line: str) -> list[str]:
    """A TRF-16 player line's round blocks, read by column (FIDE's TRF-16: from column 92,
    ten characters a round: opponent 4, blank, colour, blank, result)."""
    rest = line[91:]
    return [rest[i : i + 10] for i in range(0, len(rest.rstrip()), 10)]


def _expected_cell(block: str, colour_known: bool = True) -> tuple[str, str, str]:
    """(opponent, colour, result) as the crosstable prints them."""
    opponent, colour, code = block[0:4].strip(), block[5:6].strip(), block[7:8].strip()
    if opponent in ("", "0000"):
        # U pairing-allocated, F full-point, H half-point, Z zero-point; "-" absent
        # (zero points, imported as a zero-point bye); blank: not paired
        byes = {"U": "+", "+": "+", "F": "1", "H": "½", "Z": "0", "-": "0"}
        return "", "", byes.get(code, "")
    result = {"=": "½", "W": "1", "D": "½", "L": "0"}.get(code, code)
    return opponent, colour if colour in ("w", "b") else "?", result


@pytest.mark.parametrize(
    "name", ["py4swiss_javafo_example.trf", "fide_example1.trf", "sharly_bbp_dutch_2025_C5.trf"]
)
def test_the_crosstable_prints_what_real_trf_files_record(
    secretary_client: Client, english: None, name: str
) -> None:
    """The outside reference: tournaments written by JaVaFo (XX Open Internacional de
    Gros, 2010), FIDE's own example and Sharly Chess's bbpPairings tests
    (tests/fixtures/trf/SOURCES.md), imported; by pairing number, each printed cell is
    the file's opponent, colour and result of that round. A forfeit the file writes
    without a colour (``-``) is printed with the colour the import gave the game."""
    text = (TRF / name).read_text()
    event = import_plan(plan_import(text), user=None)
    html = _get(secretary_client, "print_crosstable", event.pk, "?ordre=depart")
    printed = {row[0]: row for row in _rows(html, "crosstable")}
    lines = [line for line in text.splitlines() if line.startswith("001")]
    assert len(printed) == len(lines)
    rounds = max(len(_blocks(line)) for line in lines)
    # the event's planned rounds may be more: those columns are empty
    columns = len(re.findall(r">R\d+</abbr>", html))
    assert columns >= rounds
    compared = 0
    for line in lines:
        number = line[4:8].strip()
        row = printed[number]
        assert row[2].lower().replace(" ", "") != ""
        cells = row[5 : 5 + columns]
        blocks = _blocks(line)
        for block, cell in zip(blocks + [""] * (columns - len(blocks)), cells, strict=True):
            opponent, colour, result = _expected_cell(block.ljust(10))
            if colour == "?":
                assert re.fullmatch(rf"{opponent}[wb]{re.escape(result)}", cell), (number, cell)
            else:
                assert cell == f"{opponent}{colour}{result}", (number, block, cell)
            compared += 1
        # the points column: the file's own total (columns 81-84)
        assert Decimal(row[5 + columns]) == Decimal(line[80:84].strip()), (number, row)
    assert compared == len(lines) * columns
    # and the TRF the desk writes back holds the same rounds: one source of truth
    assert export_event(event).count("\n001 ") + 1 >= len(lines)


def test_a_long_crosstable_runs_over_numbered_pages(
    secretary_client: Client, english: None
) -> None:
    """JaVaFo's example, 52 players: more than a landscape A4 page holds. Each page says
    "page / pages", repeats the table's heading, and every player is printed once."""
    event = import_plan(plan_import((TRF / "py4swiss_javafo_example.trf").read_text()), None)
    reader = _pdf(
        secretary_client,
        reverse("desk:print_crosstable", args=[event.pk]) + "?ordre=depart&format=pdf",
    )
    total = len(reader.pages)
    assert total >= 2
    for index, page in enumerate(reader.pages, 1):
        assert f"{index} / {total}" in page.extract_text()
    text = _pdf_text(reader)
    assert text.count("R1 R2 R3 R4 R5 R6 R7 R8 R9") == total  # the heading on every page
    for player in event.participants.select_related("player"):
        assert text.count(f"{player.player.last_name.upper()} {player.player.first_name}") == 1

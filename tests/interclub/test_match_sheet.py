"""The interclub match sheet: the two teams, each board's players with their ratings and
IDs and colours, the results from the home team's side, the score, and the lines the
captains and the arbiter sign; a page to print and a PDF."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from club.models import Game, Member, Result
from interclub import services
from interclub.models import TeamMatch
from interclub.services import Typed
from tests.interclub.conftest import THEIRS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def played(match: TeamMatch, members: list[Member], secretary: User) -> TeamMatch:
    """Eight boards, Wavre 1 at home (White on the odd boards). Board 1 won by the home
    player with White, board 2 won by the away player with White, board 3 drawn, board 4
    won by the home player (Black) by forfeit; the others not played yet.

    By hand, home – away: 1–0, 0–1, ½–½, 1–0: 2½ – 1½, the match in progress."""
    for n, member in enumerate(members, 1):
        member.player.fide_id = 20500000 + n
        member.player.federation = "BEL"
        member.player.national_id = f"{10000 + n}"
        member.player.national_id_federation = "BEL"  # the sheet shows it with the number
        member.player.save()
    services.set_lineup(match.pk, match.home.pk, [Typed(player_id=m.player_id) for m in members],
                        secretary)  # fmt: skip
    services.set_lineup(
        match.pk, match.away.pk,
        [Typed(first_name=f, last_name=last, rating=r) for last, f, r in THEIRS], secretary,
    )  # fmt: skip
    games = {g.board: g for g in Game.objects.filter(round__event=match.event)}
    for board, result in (
        (1, Result.WHITE_WINS),
        (2, Result.WHITE_WINS),
        (3, Result.DRAW),
        (4, Result.BLACK_WINS_FORFEIT),
    ):
        games[board].result = result
        games[board].save()
    return match


def _rows(html: str, table_id: str, part: str = "tbody") -> list[list[str]]:
    table = html.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    body = table.split(f"<{part}>", 1)[1].split(f"</{part}>", 1)[0]
    return [
        [
            re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip()
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_the_match_sheet_gives_each_board_players_ids_colours_and_result(
    secretary_client: Client, played: TeamMatch
) -> None:
    url = reverse("interclub:desk_match_sheet", args=[played.pk])
    html = secretary_client.get(url).content.decode()
    rows = _rows(html, "match-sheet")
    # home player, rating, IDs; result home – away; away player, rating
    assert [(r[0], r[1], r[3], r[4], r[5], r[6], r[7], r[8]) for r in rows[:5]] == [
        ("1", "White", "2100", "FIDE 20500001 BEL 10001", "1 – 0", "Black", "DUPONT Marc",
         "2080"),
        ("2", "Black", "2050", "FIDE 20500002 BEL 10002", "0 – 1", "White", "LEMAIRE Julie",
         "2010"),
        ("3", "White", "1990", "FIDE 20500003 BEL 10003", "½ – ½", "Black", "RENARD Paul",
         "1960"),
        ("4", "Black", "1900", "FIDE 20500004 BEL 10004", "1 – 0 ff", "White", "COLLIN Anne",
         "1880"),
        ("5", "White", "1850", "FIDE 20500005 BEL 10005", "", "Black", "MASSON Luc", "1830"),
    ]  # fmt: skip
    assert rows[0][2].startswith("MEMBRE1 ")
    assert len(rows) == 8
    assert _rows(html, "match-sheet", "tfoot") == [
        ["Board points", "2.5 – 1.5", "Match in progress: board points so far."]
    ]
    signatures = [row[0] for row in _rows(html, "signatures")]
    assert signatures == ["Captain of Wavre 1", "Captain of Namur 2", "Arbiter"]


def test_the_match_sheet_is_a_pdf_and_linked_from_the_match_and_its_results(
    secretary_client: Client, played: TeamMatch
) -> None:
    url = reverse("interclub:desk_match_sheet", args=[played.pk])
    response = secretary_client.get(url + "?format=pdf")
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1
    text = re.sub(r"\s+", " ", reader.pages[0].extract_text())
    assert "Wavre 1" in text and "Namur 2" in text
    assert "DUPONT Marc 2080" in text and "2.5 – 1.5" in text
    match_page = secretary_client.get(reverse("interclub:desk_match", args=[played.pk]))
    assert re.search(
        rf'href="{re.escape(url)}\?format=pdf"\s+id="pdf-match-sheet"', match_page.content.decode()
    )
    round_ = played.event.rounds.get()
    results = secretary_client.get(reverse("desk:results", args=[round_.pk])).content.decode()
    assert re.search(rf'href="{re.escape(url)}"\s+id="print-match-sheet"', results)


def test_the_match_sheet_is_for_the_desk_only(client: Client, played: TeamMatch) -> None:
    response = client.get(reverse("interclub:desk_match_sheet", args=[played.pk]))
    assert response.status_code == 302

"""A member's two tables (rating changes, games) are written by Django's templates from
plain data: each row as the page showed it when Python wrote the rows (the expected rows
below are the old ``history_rows_html``/``game_rows_html`` output for the same data), the
day by the ``date`` filter in the page's language, the addresses by ``{% url %}``, every
text escaped. Compared as HTML (Django's ``assertHTMLEqual``): the templates' layout
(djlint's) is free, what the browser reads is not."""

from datetime import date

from django.template.loader import render_to_string
from django.utils import translation
from pytest_django.asserts import assertHTMLEqual, assertInHTML

from club.models import Member
from public.member_games import GameLine
from ratings.history import HistoryRow

MEMBER = Member(pk=12)


def _history_row(**changes: object) -> HistoryRow:
    values: dict[str, object] = {
        "batch": 77,
        "day": date(2026, 3, 7),
        "system_id": 1,
        "system": "Elo du club",
        "label": "Open <de> printemps",
        "event_id": None,
        "estimated": True,
        "rating_before": 1512.0,
        "rating_after": 1498.4,
        "change": -13.6,
        "before_text": "1512",
        "after_text": "1498",
        "change_text": "−13.6",
        "score_text": "2,5/5",
        "performance_text": "1467",
        "performance_exact_text": "1471",
    }
    values.update(changes)
    return HistoryRow(**values)  # type: ignore[typeddict-item]


def _tbody(html: str, table: str) -> str:
    start = html.index("<tbody>", html.index(f'id="{table}"')) + len("<tbody>")
    return html[start : html.index("</tbody>", start)].strip()


def test_a_change_is_written_as_the_page_wrote_it_estimated_and_without_an_event() -> None:
    with translation.override("fr"):
        html = render_to_string(
            "club/_history_table.html", {"history": [_history_row()], "member": MEMBER}
        )
    assertHTMLEqual(
        _tbody(html, "history"),
        '<tr class="history-row"><td>7 mars 2026</td>'
        '<td class="d-none d-md-table-cell">Elo du club</td>'
        '<td>Open &lt;de&gt; printemps <span class="badge text-bg-warning">estimé</span></td>'
        '<td class="text-end d-none d-sm-table-cell">1512</td>'
        '<td class="text-end">1498</td>'
        '<td class="text-end text-danger">−13.6</td>'
        '<td class="text-end d-none d-md-table-cell">2,5/5</td>'
        '<td class="text-end d-none d-md-table-cell">1467 '
        '<small class="text-body-secondary" title="Entre parenthèses, la performance exacte\xa0: '
        'le classement auquel le score attendu égale le score obtenu.">(1471)</small></td>'
        '<td><button class="btn btn-sm btn-outline-secondary" type="button" '
        'data-bs-toggle="collapse" data-bs-target="#calc-77" aria-expanded="false" '
        'aria-controls="calc-77" aria-label="Calcul">'
        '<span class="d-none d-sm-inline">Calcul</span><span class="d-sm-none">▾</span>'
        "</button></td></tr>\n"
        '<tr class="collapse calculation" id="calc-77" hx-get="/membres/12/calculs/77/" '
        'hx-trigger="show.bs.collapse once" hx-target="find td"><td colspan="9">'
        '<span class="text-body-secondary small">Chargement du calcul…</span></td></tr>',
    )


def test_a_change_of_an_event_links_to_it_and_one_without_change_has_no_colour() -> None:
    row = _history_row(
        event_id=34,
        estimated=False,
        change=0.0,
        change_text="0",
        performance_exact_text="",
    )
    with translation.override("en"):
        html = render_to_string("club/_history_table.html", {"history": [row], "member": MEMBER})
    body = _tbody(html, "history")
    assertInHTML('<td><a href="/en/evenements/34/">Open &lt;de&gt; printemps</a></td>', body)
    assertInHTML('<td class="text-end">0</td>', body)
    assertInHTML('<td class="text-end d-none d-md-table-cell">1467</td>', body)
    assert "badge" not in body and "<small" not in body


def test_a_game_is_written_as_the_page_wrote_it_with_its_pgn_badge() -> None:
    lines = [
        GameLine(
            pk=5,
            event_id=3,
            day=date(2026, 3, 7),
            white="Anne <b>Dupont</b>",
            black="Luc Martin",
            result="1-0",
            result_text="1–0",
            event="Open & co",
            has_pgn=True,
        ),
        GameLine(
            pk=6,
            event_id=3,
            day=date(2026, 3, 8),
            white="Luc Martin",
            black="Anne Dupont",
            result="0-1",
            result_text="0–1",
            event="Open & co",
            has_pgn=False,
        ),
    ]
    with translation.override("fr"):
        html = render_to_string("club/_games_table.html", {"games": lines, "member": MEMBER})
    assertHTMLEqual(
        _tbody(html, "member-games"),
        '<tr><td class="small text-body-secondary">7 mars 2026</td>'
        "<td>Anne &lt;b&gt;Dupont&lt;/b&gt;</td>"
        '<td class="text-nowrap"><a href="/parties/5/">1–0</a> '
        '<span class="badge text-bg-light border">PGN</span>'
        "</td><td>Luc Martin</td>"
        '<td class="small d-none d-md-table-cell">Open &amp; co</td></tr>\n'
        '<tr><td class="small text-body-secondary">8 mars 2026</td><td>Luc Martin</td>'
        '<td class="text-nowrap"><a href="/parties/6/">0–1</a></td><td>Anne Dupont</td>'
        '<td class="small d-none d-md-table-cell">Open &amp; co</td></tr>',
    )

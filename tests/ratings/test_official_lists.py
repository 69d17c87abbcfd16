from pathlib import Path

import pytest

from ratings.official_lists import ListError, ListRow, read_list

LISTS = Path(__file__).resolve().parent.parent / "fixtures" / "lists"


def _read(name: str, kind: str) -> list[ListRow]:
    return read_list(kind, (LISTS / name).read_text(encoding="utf-8"))


def test_it_reads_a_fide_txt_list_by_its_header_columns() -> None:
    rows = _read("standard_nov26frl.txt", "fide")
    assert [(r.fide_id, r.name, r.rating, r.games, r.federation) for r in rows] == [
        (200000, "Dubois, Luc", 1712, 4, "BEL"),
        (207919, "Lambert, Marie", 1598, 0, "BEL"),
        (1503014, "Someone, Far Away", 2831, 9, "NOR"),
    ]


def test_it_reads_the_same_players_from_the_xml_list() -> None:
    txt = {(r.fide_id, r.rating) for r in _read("standard_nov26frl.txt", "fide")}
    xml = {(r.fide_id, r.rating) for r in _read("standard_nov26frl_xml.xml", "fide")}
    assert xml == txt - {(1503014, 2831)}


def test_it_reads_the_belgian_list_with_national_and_fide_ids() -> None:
    rows = _read("frbe_2026_10.csv", "frbe")
    assert [(r.national_id, r.fide_id, r.rating) for r in rows] == [
        ("10000", 200000, 1705),
        ("10137", None, 1540),
        ("99999", None, 1400),
    ]


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        ("fide", "Name Rating\n", "line 1: a FIDE TXT list starts with a header line"),
        (
            "fide",
            (LISTS / "standard_nov26frl.txt").read_text().replace("1598", "15x8"),
            "line 3: the rating '15x8' is not a rating",
        ),
        ("fide", "<playerslist><player><fideid>12", "line 1: the XML does not parse"),
        (
            "fide",
            "<playerslist><player><fideid>1a</fideid><name>X</name><rating>1500</rating>"
            "</player></playerslist>",
            "player 1: the FIDE ID '1a' is not a whole number",
        ),
        ("frbe", "Nom;Elo\nDubois;1500\n", "line 1: the header has no national ID"),
        ("frbe", "Matricule;Nom;Elo\n10000;Dubois\n", "line 2: 2 columns where the header has 3"),
        ("frbe", "Matricule;Nom;Elo\nA12;Dubois;1500\n", "line 2: the national ID 'A12'"),
        ("frbe", "Matricule;Nom;Elo\n12;Dubois;9999\n", "line 2: the rating '9999' is not"),
        ("uscf", "", "unknown list kind 'uscf'"),
    ],
)
def test_a_bad_list_names_the_line_and_what_is_wrong(kind: str, text: str, message: str) -> None:
    with pytest.raises(ListError) as raised:
        read_list(kind, text)
    assert str(raised.value).startswith(message)

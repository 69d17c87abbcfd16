"""The readers against real lines of FIDE's lists and the Belgian federation's player
table (sources in data/lists/SOURCES.md)."""

import io
import zipfile
from datetime import date
from pathlib import Path

import pytest

from ratings.official_lists import ListError, ListInfo, ListRow, Rated, read_list, read_rows
from ratings.official_lists.source import open_list

DATA = Path(__file__).resolve().parent / "data" / "lists"
OLD = Path(__file__).resolve().parent.parent / "fixtures" / "lists"


def _rows(path: Path, kind: str = "fide") -> tuple[list[ListRow], ListInfo]:
    info = ListInfo()
    with open_list(path) as (stream, name):
        return list(read_rows(kind, stream, name=name, info=info)), info


def test_fides_combined_list_gives_every_category_with_games_and_k() -> None:
    rows, info = _rows(DATA / "players_list_foa.txt")
    leko = rows[0]
    assert info.layout == "combined TXT"
    assert (leko.fide_id, leko.name, leko.federation, leko.sex, leko.title) == (
        703303, "Leko, Peter", "HUN", "M", "GM"
    )  # fmt: skip
    assert leko.birth_year == 1979 and not leko.inactive
    assert leko.ratings == {
        "standard": Rated(2676, 0, 10),
        "rapid": Rated(2700, 0, 10),
        "blitz": Rated(2738, 0, 10),
    }
    marie = rows[2]
    assert (marie.title, marie.women_title, marie.sex) == ("WCM", "WCM", "F")
    assert marie.ratings == {"rapid": Rated(1540, 9, 40), "blitz": Rated(1510, 0, 40)}


def test_a_category_written_0_is_no_rating_not_a_refusal() -> None:
    rows, _info = _rows(DATA / "players_list_foa.txt")
    zero = next(r for r in rows if r.fide_id == 99999901)
    assert zero.ratings == {} and zero.inactive
    assert [r.line for r in rows if not r.name] == [7]  # the blank line, counted


def test_fides_single_category_list_takes_its_category_and_date() -> None:
    rows, info = _rows(DATA / "blitz_aug26frl.txt")
    assert (info.layout, info.list_date) == ("blitz TXT", date(2026, 8, 1))
    assert [(r.fide_id, r.ratings["blitz"], r.inactive, r.sex) for r in rows] == [
        (703303, Rated(2738, 0, 10), True, "M"),  # flag i
        (700070, Rated(2736, 0, 10), True, "F"),  # flag wi
        (537001345, Rated(1431, 0, 40), False, "M"),
        (48701955, Rated(1807, 0, 40), False, "F"),  # flag w
    ]


def test_a_single_category_list_must_say_its_category() -> None:
    text = (DATA / "blitz_aug26frl.txt").read_text()
    with pytest.raises(ListError, match="named after it: standard_…, rapid_…, blitz_…"):
        read_list("fide", text, name="list.txt")


def test_the_xml_list_gives_the_same_fields() -> None:
    xml = (
        "<playerslist><player><fideid>700070</fideid><name>Polgar, Judit</name>"
        "<country>HUN</country><sex>F</sex><title>GM</title><w_title>WGM</w_title>"
        "<o_title>IA,FT</o_title><rating>2675</rating><games>0</games><k>10</k>"
        "<rapid_rating>0</rapid_rating><rapid_games>0</rapid_games><rapid_k>0</rapid_k>"
        "<blitz_rating>2736</blitz_rating><blitz_games>0</blitz_games><blitz_k>10</blitz_k>"
        "<birthday>1976</birthday><flag>wi</flag></player></playerslist>"
    )
    [row] = read_list("fide", xml)
    assert (row.name, row.title, row.women_title, row.other_titles) == (
        "Polgar, Judit", "GM", "WGM", "IA,FT"
    )  # fmt: skip
    assert row.ratings == {"standard": Rated(2675, 0, 10), "blitz": Rated(2736, 0, 10)}
    assert row.inactive and row.birth_year == 1976


def test_a_zipped_list_is_read_from_the_zip(tmp_path: Path) -> None:
    archive = tmp_path / "players_list.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.write(DATA / "players_list_foa.txt", "players_list_foa.txt")
    seen: list[tuple[int, int]] = []
    with open_list(archive, lambda done, total: seen.append((done, total))) as (stream, name):
        rows = list(read_rows("fide", stream, name=name))
    assert name == "players_list_foa.txt" and len(rows) == 6
    size = (DATA / "players_list_foa.txt").stat().st_size
    assert seen[-1] == (size, size)


def test_a_zip_with_two_lists_is_refused_by_name(tmp_path: Path) -> None:
    archive = tmp_path / "two.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("a.txt", "x")
        out.writestr("b.xml", "y")
    with (
        pytest.raises(ListError, match=r"a ZIP holds one list .*: a.txt, b.xml"),
        open_list(archive),
    ):
        pass


@pytest.mark.parametrize(
    ("member", "kind"), [("players_list_foa.txt", "fide"), ("export.csv", "frbe")]
)
def test_a_zip_holding_a_line_of_megabytes_is_refused_at_once(
    tmp_path: Path, member: str, kind: str
) -> None:
    """A few kilobytes of ZIP may hold a line of gigabytes: the reader stops once the line
    passes its bound (64 KiB), having read a fixed amount, never the whole line."""
    archive = tmp_path / "long.zip"
    header = (DATA / "players_list_foa.txt").read_bytes().splitlines(keepends=True)[:3]
    if kind == "frbe":
        header = [b"Matricule;Nom;Elo\n", b"1;Dupont, Jean;1500\n"]
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr(member, b"".join(header) + b"9" * 20_000_000 + b"\n")
    assert archive.stat().st_size < 100_000
    read: list[int] = []
    with (
        pytest.raises(ListError, match=rf"line {len(header) + 1}: the line is longer than 65536"),
        open_list(archive, lambda done, total: read.append(done)) as (stream, name),
    ):
        list(read_rows(kind, stream, name=name))
    assert max(read) < 300_000


def test_a_zip_of_many_lists_is_refused_in_a_short_message(tmp_path: Path) -> None:
    archive = tmp_path / "many.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for n in range(2_000):
            out.writestr(f"{'list' * 30}-{n}.txt", "")
    with pytest.raises(ListError) as refused, open_list(archive):
        pass
    message = str(refused.value)
    assert message.endswith(f"{'list' * 25}… (2000)") and len(message) < 700
    assert message.count("-") == 0  # names cut at 100 characters, five of them
    assert message.count("list" * 25) == 5


def test_the_belgian_federations_own_file_gives_every_field() -> None:
    """PLAYER_202204.ZIP, the federation's list of April 2022 (cut to 195 of its 27,804
    players, SOURCES.md): ``ELO_CALCUL`` and ``PART_CALCU`` are the list's rating and
    games, ``DATE_NAISS`` the birth date, ``NATFIDE`` the FIDE federation."""
    rows, info = _rows(DATA / "PLAYER_202204.ZIP", "frbe")
    assert (info.layout, info.categories, len(rows)) == ("DBF", {"standard"}, 195)
    by_id = {row.national_id: row for row in rows}
    fields = [
        (r.name, r.sex, r.birth_year, r.federation, r.fide_id, r.title, r.ratings)
        for r in (by_id["45608"], by_id["10111"], by_id["10949"], by_id["22826"])
    ]
    assert fields == [
        ("Decrop, Ruben", "M", 1965, "BEL", 201308, "", {"standard": Rated(2003, 937)}),
        ("Bartel, Mateusz", "M", 1985, "POL", 1112635, "GM", {"standard": Rated(2618, 300)}),
        ("Akulova, Alicia", "F", 2002, "BEL", 242861, "", {"standard": Rated(1785, 359)}),
        ("Decrop, Evan", "M", 2007, "BEL", None, "", {}),  # ELO_CALCUL 0: not rated
    ]
    # nothing lost: every player has a name, a sex, a birth year and a FIDE federation
    assert all(r.name and r.sex and r.birth_year and r.federation for r in rows)
    assert sum(1 for r in rows if r.ratings) == 125


def test_the_federations_file_of_2010_reads_without_the_later_columns() -> None:
    """The list of January 2010 has no ``NATFIDE`` (its ``FEDERATION`` is the Belgian
    wing, V, F or D: no FIDE code) and writes some names upper-case, unsplit."""
    rows, info = _rows(DATA / "PLAYER_201001.ZIP", "frbe")
    assert (info.layout, len(rows)) == ("DBF", 75)
    van_pe = next(row for row in rows if row.national_id == "4014")
    assert (van_pe.name, van_pe.federation, van_pe.birth_year, van_pe.ratings) == (
        "VAN PE PETER", "", 1977, {"standard": Rated(1655, 103)},
    )  # fmt: skip
    assert not any(row.federation for row in rows)


def test_an_impossible_birth_date_is_no_birth_year_not_a_refusal() -> None:
    """The federation's lists of July 2010 to July 2011 hold a birth date in the year
    996, those of October 2015 to July 2016 in 200 and 8200: the list is read, that
    player without a birth year."""
    text = "Matricule;NomPrenom;Dnaiss;Elo\n1;A, B;0996-05-12;1500\n2;C, D;8200-01-01;1600\n"
    assert [row.birth_year for row in read_list("frbe", text)] == [None, None]


def test_swiss_managers_export_reads_with_its_own_column_names() -> None:
    """PlayerSwissManager.csv, the federation's export for Swiss-Manager of April 2020
    (Latin-1, quoted, ``;``): ``Rtg_Nat`` is the list's rating, ``Rtg_Int`` FIDE's (not
    read), the birth date day first."""
    rows, info = _rows(DATA / "PlayerSwissManager.csv", "frbe")
    assert (info.layout, len(rows)) == ("CSV", 151)
    by_id = {row.national_id: row for row in rows}
    aronian, aguilar = by_id["11474"], by_id["15626"]
    assert (aronian.name, aronian.federation, aronian.title, aronian.fide_id) == (
        "Aronian, Levon", "ARM", "GM", 13300474,
    )  # fmt: skip
    assert (aronian.birth_year, aronian.sex, aronian.ratings) == (
        1982, "M", {"standard": Rated(2773)},
    )  # fmt: skip
    assert (aguilar.name, aguilar.birth_year, aguilar.ratings) == (
        "Aguilar, Adriano", 2000, {"standard": Rated(1814)},
    )  # fmt: skip
    assert by_id["60149"].ratings == {}  # Rtg_Nat 0: not rated
    assert all(r.name and r.sex and r.birth_year and r.federation for r in rows)


def test_an_export_with_the_name_in_parts_reads_as_the_federations_file() -> None:
    """sevilla.csv, an export of the same list of April 2022 with ``lname``, ``fname``,
    ``gender`` (lower-case), ``birthyear``, ``fide_title``: every player it shares with
    the federation's DBF has the same rating, FIDE ID, birth year and sex; its names
    keep the accents the DBF (CP850, written without them) lost."""
    csv_rows, info = _rows(DATA / "sevilla.csv", "frbe")
    dbf = {row.national_id: row for row in _rows(DATA / "PLAYER_202204.ZIP", "frbe")[0]}
    assert (info.layout, len(csv_rows)) == ("CSV", 160)

    def same(row: ListRow) -> tuple[object, ...]:
        rated = row.ratings.get("standard")
        rating = rated.rating if rated else None  # the export gives no games
        return (row.national_id, rating, row.fide_id, row.birth_year, row.sex)

    assert [same(row) for row in csv_rows] == [same(dbf[row.national_id]) for row in csv_rows]
    by_id = {row.national_id: row for row in csv_rows}
    assert (by_id["75515"].name, dbf["75515"].name) == ("Åkesson, Ralf", "Akesson, Ralf")
    assert (by_id["75515"].title, by_id["75515"].federation) == ("GM", "SWE")
    assert by_id["72567"].name == "Abbeloos, Philippe"


def test_the_old_fixtures_still_read() -> None:
    rows = read_list("fide", (OLD / "standard_nov26frl.txt").read_text())
    assert [(r.fide_id, r.ratings["standard"].rating) for r in rows if r.ratings] == [
        (200000, 1712), (207919, 1598), (1503014, 2831)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "text", "message"),
    [
        ("fide", "Name Rating\n", "line 1: a FIDE TXT list starts with a header line"),
        (
            "fide",
            (OLD / "standard_nov26frl.txt").read_text().replace("1598", "15x8"),
            "line 3: the rating “15x8” is not a rating",
        ),
        (
            "fide",
            (DATA / "players_list_foa.txt").read_text().replace(" 10 2700", " 1x 2700"),
            "line 2: the K factor “1x” is not a whole number",
        ),
        ("fide", "<playerslist><player><fideid>12", "line 1: the XML does not parse"),
        (
            "fide",
            "<playerslist><player><fideid>1a</fideid><name>X</name><rating>1500</rating>"
            "</player></playerslist>",
            "player 1: the FIDE ID “1a” is not a whole number",
        ),
        ("frbe", "Nom;Elo\nDubois;1500\n", "line 1: the header has no national ID"),
        ("frbe", "Matricule;Nom;Elo\n10000;Dubois\n", "line 2: 2 columns where the header has 3"),
        ("frbe", "Matricule;Nom;Elo\nA12;Dubois;1500\n", "line 2: the national ID “A12”"),
        ("frbe", "Matricule;Nom;Elo\n12;Dubois;9999\n", "line 2: the rating “9999” is not"),
        ("uscf", "", "unknown list kind “uscf”"),
    ],
)
def test_a_bad_list_names_the_line_and_what_is_wrong(kind: str, text: str, message: str) -> None:
    with pytest.raises(ListError) as raised:
        read_list(kind, text)
    assert str(raised.value).startswith(message)


def test_a_broken_dbf_is_refused_with_a_message() -> None:
    with pytest.raises(ListError, match="not a readable dBase file"):
        list(read_rows("frbe", io.BytesIO(b"\x03garbage"), name="PLAYER.DBF"))

"""Loading the real list fixtures (tests/ratings/data/lists, SOURCES.md there) into the
searches' copy, and writing a FIDE combined-list line in the real file's columns."""

from datetime import date
from pathlib import Path

from ratings.list_import import ImportReport, import_list_file

LISTS = Path(__file__).resolve().parent / "data" / "lists"
COMBINED = LISTS / "players_list_foa.txt"  # Leko's real line, FIDE's August 2026 list
FRBE = LISTS / "p_player202401.csv"  # the Belgian federation's real rows (Decrop)
# the Belgian federation's list of April 2020 as it exports it for Swiss-Manager
SWISS_MANAGER = LISTS / "PlayerSwissManager.csv"
# the combined list's column starts, as the header of players_list_foa.txt gives them
COLUMNS = {"id": 0, "name": 15, "fed": 76, "sex": 80, "tit": 84, "srtng": 113, "sgm": 119,
           "sk": 123, "bday": 152, "flag": 158}  # fmt: skip


def load(path: Path, kind: str = "fide", day: date = date(2026, 8, 1)) -> ImportReport:
    return import_list_file(kind, path, list_date=day)


def fide_line(
    fide_id: int, name: str, fed: str, sex: str, title: str, rating: int, born: int
) -> str:
    cells = [" "] * 162

    def put(column: str, text: str) -> None:
        start = COLUMNS[column]
        cells[start : start + len(text)] = text

    put("id", str(fide_id))
    put("name", name)
    put("fed", fed)
    put("sex", sex)
    put("tit", title)
    put("srtng", str(rating))
    put("sgm", "0")
    put("sk", "20")
    put("bday", str(born))
    return "".join(cells).rstrip() + "\n"


def combined_list(path: Path, *lines: str) -> Path:
    """A combined list: the real fixture's header and lines, then ``lines``."""
    path.write_text(COMBINED.read_text() + "".join(lines))
    return path

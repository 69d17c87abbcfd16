"""A full-size FIDE list imported: a synthetic combined TXT of 1,200,000 players in the
layout of FIDE's ``players_list_foa.txt`` (column starts as in the real file: SRtng at
113, B-day at 152), 2,000 of them the club's players, imported by the service the
administrators' page runs (``ratings.list_import.import_list_file``), zipped as FIDE
publishes it. Prints the seconds of the import and the process's peak resident memory
(the list is written first by a child process, so the peak is the import's).

    .venv/bin/python -m benchmarks.official_list [--database-url postgres://…/db] [--lines N]

Without ``--database-url`` an SQLite file in /tmp; a PostgreSQL database must be empty
(it is migrated here).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
import zipfile
from datetime import date
from pathlib import Path

HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
OURS = 2000
FEDERATIONS = ("BEL", "FRA", "GER", "IND", "USA", "ESP", "RUS", "NED")


def _line(rng: random.Random, number: int) -> str:
    cells = [" "] * 162

    def put(start: int, text: str) -> None:
        cells[start : start + len(text)] = text

    put(0, str(100000 + number))
    put(15, f"Synthetique{number}, Joueur")
    put(76, rng.choice(FEDERATIONS))
    put(80, rng.choice("MMMF"))
    for start in (113, 126, 139):
        if rng.random() < 0.6:
            put(start, str(rng.randint(1400, 2700)))
            put(start + 6, str(rng.randint(0, 12)))
            put(start + 10, rng.choice(("40", "20", "10")))
    put(152, str(rng.randint(1940, 2018)))
    if rng.random() < 0.3:
        put(158, "i")
    return "".join(cells).rstrip() + "\n"


def write_list(path: Path, lines: int) -> None:
    rng = random.Random(1960)
    with path.open("w", encoding="utf-8") as out:
        out.write(HEADER + "\n")
        for number in range(lines):
            out.write(_line(rng, number))


def _setup(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "list-benchmark-" + "k" * 50)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="")
    parser.add_argument("--lines", type=int, default=1_200_000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="official-list-"))
    url = args.database_url or f"sqlite:///{folder / 'bench.sqlite3'}"
    _setup(url)
    from club.models import Player
    from ratings.list_import import import_list_file
    from ratings.models import RatingSystem

    RatingSystem.objects.filter(engine="fide").update(enabled=False)  # no replay queued
    Player.objects.bulk_create(
        Player(first_name="Joueur", last_name=f"Club{n}", fide_id=100000 + n * 600)
        for n in range(OURS)
    )
    text = folder / "players_list_foa.txt"
    started = time.perf_counter()
    archive = folder / "players_list.zip"
    if os.fork() == 0:  # the list written by a child: its memory is not the import's
        write_list(text, args.lines)
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
            out.write(text, text.name)
        os._exit(0)
    os.wait()
    print(
        f"list written: {args.lines:,} lines, {text.stat().st_size / 2**20:.0f} MiB, "
        f"zipped {archive.stat().st_size / 2**20:.0f} MiB ({time.perf_counter() - started:.1f} s)"
    )
    text.unlink()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    started = time.perf_counter()
    report = import_list_file("fide", archive, list_date=date(2026, 11, 1))
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"database: {url.split('@')[-1]}")
    print(f"imported in {seconds:.1f} s: {report.lines:,} lines, {dict(report.counts)}")
    print(
        f"ratings recorded: {report.ratings}; peak resident memory {peak:.0f} MiB "
        f"({before:.0f} MiB before the import)"
    )


if __name__ == "__main__":
    main()

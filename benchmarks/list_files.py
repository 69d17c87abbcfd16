"""Every official list file given read by the site's readers, as the import reads them
(no database): per file its layout, its players, and how many give each field (a rating,
games, a FIDE ID, a birth year, a FIDE federation, a title), or the refusal. The check
that real files read whole: the Belgian federation's ``PLAYER_YYYYMM.ZIP`` of every list
(``cropr/frbekbsb-migrated``, ``sites/data/ELO/``) and the exports other software writes.

    .venv/bin/python -m benchmarks.list_files frbe /path/to/PLAYER_*.ZIP
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from pathlib import Path


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from ratings.official_lists import ListError, ListInfo, read_rows
    from ratings.official_lists.source import open_list

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=("fide", "frbe"))
    parser.add_argument("files", nargs="+", type=Path)
    options = parser.parse_args()
    fields = ("rated", "games", "fide_id", "birth_year", "federation", "title", "other_titles")
    print(f"{'file':<28} {'layout':<14} {'players':>7} " + " ".join(f"{f:>12}" for f in fields))
    totals: Counter[str] = Counter()
    started = time.perf_counter()
    for path in options.files:
        info = ListInfo()
        counts: Counter[str] = Counter()
        try:
            with open_list(path) as (stream, name):
                for row in read_rows(options.kind, stream, name=name, info=info):
                    if not row.name:
                        continue
                    counts["players"] += 1
                    rated = next(iter(row.ratings.values()), None)
                    counts["rated"] += rated is not None
                    counts["games"] += rated is not None and rated.games is not None
                    for field in fields[2:]:
                        counts[field] += bool(getattr(row, field))
        except ListError as error:
            print(f"{path.name:<28} refused: {error}")
            totals["refused"] += 1
            continue
        totals.update(counts)
        totals["files"] += 1
        print(
            f"{path.name:<28} {info.layout:<14} {counts['players']:>7} "
            + " ".join(f"{counts[f]:>12}" for f in fields)
        )
    print(
        f"{totals['files']} files read, {totals['refused']} refused, {totals['players']} "
        f"players, {time.perf_counter() - started:.1f} s"
    )


if __name__ == "__main__":
    main()

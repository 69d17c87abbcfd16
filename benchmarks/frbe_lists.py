"""Every Belgian list of a folder reproduced by the site's engine: for each pair
``PLAYER_YYYYMM.ZIP`` / ``CHCKLIST_YYYYMM.ZIP`` (the federation's files, as in the
repository ``cropr/frbekbsb-migrated``, folder ``sites/data/ELO/``), one line: the
players rated in the period, the share of published ratings reproduced, the share with
the replaced ratings' calculated change, that share among the players the public files
allow (those whose list counts games the check list lacks, or whose check list gives the
site's figure, set aside and named on a second line), and each named difference's count
(``ratings.frbe_reproduction``; player by player: ``manage.py reproduce_frbe_list``).
The list before each one, when the folder has it, gives the first ratings of the
newcomers rated in the list.

    .venv/bin/python -m benchmarks.frbe_lists FOLDER [--since 201001]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--since", default="200607", help="the first list's month, YYYYMM")
    arguments = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()
    from ratings.frbe_reproduction import ListError, not_allowed_names, reproduce_files, summary

    # the name as the federation wrote it first: April 2020 has a full CHCKLIST_202004.ZIP
    # and a partial CHCKLIST_202004.zip (89 players)
    files = {p.name.upper(): p for p in sorted(arguments.folder.iterdir(), key=_lower_first)}
    all_months = sorted(
        m.group(1) for name in files if (m := re.fullmatch(r"PLAYER_(\d{6})\.ZIP", name))
    )
    for month in (m for m in all_months if m >= arguments.since):
        check = files.get(f"CHCKLIST_{month}.ZIP")
        if check is None:
            print(f"{month}: no check list")
            continue
        start = time.perf_counter()
        earlier = [m for m in all_months if m < month]
        previous = files[f"PLAYER_{earlier[-1]}.ZIP"] if earlier else None
        try:
            report = reproduce_files(files[f"PLAYER_{month}.ZIP"], check, month, previous)
        except ListError as error:
            print(f"{month}: {error}")
            continue
        print(f"{summary(report)} ({time.perf_counter() - start:.1f} s)")
        if report.not_allowed:
            print(f"  not allowed by the public files: {not_allowed_names(report)}")
        sys.stdout.flush()


def _lower_first(path: Path) -> bool:
    """Upper-case names last, so that they win over a lower-case namesake."""
    return path.name == path.name.upper()


if __name__ == "__main__":
    main()

from datetime import date
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from lib.inputs import year_problem
from ratings.list_import import import_list_file
from ratings.official_lists import KINDS, ListError

MAX_UNMATCHED_SHOWN = 20


class Command(BaseCommand):
    help = (
        "Import an official rating list (FIDE's TXT or XML, combined or one category; the "
        "Belgian federation's PLAYER.DBF or CSV; zipped or not) and queue the recalculation "
        "from its date for the task worker (manage.py db_worker). Players are matched by "
        "FIDE ID, or by the federation's national ID."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", choices=KINDS)
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--date",
            type=date.fromisoformat,
            help="the list's date (default: the one the list gives, e.g. FIDE's OCT26)",
        )

    def handle(self, *args: Any, kind: str, file: Path, date: date | None, **opts: Any) -> None:
        if date and (problem := year_problem(date)):
            raise CommandError(f"--date {date}: {problem}")
        if not file.is_file():
            raise CommandError(f"{file}: no such file")
        try:
            report = import_list_file(kind, file, list_date=date, source=f"{kind} {file.name}")
        except ListError as error:
            raise CommandError(f"{file}: {error}") from error
        lines = ", ".join(f"{n} {what}" for what, n in sorted(report.counts.items()))
        self.stdout.write(f"{report.lines} lines ({report.layout}): {lines}")
        for system, count in report.ratings.items():
            self.stdout.write(f"{system}: {count} ratings of the list of {report.list_date}")
        if report.issuers_corrected:
            self.stdout.write(
                f"{len(report.issuers_corrected)} national IDs recorded with another issuer: "
                "now the list's federation's"
            )
        if report.newer_list:
            self.stdout.write(
                f"a newer list ({report.newer_list}) is loaded: the players it rates keep "
                "its rating"
            )
        for job in report.jobs:
            self.stdout.write(f"recalculation #{job.pk} of {job.system} queued from {job.since}")

from datetime import date
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from lib.inputs import year_problem
from ratings.list_import import import_rating_list
from ratings.official_lists import ListError

MAX_UNMATCHED_SHOWN = 20


class Command(BaseCommand):
    help = (
        "Import an official rating list (FIDE TXT or XML, or the Belgian federation's list) "
        "and queue the recalculation from its date for the task worker (manage.py db_worker). "
        "Players are matched by FIDE ID or national ID."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", choices=["fide", "frbe"])
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--date",
            type=date.fromisoformat,
            help="the list's date (default: the first day of this month)",
        )

    def handle(self, *args: Any, kind: str, file: Path, date: date | None, **opts: Any) -> None:
        list_date = date or timezone.localdate().replace(day=1)
        if problem := year_problem(list_date):
            raise CommandError(f"--date {list_date}: {problem}")
        try:
            data = file.read_bytes()
        except OSError as error:
            raise CommandError(f"{file}: {error}") from error
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")  # FIDE's older TXT lists
        try:
            report = import_rating_list(kind, text, list_date, source=f"{kind} {file.name}")
        except ListError as error:
            raise CommandError(f"{file}: {error}") from error
        self.stdout.write(
            f"{report.listed} rows listed, {len(report.matched)} players matched, "
            f"{len(report.unmatched)} not ours; list of {list_date} recorded for "
            + ", ".join(str(s) for s in report.systems)
        )
        for job in report.jobs:
            self.stdout.write(f"recalculation #{job.pk} of {job.system} queued from {list_date}")
        for row in report.unmatched[:MAX_UNMATCHED_SHOWN]:
            self.stdout.write(f"  not matched: line {row.line} {row.name}")

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from chesslib.trf import TrfError
from desk.files.trf_import import import_plan
from desk.files.trf_plan import plan_import
from desk.files.trf_preview import plan_notes


class Command(BaseCommand):
    help = (
        "Import a FIDE TRF-16 file as a new event and print its id. Players are matched by "
        "FIDE ID, then by name; the others are created. A bad file changes nothing and exits 2."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, file: Path, **options: Any) -> None:
        try:
            data = file.read_bytes()
        except OSError as error:
            self.stderr.write(f"{file}: {error.strerror}")
            raise SystemExit(2) from None
        text = data.decode("utf-8") if _utf8(data) else data.decode("latin-1")
        try:
            plan = plan_import(text)
            if plan.already:
                ids = ", ".join(str(e.pk) for e in plan.already)
                self.stderr.write(f"warning: this tournament seems imported already (events {ids})")
            for note in plan_notes(plan):  # the command's preview: what it reads with a doubt
                self.stderr.write(f"note: {note.text}")
            event = import_plan(plan, user=None)
        except TrfError as error:
            self.stderr.write(f"{file}: {error}")
            raise SystemExit(2) from None
        self.stderr.write(
            f"{len(plan.matched)} players matched, {len(plan.unmatched)} created: {event.title}"
        )
        sys.stdout.flush()
        self.stdout.write(str(event.pk))


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from club import pages
from lib.backup import BackupError, restore_club


class Command(BaseCommand):
    help = "Restore a file written by export_club into a database that holds no club yet."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, file: Path, **options: Any) -> None:
        try:
            count = restore_club(file.read_text(encoding="utf-8"))
        except (OSError, BackupError) as error:
            raise CommandError(f"{file}: {error}") from error
        pages.all_changed()  # a whole club restored, in bulk: every cached page
        self.stdout.write(f"{count} objects restored from {file}")

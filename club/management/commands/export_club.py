from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from club.backup import export_club


class Command(BaseCommand):
    help = (
        "Write the whole club (members, events, games, ratings, configuration, accounts) "
        "to one file."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, file: Path, **options: Any) -> None:
        file.write_text(export_club(), encoding="utf-8")
        self.stdout.write(f"club written to {file}")

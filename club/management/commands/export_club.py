import os
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from lib.backup import export_club


class Command(BaseCommand):
    help = (
        "Write the whole club (members, events, games, ratings, configuration, accounts) "
        "to one file."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, file: Path, **options: Any) -> None:
        # the file holds the accounts' password hashes and members' personal data: for
        # its owner only (0600), even where it already existed
        descriptor = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(descriptor, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(export_club())
        self.stdout.write(f"club written to {file}")

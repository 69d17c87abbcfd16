from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from club.models import Event
from desk.files.trf_export import export_event


class Command(BaseCommand):
    help = "Write an event as a FIDE TRF-16 file (standard output by default)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_id", type=int)
        parser.add_argument("--output", type=Path)

    def handle(self, *args: Any, event_id: int, output: Path | None, **options: Any) -> None:
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"no event {event_id}")
        text = export_event(event)
        if output:
            output.write_text(text, encoding="utf-8", newline="")
        else:
            self.stdout.write(text, ending="")

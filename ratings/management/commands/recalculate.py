import sys
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q

from ratings.models import RatingSystem
from ratings.services import recalculate
from ratings.tasks import start_replay

BAR_WIDTH = 40


class Command(BaseCommand):
    help = (
        "Replay the rating history of one system (or every enabled one) from a day, or from "
        "scratch, showing progress. --background queues it for the task worker instead."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--system", help="the system's id, name or engine key")
        parser.add_argument("--since", type=date.fromisoformat, help="replay from this day")
        parser.add_argument("--background", action="store_true", help="queue for the worker")

    def handle(
        self, *args: Any, system: str | None, since: date | None, background: bool, **opts: Any
    ) -> None:
        systems = self._systems(system)
        if background:
            for chosen in systems:
                job = start_replay(chosen, since)
                self.stdout.write(f"queued replay job {job.pk} for {chosen}")
            return
        for chosen in systems:
            report = recalculate(chosen, since, progress=self._bar(str(chosen)))
            rate = report.games / report.seconds if report.seconds else 0
            self.stdout.write(
                f"{chosen}: {report.batches} batches, {report.games} games "
                f"in {report.seconds:.2f} s ({rate:,.0f} games/s)"
            )

    def _systems(self, wanted: str | None) -> list[RatingSystem]:
        systems = RatingSystem.objects.enabled()
        if wanted:
            match = Q(name=wanted) | Q(engine=wanted)
            if wanted.isdigit():
                match |= Q(pk=int(wanted))
            systems = RatingSystem.objects.filter(match)
        found = list(systems)
        if not found:
            names = ", ".join(RatingSystem.objects.values_list("name", flat=True))
            raise CommandError(f"no rating system {wanted!r}: choose one of {names}")
        return found

    def _bar(self, name: str):  # type: ignore[no-untyped-def]
        def show(done: int, total: int) -> None:
            filled = BAR_WIDTH * done // total if total else BAR_WIDTH
            bar = "#" * filled + "-" * (BAR_WIDTH - filled)
            sys.stderr.write(f"\r{name}: [{bar}] {done}/{total}")
            if done == total:
                sys.stderr.write("\n")
            sys.stderr.flush()

        return show

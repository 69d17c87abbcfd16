from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from club import pages
from club.models import Event, Player
from demo.club import MEMBERS, build_demo_club, create_demo_accounts
from interclub.models import Division
from ratings.models import RatingBatch
from ratings.services import recalculate_all


class Command(BaseCommand):
    help = (
        "Create a demo club (members, outside players, two seasons of events with results) "
        "placed around today, with three accounts (an administrator, a secretary, a member) "
        "whose passwords are printed once. Does nothing when the database already holds "
        "players, unless --reset is given."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--day", type=date.fromisoformat, help="place events around this day")
        parser.add_argument(
            "--reset", action="store_true", help="delete every event and player first"
        )
        parser.add_argument(
            "--members",
            type=int,
            default=MEMBERS,
            help=f"how many members (default {MEMBERS}; the load test uses 2000)",
        )
        parser.add_argument(
            "--seasons", type=int, default=2, help="how many seasons up to this one (default 2)"
        )

    def handle(
        self,
        *args: Any,
        day: date | None,
        reset: bool,
        members: int,
        seasons: int,
        **options: Any,
    ) -> None:
        day = day or timezone.localdate()
        with transaction.atomic():
            if reset:
                RatingBatch.objects.all().delete()
                Event.objects.all().delete()
                Division.objects.all().delete()
                Player.objects.all().delete()
            elif Player.objects.exists():
                self.stdout.write("The database already holds a club: nothing done.")
                return
            try:
                cast = build_demo_club(day, members, seasons)
            except ValueError as error:
                raise CommandError(str(error)) from error
            passwords = create_demo_accounts(cast)
            reports = recalculate_all()
            pages.all_changed()  # a new club, written in bulk: every cached page
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo club created around {day}: {len(cast.members)} members, "
                f"{len(cast.outsiders)} outside players, {Event.objects.count()} events; "
                f"ratings: {', '.join(f'{r.system} ({r.batches} batches)' for r in reports)}."
            )
        )
        roles = dict(zip(passwords, ("administrator", "secretary", "member"), strict=True))
        self.stdout.write(
            "Demo accounts (sign in at /comptes/login/; the passwords are shown only now):"
        )
        for username, password in passwords.items():
            self.stdout.write(f"  {roles[username]:<14} {username:<15} {password}")

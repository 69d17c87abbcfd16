from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ratings.frbe_reproduction import ListError, Verdict, reproduce_files, summary


class Command(BaseCommand):
    help = (
        "Reproduce a Belgian list: rates every player of the federation's check list "
        "(CHCKLIST_YYYYMM.ZIP) with the site's engine and prints, player by player, the "
        "site's rating beside the one published in PLAYER_YYYYMM.ZIP, the share reproduced "
        "and the rule that explains each difference."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("list", help="the published list, PLAYER_YYYYMM.ZIP (or its DBF)")
        parser.add_argument("check_list", help="the period's CHCKLIST_YYYYMM.ZIP (or its DBF)")
        parser.add_argument(
            "--previous",
            help="the list before it (PLAYER_YYYYMM.ZIP): newcomers' games before the period, "
            "for the first ratings of the newcomers rated in this list",
        )
        parser.add_argument("--month", help="the list's month, YYYYMM (default: from its name)")
        parser.add_argument(
            "--all", action="store_true", help="print every player, not only the differences"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            previous = options["previous"]
            report = reproduce_files(
                Path(options["list"]),
                Path(options["check_list"]),
                options["month"],
                Path(previous) if previous else None,
            )
        except ListError as error:
            raise CommandError(str(error)) from None
        self.stdout.write("number\tname\tbefore\tgames\tsite\tfederation\tverdict\twhy")
        for line in report.lines:
            if options["all"] or line.verdict is not Verdict.REPRODUCED:
                listed = line.listed
                self.stdout.write(
                    f"{listed.number}\t{listed.name}\t{listed.rating_before}\t"
                    f"{listed.games_before}\t{line.site}\t{listed.rating}\t{line.verdict}\t"
                    f"{line.explanation}"
                )
        self.stdout.write(summary(report))

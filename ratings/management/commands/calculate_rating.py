import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ratings.calculator import calculate
from ratings.calculator_request import CalculationError, parse


class Command(BaseCommand):
    help = (
        "Rate one player's games under a system's rules: reads the request as JSON from FILE "
        "(standard input when FILE is '-' or absent) and prints the answer as JSON. A bad "
        'request prints {"error": ..., "field": ...} and exits with status 2.'
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", default="-")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        try:
            text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
        except OSError as error:
            self._fail({"error": f"cannot read {file}: {error.strerror}", "field": ""})
        except UnicodeDecodeError:
            self._fail({"error": f"cannot read {file}: it is not UTF-8 text", "field": ""})
        try:
            answer = calculate(parse(text))
        except CalculationError as error:
            self._fail(error.as_json())
        self.stdout.write(json.dumps(answer, ensure_ascii=False, indent=2, allow_nan=False))

    def _fail(self, error: dict[str, str]) -> None:
        self.stdout.write(json.dumps(error, ensure_ascii=False))
        raise SystemExit(2)

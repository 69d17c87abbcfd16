"""The documents an arbiter prints, as pages and as PDF files: seconds each, in-process.

Builds a SQLite database in a temporary folder, imports the largest Swiss of the pairing
cases of ``tests/fixtures/pairing_conformance`` (212 players, cut after a round;
``--case`` for another file) as the desk imports a TRF, then asks for the player list,
the check-in sheet, the standings and the round-by-round crosstable with Django's test
client in production settings, the page and then its PDF (WeasyPrint), and prints the
seconds of each and the PDF's size. The processor time is the figure to compare on a
loaded machine.

Run: ``.venv/bin/python -m benchmarks.documents`` (``--case FILE.trf``, ``--save FOLDER``
to keep the PDF files).
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "fixtures" / "pairing_conformance"
DOCUMENTS = ("print_players", "print_checkin", "print_standings", "print_crosstable")


def _largest_case() -> Path:
    return max(CASES.glob("*.input"), key=lambda path: path.stat().st_size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", type=Path, default=None, help="a TRF file (default: 212 players)")
    parser.add_argument("--save", type=Path, default=None, help="a folder for the PDF files")
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="documents-")
    os.environ.update(
        {
            "DATABASE_URL": f"sqlite:///{folder}/documents.sqlite3",
            "DEBUG": "0",
            "SECRET_KEY": "documents-" + "k" * 50,
            "ALLOWED_HOSTS": "testserver",
            "SECURE_SSL_REDIRECT": "0",
            "PAGE_CACHE": "0",
        }
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from club.models import Event

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    case = options.case or _largest_case()
    call_command("import_trf", str(case), stdout=io.StringIO(), stderr=io.StringIO())
    event = Event.objects.get()
    client = Client()
    client.force_login(User.objects.create_superuser("bench", "bench@example.org", "-"))
    players = event.participants.count()
    rounds = event.rounds.count()
    print(f"{case.name}: {players} players, {rounds} rounds")
    for name in DOCUMENTS:
        url = reverse(f"desk:{name}", args=[event.pk])
        figures = []
        for query in ("", "?format=pdf"):
            started, process = time.perf_counter(), time.process_time()
            response = client.get(url + query)
            assert response.status_code == 200, (url, response.status_code)
            figures.append((time.perf_counter() - started, time.process_time() - process))
            size = len(response.content)
        if options.save:
            options.save.mkdir(parents=True, exist_ok=True)
            (options.save / f"{name}.pdf").write_bytes(response.content)
        (page, page_cpu), (pdf, pdf_cpu) = figures
        print(
            f"{name:17} page {page:6.2f} s ({page_cpu:5.2f} s CPU)   "
            f"PDF {pdf:6.2f} s ({pdf_cpu:5.2f} s CPU), {size / 1024:.0f} KiB"
        )


if __name__ == "__main__":
    main()

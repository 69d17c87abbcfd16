"""Benchmark: pairing one Swiss round at the desk, 18 to 212 players, on SQLite.

Each reference case of ``tests/fixtures/pairing_conformance`` (a tournament cut after a round,
as TRF, with bbpPairings' pairing of the next round) is imported into a new SQLite
database, then the next round is paired with the desk's own path (``pair_next_round``:
history read from the database, the engine, the boards saved). Printed per case, smallest
first: the players, the wall-clock seconds of the round, the processor seconds (the
machine is shared: wall time moves with the others' load, processor time much less), the
part of them spent reading the history, and whether the boards equal the reference's.

Run: ``.venv/bin/python -m benchmarks.pairing`` (about a minute). Options: ``--cases``
(default: ``tests/fixtures/pairing_conformance``), ``--database`` (default: a new file
under /tmp), ``--largest N`` (only the N largest cases), ``--runs N`` (each case imported
and paired N times, the fastest kept: the machine's other load only ever slows a run).
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


def _setup(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    sys.path.insert(0, str(ROOT))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _reference(path: Path) -> list[tuple[int, int]]:
    numbers = [int(x) for x in path.read_text().split()[1:]]
    return list(zip(numbers[0::2], numbers[1::2], strict=True))


def _boards(event: object, number: int) -> list[tuple[int, int]]:
    from club.models import Event

    assert isinstance(event, Event)
    ranks = {p: n or 0 for p, n in event.participants.values_list("player_id", "number")}
    round_ = event.rounds.get(number=number)
    games = round_.games.order_by("board").values_list("white_id", "black_id")
    byes = round_.byes.values_list("player_id", flat=True)
    return [(ranks[w], ranks[b]) for w, b in games] + [(ranks[p], 0) for p in byes]


def run(cases: Path, largest: int | None, runs: int = 1) -> None:
    from django.core.management import call_command

    from club.models import Event
    from desk.services import pairing as pairing_services

    inputs = sorted(cases.glob("*.input"))
    sizes = {path: sum(1 for line in path.open() if line.startswith("001")) for path in inputs}
    chosen = sorted(inputs, key=lambda path: (sizes[path], path.name))
    if largest:
        chosen = chosen[-largest:]
    print(f"{'case':<14}{'players':>8}{'round s':>10}{'cpu s':>8}{'history s':>11}  reference")
    worst = total = 0.0
    for path in chosen:
        name = path.name.removesuffix(".input")
        number = int(name.rsplit("_r", 1)[1])
        timings = []
        for _run in range(runs):
            out = io.StringIO()
            call_command("import_trf", str(path), stdout=out, stderr=io.StringIO())
            event = Event.objects.get(pk=int(out.getvalue()))
            started = time.perf_counter()
            pairing_services.history(event, number)
            history = time.perf_counter() - started
            started, cpu = time.perf_counter(), time.process_time()
            pairing_services.pair_next_round(event.pk, None)
            timings.append((time.perf_counter() - started, time.process_time() - cpu, history))
            same = _boards(event, number) == _reference(cases / f"{name}.output.expected")
        wall, cpu, history = min(timings)
        worst, total = max(worst, wall), total + wall
        print(
            f"{name:<14}{sizes[path]:>8}{wall:>10.2f}{cpu:>8.2f}{history:>11.3f}  "
            f"{'same' if same else 'DIFFERENT'}",
            flush=True,
        )
    print(f"all rounds: {total:.2f} s; slowest round: {worst:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=Path, default=CASES)
    parser.add_argument("--database", type=Path)
    parser.add_argument("--largest", type=int)
    parser.add_argument("--runs", type=int, default=1, help="pairings of each case, fastest kept")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup(options.database or Path(folder) / "pairing.sqlite3")
        run(options.cases, options.largest, options.runs)


if __name__ == "__main__":
    main()

"""Benchmark: rating history of a federation-size club database, on SQLite or PostgreSQL.

Builds 5,000 players and 200,000 games over ten years (60-player, 5-round events), then
prints, for the club Elo (rated per event) and the national system (rated per period):

- the time of a full replay from scratch, and its games per second, database reads and
  writes included, in wall-clock and processor seconds (the processor's figure varies
  less on a machine shared with other work);
- the time to recalculate after one new 60-player event is closed;
- the peak memory of the process.

Run: ``.venv/bin/python -m benchmarks.replay_history`` (about a minute). Options:
``--players``, ``--games``, ``--database`` (default: a new file under /tmp), or
``--database-url`` for an empty PostgreSQL database (migrated and filled here), ``--dump``
to write every history row (see :mod:`benchmarks.dump_history`) and compare two versions.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

EVENT_PLAYERS = 60
EVENT_ROUNDS = 5
SEED = 1960


def _setup(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
    # as the task worker runs in production: without DEBUG's log of every query
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "replay-benchmark-" + "k" * 50)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _build(players: int, games: int, years: int = 10) -> int:
    from club.models import Event, Game, Player, Result, Round

    rng = random.Random(SEED)
    people = Player.objects.bulk_create(
        Player(
            first_name=f"Joueur{n}",
            last_name=f"Synthétique{n}",
            national_rating=max(1000, min(2600, round(rng.gauss(1650, 300)))),
        )
        for n in range(players)
    )
    per_event = EVENT_PLAYERS // 2 * EVENT_ROUNDS
    events = games // per_event
    first_day = datetime(2016, 9, 1, 18, tzinfo=UTC)
    step = timedelta(days=365 * years / events)
    results = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS]
    made = Event.objects.bulk_create(
        Event(
            kind=Event.Kind.OPEN,
            title=f"Tournoi {n}",
            start=first_day + n * step,
            end=first_day + n * step + timedelta(hours=6),
            status=Event.Status.CLOSED,
        )
        for n in range(events)
    )
    rounds = Round.objects.bulk_create(
        Round(event=event, number=r) for event in made for r in range(1, EVENT_ROUNDS + 1)
    )
    batch: list[Game] = []
    for index, round_ in enumerate(rounds):
        if index % EVENT_ROUNDS == 0:
            field = rng.sample(people, EVENT_PLAYERS)
        order = rng.sample(field, EVENT_PLAYERS)
        for board, (white, black) in enumerate(zip(order[::2], order[1::2], strict=True), 1):
            batch.append(
                Game(
                    round=round_, board=board, white=white, black=black, result=rng.choice(results)
                )
            )
        if len(batch) >= 20_000:
            Game.objects.bulk_create(batch)
            batch = []
    Game.objects.bulk_create(batch)
    return events * per_event


def _new_event(rng: random.Random) -> object:
    from club.models import Event, Game, Player, Result, Round

    last = Event.objects.order_by("-end").first()
    assert last is not None
    start = last.end + timedelta(days=3)
    event = Event.objects.create(
        kind=Event.Kind.OPEN,
        title="Le nouveau tournoi",
        start=start,
        end=start + timedelta(hours=6),
        status=Event.Status.ONGOING,
    )
    field = rng.sample(list(Player.objects.all()[:2000]), EVENT_PLAYERS)
    for number in range(1, EVENT_ROUNDS + 1):
        round_ = Round.objects.create(event=event, number=number)
        order = rng.sample(field, EVENT_PLAYERS)
        Game.objects.bulk_create(
            Game(round=round_, board=b, white=w, black=k, result=Result.DRAW)
            for b, (w, k) in enumerate(zip(order[::2], order[1::2], strict=True), 1)
        )
    return event


def _dump(prefix: Path, stage: str) -> None:
    from benchmarks.dump_history import dump

    path = prefix.with_name(f"{prefix.name}.{stage}")
    print(f"dumped {dump(path):,} history rows to {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--database", type=Path)
    parser.add_argument("--database-url", help="an empty database's URL, instead of SQLite")
    parser.add_argument(
        "--dump",
        type=Path,
        help="write every history row to DUMP.full (after the full replays) and "
        "DUMP.event (after the new event), to compare two versions value for value",
    )
    options = parser.parse_args()
    database = options.database or Path(tempfile.mkdtemp()) / "replay-benchmark.sqlite3"
    if options.database_url:
        database = options.database_url.rsplit("@", 1)[-1]  # shown without credentials
    _setup(options.database_url or f"sqlite:///{database}")

    from desk.services.lifecycle import close_event
    from ratings.models import RatingChange, RatingSystem, ReplayJob
    from ratings.services import event_results_changed, recalculate

    started = time.perf_counter()
    games = _build(options.players, options.games)
    print(
        f"built {options.players:,} players and {games:,} games in "
        f"{time.perf_counter() - started:.1f} s ({database})"
    )

    systems = list(RatingSystem.objects.enabled())
    for system in systems:
        processor = time.process_time()
        report = recalculate(system)
        processor = time.process_time() - processor
        rows = RatingChange.objects.filter(batch__system=system).count()
        print(
            f"{system.name}: full replay of {report.games:,} games in {report.batches:,} "
            f"batches: {report.seconds:.2f} s, {report.games / report.seconds:,.0f} games/s; "
            f"{processor:.2f} s of processor, {report.games / processor:,.0f} games/s "
            f"({rows:,} history rows written)"
        )
    if options.dump:
        _dump(options.dump, "full")
    event = _new_event(random.Random(SEED + 1))
    started = time.perf_counter()
    close_event(event.pk, None)
    closing = time.perf_counter() - started
    jobs = ReplayJob.objects.filter(event=event).count()
    print(
        f"closing it at the desk (the secretary's request: checks, log, {jobs} replays "
        f"queued): {closing:.3f} s"
    )
    started, processor = time.perf_counter(), time.process_time()
    reports = event_results_changed(event)  # type: ignore[arg-type]
    elapsed, processor = time.perf_counter() - started, time.process_time() - processor
    detail = ", ".join(f"{r.system.name} {r.seconds:.3f} s" for r in reports)
    print(
        f"then the worker's recalculation after the new {EVENT_PLAYERS}-player event: "
        f"{elapsed:.3f} s, {processor:.3f} s of processor ({detail})"
    )
    if options.dump:
        _dump(options.dump, "event")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak:.0f} MiB")


if __name__ == "__main__":
    main()

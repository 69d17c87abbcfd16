"""Benchmark: every round of the tournaments bbpPairings generated, paired by the site.

The set (``tests/fixtures/pairing_generated``, its README says how it was made) holds
tournaments of 7 to 250 players, 5 to 11 rounds, with forfeits, double forfeits, half- and
zero-point byes, pairing-allocated byes and absences, a third with Baku acceleration, and
bbpPairings' own pairing of each round r >= 2 from rounds 1 to r - 1. Each such round is
paired by an engine with the interface of ``chesslib.dutch`` (``--engine``, default the
desk's: ``chesslib.dutch``; the players given as ``desk.services.pairing`` gives them,
``benchmarks.generated_pairings.pair_round``) and compared with bbpPairings', board for
board, colours and order included.

Printed: the rounds equal and different by what their history holds (forfeits, double
forfeits, byes, Baku's accelerated rounds and those after, size), the rounds that differ
by name (``NAME rN``), and the engine's processor time beside bbpPairings' (run in the same
process on the same round, when ``--bbp`` names its executable: by default the build in
``/work/shared/tools``, if it is there).

Run: ``.venv/bin/python -m benchmarks.pairing_generated`` (the whole set). Options:
``--engine MODULE``, ``--names g001 g002 ...``, ``--every N`` (one
tournament in N), ``--set ARCHIVE``, ``--bbp PATH`` or ``--no-bbp``.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BBP = Path("/work/shared/tools/bbpPairings/bbpPairings.exe")
ORDER = [
    "plain", "forfeit", "double forfeit", "zero-point bye", "half-point bye",
    "pairing-allocated bye", "Baku, accelerated", "Baku, after",
    "7-20 players", "21-60 players", "61-150 players", "151-250 players",
]  # fmt: skip


def run(
    engine_name: str, names: list[str] | None, every: int, bbp: Path | None, path: Path | None
) -> None:
    sys.path.insert(0, str(ROOT))
    from benchmarks import generated_pairings as generated

    engine = importlib.import_module(engine_name)
    tournaments = generated.load(path or generated.SET, set(names) if names else None)[::every]
    rounds, equal = Counter[str](), Counter[str]()
    different: list[str] = []
    order_only: list[str] = []
    timings: list[tuple[float, float | None, int, str]] = []  # engine, bbp, players, round
    for tournament in tournaments:
        for number, expected in sorted(tournament.expected.items()):
            started = time.process_time()
            boards = generated.pair_round(engine, tournament, number)
            cpu = time.process_time() - started
            theirs = None
            if bbp is not None:
                again, theirs = generated.bbp_pairing(bbp, generated.cut(tournament, number))
                assert again == expected, f"{tournament.name} r{number}: bbp differs from the set"
            name = f"{tournament.name} r{number}"
            timings.append((cpu, theirs, tournament.size, name))
            for category in generated.categories(tournament, number):
                rounds[category] += 1
                equal[category] += boards == expected
            if boards != expected:
                different.append(name)
                if sorted(boards) == sorted(expected):
                    order_only.append(name)
        print(f"{tournament.name}: {tournament.size} players, done", file=sys.stderr, flush=True)
    total = len(timings)
    print(f"engine {engine_name}: {len(tournaments)} tournaments, {total} rounds paired")
    print(f"equal {total - len(different)}, different {len(different)} "
          f"({100 * len(different) / max(total, 1):.1f} %)")  # fmt: skip
    print(f"{'history holds':<24}{'rounds':>7}{'equal':>7}{'differ':>7}")
    for category in ORDER:
        if rounds[category]:
            differ = rounds[category] - equal[category]
            print(f"{category:<24}{rounds[category]:>7}{equal[category]:>7}{differ:>7}")
    print("different:", " ".join(different) or "none")
    if order_only:
        print("the same boards in another order:", " ".join(order_only))
    mine = sum(t[0] for t in timings)
    print(f"processor seconds: engine {mine:.1f}", end="")
    if bbp is None:
        print()
        return
    theirs_total = sum(t[1] or 0 for t in timings)
    print(f", bbpPairings {theirs_total:.1f}")
    largest = sorted(timings, key=lambda t: (-t[2], t[3]))[: max(total // 10, 1)]
    ratios = [t[0] / max(t[1] or 0, 0.001) for t in largest]
    slowest = max(timings)
    print(
        f"the tenth of rounds with most players ({largest[-1][2]}-{largest[0][2]}): "
        f"engine / bbpPairings median {statistics.median(ratios):.1f}x, "
        f"from {min(ratios):.1f}x to {max(ratios):.1f}x"
    )
    print(
        f"slowest round: {slowest[3]} ({slowest[2]} players) {slowest[0]:.2f} s, "
        f"bbpPairings {slowest[1]:.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="chesslib.dutch", help="a module like chesslib.dutch")
    parser.add_argument("--names", nargs="*", help="only these tournaments (g001 ...)")
    parser.add_argument("--set", type=Path, help="another archive made like the set")
    parser.add_argument("--every", type=int, default=1, help="one tournament in N")
    parser.add_argument("--bbp", type=Path, default=BBP if BBP.exists() else None)
    parser.add_argument("--no-bbp", action="store_true", help="do not run bbpPairings")
    options = parser.parse_args()
    bbp = None if options.no_bbp else options.bbp
    run(options.engine, options.names, options.every, bbp, options.set)


if __name__ == "__main__":
    main()

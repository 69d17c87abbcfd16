"""The page cache's write path on the backend the settings give it: a saved result's
version writes (four scopes, then the latest write's) and a page's copy written, each into
a folder already holding N entries (Django's file cache lists its folder at every write).

Builds nothing in the database: the caches only, in temporary folders (the settings'
bounds, MAX_ENTRIES and CULL_FREQUENCY, as configured). Prints the median of 30 writes at
each size.

Run: ``.venv/bin/python -m benchmarks.cache_writes`` (``--sizes 600 2500``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from typing import Any

VERSION = "1764300000.000000:abcdef123456"
PAGE = (1.0, b"v" * 200, 200, [("Content-Type", "text/html")], b"x" * 30000)


def _cache(alias: str, folder: str) -> Any:
    from django.conf import settings
    from django.utils.module_loading import import_string

    config = settings.CACHES[alias]
    return import_string(str(config["BACKEND"]))(folder, config)


def _median(alias: str, entries: int, rounds: int = 30) -> float:
    folder = tempfile.mkdtemp(prefix="cache-writes-")
    try:
        cache = _cache(alias, folder)
        if alias == "pages":
            for n in range(entries):
                cache.set(f"page:{n}", PAGE, timeout=600)
        else:
            cache.set_many({f"scope:player:{n}": VERSION for n in range(entries)}, timeout=None)
        times = []
        for r in range(rounds):
            started = time.perf_counter()
            if alias == "pages":
                cache.set(f"page:{r % 50}", PAGE, timeout=600)
            else:
                scopes = {f"scope:player:{(4 * r + k) % entries}": VERSION for k in range(4)}
                cache.set_many(scopes, timeout=None)
                cache.set("latest", VERSION, timeout=None)
            times.append(time.perf_counter() - started)
        return statistics.median(times) * 1000
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[600, 2500])
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    import django

    django.setup()
    for alias, what in (("page-generation", "a result's versions"), ("pages", "a page's copy")):
        for size in args.sizes:
            print(f"{what:>20}, {size:>6} entries: {_median(alias, size):7.2f} ms", flush=True)


if __name__ == "__main__":
    main()

"""What the load test measures with (``benchmarks.load_test``): the figures of a scenario,
wrk run against the site with one of the scripts of ``benchmarks/wrk/``, and the processor
time of the server's processes."""

from __future__ import annotations

import os
import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

WRK_SCRIPTS = Path(__file__).resolve().parent / "wrk"
WRK_THREADS = 2


@dataclass(frozen=True)
class Figures:
    name: str
    requests: int
    seconds: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    errors: int

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds


def settled(pid: int) -> None:
    """Waits until every worker has started (imports done: the processes are idle), so
    that the figures count the requests' processor time and not the workers' start."""
    before = cpu_seconds(pid)
    for _ in range(60):
        time.sleep(0.5)
        now = cpu_seconds(pid)
        if now - before < 0.02:
            return
        before = now


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) used so far by a process and its children's threads:
    gunicorn's workers, whatever else runs on the machine."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    while pids:
        current = pids.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:  # gone meanwhile
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
        pids += [int(child) for child in children]
    return total


def database_cpu_seconds() -> float:
    """CPU time used so far by this machine's PostgreSQL processes (the server and every
    backend alive): 0 when the database runs elsewhere."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            name, fields = stat.read_text().split(" (", 1)[1].rsplit(")", 1)
        except (OSError, ValueError):  # gone meanwhile
            continue
        if name == "postgres":
            values = fields.split()
            total += (int(values[11]) + int(values[12])) / ticks
    return total


def wrk(
    base: str, name: str, script: str, args: list[str], duration: int, connections: int
) -> Figures:
    """wrk against the site at ``base`` (``http://host:port``) with ``script``, its
    arguments ``args``: the scenario's figures."""
    command = [
        "wrk",
        "--threads",
        str(WRK_THREADS),
        "--connections",
        str(connections),
        "--duration",
        f"{duration}s",
        "--timeout",
        "10s",
        "--script",
        script,
        base,
        "--",
        *args,
    ]
    run = subprocess.run(command, cwd=WRK_SCRIPTS, capture_output=True, text=True)
    if run.returncode:
        raise SystemExit(f"wrk failed on the {name}:\n{run.stdout}{run.stderr}")
    output = run.stdout
    match = re.search(r"wrk-report (.*)", output)
    if not match:
        raise SystemExit(f"wrk printed no report:\n{output}")
    values = {key: int(value) for key, value in re.findall(r"(\w+)=(\d+)", match.group(1))}
    # statuses from 400 up are both in "status" and "not_ok": counted once
    errors = sum(values[key] for key in ("connect", "read", "write", "timeout", "not_ok"))
    return Figures(
        name,
        values["requests"],
        values["duration_us"] / 1e6,
        values["p50_us"] / 1000,
        values["p95_us"] / 1000,
        values["p99_us"] / 1000,
        errors,
    )

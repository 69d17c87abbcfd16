"""What bbpPairings' checker (``bbpPairings.exe --dutch FILE -c``, the FIDE-endorsed Dutch
engine, v6 at commit 16a000f9) says of a TRF file, kept as fixtures so that the tests
need no copy of it: ``fixtures/bbp_checks/NAME.trf`` is the file it read, and
``NAME.check`` its exit status on the first line, then what it printed (the file's path
written ``FILE``).

``checked(name, text)`` asserts that ``text`` is still the file kept (a file the site
writes changed is a new file the checker has not read), and answers the verdict kept.
Where the checker is on this machine (the project's shared tools, beside the
repository), it is also run on ``text`` and must say the same; with ``BBP_REFRESH=1``
it writes the two fixtures anew instead, for a file the site now writes otherwise.

The names of the desk's test players and events (``Nom12, Prénom12``, ``Event 5``:
factory sequences, which depend on the tests run before) are written ``Player`` with the
start number, and ``Event``: the checker reads neither."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

BBP = (
    Path(__file__).resolve().parents[2].parent
    / "shared"
    / "tools"
    / "bbpPairings"
    / "bbpPairings.exe"
)
FOLDER = Path(__file__).resolve().parent / "fixtures" / "bbp_checks"


def normalised(text: str) -> str:
    """``text`` with the test players' and events' names made independent of the tests
    run before: an ``001`` line's name (columns 15 to 47) ``Player N``, ``012`` ``Event``."""
    lines = []
    for line in text.split("\r\n"):
        if line[:4] == "001 " and len(line) > 47:
            line = f"{line[:14]}{'Player ' + line[4:8].strip():33s}{line[47:]}"
        elif line[:4] == "012 ":
            line = "012 Event"
        lines.append(line)
    return "\r\n".join(lines)


def run(path: Path) -> tuple[int, str]:
    """The checker on ``path``: its exit status and what it printed."""
    done = subprocess.run(
        [str(BBP), "--dutch", str(path), "-c"], capture_output=True, text=True, timeout=120
    )
    return done.returncode, (done.stdout + done.stderr).replace(str(path), "FILE")


def checked(name: str, text: str) -> tuple[int, str]:
    """The checker's verdict on ``text``, kept as ``NAME.trf`` and ``NAME.check``."""
    kept, verdict = FOLDER / f"{name}.trf", FOLDER / f"{name}.check"
    live = None
    if BBP.exists():
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "t.trf"
            path.write_bytes(text.encode("utf-8"))
            live = run(path)
        if os.environ.get("BBP_REFRESH") == "1":
            FOLDER.mkdir(exist_ok=True)
            kept.write_bytes(text.encode("utf-8"))
            verdict.write_bytes(f"exit {live[0]}\n{live[1]}".encode())
    assert kept.exists(), f"{kept} is missing: run the test with BBP_REFRESH=1 where {BBP} is"
    assert kept.read_bytes().decode("utf-8") == text, (
        f"the file differs from {kept}, which the checker read: run the test with "
        f"BBP_REFRESH=1 where {BBP} is, and read what it says of the new file"
    )
    status, _newline, said = verdict.read_bytes().decode().partition("\n")
    answer = int(status.removeprefix("exit ")), said
    if live is not None:
        assert live == answer, "the checker says otherwise than its verdict kept"
    return answer

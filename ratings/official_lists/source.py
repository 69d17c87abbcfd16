"""Opening a list as it was downloaded: the file itself, or the ZIP FIDE and the
federations publish it in (its one list read as a stream, never extracted whole)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from django.utils.translation import gettext_noop

from ratings.official_lists import ListError

LIST_SUFFIXES = (".txt", ".xml", ".dbf", ".csv")
# The lists read line by line (FIDE's TXT lines are about 160 bytes, the CSV exports'
# shorter): a longer line is refused as soon as it passes this bound, so that a line of
# gigabytes (a small ZIP can hold one) is never gathered in memory.
LINED_SUFFIXES = (".txt", ".csv")
MAX_LINE_BYTES = 64 * 1024
# A refusal names this many of a ZIP's lists at most (a ZIP may hold 60,000).
NAMED_MEMBERS = 5
Progress = Callable[[int, int], None]  # (bytes read, bytes in all)


class _Counting(io.RawIOBase):
    """A stream that tells ``progress`` how far it has been read; with ``lined``, it
    refuses a line longer than ``MAX_LINE_BYTES`` (whatever reads the lines above it:
    ``readline``, iteration, a ``TextIOWrapper``)."""

    def __init__(
        self,
        stream: io.BufferedIOBase,
        total: int,
        progress: Progress | None,
        lined: bool = False,
    ) -> None:
        self.stream = stream
        self.total = total
        self.done = 0
        self.progress = progress
        self.name = getattr(stream, "name", "")
        self.lined = lined
        self.lines = 0  # line ends read so far
        self.open_line = 0  # bytes read since the last line end

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self.stream.read(len(buffer))
        count = len(data)
        buffer[:count] = data
        self.done += count
        if self.lined and count:
            last = data.rfind(b"\n")
            if last < 0:
                self.open_line += count
            else:
                self.lines += data.count(b"\n")
                self.open_line = count - last - 1
            if self.open_line > MAX_LINE_BYTES:
                raise ListError(
                    self.lines + 1,
                    gettext_noop("the line is longer than %(bytes)s bytes: not a list's line"),
                    bytes=MAX_LINE_BYTES,
                )
        if self.progress is not None:
            self.progress(self.done, self.total)
        return count


@contextmanager
def open_list(
    path: Path, progress: Progress | None = None
) -> Iterator[tuple[io.BufferedReader, str]]:
    """The list at ``path`` as a binary stream, with its file name (a ZIP's member's)."""
    with path.open("rb") as file:
        if not zipfile.is_zipfile(file):
            file.seek(0)
            size = path.stat().st_size
            if path.suffix.lower() == ".dbf":
                yield file, path.name
                if progress is not None:
                    progress(size, size)
                return
            lined = path.suffix.lower() in LINED_SUFFIXES
            yield io.BufferedReader(_Counting(file, size, progress, lined), 1 << 16), path.name
            return
        file.seek(0)
        try:
            archive = zipfile.ZipFile(file)
        except zipfile.BadZipFile as error:
            raise ListError(
                None, gettext_noop("the ZIP file cannot be opened: %(error)s"), error=str(error)
            ) from None
        with archive:
            members = [
                i for i in archive.infolist()
                if not i.is_dir() and i.filename.lower().endswith(LIST_SUFFIXES)
            ]  # fmt: skip
            if len(members) != 1:
                found = ", ".join(i.filename[:100] for i in members[:NAMED_MEMBERS]) or "none"
                if len(members) > NAMED_MEMBERS:
                    found += f"… ({len(members)})"
                raise ListError(
                    None,
                    gettext_noop(
                        "a ZIP holds one list (.txt, .xml, .dbf or .csv); this one: %(found)s"
                    ),
                    found=found,
                )
            member = members[0]
            try:
                with archive.open(member) as stream:
                    lined = member.filename.lower().endswith(LINED_SUFFIXES)
                    counting = _Counting(stream, member.file_size, progress, lined)  # type: ignore[arg-type]
                    yield io.BufferedReader(counting, 1 << 16), member.filename
            except (zipfile.BadZipFile, EOFError) as error:
                raise ListError(
                    None, gettext_noop("the ZIP file is damaged: %(error)s"), error=str(error)
                ) from None

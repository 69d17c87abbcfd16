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
Progress = Callable[[int, int], None]  # (bytes read, bytes in all)


class _Counting(io.RawIOBase):
    """A stream that tells ``progress`` how far it has been read."""

    def __init__(self, stream: io.BufferedIOBase, total: int, progress: Progress | None) -> None:
        self.stream = stream
        self.total = total
        self.done = 0
        self.progress = progress
        self.name = getattr(stream, "name", "")

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self.stream.read(len(buffer))
        count = len(data)
        buffer[:count] = data
        self.done += count
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
            yield io.BufferedReader(_Counting(file, size, progress), 1 << 16), path.name
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
                found = ", ".join(i.filename for i in members) or "none"
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
                    counting = _Counting(stream, member.file_size, progress)  # type: ignore[arg-type]
                    yield io.BufferedReader(counting, 1 << 16), member.filename
            except (zipfile.BadZipFile, EOFError) as error:
                raise ListError(
                    None, gettext_noop("the ZIP file is damaged: %(error)s"), error=str(error)
                ) from None

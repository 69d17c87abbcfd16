"""A cache in files that every worker process of the site shares: the public pages and the
versions of what they show (``lib.page_cache``).

Django's own file cache counts the files of its folder at every write, to see whether it
is full: with a club's 2,000 member pages kept, 5 to 13 ms a write, more than making the
page, and a saved result writes four or five versions. This one counts them once in
``CULL_EVERY`` writes of a process; the folder may so pass ``MAX_ENTRIES`` by that many
files a process before a random ``1/CULL_FREQUENCY`` of them is removed (an expired file
goes when it is read). Built on Django's interface for cache backends (``BaseCache``); a
file holds the expiry, then the value pickled, and is written under another name then
renamed into place, so that a reader never sees half of it. Values are not compressed, as
Django's file cache's are: a page served from the cache would spend more on
decompressing itself (50 us for the calendar's 70 KB) than on everything else but its
reading (a page takes some 30 KB of disk, ten times its compressed size). The files are
read only by the site itself (pickle), as Django's file cache's are.

``RecordFileCache`` keeps small values (the versions of what pages show) in records of a
fixed size, rewritten in place: a new file, and the inode it costs, only at a key's first
write.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import random
import struct
import threading
import time
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache

SUFFIX = ".cache"
TEMPORARY = ".tmp"  # a file being written, renamed to its key's name once whole
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_WRITE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _CLOEXEC
Timeout = float | None
_MISSING = object()


class FileCache(BaseCache):
    CULL_EVERY = 100

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        options = params.get("OPTIONS", {})
        self.folder = Path(location)
        self.location = str(self.folder)
        self.max_entries = int(options.get("MAX_ENTRIES", 300))
        self.cull_frequency = max(1, int(options.get("CULL_FREQUENCY", 3)))
        self.writes = 0

    def validate_key(self, key: str) -> None:
        """Any key: the names of files are digests (Django's checks warn of keys memcached
        would refuse; a page read checks dozens of keys)."""

    def path(self, key: str, version: int | None = None) -> str:
        name = self.make_key(key, version=version)
        digest = hashlib.md5(name.encode(), usedforsecurity=False).hexdigest()
        return os.path.join(self.location, digest + SUFFIX)

    def read(self, path: str) -> Any:
        """The value in ``path``, or ``_MISSING`` (no file, expired or unreadable)."""
        try:
            with open(path, "rb") as file:
                expiry = pickle.load(file)
                if expiry is not None and expiry < time.time():
                    Path(path).unlink(missing_ok=True)
                    return _MISSING
                return pickle.loads(file.read())
        except FileNotFoundError:
            return _MISSING
        except (EOFError, pickle.UnpicklingError):
            return _MISSING

    def get(self, key: str, default: Any = None, version: int | None = None) -> Any:
        value = self.read(self.path(key, version))
        return default if value is _MISSING else value

    def get_many(self, keys: Iterable[str], version: int | None = None) -> dict[str, Any]:
        found = {}
        for key in keys:
            value = self.read(self.path(key, version))
            if value is not _MISSING:
                found[key] = value
        return found

    def has_key(self, key: str, version: int | None = None) -> bool:
        return self.read(self.path(key, version)) is not _MISSING

    def set(
        self, key: str, value: Any, timeout: Timeout = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        self.cull_now_and_then()
        expiry = self.get_backend_timeout(timeout)
        data = pickle.dumps(expiry) + pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        self.write(self.path(key, version), data)

    def write(self, path: str, data: bytes) -> None:
        """``data`` into ``path`` whole: written under a name of this thread's own, then
        renamed into place (the folder made at the first write that misses it)."""
        temporary = f"{path}.{os.getpid()}-{threading.get_ident()}{TEMPORARY}"
        try:
            handle = os.open(temporary, _WRITE_FLAGS, 0o600)
        except FileNotFoundError:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle = os.open(temporary, _WRITE_FLAGS, 0o600)
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.remove(temporary)
            raise

    def add(
        self, key: str, value: Any, timeout: Timeout = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        """Set ``key`` if it has no value. Not atomic between processes: the page cache
        needs no more (two versions made at once differ, and a page made with the one
        overwritten is only made again)."""
        if self.has_key(key, version):
            return False
        self.set(key, value, timeout, version)
        return True

    def touch(
        self, key: str, timeout: Timeout = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        value = self.read(self.path(key, version))
        if value is _MISSING:
            return False
        self.set(key, value, timeout, version)
        return True

    def delete(self, key: str, version: int | None = None) -> bool:
        try:
            os.remove(self.path(key, version))
        except FileNotFoundError:
            return False
        return True

    def clear(self) -> None:
        for path in self.folder.glob(f"*{SUFFIX}"):
            path.unlink(missing_ok=True)

    def cull_now_and_then(self) -> None:
        """Once in ``CULL_EVERY`` writes: when the folder holds ``MAX_ENTRIES`` files or
        more, remove a random ``1/CULL_FREQUENCY`` of them."""
        self.writes += 1
        if self.writes < self.CULL_EVERY:
            return
        self.writes = 0
        files = list(self.folder.glob(f"*{SUFFIX}"))
        if len(files) < self.max_entries:
            return
        for path in random.sample(files, len(files) // self.cull_frequency):
            path.unlink(missing_ok=True)


class RecordFileCache(FileCache):
    """The same cache for small values (the page cache's versions: a few dozen bytes),
    each file a record of ``RECORD_SIZE`` bytes rewritten in place once it exists: a
    write is then one ``pwrite`` into a file already there, where writing a new file and
    renaming it costs a new inode (on an ext4 disk, 100 times as long). A record holds its
    length and a CRC-32 of its content: a read that meets a write half done (Linux keeps
    two writes of a file apart, not a read from a write) reads again, and after
    ``READS`` such reads, takes the key as missing, as an unreadable file is. A value
    that does not fit is refused (``ValueError``)."""

    RECORD_SIZE = 256
    READS = 5
    _HEADER = struct.Struct(">II")  # length of the content, its CRC-32

    def read(self, path: str) -> Any:
        for _attempt in range(self.READS):
            try:
                handle = os.open(path, os.O_RDONLY | _CLOEXEC)
            except FileNotFoundError:
                return _MISSING
            try:
                record = os.read(handle, self.RECORD_SIZE)
            finally:
                os.close(handle)
            content = self._content(record)
            if content is None:
                continue
            try:
                expiry, value = pickle.loads(content)
            except (EOFError, pickle.UnpicklingError, ValueError):
                return _MISSING
            if expiry is not None and expiry < time.time():
                Path(path).unlink(missing_ok=True)
                return _MISSING
            return value
        return _MISSING

    def _content(self, record: bytes) -> bytes | None:
        """The record's content, or None if it is not whole (cut short, or half written)."""
        if len(record) < self._HEADER.size:
            return None
        length, crc = self._HEADER.unpack_from(record)
        content = record[self._HEADER.size : self._HEADER.size + length]
        if len(content) != length or zlib.crc32(content) != crc:
            return None
        return content

    def set(
        self, key: str, value: Any, timeout: Timeout = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        content = pickle.dumps((self.get_backend_timeout(timeout), value), pickle.HIGHEST_PROTOCOL)
        room = self.RECORD_SIZE - self._HEADER.size
        if len(content) > room:
            raise ValueError(f"{key!r}: {len(content)} bytes, a record holds {room}")
        record = self._HEADER.pack(len(content), zlib.crc32(content)) + content
        record = record.ljust(self.RECORD_SIZE, b"\0")
        path = self.path(key, version)
        try:
            handle = os.open(path, os.O_WRONLY | _CLOEXEC)
        except FileNotFoundError:
            self.cull_now_and_then()  # a new file: the folder may be full
            self.write(path, record)
            return
        try:
            os.pwrite(handle, record, 0)
        finally:
            os.close(handle)

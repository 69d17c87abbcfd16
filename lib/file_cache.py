"""A cache in files that every worker process of the site shares: the public pages and the
versions of what they show (``lib.page_cache``).

Django's own file cache counts the files of its folder at every write, to see whether it
is full: with a club's 2,000 member pages kept, 5 to 13 ms a write, more than making the
page, and a saved result writes four or five versions. This one counts them once in
``CULL_EVERY`` writes of a process; the folder may so pass ``MAX_ENTRIES`` by that many
files a process before a random ``1/CULL_FREQUENCY`` of them is removed (an expired file
goes when it is read). Built on Django's interface for cache backends (``BaseCache``); a file holds
the expiry, then the value pickled and compressed, and is written under another name
then renamed into place, so that a reader never sees half of it. The files are read only
by the site itself (pickle), as Django's file cache's are.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import random
import tempfile
import time
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache

SUFFIX = ".cache"
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
                return pickle.loads(zlib.decompress(file.read()))
        except FileNotFoundError:
            return _MISSING
        except (EOFError, pickle.UnpicklingError, zlib.error):
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
        path = self.path(key, version)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.cull_now_and_then()
        expiry = self.get_backend_timeout(timeout)
        data = pickle.dumps(expiry) + zlib.compress(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
        handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
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

"""The page cache's files (``lib.file_cache.FileCache``, and ``RecordFileCache`` for its
versions) answer as Django's own file cache does (the reference: the same calls on
``FileBasedCache`` side by side), and count their files once in a hundred writes instead
of at each; records are rewritten in place, and a read never returns half a write."""

import hashlib
import multiprocessing
import os
from multiprocessing.synchronize import Event
from pathlib import Path

import pytest
import time_machine
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.filebased import FileBasedCache

from lib.file_cache import FileCache, RecordFileCache


@pytest.fixture(params=[FileCache, RecordFileCache])
def both(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[BaseCache, BaseCache]:
    params = {"TIMEOUT": 60, "OPTIONS": {"MAX_ENTRIES": 1000}}
    return request.param(str(tmp_path / "ours"), params), FileBasedCache(
        str(tmp_path / "django"), params
    )


def test_it_answers_every_call_as_djangos_file_cache(
    both: tuple[BaseCache, BaseCache],
) -> None:
    page = (200, [("Content-Type", "text/html; charset=utf-8")], "Élodie ½-½".encode())
    with time_machine.travel("2026-11-26 20:00:00+00:00", tick=False) as clock:
        answers = []
        for cache in both:
            calls = [cache.get("page:1"), cache.get("page:1", "absent")]
            cache.set("page:1", page)
            calls += [
                cache.get("page:1"),
                cache.has_key("page:1"),
                cache.add("page:1", "other"),
                cache.add("scope:event:1", "1.5:ab", timeout=None),
                cache.get_many(["page:1", "scope:event:1", "nothing"]),
                cache.set_many({"scope:a": "v", "scope:b": "w"}, timeout=10),
                cache.touch("scope:a", 100),
                cache.touch("nothing"),
                cache.delete("page:1"),
                cache.delete("page:1"),
                cache.get("page:1"),
            ]
            answers.append(calls)
        clock.shift(30)  # scope:b expired (10 s), scope:a not (touched: 100 s)
        for n, cache in enumerate(both):
            answers[n] += [cache.get("scope:a"), cache.get("scope:b"), cache.get("scope:event:1")]
        clock.shift(90)  # past the default timeout (60 s)
        for n, cache in enumerate(both):
            cache.set("late", 1)
            answers[n] += [cache.get("scope:a"), cache.get("scope:event:1")]
            cache.clear()
            answers[n] += [cache.get("late"), cache.get("scope:event:1")]
    assert answers[0] == answers[1]
    assert answers[0][2] == page and answers[0][-7:-4] == ["v", None, "1.5:ab"]


def test_it_counts_its_files_once_in_a_hundred_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Django's file cache lists its folder at every write: with a club's pages in it, more
    than a page costs to make. This one looks once every CULL_EVERY writes, and still
    removes files when the folder is full."""
    cache = FileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 150}})
    listings: list[int] = []
    listed = Path.glob

    def counted(self: Path, pattern: str) -> list[Path]:
        listings.append(1)
        return list(listed(self, pattern))

    monkeypatch.setattr(Path, "glob", counted)
    for n in range(250):
        cache.set(f"page-{n}", b"x" * 100)
    assert len(listings) == 2  # at the 100th and the 200th write
    monkeypatch.undo()
    assert len(list(tmp_path.glob("*.cache"))) < 250  # the 200th found 199: a third gone
    assert not list(tmp_path.glob("*.tmp"))  # every file renamed into place


def test_a_file_cut_short_is_a_miss_not_an_error(tmp_path: Path) -> None:
    cache = FileCache(str(tmp_path), {})
    cache.set("page", b"x" * 1000)
    path = Path(cache.path("page"))
    path.write_bytes(path.read_bytes()[:20])
    assert cache.get("page", "missing") == "missing"


def test_a_record_is_rewritten_in_place(tmp_path: Path) -> None:
    """The second write of a key changes the file's content, not the file: no new inode
    (the cost of a write on an ext4 disk), no file left behind."""
    cache = RecordFileCache(str(tmp_path), {})
    cache.set("scope:event:1", "1764180000.000001:aaaaaaaaaaaa", timeout=None)
    path = Path(cache.path("scope:event:1"))
    inode = path.stat().st_ino
    cache.set_many({"scope:event:1": "1764180001.000002:bbbbbbbbbbbb"}, timeout=None)
    assert path.stat().st_ino == inode
    assert path.stat().st_size == RecordFileCache.RECORD_SIZE
    assert cache.get("scope:event:1") == "1764180001.000002:bbbbbbbbbbbb"
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_a_record_half_written_or_too_long_is_refused(tmp_path: Path) -> None:
    cache = RecordFileCache(str(tmp_path), {})
    cache.set("scope:a", "1764180000.000001:aaaaaaaaaaaa")
    path = Path(cache.path("scope:a"))
    record = bytearray(path.read_bytes())
    record[20] ^= 0xFF  # the content no longer matches its CRC
    path.write_bytes(bytes(record))
    assert cache.get("scope:a", "missing") == "missing"
    path.write_bytes(b"\0\0\0")  # shorter than the header
    assert cache.get("scope:a", "missing") == "missing"
    with pytest.raises(ValueError, match=r"'page:1': 3\d\d bytes, a record holds 248"):
        cache.set("page:1", "x" * 300)


def _value(n: int) -> str:
    """The ``n``th value written: its number, and a digest of it that a mix of two values
    does not match (all of one length, so that a mix is still a value pickle reads)."""
    return f"{n:010d}:" + hashlib.sha256(str(n).encode()).hexdigest()


def _rewrite(location: str, enough: Event, rounds: int) -> None:
    """Rewrite the key with value after value until the reader has seen ``enough`` (an
    event it sets) or ``rounds`` values are written."""
    cache = RecordFileCache(location, {})
    for n in range(rounds):
        cache.set("scope:event:1", _value(n), timeout=None)
        if n % 100 == 0 and enough.is_set():
            return


def test_reads_during_rewrites_see_whole_values(tmp_path: Path) -> None:
    """Another process rewrites a key as fast as it can while this one reads it: every read
    is a value written whole, or (after ``READS`` reads that each met a write half done,
    which only a writer in a loop makes) a miss, never a mix of two values. The writer
    goes on until the reader has seen 100 of its values, however slow a loaded machine
    makes either (a bound of two million writes aside)."""
    cache = RecordFileCache(str(tmp_path), {})
    cache.set("scope:event:1", "start", timeout=None)
    forked = multiprocessing.get_context("fork")
    enough = forked.Event()
    writer = forked.Process(target=_rewrite, args=(str(tmp_path), enough, 2_000_000))
    writer.start()
    seen: set[str] = set()
    while writer.is_alive() or not seen:
        value = cache.get("scope:event:1")
        if value not in ("start", None):
            assert value == _value(int(value[:10])), value
            seen.add(value)
            if len(seen) >= 100:
                enough.set()
    writer.join()
    assert writer.exitcode == 0
    assert len(seen) >= 100
    assert os.path.getsize(cache.path("scope:event:1")) == RecordFileCache.RECORD_SIZE

"""What the builder's steps make, made once in this process and copied into each test that
asks again (tests/builder.py).

From the same database, with the same arguments and the clock at the same time, a step (an
event made, the draw, a round published, started or closed, sheets submitted) writes the
same rows every time: ids are named after the event, times are the clock's, the draw's
random order comes from its seed. So the first time, the services make it and the file is
kept; after that, a test whose database is in the same state gets a copy of the kept file
(SQLite's backup, as tests/conftest.py's ``demo_event`` does): the rows the services would
have written, made once instead of once per test.

The state of a database is known when it holds nothing, or when it is as a step of this
module left it (its file and write-ahead log untouched since: same size, same time
written). A database changed by anything else, or a clock that is not a ``FakeTime``, has
the step made through the services, as it would be without this module.
"""

from __future__ import annotations

import atexit
import copy
import hashlib
import json
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Hashable
from contextlib import closing
from pathlib import Path
from typing import TypeVar

from clubdesk.store.db import Database
from clubdesk.timesource import FakeTime, TimeSource

T = TypeVar("T")

EMPTY = "an empty database"
_made: dict[Hashable, tuple[Path, object]] = {}  # state after a step -> (kept file, result)
_known: dict[str, tuple[Hashable, tuple]] = {}  # database path -> (its state, its files' stamp)
_folder: list[Path] = []


def step(db: Database, clock: TimeSource, make: Callable[[], T], **arguments: object) -> T:
    """``make()``'s result: made by the services the first time from this state of ``db``
    with these ``arguments`` and ``clock``'s time, copied from that first time after."""
    before = _state(db.path) if type(clock) is FakeTime else None
    if before is None:
        return make()
    what = (before, clock.now(), clock.monotonic(), json.dumps(arguments, default=repr))
    kept = _made.get(what)
    if kept is not None:
        path, result = kept
        with db.session() as session:  # its own connection opened and kept: when the copy's
            session.connection()  # closes, the write-ahead log stays, as the services leave it
        _copy(path, db.path)
        _known[str(db.path)] = (what, _stamp(db.path))
        return copy.copy(result)  # type: ignore[return-value]
    result = make()
    _keep(db.path, what, result)
    return result


def _state(path: Path) -> Hashable | None:
    known = _known.get(str(path))
    if known is not None and known[1] == _stamp(path):
        return known[0]
    return EMPTY if _empty(path) else None


def _keep(path: Path, what: Hashable, result: object) -> None:
    if not _folder:
        folder = Path(tempfile.mkdtemp(prefix="clubdesk-steps-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        _folder.append(folder)
    kept = _folder[0] / f"{len(_made)}.sqlite"
    _copy(path, kept)
    _made[what] = (kept, copy.copy(result))
    _known[str(path)] = (what, _stamp(path))


def _copy(source: Path, target: Path) -> None:
    with closing(sqlite3.connect(source)) as reading, closing(sqlite3.connect(target)) as writing:
        reading.backup(writing)


def _stamp(path: Path) -> tuple:
    """The size and time written of the file and its write-ahead log."""
    stamp = []
    for file in (path, Path(f"{path}-wal")):
        try:
            info = file.stat()
        except FileNotFoundError:
            stamp.append(None)
        else:
            stamp.append((info.st_size, info.st_mtime_ns, info.st_ino))
    return tuple(stamp)


def _empty(path: Path) -> bool:
    """Whether no table of the database at ``path`` has a row: asked of SQLite the first
    time, then known by the file's bytes (most tests' databases are copies of one empty
    file, and a connection reads the whole schema before its first answer)."""
    if not path.is_file():
        return False
    wal = Path(f"{path}-wal")
    if wal.exists() and wal.stat().st_size:  # written to since it was opened: taken as not
        return False  # empty, so a step from it is made by the services, never copied wrongly
    content = hashlib.blake2b(path.read_bytes(), digest_size=16).digest()
    if content not in _empty_files:
        if not _asked_empty(path):
            return False
        _empty_files.add(content)
    return True


_empty_files: set[bytes] = set()  # digests of main files found empty, with no log beside


def _asked_empty(path: Path) -> bool:
    with closing(sqlite3.connect(path)) as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        if not tables:
            return True
        rows = " UNION ALL ".join(f'SELECT 1 FROM (SELECT 1 FROM "{t}" LIMIT 1)' for t in tables)
        return conn.execute(f"SELECT EXISTS ({rows})").fetchone()[0] == 0

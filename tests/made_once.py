"""Events ``builder.event`` made once in this process, copied into each test that asks again.

Made in an empty database with the same arguments, the same bundled rules file and the clock
at the same time, an event is the same rows every time: its id is named after the event, its
times are the clock's, nothing in it is random. The first time, the services make it and the
file is kept; after that, a test whose database holds nothing yet gets a copy of that file
(SQLite's backup, as tests/conftest.py's ``demo_event``): the rows the services would have
written, made once instead of once per test. A database with anything in it, a clock that
is not a ``FakeTime``, a rules file of the user's own, or players named by a test are made
through the services every time.
"""

from __future__ import annotations

import atexit
import json
import shutil
import sqlite3
import tempfile
from collections.abc import Hashable
from contextlib import closing
from pathlib import Path

from clubdesk.store.db import Database
from clubdesk.timesource import FakeTime, TimeSource

_made: dict[Hashable, tuple[Path, str]] = {}  # what made it -> (the kept file, its event id)
_folder: list[Path] = []


def key(clock: TimeSource, **arguments: object) -> Hashable | None:
    """What makes an event: the builder's arguments and the clock's time; None when it may
    differ from one call to the next (not a ``FakeTime``)."""
    if type(clock) is not FakeTime:
        return None
    return (clock.now(), clock.monotonic(), json.dumps(arguments, sort_keys=True, default=repr))


def made(db: Database, what: Hashable) -> str | None:
    """The event made by ``what``, copied into ``db`` when ``db`` holds nothing yet; its id.
    None when it was not made before, or ``db`` has rows of its own."""
    kept = _made.get(what)
    if kept is None or not _empty(db.path):
        return None
    path, event_id = kept
    with closing(sqlite3.connect(path)) as source, closing(sqlite3.connect(db.path)) as target:
        source.backup(target)
    return event_id


def keep(db: Database, what: Hashable, event_id: str) -> None:
    """Keep a copy of ``db``, just made by ``what`` from an empty database."""
    if not _folder:
        folder = Path(tempfile.mkdtemp(prefix="clubdesk-events-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        _folder.append(folder)
    path = _folder[0] / f"{len(_made)}.sqlite"
    with closing(sqlite3.connect(db.path)) as source, closing(sqlite3.connect(path)) as target:
        source.backup(target)
    _made[what] = (path, event_id)


def empty(db: Database) -> bool:
    """Whether no table of ``db`` has a row."""
    return _empty(db.path)


def _empty(path: Path) -> bool:
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

"""Reading a database nobody can write: a copy on a write-protected stick, say.

``open_for_reading`` opens a writable file as ``open_database`` does (with its lock).
A file that is read-only, or sits in a read-only folder, cannot be locked, upgraded
or given its working files (-wal, -shm); and nobody can be writing it. So it is read
whole into memory with SQLite's online backup, without writing a byte beside it, an
older one is upgraded there, and the copy refuses every write: a command that would
change something is told the file is read-only.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import Connection, create_engine, event
from sqlalchemy.pool import StaticPool

from clubdesk.store import integrity
from clubdesk.store.db import Database, open_database
from clubdesk.store.errors import ChangedOutsideError, DatabaseError, reason
from clubdesk.store.file_checks import check_file, writable
from clubdesk.store.migrations import SCHEMA_VERSION, migrate
from clubdesk.store.reading import connection_to_read


def is_read_only(path: Path) -> bool:
    """Can clubdesk not write ``path`` (the file, or the folder its working files go in)?"""
    return path.exists() and not (writable(path) and writable(path.parent))


def open_for_reading(path: Path | str) -> Database:
    """A database to read from: the file itself when it can be written (``open_database``
    with its lock), else a copy of it in memory that takes no writes. A file changed
    outside clubdesk (``store/integrity.py``) is read from such a copy too, and the
    database says why (``changed_outside``)."""
    path = Path(path).expanduser().absolute()
    if is_read_only(path):
        changed = check_file(path, create=False)
    else:
        try:
            return open_database(path, create=False)
        except ChangedOutsideError as exc:
            changed = exc.changed
    copy = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    try:
        _read_into(path, copy)
        migrate(copy)  # an older file is upgraded in the copy only
        if changed is not None:
            integrity.set_aside(copy, SCHEMA_VERSION)
        copy.execute("PRAGMA foreign_keys = ON")
        copy.execute("PRAGMA query_only = ON")
    except sqlite3.Error as exc:
        copy.close()
        raise DatabaseError(f"{path} cannot be read: {reason(exc)}.") from None
    engine = create_engine("sqlite://", creator=lambda: copy, poolclass=StaticPool)

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN")

    return Database(path, engine, _Nothing(), changed)


def _read_into(path: Path, copy: sqlite3.Connection) -> None:
    # What a -wal beside the file holds (left by a clubdesk that stopped) is read too, on
    # read-only media as well (store/reading.py).
    with connection_to_read(path) as source:
        source.backup(copy)


class _Nothing:
    """The lock of a copy in memory: there is no file to hold, only a copy to let go."""

    def __init__(self) -> None:
        self.held = True

    def release(self) -> None:
        self.held = False

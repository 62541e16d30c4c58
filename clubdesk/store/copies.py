"""Copies of a database file without its lock: the online backup (``clubdesk backup``), and
the file as SQLite sees it, its write-ahead log included, for a backup or a restore."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from clubdesk.store.backups import check_backup_target, held_target, write_backup
from clubdesk.store.db import BUSY_TIMEOUT_MS, _check_file, _reason, _writable
from clubdesk.store.errors import ChangedOutsideError, DatabaseError


def backup_database(source: Path | str, target: Path | str, *, force: bool = False) -> Path:
    """Copy a clubdesk database into one file at ``target`` without taking its lock.

    SQLite's online backup over a read-only connection: it works while a window
    holds the file (its latest committed state, write-ahead log included) and on a
    write-protected copy. ``source`` is checked as ``open_database`` checks it.
    """
    source = Path(source).expanduser().absolute()
    changed = _check_file(source, create=False)
    if changed is not None:
        raise ChangedOutsideError(source, changed)
    target = check_backup_target(source, target, force=force)
    with closing(read_whole(source)) as conn, held_target(target):
        write_backup(conn, target)
    return target


def read_whole(source: Path) -> sqlite3.Connection:
    """A read-only connection to the database at ``source`` as SQLite sees it: the file and
    what its write-ahead log (``-wal``) holds, committed by a clubdesk still running or
    stopped (a copy taken from a running laptop onto a stick). Raises ``DatabaseError``."""
    # A file nobody can write, and no -wal beside it: the file is the whole database, and
    # "immutable" reads it making nothing beside it (not even where root could).
    protected = not (_writable(source) and _writable(source.parent))
    mode = "immutable=1" if protected and not Path(f"{source}-wal").exists() else "mode=ro"
    try:
        conn = sqlite3.connect(f"{source.as_uri()}?{mode}", uri=True)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.Error:
            conn.close()
            if Path(f"{source}-wal").exists():
                raise
            # A read-only folder where SQLite cannot make its -shm: nobody can be writing.
            conn = sqlite3.connect(f"{source.as_uri()}?immutable=1", uri=True)
    except sqlite3.Error as exc:
        raise DatabaseError(f"{source} cannot be read: {_reason(exc)}.") from None
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn

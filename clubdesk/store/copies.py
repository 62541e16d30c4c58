"""Copies of a database file without its lock: the online backup (``clubdesk backup``), and
the file as SQLite sees it, its write-ahead log included, for a backup or a restore."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from clubdesk.store.backups import check_backup_target, held_target, write_backup
from clubdesk.store.errors import ChangedOutsideError, DatabaseError, reason
from clubdesk.store.file_checks import check_file, writable
from clubdesk.store.reading import connection_to_read


def backup_database(source: Path | str, target: Path | str, *, force: bool = False) -> Path:
    """Copy a clubdesk database into one file at ``target`` without taking its lock.

    SQLite's online backup over a read-only connection: it works while a window
    holds the file (its latest committed state, write-ahead log included) and on a
    write-protected copy. ``source`` is checked as ``open_database`` checks it.
    """
    source = Path(source).expanduser().absolute()
    changed = check_file(source, create=False)
    if changed is not None:
        raise ChangedOutsideError(source, changed)
    target = check_backup_target(source, target, force=force)
    with read_whole(source) as conn, held_target(target):
        write_backup(conn, target)
    return target


@contextmanager
def read_whole(source: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the database at ``source`` as SQLite sees it: the file and
    what its write-ahead log (``-wal``) holds, committed by a clubdesk still running or
    stopped (a copy taken from a running laptop onto a stick), on read-only media too
    (``store/reading.py``). Raises ``DatabaseError``."""
    # A file nobody can write, and no -wal beside it: the file is the whole database, and
    # "immutable" reads it making nothing beside it (not even where root could).
    wal = Path(f"{source}-wal")
    protected = not (writable(source) and writable(source.parent))
    mode = "immutable=1" if protected and not wal.exists() else "mode=ro"
    stack = ExitStack()
    try:
        try:
            conn = stack.enter_context(connection_to_read(source, mode))
        except sqlite3.Error:
            if wal.exists():
                raise
            # A read-only folder where SQLite cannot make its -shm: nobody is writing.
            conn = stack.enter_context(connection_to_read(source, "immutable=1"))
    except sqlite3.Error as exc:
        stack.close()
        raise DatabaseError(f"{source} cannot be read: {reason(exc)}.") from None
    with stack:
        yield conn

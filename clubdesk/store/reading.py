"""Reading a database file without writing beside it, wherever it is: on the laptop's disk,
on a write-protected stick, or on read-only media (a locked stick, a read-only mount).

Without a ``-wal`` the main file is the whole database: ``immutable`` reads it and makes
nothing beside it. With one, SQLite reads through it, and needs the log's index (``-shm``)
beside it; where none can be made (read-only media), the file and its log are copied into
the temporary folder and read there, so that what the log holds is never lost. A ``-shm``
the reading made is removed after it, where it can be.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path

BUSY_TIMEOUT_MS = 5000


@contextmanager
def connection_to_read(path: Path, mode: str | None = None) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the database at ``path`` (``mode``: ``mode=ro`` or
    ``immutable=1``; by default ``immutable=1`` without a -wal, else ``mode=ro``). Raises
    ``sqlite3.Error`` when it cannot be read."""
    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    had_shm = shm.exists()
    mode = mode or ("mode=ro" if wal.exists() else "immutable=1")
    try:
        conn = _opened(path, mode)
        if conn is None:  # read-only media: SQLite cannot index the log beside the file
            with tempfile.TemporaryDirectory(prefix="clubdesk-") as folder:
                copy = Path(folder) / path.name
                shutil.copyfile(path, copy)
                shutil.copyfile(wal, Path(f"{copy}-wal"))
                found = _opened(copy, "mode=ro")
                if found is None:
                    raise sqlite3.OperationalError("unable to open database file")
                with closing(found):
                    yield found
            return
        with closing(conn):
            yield conn
    finally:
        if not had_shm:
            with suppress(OSError):  # on read-only media the removal is refused: none was made
                shm.unlink(missing_ok=True)


def _opened(path: Path, mode: str) -> sqlite3.Connection | None:
    """``path`` opened with ``mode`` and read once; None where a -wal beside it cannot be
    read in place."""
    conn = sqlite3.connect(f"{path.as_uri()}?{mode}", uri=True)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as exc:
        conn.close()
        cannot_index = getattr(exc, "sqlite_errorname", "").startswith(
            ("SQLITE_CANTOPEN", "SQLITE_READONLY")
        )
        if cannot_index and mode == "mode=ro" and Path(f"{path}-wal").exists():
            return None
        raise
    return conn

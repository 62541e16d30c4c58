"""Where a backup may be written, and writing one: SQLite's online backup into one file."""

import os
import sqlite3
import stat
from contextlib import closing, suppress
from pathlib import Path

from clubdesk.store.errors import DatabaseError


def check_backup_target(database: Path, target: Path | str, *, force: bool = False) -> Path:
    """The file a backup of ``database`` may be written to, made absolute; raises
    ``DatabaseError`` for one it must not: the database itself or its working files, a
    name ending in -wal, -shm or -journal (SQLite would take it for a database's log),
    a device, folder or anything not a plain file, or an existing file unless ``force``."""
    target = Path(target).expanduser().absolute()
    if target.name.endswith(("-wal", "-shm", "-journal")):
        raise DatabaseError(
            f"{target}: a name ending in -wal, -shm or -journal is kept for SQLite's own "
            "files; choose another name."
        )
    real = target.resolve()
    own = database.resolve()
    if real == own:
        raise DatabaseError(f"{target} is the database itself; choose another file.")
    try:
        info = real.stat()
    except FileNotFoundError:
        return real
    except OSError as exc:
        raise DatabaseError(f"{target} cannot be written: {_reason(exc)}.") from None
    if not stat.S_ISREG(info.st_mode):
        raise DatabaseError(f"{target} is not a plain file; choose a file name.")
    if not force:
        raise DatabaseError(f"{target} already exists; choose another name, or use --force.")
    return real


def write_backup(source: sqlite3.Connection, target: Path) -> None:
    """The online backup of ``source`` into a file beside ``target``, then moved onto it."""
    temporary = target.with_name(f".{target.name}.partial")
    try:
        with closing(sqlite3.connect(temporary)) as copy:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # one file, no -wal beside it
        os.replace(temporary, target)
    except (OSError, sqlite3.Error) as exc:
        with suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise DatabaseError(f"Could not write the backup {target}: {_reason(exc)}.") from None


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc)


def event_name_in(backup: Path, event_id: str) -> str | None:
    """The name event ``event_id`` has in the backup file ``backup``, read without changing
    the file; None when it holds no such event or cannot be read."""
    uri = f"{backup.absolute().as_uri()}?mode=ro&immutable=1"
    try:
        with closing(sqlite3.connect(uri, uri=True)) as conn:
            found = conn.execute("SELECT name FROM event WHERE id = ?", (event_id,)).fetchone()
    except sqlite3.Error:
        return None
    return str(found[0]) if found else None

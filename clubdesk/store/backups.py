"""Where a backup may be written, and writing one: SQLite's online backup into one file."""

import os
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path

from clubdesk.store.errors import DatabaseError, reason
from clubdesk.store.lock import DatabaseLock, FileLock, holder_of


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
        raise DatabaseError(f"{target} cannot be written: {reason(exc)}.") from None
    if not stat.S_ISREG(info.st_mode):
        raise DatabaseError(f"{target} is not a plain file; choose a file name.")
    if not force:
        raise DatabaseError(f"{target} already exists; choose another name, or use --force.")
    return real


@contextmanager
def held_target(target: Path) -> Iterator[None]:
    """While a backup is written onto ``target``: refuse a target that is a database in use
    (open in a clubdesk, or with SQLite's journal beside it: written over, it would be
    damaged under whoever has it open, the original kept nowhere), and hold its lock."""
    lock = DatabaseLock(target) if target.exists() else None
    if lock is not None and not lock.acquire():
        raise DatabaseError(
            f"{target} is open in {holder_of(lock.refused_by)}; a backup is not written over it."
        )
    try:
        for suffix in ("-wal", "-journal", "-shm"):
            journal = Path(f"{target}{suffix}")
            if journal.exists():
                raise DatabaseError(
                    f"{target} has SQLite's journal beside it ({journal.name}): it is a "
                    "database in use or left mid-write; a backup is not written over it. "
                    "Choose another file."
                )
        yield
    finally:
        if lock is not None:
            lock.release()


def write_backup(source: sqlite3.Connection, target: Path) -> None:
    """The online backup of ``source`` into a file beside ``target``, then moved onto it.

    The file being written (``.NAME.partial``) is held by a lock of its own while it is
    written; the partial files of backups killed before they were done (no one holds
    them) are removed first, so that they never pile up beside the backups."""
    temporary = target.with_name(f".{target.name}.partial")
    clear_partials(target.parent)
    writing = FileLock(_lock_of(temporary))
    try:
        if not writing.acquire():
            raise DatabaseError(f"A backup to {target} is being written already; wait for it.")
    except OSError as exc:
        raise DatabaseError(f"Could not write the backup {target}: {reason(exc)}.") from None
    try:
        with closing(sqlite3.connect(temporary)) as copy:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # one file, no -wal beside it
        os.replace(temporary, target)
    except (OSError, sqlite3.Error) as exc:
        _remove(temporary)
        raise DatabaseError(f"Could not write the backup {target}: {reason(exc)}.") from None
    finally:
        writing.release()


def clear_partials(folder: Path) -> list[Path]:
    """Remove from ``folder`` the partial backups nobody is writing (left by a backup that
    was killed); the ones removed."""
    removed = []
    with suppress(OSError):
        strays = [p.with_name(p.name.removesuffix(".lock")) for p in folder.glob(".*.partial.lock")]
        for partial in {*folder.glob(".*.partial"), *strays}:
            lock = FileLock(_lock_of(partial))
            try:
                free = lock.acquire()
            except OSError:
                continue
            if free:
                if partial.exists():
                    removed.append(partial)
                _remove(partial)
                lock.release()  # its lock file goes with it
    return removed


def _lock_of(partial: Path) -> Path:
    return partial.with_name(f"{partial.name}.lock")


def _remove(partial: Path) -> None:
    for leftover in (partial, *(Path(f"{partial}{s}") for s in ("-journal", "-wal", "-shm"))):
        with suppress(OSError):
            leftover.unlink(missing_ok=True)


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

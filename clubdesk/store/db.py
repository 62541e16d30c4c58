"""Opening a clubdesk database file safely, and the transactions on it.

``open_database`` checks a file before it writes anything to it: a file it
refuses (not SQLite, damaged, another program's, from a newer clubdesk,
read-only, or open in another clubdesk) is left byte for byte as it was.
"""

import datetime as dt
import os
import sqlite3
import stat
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, closing, contextmanager, nullcontext, suppress
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import QueuePool, StaticPool
from sqlmodel import Session

from clubdesk import paths
from clubdesk.store import integrity
from clubdesk.store.backups import check_backup_target, held_target, write_backup
from clubdesk.store.errors import ChangedOutsideError, DatabaseError, RecordLockedError
from clubdesk.store.lock import DatabaseLock, holder_of
from clubdesk.store.migrations import APPLICATION_ID, SCHEMA_VERSION, migrate, schema_version
from clubdesk.store.reading import BUSY_TIMEOUT_MS, connection_to_read
from clubdesk.timesource import SYSTEM_TIME, TimeSource

SQLITE_HEADER = b"SQLite format 3\x00"


class Database:
    """An open clubdesk database; holds the file's lock until ``close()``.

    ``changed_outside`` says why the file was changed outside clubdesk (``store/integrity.py``)
    when it is open for reading only because of it (``store/read_only.py``); else None.
    """

    def __init__(
        self, path: Path, engine: Engine, lock: DatabaseLock, changed_outside: str | None = None
    ) -> None:
        self.path = path
        self._engine = engine
        self._reader = engine.execution_options(reading=True)  # same connections, read only
        self._lock = lock
        self.changed_outside = changed_outside
        # one connection for every thread (a copy in memory): its transactions take turns
        self._turns = threading.RLock() if isinstance(engine.pool, StaticPool) else nullcontext()

    @property
    def closed(self) -> bool:
        return not self._lock.held

    def session(self) -> AbstractContextManager[Session]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        return self._transaction(self._engine, reading=False)

    def reading(self) -> AbstractContextManager[Session]:
        """One transaction that only reads: it sees the database as of its first read and
        never waits for a write under way (the write-ahead log keeps what a reader sees), nor
        holds one up; writing in it is refused. For the window's reads each second and after
        each change, which must not wait behind a sheet handed in from a phone."""
        return self._transaction(self._reader, reading=True)

    @contextmanager
    def _transaction(self, engine: Engine, *, reading: bool) -> Iterator[Session]:
        """A session on ``engine`` in one transaction; SQLite's errors in plain words, raised
        through SQLAlchemy or straight from the plain SQL run on its connection (a write tried
        in a reading is the code's fault, not the file's: raised as it is)."""
        if self.closed:
            raise DatabaseError(f"{self.path} is closed.")
        try:
            with self._turns, Session(engine, expire_on_commit=False) as session, session.begin():
                yield session
        except (DBAPIError, sqlite3.Error) as exc:
            found = exc.orig if isinstance(exc, DBAPIError) else exc
            error = _plain_error(self.path, found)
            refused = _error_name(found).startswith("SQLITE_READONLY")  # type: ignore[arg-type]
            if error is None or (reading and refused):
                raise
            if refused and self.changed_outside is not None:
                error = ChangedOutsideError(self.path, self.changed_outside)
            raise error from exc

    def backup_to(self, target: Path | str, *, force: bool = False) -> Path:
        """Copy the whole database, consistent as of now, into one file at ``target``.

        An existing ``target`` is refused unless ``force`` (see ``check_backup_target``).
        """
        if self.changed_outside is not None:
            raise ChangedOutsideError(self.path, self.changed_outside)
        target = check_backup_target(self.path, target, force=force)
        with held_target(target):
            source = self._engine.raw_connection()
            try:
                write_backup(source.driver_connection, target)
            finally:
                source.close()
        return target

    def close(self) -> None:
        """Close every connection and release the file's lock; closing twice is harmless."""
        if self.closed:
            return
        self._engine.dispose()
        self._lock.release()

    def __enter__(self) -> "Database":
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def plain_rows(session: Session, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """The rows of plain SQL run on the session's own connection, in its transaction (what
    it holds written first): for a command's many small rows, where building SQLAlchemy's
    row objects takes longer than SQLite takes to read them."""
    return plain_cursor(session).execute(sql, tuple(params)).fetchall()


def plain_cursor(session: Session) -> sqlite3.Cursor:
    """A cursor on the session's own connection, in its transaction, what the session holds
    written first: for plain SQL where the ORM's work per row costs more than SQLite's (a
    round's games and seats written, many small rows read)."""
    session.flush()
    driver = session.connection().connection.driver_connection
    assert driver is not None
    return driver.cursor()


def open_database(
    path: Path | str,
    *,
    create: bool = True,
    backups: Path | str | None = None,
    clock: TimeSource = SYSTEM_TIME,
) -> Database:
    """Open (or, with ``create``, make) a clubdesk database, upgrading an older one.

    Before an upgrade the file is copied into ``backups`` (default: the
    user's backups folder), named by ``clock``'s time. Raises ``DatabaseError``
    for a file it cannot use.
    """
    path = Path(path).expanduser().absolute()
    changed = _check_file(path, create)
    if changed is not None:
        raise ChangedOutsideError(path, changed)
    _check_writable(path)
    if not path.parent.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseError(f"Could not create {path}: {_reason(exc)}.") from None
    lock = DatabaseLock(path)
    try:
        locked = lock.acquire()
    except OSError as exc:
        raise DatabaseError(f"Could not open {path}: {_reason(exc)}.") from None
    if not locked:
        raise DatabaseError(f"{path} is already open in {holder_of(lock.refused_by)}.")
    prepared: sqlite3.Connection | None = None
    try:
        prepared = _prepare(path, Path(backups) if backups is not None else None, clock)
        if not lock.cover_new_file():
            raise DatabaseError(f"{path} is already open in {holder_of(lock.refused_by)}.")
        engine = _engine(path, prepared)
        with engine.connect():  # the prepared connection into the pool, closed with it
            prepared = None
    except BaseException:
        if prepared is not None:
            prepared.close()
        lock.release()
        raise
    return Database(path, engine, lock)


# --- backups ---------------------------------------------------------------------------------


def check_replaceable(path: Path) -> None:
    """Refuse to put anything in the place of a file that is not a clubdesk database.

    Missing, empty, and damaged clubdesk files may be replaced (restore is how a
    damaged one is mended); a text file, another program's database or a folder may not.
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise DatabaseError(f"{path} cannot be read: {_reason(exc)}.") from None
    if not stat.S_ISREG(info.st_mode):
        raise DatabaseError(f"{path} is not a file.")
    if info.st_size == 0:
        return
    try:
        with path.open("rb") as file:
            header = file.read(100)
    except OSError as exc:
        raise DatabaseError(f"{path} cannot be read: {_reason(exc)}.") from None
    not_ours = DatabaseError(f"{path} is not a clubdesk database; it was left as it was.")
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        raise not_ours
    if int.from_bytes(header[68:72], "big") == APPLICATION_ID:
        return
    try:
        with connection_to_read(path) as conn:
            _, _, tables = _inspect(path, conn)
    except (DatabaseError, sqlite3.Error):
        raise not_ours from None
    if tables:
        raise not_ours


def check_database_file(path: Path) -> None:
    """Refuse a file that is not a clubdesk database (``open_database``'s checks, and an
    SQLite file with nothing in it is not one either, nor one changed outside clubdesk);
    reads it, never writes it."""
    changed = _check_file(path, create=False)
    if changed is not None:
        raise ChangedOutsideError(path, changed)
    with path.open("rb") as file:
        header = file.read(100)
    if int.from_bytes(header[68:72], "big") != APPLICATION_ID:
        raise DatabaseError(
            f"{path} is not a clubdesk database (an SQLite file with nothing in it)."
        )


# --- checks before anything is written ------------------------------------------------------


def _check_file(path: Path, create: bool) -> str | None:
    """Refuse a file clubdesk cannot use (a missing or empty one is set up when ``create``);
    why it was changed outside clubdesk (``store/integrity.py``), or None."""
    try:
        info = path.stat()
    except FileNotFoundError:
        if create:
            return None
        raise DatabaseError(f"{path} does not exist.") from None
    except OSError as exc:
        raise DatabaseError(f"{path} cannot be read: {_reason(exc)}.") from None
    if not stat.S_ISREG(info.st_mode):
        raise DatabaseError(f"{path} is not a file.")
    if info.st_size == 0:
        if create:
            return None  # an empty file is an empty database
        raise DatabaseError(f"{path} is empty, not a clubdesk database.")
    try:
        with path.open("rb") as file:
            header = file.read(100)
    except OSError as exc:
        raise DatabaseError(f"{path} cannot be read: {_reason(exc)}.") from None
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        raise DatabaseError(f"{path} is not a clubdesk database (it is not an SQLite file).")
    if _truncated(path, header, info.st_size):
        raise _damaged(path)
    try:
        with connection_to_read(path) as conn:  # one reading for every check
            app_id, version, tables = _inspect(path, conn)
            if app_id != APPLICATION_ID and (app_id != 0 or tables):
                raise DatabaseError(
                    f"{path} belongs to another program; it is not a clubdesk database."
                )
            if version > SCHEMA_VERSION:
                raise _newer(path, version)
            return _outside_changes(path, conn, version)
    except sqlite3.Error as exc:  # the file could not be opened to be read
        if _error_name(exc).startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            raise _damaged(path) from None
        raise DatabaseError(f"{path} cannot be read: {_reason(exc)}.") from None


def _truncated(path: Path, header: bytes, size: int) -> bool:
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1) or size % page_size:
        return True
    if Path(f"{path}-wal").exists():
        return False  # pages may still be in the write-ahead log
    pages = int.from_bytes(header[28:32], "big")
    header_size_valid = header[24:28] == header[92:96]
    return header_size_valid and pages * page_size > size


def _inspect(path: Path, conn: sqlite3.Connection) -> tuple[int, int, list[str]]:
    """Read the application id, schema version and table names without writing a byte."""
    try:
        check = conn.execute("PRAGMA quick_check").fetchall()
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = schema_version(conn)
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
    except sqlite3.Error as exc:
        if _error_name(exc).startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            raise _damaged(path) from None
        raise DatabaseError(f"{path} cannot be read: {_reason(exc)}.") from None
    if check != [("ok",)]:
        raise _damaged(path)
    return app_id, version, tables


def _outside_changes(path: Path, conn: sqlite3.Connection, version: int) -> str | None:
    """Refuse a file whose rows point at rows that are not there; why it was changed outside
    clubdesk otherwise, or None (``store/integrity.py``). Read without writing a byte."""
    if version == 0:
        return None  # nothing in it yet
    try:
        broken = integrity.broken_links(conn)
        changed = integrity.changed_outside(conn, version)
    except sqlite3.Error as exc:
        raise DatabaseError(f"{path} cannot be read: {_reason(exc)}.") from None
    if broken is not None:
        raise DatabaseError(
            f"{path} was changed outside clubdesk and cannot be used: {broken}. "
            "Restore it from a backup."
        )
    return changed


def _newer(path: Path, version: int) -> DatabaseError:
    return DatabaseError(
        f"{path} was made by a newer clubdesk (database version {version}; this one reads "
        f"up to {SCHEMA_VERSION}); update clubdesk to open it."
    )


def _damaged(path: Path) -> DatabaseError:
    return DatabaseError(f"{path} is damaged and cannot be opened; restore it from a backup.")


def _writable(path: Path) -> bool:
    """Writable by us, and not marked read-only (root may write anyway; we do not)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return os.access(path, os.W_OK) and bool(mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def _check_writable(path: Path) -> None:
    exists = path.exists()
    if exists and not _writable(path):
        raise DatabaseError(f"{path} is read-only; clubdesk needs to write to it.")
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not _writable(folder):
        if exists:
            raise DatabaseError(
                f"{path} cannot be opened: its folder {folder} is read-only, and clubdesk "
                "keeps working files beside the database."
            )
        raise DatabaseError(f"Could not create {path}: the folder {folder} is read-only.")


# --- setting up and upgrading --------------------------------------------------------------


def _prepare(path: Path, backups: Path | None, clock: TimeSource) -> sqlite3.Connection:
    """Create or upgrade the schema (after a backup copy), then switch to WAL; the
    connection that did it, open, to serve as the first of the database's connections
    (each new connection reads the whole schema again: a few milliseconds)."""
    created = not path.exists()
    conn: sqlite3.Connection | None = None
    try:
        conn = _connect(path)
        version = schema_version(conn)
        if version > SCHEMA_VERSION:  # upgraded by a newer clubdesk since the check
            raise _newer(path, version)
        if 0 < version < SCHEMA_VERSION:
            _backup_before_upgrade(conn, path, version, backups or paths.backups_dir(), clock)
        migrate(conn)
        conn.execute("PRAGMA journal_mode = WAL")
    except BaseException as exc:  # the connection closed, whatever stopped the setting up
        if conn is not None:
            conn.close()
        if not isinstance(exc, sqlite3.Error):
            raise
        if created:
            for leftover in (path, Path(f"{path}-journal")):
                leftover.unlink(missing_ok=True)
        raise DatabaseError(
            f"{path} could not be set up for this clubdesk ({_reason(exc)}); it was left as it was."
        ) from None
    return conn


def _backup_before_upgrade(
    conn: sqlite3.Connection, path: Path, version: int, folder: Path, clock: TimeSource
) -> Path:
    stamp = clock.now().astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    target = folder / f"{path.stem}-v{version}-{stamp}.sqlite"
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{path.stem}-v{version}-{stamp}-{n}.sqlite"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(target)) as copy:
            conn.backup(copy)
    except (OSError, sqlite3.Error) as exc:
        with suppress(OSError):
            target.unlink(missing_ok=True)
        raise DatabaseError(
            f"{path} was not upgraded: could not back it up into {folder} first ({_reason(exc)})."
        ) from None
    return target


def _connect(path: Path) -> sqlite3.Connection:
    """A connection as the database's sessions use it: transactions begun by them
    (``_begin``), usable from the thread that reads off the window's, links checked."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _engine(path: Path, first: sqlite3.Connection) -> Engine:
    """The database's connections: ``first`` (from ``_prepare``), then new ones as needed."""
    waiting = [first]

    def connect() -> sqlite3.Connection:
        return waiting.pop() if waiting else _connect(path)

    engine = create_engine("sqlite://", creator=connect, poolclass=QueuePool)

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        # Take the write lock at the start: every session is one user action. A reading
        # (``Database.reading``) takes none: it never waits for a writer, and may not write.
        # Said straight to SQLite, and query_only switched only when the pooled connection
        # last served the other kind: this runs for every session.
        reading = bool(connection.get_execution_options().get("reading"))
        pooled = connection.connection
        driver = pooled.driver_connection
        assert driver is not None
        statement = "BEGIN" if reading else "BEGIN IMMEDIATE"
        try:
            if pooled.info.get("query_only", False) != reading:  # a new connection: OFF
                driver.execute(f"PRAGMA query_only = {'ON' if reading else 'OFF'}")
                pooled.info["query_only"] = reading
            driver.execute(statement)
        except sqlite3.Error as exc:  # as SQLAlchemy raises what it runs: said in plain words
            raise DBAPIError.instance(statement, None, exc, sqlite3.Error) from exc

    return engine


# --- plain words for SQLite's errors --------------------------------------------------------


def _plain_error(path: Path, error: BaseException | None) -> Exception | None:
    if not isinstance(error, sqlite3.Error):
        return None
    name = _error_name(error)
    if name == "SQLITE_CONSTRAINT_TRIGGER":
        return RecordLockedError(str(error))
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return DatabaseError(f"{path} is busy; try again in a moment.")
    if name.startswith("SQLITE_FULL"):
        return DatabaseError(f"Could not write to {path}: the disk is full.")
    if name.startswith("SQLITE_READONLY"):
        return DatabaseError(f"{path} is read-only; clubdesk needs to write to it.")
    if name.startswith("SQLITE_IOERR"):
        return DatabaseError(f"Could not read or write {path}: the disk reported an error.")
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return _damaged(path)
    return None


def _error_name(error: sqlite3.Error) -> str:
    return getattr(error, "sqlite_errorname", "")  # e.g. "SQLITE_CORRUPT"


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc)

"""Opening a clubdesk database file safely, and the transactions on it.

``open_database`` checks a file before it writes anything to it (``file_checks.py``): a
file it refuses (not SQLite, damaged, another program's, from a newer clubdesk,
read-only, or open in another clubdesk) is left byte for byte as it was.
"""

import datetime as dt
import os
import sqlite3
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
from clubdesk.store import seal
from clubdesk.store.backups import check_backup_target, held_target, write_backup
from clubdesk.store.columns import UnreadableValue, time_text
from clubdesk.store.errors import (
    ChangedOutsideError,
    DatabaseError,
    RecordLockedError,
    UnreadableError,
    error_name,
    reason,
)
from clubdesk.store.file_checks import (
    anything_beside,
    check_contents,
    check_header,
    check_writable,
    damaged,
    newer,
    read_contents,
)
from clubdesk.store.integrity import unreadable_where
from clubdesk.store.lock import DatabaseLock, holder_of
from clubdesk.store.migrations import SCHEMA_VERSION, migrate, schema_version
from clubdesk.store.reading import BUSY_TIMEOUT_MS
from clubdesk.timesource import SYSTEM_TIME, TimeSource

# Commands on one file take their turns: one finds it held by another for as long as SQLite
# waits on a file busy with another's write (``BUSY_TIMEOUT_MS``), then says who holds it.
LOCK_WAIT_S = BUSY_TIMEOUT_MS / 1000


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
        self._sealed = False  # whether it wrote (and sealed) anything since it opened
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
                if not reading:  # what it wrote sealed, in it (store/seal.py)
                    cursor = plain_cursor(session)
                    if seal.seal_written(cursor.connection, seal.laptop_key()):
                        self._sealed = True
        except (DBAPIError, sqlite3.Error) as exc:
            found = exc.orig if isinstance(exc, DBAPIError) else exc
            error = _plain_error(self.path, found)
            refused = error_name(found).startswith("SQLITE_READONLY")  # type: ignore[arg-type]
            if error is None or (reading and refused):
                raise
            if refused and self.changed_outside is not None:
                error = ChangedOutsideError(self.path, self.changed_outside)
            raise error from exc
        except UnreadableValue as exc:
            raise UnreadableError(self.path, self._unreadable_where(exc)) from None

    def _unreadable_where(self, exc: UnreadableValue) -> str:
        """The row and column of a value that does not read, with the value, in words."""
        found = None
        with suppress(sqlite3.Error, DBAPIError):
            raw = self._engine.raw_connection()
            try:
                found = unreadable_where(raw.driver_connection, exc.text)
            finally:
                raw.close()
        return f"{found} = {exc}" if found is not None else str(exc)

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
        try:
            # What it wrote is checked whole with every other row, and the file remembered as
            # checked (store/seal.py): opening it again as it is then checks no row again.
            whole = self._sealed and self.changed_outside is None and self._checks_whole()
            self._engine.dispose()
            if whole:
                seal.remember(self.path, seal.laptop_key())
        finally:
            self._lock.release()

    def _checks_whole(self) -> bool:
        try:
            with self._engine.connect() as connection:
                driver = connection.connection.driver_connection
                assert isinstance(driver, sqlite3.Connection)
                pages = driver.execute("PRAGMA quick_check").fetchall() == [("ok",)]
                return pages and seal.check(driver, seal.laptop_key()).whole
        except (DBAPIError, sqlite3.Error, DatabaseError):
            return False

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
    # A file with nothing beside it is read for the checks by the connection that then
    # serves it (each connection reads the whole schema first: a few milliseconds); one
    # with a -wal or -journal beside it, which a writing connection would write back into
    # it, is checked through a reading that writes nothing first.
    has_contents = check_header(path, create) is not None
    in_place = has_contents and not anything_beside(path)
    if has_contents and not in_place and (changed := read_contents(path)) is not None:
        raise ChangedOutsideError(path, changed)
    check_writable(path)
    if not path.parent.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseError(f"Could not create {path}: {reason(exc)}.") from None
    lock = _taken_lock(path)
    prepared: sqlite3.Connection | None = None
    try:
        prepared = _prepare(
            path, Path(backups) if backups is not None else None, clock, check=in_place
        )
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


def accept_sealed_elsewhere(path: Path | str, director: str, at: dt.datetime) -> None:
    """Accept a file sealed on another laptop (a copy, a restore): the director's name logged
    and the file sealed under this laptop's key, so that it is written to here. Refused for
    a file sealed here already, and for one changed outside clubdesk in any other way."""
    path = Path(path).expanduser().absolute()
    if check_header(path, False) is None:
        raise DatabaseError(f"{path} holds no clubdesk database yet; there is nothing to accept.")
    lock = _taken_lock(path)
    try:
        with closing(_connect(path)) as conn:
            changed = check_contents(path, conn)
            if changed is None:
                raise DatabaseError(f"{path} is sealed on this laptop; there is nothing to accept.")
            if changed != seal.FOREIGN:
                raise ChangedOutsideError(path, changed)
            conn.execute("BEGIN IMMEDIATE")
            try:
                seal.accept(conn, seal.laptop_key(), director, time_text(at))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
    except sqlite3.Error as exc:
        raise DatabaseError(f"{path} could not be accepted: {reason(exc)}.") from None
    finally:
        lock.release()


@contextmanager
def new_database(
    path: Path | str, *, backups: Path | str | None = None, clock: TimeSource = SYSTEM_TIME
) -> Iterator[Database]:
    """A new database at ``path``, there whole or not at all: made beside it (``.NAME.new``),
    written by the block, and moved onto ``path`` once the block is done, in one step; a
    block that fails, or a process killed, leaves no file at ``path``. ``path``'s lock is
    held throughout, so no other clubdesk makes or opens it meanwhile."""
    path = Path(path).expanduser().absolute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"Could not create {path}: {reason(exc)}.") from None
    lock = _taken_lock(path)
    staged = path.with_name(f".{path.name}.new")
    try:
        if path.exists():  # made by another program since it was found missing
            raise DatabaseError(f"{path} was made meanwhile; run the command again.")
        _remove_with_logs(staged)  # left by one killed part-way
        with open_database(staged, backups=backups, clock=clock) as db:
            yield db
        if anything_beside(staged):  # closed, its log is written back: one file to move
            raise DatabaseError(f"Could not create {path}: its log could not be written back.")
        try:
            os.replace(staged, path)
        except OSError as exc:
            raise DatabaseError(f"Could not create {path}: {reason(exc)}.") from None
    finally:
        _remove_with_logs(staged)
        lock.release()


def _taken_lock(path: Path) -> DatabaseLock:
    """``path``'s lock, taken; DatabaseError saying who holds it when another clubdesk does
    (a command that holds it is waited for, ``LOCK_WAIT_S`` at most)."""
    lock = DatabaseLock(path)
    try:
        locked = lock.acquire(wait_s=LOCK_WAIT_S)
    except OSError as exc:
        raise DatabaseError(f"Could not open {path}: {reason(exc)}.") from None
    if not locked:
        raise DatabaseError(f"{path} is already open in {holder_of(lock.refused_by)}.")
    return lock


def _remove_with_logs(path: Path) -> None:
    for leftover in (path, *(Path(f"{path}{end}") for end in ("-journal", "-wal", "-shm"))):
        with suppress(OSError):
            leftover.unlink(missing_ok=True)


# --- setting up and upgrading --------------------------------------------------------------


def _prepare(
    path: Path, backups: Path | None, clock: TimeSource, *, check: bool
) -> sqlite3.Connection:
    """Create or upgrade the schema (after a backup copy), then switch to WAL; the
    connection that did it, open, to serve as the first of the database's connections
    (each new connection reads the whole schema again: a few milliseconds). ``check``: the
    file's contents are checked first, through this connection, before it writes."""
    created = not path.exists()
    conn: sqlite3.Connection | None = None
    try:
        conn = _connect(path)
        if check and (changed := check_contents(path, conn)) is not None:
            raise ChangedOutsideError(path, changed)
        version = schema_version(conn)
        if version > SCHEMA_VERSION:  # upgraded by a newer clubdesk since the check
            raise newer(path, version)
        if 0 < version < SCHEMA_VERSION:
            _backup_before_upgrade(conn, path, version, backups or paths.backups_dir(), clock)
        migrate(conn, before_commit=_sealed)
        seal.install(conn)
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
            f"{path} could not be set up for this clubdesk ({reason(exc)}); it was left as it was."
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
            f"{path} was not upgraded: could not back it up into {folder} first ({reason(exc)})."
        ) from None
    return target


def _sealed(conn: sqlite3.Connection, old_version: int) -> None:
    """A file given its seals by this upgrade (a new one too) is sealed whole, in it."""
    if old_version < seal.SEALED_FROM:
        seal.seal_all(conn, seal.laptop_key())


def _connect(path: Path) -> sqlite3.Connection:
    """A connection as the database's sessions use it: transactions begun by them
    (``_begin``), usable from the thread that reads off the window's, links checked, what
    it writes noted for the seal (``store/seal.py``)."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    seal.install(conn)
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
    name = error_name(error)
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
        return damaged(path)
    return None

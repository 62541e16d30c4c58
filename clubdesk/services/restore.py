"""Putting a backup in the database's place (``clubdesk restore``, the window's Restore…):
the backup taken as SQLite sees it (its ``-wal`` included), checked and upgraded beside the
database, the database it replaces kept in the backups folder, then moved into place in one
step; a kill at any point leaves the database whole, the old one or the new.

Restore checks the file is a clubdesk database on a copy (the file given is never changed;
an older one is upgraded on the copy), refuses while the database is open in another
clubdesk, and refuses to replace a file that is not a clubdesk database. It keeps the
database it replaces in the backups folder, then puts the copy in its place; a symbolic
link to the database is left a link, the file it points at is the one replaced.

Where the database it replaces has a director's PIN set, a restore needs it (``pin``):
checked, and a wrong one counted, as an act that needs it checks it (``services/pin.py``'s
``confirm_pin``). A file clubdesk cannot read at all holds no PIN it can check.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import sqlite3
import tempfile
from contextlib import closing, suppress
from dataclasses import dataclass
from pathlib import Path

from clubdesk import paths
from clubdesk.domain.event.names import clean_name
from clubdesk.domain.limits import name_problem
from clubdesk.errors import UserError
from clubdesk.services.changes import Change, changes_field
from clubdesk.services.command import Desk
from clubdesk.services.pin import confirm_pin
from clubdesk.store.backups import write_backup
from clubdesk.store.copies import read_whole
from clubdesk.store.db import accept_sealed_elsewhere, open_database
from clubdesk.store.errors import DatabaseError
from clubdesk.store.file_checks import check_database_file, check_replaceable
from clubdesk.store.lock import DatabaseLock, holder_of
from clubdesk.store.read_only import open_for_reading
from clubdesk.timesource import TimeSource


@dataclass(frozen=True)
class RestoreResult:
    database: Path
    restored_from: Path
    previous_kept_as: Path | None  # None when there was no database to keep
    changes: Change = changes_field()  # what the command that made it changed


def restore_database(
    source: Path | str,
    database: Path | str,
    clock: TimeSource,
    *,
    backups: Path | str | None = None,
    pin: str | None = None,
) -> RestoreResult:
    """Replace the database file with a backup of one, keeping the database it replaces.

    The database must not be open in another clubdesk. ``backups`` is where
    the replaced database is kept (default: the user's backups folder). ``pin``: the
    director's PIN, where the database it replaces has one set.
    """
    source = Path(source).expanduser().absolute()
    named = Path(database).expanduser().absolute()
    database = named.resolve()  # a symbolic link keeps pointing where it did: write through it
    folder = Path(backups) if backups is not None else paths.backups_dir()
    if not source.is_file():
        raise UserError(f"{source}: no such file")
    if source.resolve() == database:
        raise UserError(f"{source} is the database itself; choose a backup file")
    check_database_file(source)
    check_replaceable(database)
    _pin_allows(database, pin, clock)
    try:
        database.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"Could not create {database.parent}: {exc.strerror or exc}.") from None
    lock = DatabaseLock(database)
    if not lock.acquire():
        raise DatabaseError(f"{named} is open in {holder_of(lock.refused_by)}; close it first.")
    staged = database.with_name(f".{database.name}.restoring")
    try:
        check_replaceable(database)  # as it is now that nobody else can have it open
        _stage(source, staged, clock)
        kept = None
        if database.exists() and database.stat().st_size:
            kept = _keep(database, folder, _aware(clock.now()))
        for leftover in (Path(f"{database}-wal"), Path(f"{database}-shm")):
            leftover.unlink(missing_ok=True)  # the old database's log must not meet the new one
        os.replace(staged, database)
    finally:
        for leftover in (staged, Path(f"{staged}-wal"), Path(f"{staged}-shm")):
            with suppress(OSError):
                leftover.unlink(missing_ok=True)
        lock.release()
    return RestoreResult(named, source, kept, changes=Change.everything())  # a whole file


def _pin_allows(database: Path, pin: str | None, clock: TimeSource) -> None:
    """The director's PIN set in the database about to be replaced, given (``PinRefused``
    if not): checked on the file itself where clubdesk may write to it (a wrong PIN
    counted), else on what it reads of it; none where it reads nothing."""
    if not database.is_file() or not database.stat().st_size:
        return
    try:
        db = open_for_reading(database)
    except DatabaseError:
        return  # nothing of it can be read: a damaged file is what a restore is for
    with db:
        confirm_pin(Desk(db, None, clock, pin=pin))


def _stage(source: Path, staged: Path, clock: TimeSource) -> None:
    """Copy the backup beside the database, as SQLite sees it (what a ``-wal`` beside it
    holds included: a copy taken from a running laptop), and check it there (upgrading an
    older one)."""
    with read_whole(source) as reading:
        try:
            with closing(sqlite3.connect(staged)) as writing:
                reading.backup(writing)
        except sqlite3.Error as exc:
            name = getattr(exc, "sqlite_errorname", "")
            if name.startswith("SQLITE_FULL"):
                raise DatabaseError(
                    f"Could not restore into {staged.parent}: the disk is full; nothing was "
                    "changed."
                ) from None
            if name.startswith(("SQLITE_IOERR_READ", "SQLITE_CORRUPT", "SQLITE_NOTADB")):
                raise UserError(f"{source}: cannot be read ({exc})") from None
            raise DatabaseError(
                f"Could not write into {staged.parent}: {exc}; nothing was changed."
            ) from None
    with tempfile.TemporaryDirectory() as scratch:  # an upgrade's own copy: not needed
        try:
            open_database(staged, create=False, backups=scratch, clock=clock).close()
        except DatabaseError as exc:
            raise DatabaseError(str(exc).replace(str(staged), str(source))) from None
    try:  # one file, nothing left in a log beside it, before it is moved into place
        with closing(sqlite3.connect(staged)) as conn:
            conn.execute("PRAGMA journal_mode = DELETE")
    except sqlite3.Error as exc:
        raise DatabaseError(f"{source} could not be prepared for restoring ({exc}).") from None


def _keep(database: Path, folder: Path, at: dt.datetime) -> Path:
    """Copy the database about to be replaced into the backups folder; returns the copy."""
    stamp = at.astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    target = folder / f"{database.stem}-before-restore-{stamp}.sqlite"
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{database.stem}-before-restore-{stamp}-{n}.sqlite"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        try:  # written beside its name and moved onto it: a kill never leaves half a copy
            with closing(sqlite3.connect(database)) as old:
                write_backup(old, target)
        except (sqlite3.Error, DatabaseError):  # a damaged file is kept as it is, byte for byte
            _keep_bytes(database, target)
    except OSError as exc:
        raise DatabaseError(
            f"{database} was not replaced: could not keep a copy of it in {folder} "
            f"({exc.strerror or exc})."
        ) from None
    return target


def _keep_bytes(database: Path, target: Path) -> None:
    """Copy a database SQLite cannot read (and its -wal) byte for byte to ``target``, beside
    its name first; nothing is left behind when the copy fails."""
    partial = target.with_name(f".{target.name}.partial")
    wal, kept_wal = Path(f"{database}-wal"), Path(f"{target}-wal")
    try:
        shutil.copyfile(database, partial)
        if wal.exists():
            shutil.copyfile(wal, kept_wal)
        os.replace(partial, target)
    except OSError:
        for leftover in (partial, kept_wal):
            with suppress(OSError):
                leftover.unlink(missing_ok=True)
        raise


def _aware(at: dt.datetime) -> dt.datetime:
    if at.tzinfo is None:
        raise ValueError("the clock must give timezone-aware times")
    return at


def accept_file(database: Path | str, director: str, clock: TimeSource) -> None:
    """The director accepts a database sealed on another laptop (a copy brought over, a
    backup from another machine): their name is logged and the file is sealed under this
    laptop's key (``store/seal.py``), so that it is written to here from now on."""
    named = clean_name(str(director))
    if not named:
        raise UserError("director: the director who accepts the file is named", field="director")
    if name_problem(named):
        raise UserError(f"director{name_problem(named)}", field="director")
    accept_sealed_elsewhere(Path(database).expanduser().absolute(), named, _aware(clock.now()))

"""Is a file a clubdesk database that may be opened, restored from or replaced? Each check
reads the file, never writes it (nor anything beside it): a file refused (not SQLite,
damaged, another program's, from a newer clubdesk, changed outside clubdesk, read-only) is
left byte for byte as it was. ``store/db.py`` opens a database after these checks.
"""

import os
import sqlite3
import stat
from pathlib import Path

from clubdesk.store import integrity, seal
from clubdesk.store.errors import ChangedOutsideError, DatabaseError, error_name, reason
from clubdesk.store.migrations import APPLICATION_ID, SCHEMA_VERSION, schema_version
from clubdesk.store.reading import connection_to_read

SQLITE_HEADER = b"SQLite format 3\x00"


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
        raise DatabaseError(f"{path} cannot be read: {reason(exc)}.") from None
    if not stat.S_ISREG(info.st_mode):
        raise DatabaseError(f"{path} is not a file.")
    if info.st_size == 0:
        return
    header = _first_bytes(path)
    not_ours = DatabaseError(f"{path} is not a clubdesk database; it was left as it was.")
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        raise not_ours
    if _application_id(header) == APPLICATION_ID:
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
    header = check_header(path, create=False)
    assert header is not None  # a missing or empty file was refused
    changed = read_contents(path)
    if changed is not None:
        raise ChangedOutsideError(path, changed)
    if _application_id(header) != APPLICATION_ID:
        raise DatabaseError(
            f"{path} is not a clubdesk database (an SQLite file with nothing in it)."
        )


def check_file(path: Path, create: bool) -> str | None:
    """Refuse a file clubdesk cannot use (a missing or empty one is set up when ``create``);
    why it was changed outside clubdesk (``store/integrity.py``), or None."""
    return read_contents(path) if check_header(path, create) is not None else None


def read_contents(path: Path) -> str | None:
    """``check_contents`` through a reading that writes nothing, not even beside the file."""
    try:
        with connection_to_read(path) as conn:  # one reading for every check
            return check_contents(path, conn)
    except sqlite3.Error as exc:  # the file could not be opened to be read
        raise _unreadable(path, exc) from None


def check_header(path: Path, create: bool) -> bytes | None:
    """Refuse a file clubdesk cannot use by what the file system and its first bytes say (a
    missing or empty one is set up when ``create``); its first 100 bytes, or None where
    there are no contents to check."""
    try:
        info = path.stat()
    except FileNotFoundError:
        if create:
            return None
        raise DatabaseError(f"{path} does not exist.") from None
    except OSError as exc:
        raise DatabaseError(f"{path} cannot be read: {reason(exc)}.") from None
    if not stat.S_ISREG(info.st_mode):
        raise DatabaseError(f"{path} is not a file.")
    if info.st_size == 0:
        if create:
            return None  # an empty file is an empty database
        raise DatabaseError(f"{path} is empty, not a clubdesk database.")
    header = _first_bytes(path)
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        raise DatabaseError(f"{path} is not a clubdesk database (it is not an SQLite file).")
    if _truncated(path, header, info.st_size):
        raise damaged(path)
    return header


def check_contents(path: Path, conn: sqlite3.Connection) -> str | None:
    """Refuse a file whose contents clubdesk cannot use, read through ``conn`` before
    anything is written; why it was changed outside clubdesk, or None. A file byte for byte
    as clubdesk last closed it, checked whole (``seal.remembered``), is not read through
    again: its pages and its rows were checked as it closed."""
    known = seal.remembered(path, seal.laptop_key())
    app_id, version, tables = _inspect(path, conn, pages=not known)
    if app_id != APPLICATION_ID and (app_id != 0 or tables):
        raise DatabaseError(f"{path} belongs to another program; it is not a clubdesk database.")
    if version > SCHEMA_VERSION:
        raise newer(path, version)
    return _outside_changes(path, conn, version, seals=not known)


def anything_beside(path: Path) -> bool:
    """A -wal or -journal beside the file: what a writing connection would write back."""
    return Path(f"{path}-wal").exists() or Path(f"{path}-journal").exists()


def _first_bytes(path: Path) -> bytes:
    """The file's first 100 bytes (SQLite's header), fewer in a shorter file."""
    try:
        with path.open("rb") as file:
            return file.read(100)
    except OSError as exc:
        raise DatabaseError(f"{path} cannot be read: {reason(exc)}.") from None


def _application_id(header: bytes) -> int:
    return int.from_bytes(header[68:72], "big")


def _unreadable(path: Path, exc: sqlite3.Error) -> DatabaseError:
    """SQLite could not read the file: damaged, or why not."""
    if error_name(exc).startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return damaged(path)
    return DatabaseError(f"{path} cannot be read: {reason(exc)}.")


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


def _inspect(
    path: Path, conn: sqlite3.Connection, *, pages: bool = True
) -> tuple[int, int, list[str]]:
    """Read the application id, schema version and table names without writing a byte;
    ``pages``: every page read through first (SQLite's ``quick_check``)."""
    try:
        check = conn.execute("PRAGMA quick_check").fetchall() if pages else [("ok",)]
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = schema_version(conn)
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
    except sqlite3.Error as exc:
        raise _unreadable(path, exc) from None
    if check != [("ok",)]:
        raise damaged(path)
    return app_id, version, tables


def _outside_changes(
    path: Path, conn: sqlite3.Connection, version: int, *, seals: bool = True
) -> str | None:
    """Refuse a file whose rows point at rows that are not there; why it was changed outside
    clubdesk otherwise, or None (``store/integrity.py``). Read without writing a byte."""
    if version == 0:
        return None  # nothing in it yet
    try:
        broken = integrity.broken_links(conn)
        changed = integrity.changed_outside(conn, version, seals=seals)
    except sqlite3.Error as exc:
        raise DatabaseError(f"{path} cannot be read: {reason(exc)}.") from None
    if broken is not None:
        raise DatabaseError(
            f"{path} was changed outside clubdesk and cannot be used: {broken}. "
            "Restore it from a backup."
        )
    return changed


def newer(path: Path, version: int) -> DatabaseError:
    return DatabaseError(
        f"{path} was made by a newer clubdesk (database version {version}; this one reads "
        f"up to {SCHEMA_VERSION}); update clubdesk to open it."
    )


def damaged(path: Path) -> DatabaseError:
    return DatabaseError(f"{path} is damaged and cannot be opened; restore it from a backup.")


def writable(path: Path) -> bool:
    """Writable by us, and not marked read-only (root may write anyway; we do not)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return os.access(path, os.W_OK) and bool(mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def check_writable(path: Path) -> None:
    exists = path.exists()
    if exists and not writable(path):
        raise DatabaseError(f"{path} is read-only; clubdesk needs to write to it.")
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not writable(folder):
        if exists:
            raise DatabaseError(
                f"{path} cannot be opened: its folder {folder} is read-only, and clubdesk "
                "keeps working files beside the database."
            )
        raise DatabaseError(f"Could not create {path}: the folder {folder} is read-only.")

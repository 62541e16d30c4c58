"""The schema of a new database, made once per test process and copied into each new file.

A file ``open_database`` creates runs every released migration step (clubdesk/store/
migrations), table rebuilds and all: about 25 ms, where copying the result takes 1. Here the
first new database of the process is made by the steps themselves into a file of its own;
every new database after it gets a copy of that file's pages (SQLite's backup), the same
bytes the steps would have written. An existing database, and one being upgraded, runs the
steps as it would without this module; the steps themselves are tested on their own
(tests/store/test_migration_files.py, tests/store/test_migrations.py).
"""

from __future__ import annotations

import atexit
import shutil
import sqlite3
import tempfile
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path

from clubdesk.store import db as db_module
from clubdesk.store.migrations import MIGRATIONS, migrate, schema_version

_made: list[Path] = []


def share() -> None:
    """From now on, a database ``open_database`` creates is a copy of the first one made."""
    if getattr(db_module.migrate, "copies_new_schema", False):
        return

    def migrate_new(
        conn: sqlite3.Connection, steps: Sequence[str] = MIGRATIONS, *, before_commit=None
    ) -> int:
        if steps is not MIGRATIONS or schema_version(conn) != 0 or _has_tables(conn):
            return migrate(conn, steps, before_commit=before_commit)
        if not _made:
            folder = Path(tempfile.mkdtemp(prefix="clubdesk-schema-"))
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            with closing(sqlite3.connect(folder / "new.sqlite", isolation_level=None)) as made:
                migrate(made)
            _made.append(folder / "new.sqlite")
        with closing(sqlite3.connect(_made[0])) as source:
            source.backup(conn)
        return 0

    migrate_new.copies_new_schema = True  # type: ignore[attr-defined]
    db_module.migrate = migrate_new


def _has_tables(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT EXISTS (SELECT 1 FROM sqlite_master)").fetchone()[0] == 1

"""Numbered schema migrations, as released SQL files.

Step ``n`` is the file ``NNNN.sql`` beside this module (``0001.sql``, ``0002.sql``, ...):
it takes a database from version ``n - 1`` to ``n``, and the version is kept in
``PRAGMA user_version``. The files are read as package resources, so they are found the
same from a source tree, an installed wheel and a frozen build. A released step is never
edited (tests/store/test_migration_files.py holds each file's checksum): a change to the
schema is a new file at the end, and ``models.py`` changes with it (docs/architecture.md,
"Adding a migration step"). All pending steps run in one transaction; ``db.py`` takes a
backup copy of the file first.

Each file says at its head what the step does, and above a trigger the contract it holds
with a service or another module (the audit row a service writes just before the change
the trigger lets through). A trigger's message reaches the user as a RecordLockedError
(``db.py``); the messages other modules name are in ``errors.py``.
"""

import re
import sqlite3
from collections.abc import Callable, Sequence
from importlib import resources

# "CLDK": marks an SQLite file as a clubdesk database (PRAGMA application_id).
APPLICATION_ID = 0x434C444B

STEP_FILE = re.compile(r"\d{4}\.sql")


def step_files() -> list[str]:
    """The names of the released steps' files, in order (``0001.sql`` first)."""
    folder = resources.files(__name__)
    return sorted(entry.name for entry in folder.iterdir() if STEP_FILE.fullmatch(entry.name))


def _read_steps() -> tuple[str, ...]:
    folder = resources.files(__name__)
    return tuple((folder / name).read_text(encoding="utf-8") for name in step_files())


MIGRATIONS: tuple[str, ...] = _read_steps()
SCHEMA_VERSION = len(MIGRATIONS)


def schema_version(conn: sqlite3.Connection) -> int:
    return conn.execute("PRAGMA user_version").fetchone()[0]


def migrate(
    conn: sqlite3.Connection,
    steps: Sequence[str] = MIGRATIONS,
    *,
    before_commit: Callable[[sqlite3.Connection, int], None] | None = None,
) -> int:
    """Run the steps the database at ``conn`` lacks, in one transaction; return the old version.

    ``conn`` must be in autocommit mode (``isolation_level=None``). On any
    error the transaction is rolled back and the file is as it was. ``before_commit`` is
    given the connection and the old version in that transaction, after the steps (the
    file's rows sealed as it gets its seals).
    """
    old = schema_version(conn)
    if old >= len(steps):
        return old
    # one step per line: a step's last comment never runs into the next step's SQL
    script = "\n".join(steps[old:])
    if old == 0:
        script = f"PRAGMA application_id = {APPLICATION_ID};\n" + script
    conn.execute("PRAGMA foreign_keys = OFF")  # a step may rebuild a table
    try:
        conn.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {len(steps)};")
        broken = conn.execute("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise sqlite3.IntegrityError(f"the upgrade broke {len(broken)} links between rows")
        if before_commit is not None:
            before_commit(conn, old)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    finally:
        conn.execute("PRAGMA foreign_keys = ON")
    return old

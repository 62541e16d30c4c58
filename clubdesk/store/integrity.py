"""Whether a database file is as clubdesk left it, read before anything is written to it.

Raw SQL (the ``sqlite3`` shell, any database browser) can change a file behind clubdesk's
back. SQLite's own ``integrity_check`` passes on such a file, so clubdesk checks what it
relies on itself:

- every link between rows holds (``PRAGMA foreign_key_check``): a row pointing at a row
  that is not there is refused outright (``broken_links``);
- every amendment was written with its audit row (migration step 14 logs it): one without
  it was written outside clubdesk (``changed_outside``).

A file changed outside clubdesk is read (with a warning) but never written, backed up or
restored by clubdesk (``store/db.py``, ``store/read_only.py``).
"""

from __future__ import annotations

import sqlite3

AMENDMENTS_LOGGED_FROM = 14  # the schema version that logs each amendment with its audit row


def broken_links(conn: sqlite3.Connection) -> str | None:
    """What ``foreign_key_check`` finds, in words (``3 rows of ledger_entry point at rows
    that are not there``), or None when every link holds."""
    found = conn.execute("PRAGMA foreign_key_check").fetchall()
    if not found:
        return None
    tables = sorted({row[0] for row in found})
    where = ", ".join(tables[:3]) + (" ..." if len(tables) > 3 else "")
    if len(found) == 1:
        return f"1 row of {where} points at a row that is not there"
    return f"{len(found)} rows of {where} point at rows that are not there"


def changed_outside(conn: sqlite3.Connection, version: int) -> str | None:
    """Why the database at ``conn`` (of schema ``version``) was changed outside clubdesk, in
    a few words; None when nothing says so."""
    if version >= AMENDMENTS_LOGGED_FROM:
        (unlogged,) = conn.execute(
            "SELECT count(*) FROM amendment "
            "WHERE id NOT IN (SELECT amendment_id FROM amendment_logged)"
        ).fetchone()
        if unlogged:
            amendments = "an amendment" if unlogged == 1 else f"{unlogged} amendments"
            return f"{amendments} without the audit row clubdesk writes with each"
    return None


def set_aside(conn: sqlite3.Connection, version: int) -> None:
    """In a copy read in memory (never the file): leave out the rows clubdesk did not
    write, so that what is read is what clubdesk recorded (an amendment without its audit
    row is not counted)."""
    if version < AMENDMENTS_LOGGED_FROM:
        return
    conn.execute("DROP TRIGGER IF EXISTS amendment_no_delete")  # the copy's, not the file's
    conn.execute(
        "DELETE FROM amendment WHERE id NOT IN (SELECT amendment_id FROM amendment_logged)"
    )


def changed_message(path: object, reason: str) -> str:
    """The one line that says a file was changed outside clubdesk, and what to do."""
    return (
        f"{path} was changed outside clubdesk ({reason}); clubdesk reads it but will not "
        "write to it, back it up or restore it. Restore it from a backup."
    )

"""Whether a database file is as clubdesk left it, read before anything is written to it.

Raw SQL (the ``sqlite3`` shell, any database browser) can change a file behind clubdesk's
back. SQLite's own ``integrity_check`` passes on such a file, so clubdesk checks what it
relies on itself:

- every link between rows holds (``PRAGMA foreign_key_check``): a row pointing at a row
  that is not there is refused outright (``broken_links``);
- its schema is clubdesk's own for its version, the triggers that protect what was
  recorded included: a ``sqlite3`` user can ``DROP TRIGGER`` each of them, or empty them
  through ``writable_schema``. ``sqlite_master`` is compared with the schema the migrations
  themselves make for that version, in memory, made once per version (``schema_of``), so
  a new file and an upgraded one are judged the same way;
- every amendment was written with its audit row (migration step 14 logs it): one without
  it was written outside clubdesk (``changed_outside``).

A file changed outside clubdesk is read (with a warning) but never written, backed up or
restored by clubdesk (``store/db.py``, ``store/read_only.py``).
"""

from __future__ import annotations

import functools
import re
import sqlite3
from collections import Counter, defaultdict
from contextlib import closing, suppress

from clubdesk.store import seal
from clubdesk.store.migrations import MIGRATIONS, migrate

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


Schema = frozenset[tuple[str, str, str, str]]
"""What ``sqlite_master`` holds: (type, name, table, SQL) of each table, index and trigger."""


def schema_in(conn: sqlite3.Connection) -> Schema:
    """The schema of the database at ``conn``, each statement written one way (SQLite's
    own objects left out, quotes and runs of spaces not counted)."""
    rows = conn.execute(
        "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master "
        "WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
    ).fetchall()
    return frozenset((kind, name, table, _one_way(sql)) for kind, name, table, sql in rows)


@functools.lru_cache(maxsize=4096)  # the same few hundred statements in every file opened
def _one_way(sql: str) -> str:
    return re.sub(r"\s+", " ", sql.replace('"', "")).strip()


@functools.cache
def schema_of(version: int) -> Schema:
    """The schema clubdesk's migrations make for ``version`` (made in memory, once)."""
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as conn:
        migrate(conn, MIGRATIONS[:version])
        return schema_in(conn)


def schema_changes(conn: sqlite3.Connection, version: int) -> str | None:
    """How the schema at ``conn`` differs from clubdesk's own for ``version``, in words
    (``117 triggers missing``), or None when it is the same."""
    if not 0 < version <= len(MIGRATIONS):
        return None
    found, own = schema_in(conn), schema_of(version)
    if found == own:
        return None
    found_sql = {(kind, name): sql for kind, name, _, sql in found}
    own_sql = {(kind, name): sql for kind, name, _, sql in own}
    missing = Counter(key[0] for key in own_sql.keys() - found_sql.keys())
    added = Counter(key[0] for key in found_sql.keys() - own_sql.keys())
    changed = Counter(
        key[0] for key in own_sql.keys() & found_sql.keys() if own_sql[key] != found_sql[key]
    )
    parts = [
        f"{_count(n, kind)} {what}"
        for counted, what in ((missing, "missing"), (changed, "changed"), (added, "added"))
        for kind, n in sorted(counted.items(), key=lambda item: (-item[1], item[0]))
    ]
    return "its schema is not clubdesk's own: " + ", ".join(parts or ["tables moved"])


def _count(n: int, kind: str) -> str:
    return f"{n} {kind}" + ("" if n == 1 else ("es" if kind == "index" else "s"))


def changed_outside(conn: sqlite3.Connection, version: int, *, seals: bool = True) -> str | None:
    """Why the database at ``conn`` (of schema ``version``) was changed outside clubdesk, in
    a few words; None when nothing says so. ``seals``: every row is checked against its seal
    (not for a file byte for byte as it last checked whole, ``seal.remembered``)."""
    schema = schema_changes(conn, version)
    if schema is not None:
        return schema
    if version >= AMENDMENTS_LOGGED_FROM:
        (unlogged,) = conn.execute(
            "SELECT count(*) FROM amendment "
            "WHERE id NOT IN (SELECT amendment_id FROM amendment_logged)"
        ).fetchone()
        if unlogged:
            amendments = "an amendment" if unlogged == 1 else f"{unlogged} amendments"
            return f"{amendments} without the audit row clubdesk writes with each"
    if seals and version >= seal.SEALED_FROM:
        return seal.check(conn, seal.laptop_key()).words()
    return None


def unreadable_where(conn: sqlite3.Connection, value: object) -> str | None:
    """Which row holds ``value``, a value that does not read as its column's kind, in words
    (``signature row 1: at``); None when no time, date or JSON column holds it."""
    from clubdesk.store.models import typed_columns  # the tables, only when one is needed

    for table, column in typed_columns():
        with suppress(sqlite3.Error):  # a column this file's schema version has not got
            found = conn.execute(
                f'SELECT rowid FROM "{table}" WHERE "{column}" = ? LIMIT 1', (value,)
            ).fetchone()
            if found is not None:
                return f"{table} row {found[0]}: {column}"
    return None


def set_aside(conn: sqlite3.Connection, version: int) -> None:
    """In a copy read in memory (never the file): leave out the rows clubdesk did not
    write, so that what is read is what clubdesk recorded (an amendment without its audit
    row is not counted)."""
    if version >= seal.SEALED_FROM:
        _leave_out(conn, seal.check(conn, seal.laptop_key()))
    if version < AMENDMENTS_LOGGED_FROM:
        return
    conn.execute("DROP TRIGGER IF EXISTS amendment_no_delete")  # the copy's, not the file's
    conn.execute(
        "DELETE FROM amendment WHERE id NOT IN (SELECT amendment_id FROM amendment_logged)"
    )


def _leave_out(conn: sqlite3.Connection, found: seal.Check) -> None:
    """In a copy read in memory (never the file): the rows not believed taken out, so that
    what is read is what clubdesk sealed."""
    if not found.unbelieved:
        return
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')  # the copy's, not the file's
    children = _children(conn)
    for table, row_key in found.unbelieved:
        if table in seal.CHAINS:
            _leave_out_row(conn, children, table, seal.KEYS.get(table, "rowid"), row_key)


def _children(conn: sqlite3.Connection) -> dict[str, list[tuple[str, str, str]]]:
    """Each table's rows' dependents: (child table, its column, the parent's column)."""
    tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    found: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for child in tables:
        for link in conn.execute(f"PRAGMA foreign_key_list('{child}')"):
            parent, column, parent_column = link[2], link[3], link[4] or "rowid"
            found[parent].append((child, column, parent_column))
    return found


def _leave_out_row(
    conn: sqlite3.Connection,
    children: dict[str, list[tuple[str, str, str]]],
    table: str,
    column: str,
    value: object,
) -> None:
    """A row left out with every row that depends on it (a ledger row of an entrant left
    out goes with it: what is read holds together)."""
    rows = conn.execute(f"SELECT rowid, * FROM {table} WHERE {column} = ?", (value,)).fetchall()
    if not rows:
        return
    names = ["rowid"] + [info[1] for info in conn.execute(f"PRAGMA table_info('{table}')")]
    conn.execute(f"DELETE FROM {table} WHERE {column} = ?", (value,))
    for row in rows:
        held = dict(zip(names, row, strict=True))
        for child, child_column, parent_column in children.get(table, []):
            _leave_out_row(conn, children, child, child_column, held[parent_column])

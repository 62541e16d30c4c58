"""The seal: every fact clubdesk keeps is sealed as its transaction commits, so that a row
changed, added, deleted or reordered outside clubdesk is not believed (docs/architecture.md,
"The seal").

Each row written, changed or deleted in a transaction (temporary triggers note which, on the
connection only: ``install``) gets a row of ``seal`` as the transaction commits
(``seal_written``): the SHA-256 digest of the row as it then is, and an HMAC-SHA-256 over
that digest, the row's place and the seal before it in its event's chain. The key is a file in
the user's config folder, made on first use, readable by the user only. Opening a file checks
every row against its latest seal and every chain link by link (``check``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import stat
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from clubdesk import paths
from clubdesk.store.errors import DatabaseError, reason

SEALED_FROM = 18  # the schema version that seals its facts

_ROUND = "(SELECT event_id FROM round WHERE round.id = t.round_id)"
_GAME = (
    "(SELECT round.event_id FROM game JOIN round ON round.id = game.round_id "
    "WHERE game.id = t.game_id)"
)
_ENTRANT = "(SELECT event_id FROM entrant WHERE entrant.id = t.entrant_id)"

# Each sealed table, and the event whose chain its row belongs to ('' for the club's own).
CHAINS: dict[str, str] = {
    "event": "t.id",
    "event_archive": "t.event_id",
    "entrant": "t.event_id",
    "player": "t.event_id",
    "member": "''",
    "round": "t.event_id",
    "round_award": _ROUND,
    "game": _ROUND,
    "game_seat": _GAME,
    "bye": _ROUND,
    "hand": _GAME,
    "signature": _GAME,
    "adjustment": _GAME,
    "amendment": _GAME,
    "amendment_logged": (
        "(SELECT round.event_id FROM amendment JOIN game ON game.id = amendment.game_id "
        "JOIN round ON round.id = game.round_id WHERE amendment.id = t.amendment_id)"
    ),
    "ledger_entry": "t.event_id",
    "tiebreak": _ROUND,
    "warning": "t.event_id",
    "removal": _ENTRANT,
    "draw": "t.event_id",
    "draw_assignment": "(SELECT event_id FROM draw WHERE draw.id = t.draw_id)",
    "clock_state": "t.event_id",
    "clock_fact": "t.event_id",
    "audit_log": "coalesce(t.event_id, '')",
    "payout_final": "t.event_id",
    "final_prize": "(SELECT event_id FROM payout_final WHERE payout_final.id = t.payout_id)",
    "credit_redeemed": _ENTRANT,
}
# A row is named by its rowid, but for the tables keyed by text (a rowid can change there).
KEYS = {"event": "id", "event_archive": "event_id"}
GONE = "-"  # the digest of a row deleted by clubdesk
FOREIGN = "it was sealed on another laptop; accept it to write to it"

ENABLED = True  # off only in benchmarks/bench_seal.py, to time the same work without it


_keys: dict[Path, bytes] = {}


def laptop_key() -> bytes:
    """This account's seal key: read from the key file, made there on first use (32 random
    bytes, readable by the user only). A key file others may read, or that is not a plain
    file of this user's, is refused: a key anyone can read seals nothing."""
    path = paths.seal_key_file()
    found = _keys.get(path)
    if found is not None:
        return found
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            made = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(made, "wb") as file:
                file.write(secrets.token_bytes(32))
        opened = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(opened, "rb") as file:
            info = os.fstat(file.fileno())
            key = file.read(64)
    except OSError as exc:
        raise DatabaseError(f"The seal key {path} cannot be read or made: {reason(exc)}.") from None
    if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
        raise DatabaseError(f"The seal key {path} is not a file of this user's; remove it.")
    if info.st_mode & 0o077:
        raise DatabaseError(
            f"The seal key {path} can be read by others; make it yours alone (chmod 600)."
        )
    if len(key) != 32:
        raise DatabaseError(f"The seal key {path} is not a clubdesk seal key; remove it.")
    _keys[path] = key
    return key


def key_id(key: bytes) -> str:
    """What names a key in a file it sealed (never the key itself)."""
    return hmac.new(key, b"clubdesk seal key", hashlib.sha256).hexdigest()[:16]


# --- writing -------------------------------------------------------------------------------


def install(conn: sqlite3.Connection) -> None:
    """On this connection only: note each sealed row a transaction writes, changes or
    deletes, for ``seal_written`` (temporary triggers; the file holds none of them)."""
    if not _has_seals(conn):
        return
    statements = ["CREATE TEMP TABLE IF NOT EXISTS written (tbl TEXT NOT NULL, row_key TEXT)"]
    for table in CHAINS:
        key = KEYS.get(table, "rowid")
        for when, rows in (("INSERT", ("NEW",)), ("UPDATE", ("OLD", "NEW")), ("DELETE", ("OLD",))):
            notes = " ".join(
                f"INSERT INTO written VALUES ('{table}', {row}.{key});" for row in rows
            )
            statements.append(
                f"CREATE TEMP TRIGGER IF NOT EXISTS seal_{table}_{when.lower()} AFTER {when} "
                f"ON main.{table} BEGIN {notes} END"
            )
    for statement in statements:
        conn.execute(statement)


def _has_seals(conn: sqlite3.Connection) -> bool:
    return (
        conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'seal'"
        ).fetchone()
        is not None
    )


def seal_written(conn: sqlite3.Connection, key: bytes) -> int:
    """Seal what the transaction under way wrote (``install``), in it; how many rows."""
    if not ENABLED:
        conn.execute("DELETE FROM temp.written")
        return 0
    try:
        noted = conn.execute("SELECT DISTINCT tbl, row_key FROM temp.written").fetchall()
    except sqlite3.OperationalError:  # a connection made before the file had its seals
        return 0
    if not noted:
        return 0
    _check_key(conn, key)
    by_table: dict[str, list[str]] = defaultdict(list)
    for table, row_key in noted:
        by_table[table].append(str(row_key))
    found: list[tuple[str, str, str, str]] = []  # chain, table, row key, digest
    for table in CHAINS:
        keys = by_table.get(table)
        if not keys:
            continue
        present = _rows(conn, table, keys)
        for row_key in keys:
            if row_key in present:
                chain, digest = present[row_key]
                found.append((chain, table, row_key, digest))
                continue
            last = conn.execute(
                "SELECT chain, digest FROM seal WHERE tbl = ? AND row_key = ? "
                "ORDER BY id DESC LIMIT 1",
                (table, row_key),
            ).fetchone()
            if last is not None and last[1] != GONE:  # a row written and deleted: nothing
                found.append((last[0], table, row_key, GONE))
    _append(conn, key, found)
    conn.execute("DELETE FROM temp.written")
    return len(found)


def _check_key(conn: sqlite3.Connection, key: bytes) -> None:
    """The file is sealed by this key (set it on a file without one)."""
    row = conn.execute("SELECT key_id FROM seal_key WHERE id = 1").fetchone()
    if row is None:
        conn.execute("INSERT INTO seal_key (id, key_id) VALUES (1, ?)", (key_id(key),))
    elif row[0] != key_id(key):
        raise DatabaseError(f"This file was changed outside clubdesk: {FOREIGN}.")


def _rows(conn: sqlite3.Connection, table: str, keys: list[str]) -> dict[str, tuple[str, str]]:
    """The rows of ``table`` with these keys that are there: their chain and digest."""
    key = KEYS.get(table, "rowid")
    found: dict[str, tuple[str, str]] = {}
    for start in range(0, len(keys), 500):
        part = keys[start : start + 500]
        marks = ", ".join("?" * len(part))
        given = part if table in KEYS else [int(k) for k in part]
        rows = conn.execute(
            f"SELECT t.{key}, {CHAINS[table]}, t.* FROM {table} AS t WHERE t.{key} IN ({marks})",
            given,
        ).fetchall()
        for row in rows:
            found[str(row[0])] = (row[1] or "", digest_of(row[2:]))
    return found


def digest_of(values: Iterable[object]) -> str:
    """The digest of a row's values, written one way."""
    text = json.dumps(
        [{"hex": v.hex()} if isinstance(v, bytes) else v for v in values],
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def mac_of(
    key: bytes, chain: str, seq: int, table: str, row_key: str, digest: str, before: str
) -> str:
    message = "\x1f".join((chain, str(seq), table, row_key, digest, before)).encode("utf-8")
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def _append(conn: sqlite3.Connection, key: bytes, found: list[tuple[str, str, str, str]]) -> None:
    heads: dict[str, tuple[int, str]] = {}
    rows = []
    for chain, table, row_key, digest in sorted(found):
        if chain not in heads:
            last = conn.execute(
                "SELECT seq, mac FROM seal WHERE chain = ? ORDER BY seq DESC LIMIT 1", (chain,)
            ).fetchone()
            heads[chain] = (last[0], last[1]) if last else (0, "")
        seq, before = heads[chain]
        seq += 1
        mac = mac_of(key, chain, seq, table, row_key, digest, before)
        heads[chain] = (seq, mac)
        rows.append((chain, seq, table, row_key, digest, mac))
    conn.executemany(
        "INSERT INTO seal (chain, seq, tbl, row_key, digest, mac) VALUES (?, ?, ?, ?, ?, ?)", rows
    )


def seal_all(conn: sqlite3.Connection, key: bytes) -> None:
    """Seal every row of the file afresh under ``key`` (a file just given its seals, or one
    from another laptop the director accepted), in the transaction under way."""
    conn.execute("DELETE FROM seal")
    conn.execute("DELETE FROM seal_key")
    conn.execute("INSERT INTO seal_key (id, key_id) VALUES (1, ?)", (key_id(key),))
    found = []
    for table in CHAINS:
        key_column = KEYS.get(table, "rowid")
        for row in conn.execute(f"SELECT t.{key_column}, {CHAINS[table]}, t.* FROM {table} AS t"):
            found.append((row[1] or "", table, str(row[0]), digest_of(row[2:])))
    _append(conn, key, found)


def accept(conn: sqlite3.Connection, key: bytes, director: str, at: str) -> str:
    """A file sealed on another laptop, accepted by the director: logged, and sealed whole
    under this laptop's key, in the transaction under way; the key that sealed it before."""
    before = conn.execute("SELECT key_id FROM seal_key WHERE id = 1").fetchone()
    was = before[0] if before else ""
    details = json.dumps({"director": director, "sealed_by": was}, separators=(",", ":"))
    conn.execute(
        "INSERT INTO audit_log (at, actor, action, event_id, details) "
        "VALUES (?, 'director', 'file.accept', NULL, ?)",
        (at, details),
    )
    seal_all(conn, key)
    conn.execute(
        "UPDATE seal_key SET accepted_by = ?, accepted_at = ? WHERE id = 1", (director, at)
    )
    return was


# --- checking ------------------------------------------------------------------------------


@dataclass
class Check:
    """What opening a file finds against its seals: ``foreign`` when another laptop's key
    sealed it (its seals cannot be checked here); the rows not believed, each with why."""

    foreign: bool = False
    unbelieved: dict[tuple[str, str], str] = field(default_factory=dict)  # (table, key): why
    gone: list[tuple[str, str]] = field(default_factory=list)  # sealed rows deleted outside

    @property
    def whole(self) -> bool:
        return not (self.foreign or self.unbelieved or self.gone)

    def words(self) -> str | None:
        """Why the file is not as clubdesk sealed it, in a few words; None when it is."""
        if self.foreign:
            return FOREIGN
        named = [f"{table} row {key} {why}" for (table, key), why in self.unbelieved.items()]
        named += [f"{table} row {key} deleted" for table, key in self.gone]
        if not named:
            return None
        more = f" and {len(named) - 3} more" if len(named) > 3 else ""
        rows = "a row is" if len(named) == 1 else f"{len(named)} rows are"
        return f"{rows} not as clubdesk sealed them: " + ", ".join(named[:3]) + more


def check(conn: sqlite3.Connection, key: bytes) -> Check:
    """Every row against its latest seal, every chain link by link (read only)."""
    found = Check()
    row = conn.execute("SELECT key_id FROM seal_key WHERE id = 1").fetchone()
    latest: dict[tuple[str, str], tuple[str, int, str]] = {}  # (table, key): digest, id, chain
    broken_from: dict[str, int] = {}  # chain: the first seq not believed
    heads: dict[str, tuple[int, str]] = {}
    seals = conn.execute(
        "SELECT id, chain, seq, tbl, row_key, digest, mac FROM seal ORDER BY chain, seq"
    ).fetchall()
    if row is None:
        if seals or any(_count(conn, table) for table in CHAINS):
            found.unbelieved[("seal", "1")] = "gone (the file's seals were taken out)"
        return found
    if row[0] != key_id(key):
        found.foreign = True
        return found
    for seal_id, chain, seq, table, row_key, digest, mac in seals:
        seq_before, before = heads.get(chain, (0, ""))
        good = seq == seq_before + 1 and hmac.compare_digest(
            mac, mac_of(key, chain, seq, table, row_key, digest, before)
        )
        if not good and chain not in broken_from:
            broken_from[chain] = seq
        heads[chain] = (seq, mac)
        known = latest.get((table, row_key))
        if known is None or seal_id > known[1]:
            latest[(table, row_key)] = (digest, seal_id, chain)
    broken_seals = {
        (table, row_key)
        for _, chain, seq, table, row_key, _, _ in seals
        if chain in broken_from and seq >= broken_from[chain]
    }
    for table in CHAINS:
        key_column = KEYS.get(table, "rowid")
        for row in conn.execute(f"SELECT t.{key_column}, t.* FROM {table} AS t"):
            where = (table, str(row[0]))
            sealed = latest.pop(where, None)
            if sealed is None:
                found.unbelieved[where] = "added"
            elif where in broken_seals:
                found.unbelieved[where] = "sealed out of order"
            elif sealed[0] != digest_of(row[1:]):
                found.unbelieved[where] = "changed"
    found.gone = sorted(where for where, (digest, _, _) in latest.items() if digest != GONE)
    return found


def _count(conn: sqlite3.Connection, table: str) -> int:
    return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def leave_out(conn: sqlite3.Connection, found: Check) -> None:
    """In a copy read in memory (never the file): the rows not believed taken out, so that
    what is read is what clubdesk sealed."""
    if not found.unbelieved:
        return
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f'DROP TRIGGER "{name}"')  # the copy's, not the file's
    children = _children(conn)
    for table, row_key in found.unbelieved:
        if table in CHAINS:
            _leave_out_row(conn, children, table, KEYS.get(table, "rowid"), row_key)


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

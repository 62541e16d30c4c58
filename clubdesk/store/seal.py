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
from contextlib import suppress
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
    "table_link": "t.event_id",  # where the tables' links point, and their secret
    "director_pin": "''",
}
# A row is named by its rowid, but for the tables keyed by text (a rowid can change there).
KEYS = {"event": "id", "event_archive": "event_id"}
GONE = b""  # the digest of a row deleted by clubdesk
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
    conn.create_function("seal_digest", 1, _digest, deterministic=True)
    if not _has_seals(conn):
        return
    made = {row[0] for row in conn.execute("SELECT name FROM temp.sqlite_master")}
    statements = ["CREATE TEMP TABLE IF NOT EXISTS written (tbl TEXT NOT NULL, row_key TEXT)"]
    for table in sealed_tables(conn):  # a step that adds a table: noted once it is there
        if f"seal_{table}_delete" in made:
            continue
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
    found = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'seal'"
    return conn.execute(found).fetchone() is not None


def sealed_tables(conn: sqlite3.Connection) -> list[str]:
    """The tables of ``CHAINS`` the file holds (a file of an earlier version lacks the
    tables later steps added), in ``CHAINS``' order."""
    names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return [table for table in CHAINS if table in names]


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()[:16]


def _row_text(conn: sqlite3.Connection, table: str) -> str:
    """SQL for a row of ``table`` as one text, each value as SQLite quotes it (a blob in
    hex): what its digest is taken of, the same way at every seal and every check."""
    columns = [info[1] for info in conn.execute(f"PRAGMA table_info('{table}')")]
    return " || char(31) || ".join(f'quote(t."{column}")' for column in columns)


def _key_of(table: str) -> str:
    return f"t.{KEYS[table]}" if table in KEYS else "CAST(t.rowid AS TEXT)"


def seal_written(conn: sqlite3.Connection, key: bytes) -> int:
    """Seal what the transaction under way wrote (``install``), in it; how many rows."""
    try:
        noted = conn.execute("SELECT DISTINCT tbl, row_key FROM temp.written").fetchall()
    except sqlite3.OperationalError:  # a connection made before the file had its seals
        return 0
    if not noted:
        return 0
    conn.execute("DELETE FROM temp.written")
    if not ENABLED:
        return 0
    _check_key(conn, key)
    by_table: dict[str, list[str]] = defaultdict(list)
    for table, row_key in noted:
        by_table[table].append(str(row_key))
    found: list[tuple[str, str, str, bytes]] = []  # chain, table, row key, digest
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
    return len(found)


def _check_key(conn: sqlite3.Connection, key: bytes) -> None:
    """The file is sealed by this key (set it on a file without one)."""
    row = conn.execute("SELECT key_id FROM seal_key WHERE id = 1").fetchone()
    if row is None:
        conn.execute("INSERT INTO seal_key (id, key_id) VALUES (1, ?)", (key_id(key),))
    elif row[0] != key_id(key):
        raise DatabaseError(f"This file was changed outside clubdesk: {FOREIGN}.")


def _rows(conn: sqlite3.Connection, table: str, keys: list[str]) -> dict[str, tuple[str, bytes]]:
    """The rows of ``table`` with these keys that are there: their chain and digest."""
    key = KEYS.get(table, "rowid")
    select = f"SELECT {_key_of(table)}, {CHAINS[table]}, seal_digest({_row_text(conn, table)})"
    found: dict[str, tuple[str, bytes]] = {}
    for start in range(0, len(keys), 500):
        part = keys[start : start + 500]
        marks = ", ".join("?" * len(part))
        given = part if table in KEYS else [int(k) for k in part]
        rows = conn.execute(f"{select} FROM {table} AS t WHERE t.{key} IN ({marks})", given)
        for row_key, chain, digest in rows:
            found[row_key] = (chain or "", digest)
    return found


def _seal_line(seq: int, table: str, row_key: str, digest: bytes) -> bytes:
    """One seal as the MAC over its batch takes it in."""
    return b"%d\x1f%s\x1f%s\x1f%s\x1e" % (seq, table.encode(), row_key.encode(), digest)


def mac_of(key: bytes, chain: str, lines: bytes, before: bytes) -> bytes:
    """The MAC of a batch of seals in a chain (what one transaction wrote of that event):
    the seals, one after another, and the MAC of the batch before it."""
    message = b"\x1f".join((chain.encode(), hashlib.sha256(lines).digest(), before))
    return hmac.digest(key, message, "sha256")[:16]


def _append(conn: sqlite3.Connection, key: bytes, found: list[tuple[str, str, str, bytes]]) -> None:
    """The seals of one transaction, each chain's batch closed by its MAC on its last seal."""
    by_chain: dict[str, list[tuple[str, str, bytes]]] = defaultdict(list)
    for chain, table, row_key, digest in sorted(found):
        by_chain[chain].append((table, row_key, digest))
    rows = []
    for chain, seals in by_chain.items():
        last = conn.execute(
            "SELECT seq FROM seal WHERE chain = ? ORDER BY seq DESC LIMIT 1", (chain,)
        ).fetchone()
        before = conn.execute(
            "SELECT mac FROM seal WHERE chain = ? AND mac IS NOT NULL ORDER BY seq DESC LIMIT 1",
            (chain,),
        ).fetchone()
        seq = last[0] if last else 0
        lines = []
        for table, row_key, digest in seals:
            seq += 1
            lines.append(_seal_line(seq, table, row_key, digest))
            rows.append([chain, seq, table, row_key, digest, None])
        rows[-1][5] = mac_of(key, chain, b"".join(lines), before[0] if before else b"")
    conn.executemany(
        "INSERT INTO seal (chain, seq, tbl, row_key, digest, mac) VALUES (?, ?, ?, ?, ?, ?)", rows
    )


def seal_all(conn: sqlite3.Connection, key: bytes) -> None:
    """Seal every row of the file afresh under ``key`` (a file just given its seals, or one
    from another laptop the director accepted), in the transaction under way."""
    conn.create_function("seal_digest", 1, _digest, deterministic=True)
    conn.execute("DELETE FROM seal")
    conn.execute("DELETE FROM seal_key")
    conn.execute("INSERT INTO seal_key (id, key_id) VALUES (1, ?)", (key_id(key),))
    found = []
    for table in sealed_tables(conn):
        select = f"SELECT {_key_of(table)}, {CHAINS[table]}, seal_digest({_row_text(conn, table)})"
        for row_key, chain, digest in conn.execute(f"{select} FROM {table} AS t"):
            found.append((chain or "", table, row_key, digest))
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


# --- a file checked whole, remembered --------------------------------------------------


def _record_of(path: Path) -> Path:
    name = hashlib.sha256(str(path).encode("utf-8")).hexdigest()[:32]
    return paths.seal_key_file().parent / "checked" / name


def _file_mac(path: Path, key: bytes) -> bytes | None:
    """A MAC of the file's bytes as they are (None while SQLite's log beside it holds
    anything: the file alone is then not what is read)."""
    for log in (Path(f"{path}-wal"), Path(f"{path}-journal")):
        with suppress(OSError):
            if log.stat().st_size:
                return None
    try:
        with path.open("rb") as file:
            digest = hashlib.file_digest(file, "sha256").digest()
    except OSError:
        return None
    return hmac.digest(key, b"clubdesk file checked whole\x1f" + digest, "sha256")


def remember(path: Path, key: bytes) -> None:
    """Note, outside the file, that the file as it now is (closed, its log written back) was
    checked whole against its seals (``whole_now``), so that opening it again as it is
    needs no check of every row (``remembered``)."""
    mac = _file_mac(path, key)
    if mac is None or not ENABLED:
        return
    record = _record_of(path)
    try:
        record.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        staged = record.with_suffix(".new")
        staged.write_bytes(mac)
        os.replace(staged, record)
    except OSError:
        return  # not remembered: the next opening checks every row


def remembered(path: Path, key: bytes) -> bool:
    """Is the file byte for byte as it was when it last checked whole (``remember``)?"""
    if not ENABLED:
        return False
    try:
        kept = _record_of(path).read_bytes()
    except OSError:
        return False
    mac = _file_mac(path, key)
    return mac is not None and hmac.compare_digest(kept, mac)


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
    """Every row against its latest seal, every chain link by link (read only: what it
    works with is in the connection's temporary tables)."""
    found = Check()
    if not ENABLED:
        return found
    conn.create_function("seal_digest", 1, _digest, deterministic=True)
    row = conn.execute("SELECT key_id FROM seal_key WHERE id = 1").fetchone()
    if row is None:
        sealed = conn.execute("SELECT EXISTS (SELECT 1 FROM seal)").fetchone()[0]
        if sealed or any(_count(conn, table) for table in sealed_tables(conn)):
            found.unbelieved[("seal", "1")] = "gone (the file's seals were taken out)"
        return found
    if row[0] != key_id(key):
        found.foreign = True
        return found
    broken_from = _broken_links(conn, key)
    conn.execute("DROP TABLE IF EXISTS temp.seal_latest")
    conn.execute(
        "CREATE TEMP TABLE seal_latest AS SELECT seal.id, seal.chain, seal.seq, seal.tbl, "
        "seal.row_key, seal.digest FROM seal JOIN (SELECT max(id) AS id FROM seal "
        "GROUP BY tbl, row_key) AS last ON last.id = seal.id"
    )
    conn.execute("CREATE INDEX temp.seal_latest_row ON seal_latest (tbl, row_key)")
    try:
        for table in sealed_tables(conn):
            rows = conn.execute(
                f"SELECT {_key_of(table)}, l.digest IS NULL, l.chain, l.seq FROM {table} AS t "
                f"LEFT JOIN seal_latest AS l ON l.tbl = '{table}' AND l.row_key = {_key_of(table)} "
                f"WHERE l.digest IS NULL OR l.digest != seal_digest({_row_text(conn, table)}) "
                "OR l.seq >= coalesce((SELECT seq FROM temp.seal_broken AS b "
                "WHERE b.chain = l.chain), l.seq + 1)"
            )
            for row_key, unsealed, chain, seq in rows:
                if unsealed:
                    why = "added"
                elif chain in broken_from and seq >= broken_from[chain]:
                    why = "sealed out of order"
                else:
                    why = "changed"
                found.unbelieved[(table, row_key)] = why
            key_column = KEYS.get(table, "rowid")
            kept = (
                f"t.{key_column} = l.row_key"
                if table in KEYS
                else ("t.rowid = CAST(l.row_key AS INTEGER)")
            )
            found.gone += [
                (table, row_key)
                for (row_key,) in conn.execute(
                    f"SELECT l.row_key FROM seal_latest AS l WHERE l.tbl = '{table}' "
                    f"AND l.digest != x'' AND NOT EXISTS (SELECT 1 FROM {table} AS t WHERE {kept})"
                )
            ]
    finally:
        conn.execute("DROP TABLE IF EXISTS temp.seal_latest")
        conn.execute("DROP TABLE IF EXISTS temp.seal_broken")
    found.gone.sort()
    return found


def _broken_links(conn: sqlite3.Connection, key: bytes) -> dict[str, int]:
    """Each chain whose seals do not follow one from another, and the first seal of it not
    believed: the first of the batch whose MAC fails, or of seals no MAC closes (kept in
    ``temp.seal_broken`` for ``check``'s queries too)."""
    broken: dict[str, int] = {}
    chain, seq_before, start, before, lines = None, 0, 1, b"", []
    rows = conn.execute(
        "SELECT chain, seq, tbl, row_key, digest, mac FROM seal ORDER BY chain, seq"
    )
    for name, seq, table, row_key, digest, mac in rows:
        if name != chain:
            if chain is not None and lines and chain not in broken:
                broken[chain] = start  # seals no MAC closes
            chain, seq_before, start, before, lines = name, 0, 1, b"", []
        if name in broken:
            continue
        if seq != seq_before + 1:
            broken[name] = start
            continue
        seq_before = seq
        lines.append(_seal_line(seq, table, row_key, digest))
        if mac is not None:
            if not hmac.compare_digest(mac, mac_of(key, name, b"".join(lines), before)):
                broken[name] = start
                continue
            before, lines, start = mac, [], seq + 1
    if chain is not None and lines and chain not in broken:
        broken[chain] = start
    conn.execute("DROP TABLE IF EXISTS temp.seal_broken")
    conn.execute("CREATE TEMP TABLE seal_broken (chain TEXT, seq INTEGER)")
    conn.executemany("INSERT INTO temp.seal_broken VALUES (?, ?)", broken.items())
    return broken


def _count(conn: sqlite3.Connection, table: str) -> int:
    return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]

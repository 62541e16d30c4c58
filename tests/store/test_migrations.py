"""Upgrading older databases, and the migrated schema against the SQLModel classes.

``data/v1.db`` was made by schema version 1 and is kept as it is: one Grand Prix
event with three teams and their players, fees and a fine, a draw, round 1 with
a submitted sheet (a hand, an adjustment, two signatures, an amendment) and a bye.
A version 2 database is made from it here by the released steps 1 and 2.
"""

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.exc import IntegrityError

from clubdesk.store.db import open_database
from clubdesk.store.errors import SHEET_LOCKED, DatabaseError, RecordLockedError
from clubdesk.store.migrations import MIGRATIONS, SCHEMA_VERSION, migrate
from clubdesk.store.models import metadata

V1_FIXTURE = Path(__file__).parent / "data" / "v1.db"
TABLES = [
    "event",
    "entrant",
    "player",
    "round",
    "game",
    "game_seat",
    "bye",
    "hand",
    "signature",
    "adjustment",
    "amendment",
    "ledger_entry",
    "draw",
    "draw_assignment",
]


def columns(path: Path, table: str) -> list[str]:
    with closing(sqlite3.connect(path)) as conn:
        return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


def dump(path: Path) -> dict[str, list[tuple]]:
    """Every row of the version 1 tables, in version 1's columns."""
    with closing(sqlite3.connect(path)) as conn:
        return {
            t: conn.execute(
                f"SELECT {', '.join(columns(V1_FIXTURE, t))} FROM {t} ORDER BY id"
            ).fetchall()
            for t in TABLES
        }


def pragma(path: Path, name: str) -> int:
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]


def log_archive(conn: sqlite3.Connection, original: str, archived: str) -> None:
    """The audit row an import writes as it archives event ``original`` as ``archived``: the
    rows naming it may follow it to the new id just after it."""
    conn.execute(
        "INSERT INTO audit_log (at, actor, action, event_id, details) VALUES "
        "('2026-12-05T10:00:00-07:00', 'director', 'event.archive', ?, json_object("
        "'original_id', ?, 'reason', 'replaced'))",
        (archived, original),
    )


@pytest.fixture
def v1_copy(tmp_path: Path) -> Path:
    path = tmp_path / "club.sqlite"
    shutil.copyfile(V1_FIXTURE, path)
    return path


def test_the_fixture_is_a_version_1_database_with_an_event() -> None:
    assert pragma(V1_FIXTURE, "user_version") == 1
    rows = dump(V1_FIXTURE)
    assert [len(rows[t]) for t in ("event", "entrant", "player", "hand", "signature")] == [
        1,
        3,
        6,
        1,
        2,
    ]


def test_a_version_1_database_is_upgraded_in_place(v1_copy: Path, tmp_path: Path) -> None:
    before = dump(v1_copy)
    backups = tmp_path / "backups"
    with open_database(v1_copy, backups=backups) as db, db.session() as session:
        clocks = session.connection().exec_driver_sql("SELECT count(*) FROM clock_state")
        assert clocks.scalar() == 0
    assert pragma(v1_copy, "user_version") == SCHEMA_VERSION
    assert dump(v1_copy) == before

    [backup] = backups.iterdir()
    assert backup.name.startswith("club-v1-") and backup.suffix == ".sqlite"
    assert pragma(backup, "user_version") == 1
    assert dump(backup) == before


def test_an_upgraded_database_still_locks_submitted_sheets(v1_copy: Path, tmp_path: Path) -> None:
    with (
        open_database(v1_copy, backups=tmp_path / "backups") as db,
        pytest.raises(RecordLockedError, match=SHEET_LOCKED),
        db.session() as session,
    ):
        session.connection().exec_driver_sql("UPDATE game SET score_a = 600 WHERE id = 1")


def test_no_upgrade_without_a_backup(v1_copy: Path, tmp_path: Path) -> None:
    not_a_folder = tmp_path / "backups"
    not_a_folder.write_text("in the way")
    original = v1_copy.read_bytes()
    with pytest.raises(DatabaseError) as caught:
        open_database(v1_copy, backups=not_a_folder)
    assert str(caught.value).startswith(
        f"{v1_copy} was not upgraded: could not back it up into {not_a_folder} first ("
    )
    assert v1_copy.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backups", "club.sqlite"]


def test_a_failed_step_rolls_back_every_step(v1_copy: Path) -> None:
    original = v1_copy.read_bytes()
    with closing(sqlite3.connect(v1_copy, isolation_level=None)) as conn:
        with pytest.raises(sqlite3.OperationalError):
            migrate(conn, (*MIGRATIONS, "CREATE TABLE broken (;"))
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        assert "audit_log" not in names
    assert v1_copy.read_bytes() == original


def test_migrating_an_up_to_date_database_does_nothing(tmp_path: Path) -> None:
    with closing(sqlite3.connect(tmp_path / "new.sqlite", isolation_level=None)) as conn:
        assert migrate(conn) == 0
        assert migrate(conn) == SCHEMA_VERSION
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


# --- the migrated schema is the one the SQLModel classes describe ---------------------------


def affinity(declared: str) -> str:
    """SQLite's column affinity for a declared type (its rules, section 3.1)."""
    declared = declared.upper()
    if "INT" in declared:
        return "INTEGER"
    if any(word in declared for word in ("CHAR", "CLOB", "TEXT")):
        return "TEXT"
    if "BLOB" in declared or not declared:
        return "BLOB"
    if any(word in declared for word in ("REAL", "FLOA", "DOUB")):
        return "REAL"
    return "NUMERIC"


def migrated_schema(path: Path) -> dict[str, dict[str, object]]:
    schema: dict[str, dict[str, object]] = {}
    with closing(sqlite3.connect(path)) as conn:
        tables = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        for (table,) in tables:
            columns = {
                name: (affinity(kind), bool(notnull) or pk > 0, pk > 0)
                for _, name, kind, notnull, _, pk in conn.execute(f"PRAGMA table_info({table})")
            }
            keys = {
                (row[3], row[2], row[4])
                for row in conn.execute(f"PRAGMA foreign_key_list({table})")
            }
            unique = set()
            for _, index, is_unique, origin, _ in conn.execute(f"PRAGMA index_list({table})"):
                if is_unique and origin == "u":
                    info = conn.execute(f"PRAGMA index_info({index})").fetchall()
                    unique.add(tuple(row[2] for row in info))
            schema[table] = {"columns": columns, "foreign keys": keys, "unique": unique}
    return schema


def model_schema() -> dict[str, dict[str, object]]:
    dialect = sqlite_dialect.dialect()
    schema: dict[str, dict[str, object]] = {}
    for table in metadata.sorted_tables:
        columns = {
            c.name: (affinity(c.type.compile(dialect=dialect)), not c.nullable, c.primary_key)
            for c in table.columns
        }
        keys = {(k.parent.name, k.column.table.name, k.column.name) for k in table.foreign_keys}
        unique = {
            tuple(c.name for c in constraint.columns)
            for constraint in table.constraints
            if constraint.__class__.__name__ == "UniqueConstraint"
        }
        schema[table.name] = {"columns": columns, "foreign keys": keys, "unique": unique}
    return schema


def test_the_migrated_schema_matches_the_models(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    with open_database(path, backups=tmp_path / "backups"):
        pass
    assert migrated_schema(path) == model_schema()


def test_an_upgraded_schema_matches_a_new_one(v1_copy: Path, tmp_path: Path) -> None:
    new = tmp_path / "new.sqlite"
    for path in (v1_copy, new):
        with open_database(path, backups=tmp_path / "backups"):
            pass
    with closing(sqlite3.connect(v1_copy)) as old, closing(sqlite3.connect(new)) as fresh:
        query = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
        assert old.execute(query).fetchall() == fresh.execute(query).fetchall()


# --- version 3: tie-breaks, archived events, money rows without a time ----------------------


@pytest.fixture
def v2_copy(v1_copy: Path) -> Path:
    """The v1 fixture taken to version 2 by the released steps, with a clock and an audit row."""
    with closing(sqlite3.connect(v1_copy, isolation_level=None)) as conn:
        migrate(conn, MIGRATIONS[:2])
        event_id = conn.execute("SELECT id FROM event").fetchone()[0]
        conn.execute(
            "INSERT INTO clock_state (event_id, round_number, paused_seconds, extension_seconds, "
            "warned) VALUES (?, 1, 0, 0, 0)",
            (event_id,),
        )
        conn.execute(
            "INSERT INTO audit_log (at, actor, action, event_id, details) "
            "VALUES ('2011-06-04T09:00:00-04:00', 'director', 'event.create', ?, '{}')",
            (event_id,),
        )
    assert pragma(v1_copy, "user_version") == 2
    return v1_copy


def test_a_version_2_database_is_upgraded_to_3_keeping_every_row(
    v2_copy: Path, tmp_path: Path
) -> None:
    before = dump(v2_copy)
    with closing(sqlite3.connect(v2_copy)) as conn:
        ledger = conn.execute("SELECT * FROM ledger_entry ORDER BY id").fetchall()
        extra = [
            conn.execute(f"SELECT * FROM {t}").fetchall() for t in ("clock_state", "audit_log")
        ]
    with open_database(v2_copy, backups=tmp_path / "backups"):
        pass
    assert pragma(v2_copy, "user_version") == SCHEMA_VERSION
    assert dump(v2_copy) == before
    with closing(sqlite3.connect(v2_copy)) as conn:
        # the rebuilt money table keeps its rows and ids; none came from an event file
        assert conn.execute("SELECT * FROM ledger_entry ORDER BY id").fetchall() == [
            (*row, 0) for row in ledger
        ]
        assert [
            conn.execute(f"SELECT * FROM {t}").fetchall() for t in ("clock_state", "audit_log")
        ] == extra
        assert conn.execute("SELECT count(*) FROM tiebreak").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM event_archive").fetchone() == (0,)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    [backup] = (tmp_path / "backups").iterdir()
    assert backup.name.startswith("club-v2-") and pragma(backup, "user_version") == 2


def test_version_3_still_keeps_money_rows_forever(v2_copy: Path, tmp_path: Path) -> None:
    with open_database(v2_copy, backups=tmp_path / "backups") as db:
        with (
            pytest.raises(RecordLockedError, match="A money entry is never deleted"),
            db.session() as session,
        ):
            session.connection().exec_driver_sql("DELETE FROM ledger_entry")
        with db.session() as session:
            conn = session.connection()
            conn.exec_driver_sql(  # a row from an event file that did not say when
                "INSERT INTO ledger_entry (event_id, kind, cents, note) "
                "SELECT id, 'added', 100, 'sponsor' FROM event"
            )
            indexes = conn.exec_driver_sql(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ledger_entry'"
            ).scalars()
            assert set(indexes) == {"ledger_entry_event", "ledger_entry_entrant"}


def test_only_an_entrants_fee_can_come_from_paid_cents(v2_copy: Path, tmp_path: Path) -> None:
    with (
        open_database(v2_copy, backups=tmp_path / "backups") as db,
        pytest.raises(IntegrityError),
        db.session() as session,
    ):
        session.connection().exec_driver_sql(
            "INSERT INTO ledger_entry (event_id, kind, cents, note, from_paid_cents) "
            "SELECT id, 'fine', 100, '', 1 FROM event"
        )


def test_a_warning_is_never_changed_or_deleted(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        migrate(conn)
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute(
            "INSERT INTO warning (event_id, round_number, entrant_id, reason, ruling, actor, at)"
            " VALUES ('bw', 1, 1, 'table talk', 'warning', 'director', '2024-03-09T10:00:00+00:00')"
        )
        for change in ("UPDATE warning SET ruling = 'loss-of-hand'", "DELETE FROM warning"):
            with pytest.raises(sqlite3.IntegrityError, match="A warning cannot be changed"):
                conn.execute(change)
        with pytest.raises(sqlite3.IntegrityError, match="stays with its event"):
            conn.execute("UPDATE warning SET event_id = 'bw--replaced-1'")
        log_archive(conn, "bw", "bw--replaced-1")
        conn.execute("UPDATE warning SET event_id = 'bw--replaced-1'")  # archiving moves it


# --- version 5: the round clock as facts ----------------------------------------------------


@pytest.fixture
def v4_copy(v1_copy: Path) -> Path:
    """The v1 fixture taken to version 4 by the released steps, with three rounds' clocks as
    version 4 kept them: round 1 ended (warned, 90 s paused, 2 minutes added), round 2
    paused, round 3 not started."""
    with closing(sqlite3.connect(v1_copy, isolation_level=None)) as conn:
        migrate(conn, MIGRATIONS[:4])
        event_id = conn.execute("SELECT id FROM event").fetchone()[0]
        rows = [
            (1, "2011-06-04T10:15:00-04:00", None, 90.4, 120, 1, "2011-06-04T11:20:00-04:00"),
            (2, "2011-06-04T11:35:00-04:00", "2011-06-04T11:50:00-04:00", 0, 0, 0, None),
            (3, None, None, 0, 0, 0, None),
        ]
        conn.executemany(
            "INSERT INTO clock_state (event_id, round_number, started_at, paused_at, "
            "paused_seconds, extension_seconds, warned, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(event_id, *row) for row in rows],
        )
    assert pragma(v1_copy, "user_version") == 4
    return v1_copy


def test_a_version_4_database_keeps_its_clocks_as_facts(v4_copy: Path, tmp_path: Path) -> None:
    from clubdesk.store import roundclock

    with closing(sqlite3.connect(v4_copy)) as conn:
        before = conn.execute("SELECT * FROM clock_state ORDER BY id").fetchall()
        event_id = conn.execute("SELECT id FROM event").fetchone()[0]
    with open_database(v4_copy, backups=tmp_path / "backups") as db, db.session() as session:
        facts = roundclock.facts(session, event_id)
        ended = roundclock.clock_of(session, event_id, 1)
        assert roundclock.clock_of(session, event_id, 3) is None
    assert pragma(v4_copy, "user_version") == SCHEMA_VERSION
    assert [(f.round, f.kind, f.at.isoformat(), f.seconds, f.announcement) for f in facts] == [
        (1, "start", "2011-06-04T10:15:00-04:00", 0, None),
        (1, "adjust", "2011-06-04T10:15:00-04:00", 210, None),
        (1, "announced", "2011-06-04T10:15:00-04:00", 0, "warning"),
        (1, "end", "2011-06-04T11:20:00-04:00", 0, None),
        (2, "start", "2011-06-04T11:35:00-04:00", 0, None),
        (2, "pause", "2011-06-04T11:50:00-04:00", 0, None),
    ]
    assert all(f.reading.monotonic is None for f in facts)  # measured on the wall clock
    assert ended is not None and ended.ended_at is not None
    assert ended.ended_at.isoformat() == "2011-06-04T11:20:00-04:00"
    with closing(sqlite3.connect(v4_copy)) as conn:
        assert conn.execute("SELECT * FROM clock_state ORDER BY id").fetchall() == before
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    [backup] = (tmp_path / "backups").iterdir()
    assert backup.name.startswith("club-v4-") and pragma(backup, "user_version") == 4


def test_a_clock_fact_is_never_changed_and_a_round_starts_once(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        migrate(conn)
        conn.execute("PRAGMA foreign_keys = OFF")
        insert = "INSERT INTO clock_fact (event_id, round_number, kind, at) VALUES ('gp', 1, ?, ?)"
        conn.execute(insert, ("start", "2026-12-05T10:15:00-07:00"))
        with pytest.raises(sqlite3.IntegrityError, match="cannot be overwritten"):
            conn.execute(insert, ("start", "2026-12-05T10:16:00-07:00"))
        conn.execute(insert, ("pause", "2026-12-05T10:20:00-07:00"))
        conn.execute(insert, ("resume", "2026-12-05T10:21:00-07:00"))
        conn.execute(insert, ("pause", "2026-12-05T10:22:00-07:00"))  # pauses may repeat
        for change in ("UPDATE clock_fact SET at = '2026-12-05T10:00:00-07:00'",
                       "DELETE FROM clock_fact"):  # fmt: skip
            with pytest.raises(sqlite3.IntegrityError, match="A clock fact cannot be changed"):
                conn.execute(change)
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            conn.execute(
                "INSERT INTO clock_fact (event_id, round_number, kind, at, seconds) "
                "VALUES ('gp', 1, 'pause', '2026-12-05T10:30:00-07:00', 60)"
            )
        with pytest.raises(sqlite3.IntegrityError, match="stays with its event"):
            conn.execute("UPDATE clock_fact SET event_id = 'gp--replaced-1'")
        log_archive(conn, "gp", "gp--replaced-1")
        conn.execute("UPDATE clock_fact SET event_id = 'gp--replaced-1'")  # archiving moves it


# --- version 16: the club's members ---------------------------------------------------------


def test_a_version_15_database_gets_members_and_keeps_its_players(
    v1_copy: Path, tmp_path: Path
) -> None:
    from clubdesk.store import members

    with closing(sqlite3.connect(v1_copy, isolation_level=None)) as conn:
        migrate(conn, MIGRATIONS[:15])
        players = conn.execute("SELECT id, entrant_id, name FROM player ORDER BY id").fetchall()
    with open_database(v1_copy, backups=tmp_path / "backups") as db, db.session() as session:
        assert members.list_members(session) == []
    assert pragma(v1_copy, "user_version") == SCHEMA_VERSION
    with closing(sqlite3.connect(v1_copy)) as conn:
        after = conn.execute("SELECT id, entrant_id, name, member_id FROM player ORDER BY id")
        assert after.fetchall() == [(*row, None) for row in players]  # no player a member yet
    [backup] = (tmp_path / "backups").iterdir()
    assert backup.name.startswith("club-v15-") and pragma(backup, "user_version") == 15


def test_a_member_is_never_deleted_nor_taken_over(tmp_path: Path) -> None:
    with closing(sqlite3.connect(tmp_path / "club.sqlite", isolation_level=None)) as conn:
        migrate(conn)
        insert = "INSERT INTO member (number, name, created_at) VALUES (?, ?, '2027-01-05')"
        conn.execute(insert, (12, "Ann Smith"))
        conn.execute(insert, (40, "Bob Jones"))
        for change in (
            "INSERT OR REPLACE INTO member (number, name, created_at) VALUES (12, 'X', 'x')",
            "UPDATE member SET number = 12 WHERE number = 40",
        ):
            with pytest.raises(sqlite3.IntegrityError, match="cannot be overwritten"):
                conn.execute(change)
        with pytest.raises(sqlite3.IntegrityError, match="A member is never deleted"):
            conn.execute("DELETE FROM member")
        for bad in ((0, "Nobody"), (7, "")):
            with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
                conn.execute(insert, bad)
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            conn.execute("UPDATE member SET club_columns = '[1]' WHERE number = 12")
        assert conn.execute("SELECT number, name FROM member ORDER BY number").fetchall() == [
            (12, "Ann Smith"),
            (40, "Bob Jones"),
        ]

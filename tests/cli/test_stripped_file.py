"""A file whose protections were stripped is recognised (``store/integrity.py``): a
``sqlite3`` user drops every trigger, or empties them through ``writable_schema``, and
SQLite's integrity_check still passes. clubdesk reads such a file with a warning, refuses
every write in one plain line, and neither backs it up nor restores it."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.cli.helpers import SMALL, clubdesk, copy_database, import_once, refused


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


@pytest.fixture
def db_file(imported: Path, tmp_path: Path) -> Path:
    return copy_database(imported, tmp_path)


def triggers(db_file: Path) -> list[str]:
    with closing(sqlite3.connect(db_file)) as conn:
        return [row[0] for row in conn.execute("SELECT name FROM sqlite_master "
                                               "WHERE type = 'trigger'")]  # fmt: skip


def drop_every_trigger(db_file: Path) -> int:
    names = triggers(db_file)
    with closing(sqlite3.connect(db_file, isolation_level=None)) as conn:
        for name in names:
            conn.execute(f'DROP TRIGGER "{name}"')
    return len(names)


def empty_every_trigger(db_file: Path) -> int:
    """Each trigger's body made harmless by editing sqlite_master itself."""
    with closing(sqlite3.connect(db_file, isolation_level=None)) as conn:
        conn.execute("PRAGMA writable_schema = ON")
        changed = conn.execute(
            "UPDATE sqlite_master SET sql = 'CREATE TRIGGER ' || name || ' BEFORE UPDATE ON ' "
            "|| tbl_name || ' WHEN 0 BEGIN SELECT 1; END' WHERE type = 'trigger'"
        ).rowcount
        conn.execute("PRAGMA writable_schema = OFF")
    return changed


def integrity_check(db_file: Path) -> list[tuple]:
    with closing(sqlite3.connect(db_file)) as conn:
        return conn.execute("PRAGMA integrity_check").fetchall()


def message(db_file: Path, reason: str) -> str:
    return (
        f"{db_file} was changed outside clubdesk ({reason}); clubdesk reads it but will not "
        "write to it, back it up or restore it. Restore it from a backup."
    )


def writes_are_refused(db_file: Path, tmp_path: Path, reason: str) -> None:
    line = message(db_file, reason)
    before = db_file.read_bytes()
    paper = json.dumps({"score": {"a": 300, "b": 218}})
    for args, stdin in (
        (("amend", "--round", "1", "--table", "1", "--reason", "typo", "--director", "Dee"),
         paper),
        (("round", "reopen", "--round", "3"), ""),
        (("import", SMALL, "--replace"), ""),
        (("backup", "-o", tmp_path / "copy.sqlite"), ""),
    ):  # fmt: skip
        ran = clubdesk(*args, "--db", db_file, stdin=stdin)
        assert (ran.code, ran.out, ran.err) == (2, "", f"clubdesk: {line}\n"), args
    assert refused("restore", db_file, "--db", tmp_path / "other.sqlite") == line
    assert db_file.read_bytes() == before
    assert not (tmp_path / "copy.sqlite").exists() and not (tmp_path / "other.sqlite").exists()


def reads_go_on_with_a_warning(db_file: Path, reason: str) -> None:
    ran = clubdesk("standings", "--db", db_file)
    assert ran.code == 0 and json.loads(ran.out)["rows"]
    assert ran.err == (
        f"clubdesk: warning: {db_file} was changed outside clubdesk ({reason}); what it shows may "
        "not be what clubdesk recorded\n"
    )


def test_a_file_with_every_trigger_dropped_is_read_never_written(db_file, tmp_path) -> None:
    dropped = drop_every_trigger(db_file)
    assert dropped > 100 and integrity_check(db_file) == [("ok",)]
    reason = f"its schema is not clubdesk's own: {dropped} triggers missing"
    reads_go_on_with_a_warning(db_file, reason)
    writes_are_refused(db_file, tmp_path, reason)


def test_a_file_with_its_triggers_emptied_through_writable_schema(db_file, tmp_path) -> None:
    emptied = empty_every_trigger(db_file)
    assert emptied > 100 and integrity_check(db_file) == [("ok",)]
    reason = f"its schema is not clubdesk's own: {emptied} triggers changed"
    reads_go_on_with_a_warning(db_file, reason)
    writes_are_refused(db_file, tmp_path, reason)


def test_a_trigger_added_by_hand_is_recognised_too(db_file, tmp_path) -> None:
    with closing(sqlite3.connect(db_file, isolation_level=None)) as conn:
        conn.execute("CREATE TRIGGER double_it AFTER INSERT ON game BEGIN "
                     "UPDATE game SET score_a = score_a * 2 WHERE id = NEW.id; END")  # fmt: skip
    writes_are_refused(db_file, tmp_path, "its schema is not clubdesk's own: 1 trigger added")

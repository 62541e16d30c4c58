"""backup and restore cannot destroy: what they refuse, and what they write through."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from clubdesk import paths
from clubdesk.store.db import open_database
from clubdesk.store.lock import COMMAND, acting_as
from tests.cli.helpers import SMALL, clubdesk, copy_database, import_once, ok, refused


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def small_grand_prix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


@pytest.fixture
def db_file(tmp_path: Path, small_grand_prix: Path) -> Path:
    """A database holding the small Grand Prix (this test's own copy)."""
    return copy_database(small_grand_prix, tmp_path)


@pytest.fixture
def saved(db_file: Path, tmp_path: Path) -> Path:
    """A backup of ``db_file``."""
    copy = tmp_path / "saved.sqlite"
    ok("backup", "--db", db_file, "-o", copy)
    return copy


def other_program(path: Path) -> Path:
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE songs (title TEXT)")
        conn.execute("INSERT INTO songs VALUES ('Blue Moon')")
        conn.commit()
    return path


# --- restore: what it takes and what it replaces --------------------------------------------


def test_restore_refuses_a_source_that_is_not_a_clubdesk_database(
    db_file: Path, tmp_path: Path
) -> None:
    before = digest(db_file)
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    assert refused("restore", empty, "--db", db_file) == (
        f"{empty} is empty, not a clubdesk database."
    )
    songs = other_program(tmp_path / "songs.sqlite")
    assert refused("restore", songs, "--db", db_file) == (
        f"{songs} belongs to another program; it is not a clubdesk database."
    )
    blank = tmp_path / "blank.sqlite"
    with closing(sqlite3.connect(blank)) as conn:
        conn.execute("VACUUM")  # an SQLite file with nothing in it
    assert refused("restore", blank, "--db", db_file) == (
        f"{blank} is not a clubdesk database (an SQLite file with nothing in it)."
    )
    assert digest(db_file) == before


def test_restore_refuses_to_replace_a_file_that_is_not_a_clubdesk_database(
    saved: Path, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("table 4 wants coffee\n", encoding="utf-8")
    songs = other_program(tmp_path / "songs.sqlite")
    for target in (notes, songs):
        before = digest(target)
        assert refused("restore", saved, "--db", target) == (
            f"{target} is not a clubdesk database; it was left as it was."
        )
        assert digest(target) == before
    kept = list(paths.backups_dir().glob("*")) if paths.backups_dir().exists() else []
    assert kept == []
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".") or "lock" in p.name]
    assert leftovers == []


def test_restore_writes_through_a_symbolic_link_and_keeps_the_old_file(
    db_file: Path, saved: Path, tmp_path: Path
) -> None:
    ok("import", SMALL, "--db", db_file, "--replace")  # the database now differs from the backup
    link = tmp_path / "tonight.sqlite"
    link.symlink_to(db_file)
    out = ok("restore", saved, "--db", link)
    assert link.is_symlink() and link.resolve() == db_file
    with closing(sqlite3.connect(db_file)) as conn:  # the backup's one event, not two
        assert conn.execute("SELECT id FROM event").fetchall() == [("gp-mini-2011",)]
    kept = Path(out.splitlines()[1].removeprefix("the database it replaced is kept as "))
    assert kept.parent == paths.backups_dir()
    with closing(sqlite3.connect(kept)) as conn:  # the replaced file, its archived event too
        assert conn.execute("SELECT count(*) FROM event").fetchone() == (2,)


def test_restore_names_a_command_holding_the_database(db_file: Path, saved: Path) -> None:
    with acting_as(COMMAND), open_database(db_file):
        assert refused("restore", saved, "--db", db_file) == (
            f"{db_file} is open in a clubdesk command still running; close it first."
        )


# --- backup: where it may write -----------------------------------------------------------


def test_backup_refuses_an_existing_file_unless_forced(db_file: Path, tmp_path: Path) -> None:
    there = tmp_path / "there.sqlite"
    there.write_text("keep me", encoding="utf-8")
    assert refused("backup", "--db", db_file, "-o", there) == (
        f"{there} already exists; choose another name, or use --force."
    )
    assert there.read_text(encoding="utf-8") == "keep me"
    ok("backup", "--db", db_file, "-o", there, "--force")
    with closing(sqlite3.connect(there)) as conn:
        assert conn.execute("SELECT id FROM event").fetchall() == [("gp-mini-2011",)]


@pytest.mark.parametrize("name", ["copy.sqlite-wal", "copy.sqlite-shm", "copy-journal"])
def test_backup_refuses_names_sqlite_keeps_for_itself(
    db_file: Path, tmp_path: Path, name: str
) -> None:
    target = tmp_path / name
    assert refused("backup", "--db", db_file, "-o", target, "--force") == (
        f"{target}: a name ending in -wal, -shm or -journal is kept for SQLite's own files; "
        "choose another name."
    )
    assert not target.exists()


def test_backup_refuses_a_device_or_a_folder(db_file: Path, tmp_path: Path) -> None:
    device = Path("/dev/null")
    if device.exists():
        assert refused("backup", "--db", db_file, "-o", device, "--force") == (
            f"{device} is not a plain file; choose a file name."
        )
    assert refused("backup", "--db", db_file, "-o", tmp_path, "--force") == (
        f"{tmp_path} is not a plain file; choose a file name."
    )


def test_backup_refuses_the_database_itself_by_any_name(db_file: Path, tmp_path: Path) -> None:
    link = tmp_path / "link.sqlite"
    link.symlink_to(db_file)
    before = digest(db_file)
    assert refused("backup", "--db", db_file, "-o", link, "--force") == (
        f"{link} is the database itself; choose another file."
    )
    assert digest(db_file) == before


def test_backup_works_while_a_window_holds_the_database(db_file: Path, tmp_path: Path) -> None:
    copy = tmp_path / "during.sqlite"
    with open_database(db_file) as window:
        with window.session() as session:  # a change still in the write-ahead log
            session.connection().exec_driver_sql("UPDATE event SET venue = 'Elks Lodge'")
        assert Path(f"{db_file}-wal").exists()
        ok("backup", "--db", db_file, "-o", copy)
    with closing(sqlite3.connect(copy)) as conn:
        assert conn.execute("SELECT venue FROM event").fetchone() == ("Elks Lodge",)
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert not Path(f"{copy}-wal").exists()
    code, out, _ = clubdesk("export", "--db", copy)
    assert code == 0 and json.loads(out)["venue"] == "Elks Lodge"


def test_backup_refuses_a_file_that_is_not_a_clubdesk_database(tmp_path: Path) -> None:
    songs = other_program(tmp_path / "songs.sqlite")
    assert refused("backup", "--db", songs, "-o", tmp_path / "copy.sqlite") == (
        f"{songs} belongs to another program; it is not a clubdesk database."
    )
    assert not (tmp_path / "copy.sqlite").exists()


def test_a_disk_that_fills_during_restore_is_blamed_not_the_source(
    db_file: Path, saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = digest(db_file)
    real_connect = sqlite3.connect

    def connect(target: object, *args: object, **kwargs: object) -> sqlite3.Connection:
        conn = real_connect(target, *args, **kwargs)  # type: ignore[arg-type]
        if str(target).endswith(".restoring"):  # the disk fills after two pages of it
            conn.execute("PRAGMA max_page_count = 2")
        return conn

    monkeypatch.setattr(sqlite3, "connect", connect)
    assert refused("restore", saved, "--db", db_file) == (
        f"Could not restore into {db_file.parent}: the disk is full; nothing was changed."
    )
    assert digest(db_file) == before
    assert not list(db_file.parent.glob(".*"))

"""Copies with their journal: ``restore`` takes a database as SQLite sees it (what its
``-wal`` holds included: a copy taken from a running laptop onto a stick); ``backup`` is
never written over a database in use; the partial files of killed backups are cleared."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from clubdesk.store.db import open_database
from clubdesk.store.lock import WINDOW, FileLock, acting_as
from tests import builder
from tests.cli.helpers import SMALL, clubdesk, copy_database, import_once, ok, refused


@pytest.fixture(scope="module")
def small_grand_prix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


@pytest.fixture
def db_file(tmp_path: Path, small_grand_prix: Path) -> Path:
    return copy_database(small_grand_prix, tmp_path)


def sheets_in(db_file: Path, number: int) -> int:
    status = json.loads(ok("round", "status", "--db", db_file))
    return status["rounds"][number - 1]["sheets_in"]


def test_restore_takes_what_the_sources_journal_holds(tmp_path: Path, new_database, clock):
    laptop = new_database(tmp_path / "laptop" / "club.sqlite")
    stick = tmp_path / "stick"
    stick.mkdir()
    with open_database(laptop) as running:  # the laptop is still running clubdesk
        event_id = builder.event(running, clock, entrants=8)
        builder.draw(running, event_id, clock)
        builder.publish(running, event_id, 1, clock)
        builder.start(running, event_id, 1, clock)
        builder.scores(running, event_id, 1, {1: (400, 300)}, clock)
        assert Path(f"{laptop}-wal").stat().st_size > 0  # the sheet is in the journal yet
        for name in ("club.sqlite", "club.sqlite-wal"):  # copied onto the stick as it runs
            shutil.copyfile(laptop.parent / name, stick / name)
    restored = tmp_path / "desk" / "club.sqlite"
    said = ok("restore", stick / "club.sqlite", "--db", restored)
    assert said.startswith(f"restored {restored} from {stick / 'club.sqlite'}")
    assert sheets_in(restored, 1) == 1  # the sheet committed on the laptop is there
    assert not Path(f"{restored}-wal").exists() or Path(f"{restored}-wal").stat().st_size == 0


def test_backup_is_not_written_over_a_database_a_window_holds(db_file: Path, tmp_path: Path, clock):
    (tmp_path / "live").mkdir()
    live = copy_database(db_file, tmp_path / "live")
    before = live.read_bytes()
    with acting_as(WINDOW), open_database(live) as window:  # the window holds it
        with window.session() as session:
            session.connection().exec_driver_sql("SELECT count(*) FROM event")
        assert refused("backup", "--db", db_file, "-o", live, "--force") == (
            f"{live} is open in another clubdesk window; a backup is not written over it."
        )
        with window.session() as session:  # the window goes on with its own file
            session.connection().exec_driver_sql("SELECT count(*) FROM event")
    assert live.read_bytes() == before
    ok(
        "backup", "--db", db_file, "-o", live, "--force"
    )  # once it is closed, a backup may replace it


def test_backup_is_not_written_over_a_database_with_its_journal_beside_it(db_file, tmp_path):
    """Another program has the file open (the sqlite3 shell), or it stopped mid-write."""
    (tmp_path / "live").mkdir()
    live = copy_database(db_file, tmp_path / "live")
    journal = Path(f"{live}-wal")
    journal.write_bytes(b"")
    assert refused("backup", "--db", db_file, "-o", live, "--force") == (
        f"{live} has SQLite's journal beside it (club.sqlite-wal): it is a database in use "
        "or left mid-write; a backup is not written over it. Choose another file."
    )


def test_backup_is_not_written_over_a_database_another_clubdesk_has_locked(db_file, tmp_path):
    (tmp_path / "target").mkdir()
    target = copy_database(db_file, tmp_path / "target")
    held = FileLock(target.with_name(target.name + ".lock"))
    assert held.acquire()
    try:
        assert refused("backup", "--db", db_file, "-o", target, "--force") == (
            f"{target} is open in another clubdesk window; a backup is not written over it."
        )
    finally:
        held.release()


def test_the_partial_files_of_killed_backups_are_cleared(db_file: Path, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    for n in range(6):  # six backups killed while they were written
        (folder / f".night-{n}.sqlite.partial").write_bytes(b"SQLite format 3\x00" + b"x" * 500)
        (folder / f".night-{n}.sqlite.partial.lock").write_bytes(b"\ncommand 999999\n")
    (folder / ".night-6.sqlite.partial-journal").write_bytes(b"j")
    (folder / ".night-6.sqlite.partial").write_bytes(b"half")
    being_written = folder / ".now.sqlite.partial"
    being_written.write_bytes(b"half")
    writer = FileLock(folder / ".now.sqlite.partial.lock")
    assert writer.acquire()  # another backup writing it now: left alone
    try:
        ok("backup", "--db", db_file, "-o", folder / "night.sqlite")
    finally:
        writer.release()
    assert sorted(p.name for p in folder.iterdir()) == [".now.sqlite.partial", "night.sqlite"]
    ran = clubdesk("backup", "--db", db_file, "-o", folder / "again.sqlite")
    assert ran.code == 0
    assert sorted(p.name for p in folder.iterdir()) == ["again.sqlite", "night.sqlite"]

"""Opening database files: new, reopened, and every kind of file that is refused untouched."""

import random
import sqlite3
import subprocess
import sys
import textwrap
from contextlib import closing
from pathlib import Path

import pytest
from sqlmodel import select

import clubdesk
from clubdesk.store.db import open_database, plain_cursor
from clubdesk.store.errors import DatabaseError
from clubdesk.store.migrations import APPLICATION_ID, SCHEMA_VERSION
from clubdesk.store.models import Event

SOURCE_ROOT = Path(clubdesk.__file__).resolve().parents[1]


def folder_state(folder: Path) -> dict[str, tuple[bytes, int] | None]:
    """Each file's bytes and the time it was last written; a -shm only that it is there (the
    log's index in shared memory, where every reader of the file marks what it reads)."""
    return {
        p.name: None if p.name.endswith("-shm") else (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.iterdir())
        if p.is_file()
    }


def refuse(path: Path, message: str, **options: object) -> None:
    """Opening ``path`` fails with ``message`` and leaves its folder exactly as it was."""
    before = folder_state(path.parent)
    with pytest.raises(DatabaseError) as caught:
        open_database(path, backups=path.parent / "backups", **options)  # type: ignore[arg-type]
    assert str(caught.value) == message.format(path=path, folder=path.parent)
    assert folder_state(path.parent) == before


def run_python(code: str) -> list[str]:
    """The command that runs ``code`` with this clubdesk, in a separate process."""
    return [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(SOURCE_ROOT)!r})\n{code}"]


def make_database(path: Path) -> None:
    with open_database(path, backups=path.parent / "backups"):
        pass


def test_a_missing_file_is_created_with_its_folders(db_path: Path, backups: Path) -> None:
    db = open_database(db_path, backups=backups)
    db.close()
    assert sorted(p.name for p in db_path.parent.iterdir()) == ["club.sqlite"]
    with closing(sqlite3.connect(db_path)) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert not backups.exists()  # a new file needs no backup


def test_a_database_reopens_with_its_data(db_path: Path, backups: Path) -> None:
    with open_database(db_path, backups=backups) as db, db.session() as session:
        plain_cursor(session).execute(
            "INSERT INTO event VALUES ('e', 'Night', '2026-01-01', '', 'r', '', '{}', "
            "'2026-01-01T19:00:00+00:00')"
        )
    with open_database(db_path, create=False, backups=backups) as db, db.session() as session:
        assert session.exec(select(Event.name)).all() == ["Night"]
    assert not backups.exists()


def test_an_empty_file_becomes_a_database(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite"
    path.touch()
    make_database(path)
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_an_sqlite_file_without_tables_is_adopted(tmp_path: Path) -> None:
    path = tmp_path / "blank.sqlite"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE t (x)")
        conn.execute("DROP TABLE t")
    make_database(path)
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_a_missing_file_is_refused_without_create(tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite"
    with pytest.raises(DatabaseError, match=r"none\.sqlite does not exist\.$"):
        open_database(path, create=False)
    assert list(tmp_path.iterdir()) == []


def test_an_empty_file_is_refused_without_create(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite"
    path.touch()
    refuse(path, "{path} is empty, not a clubdesk database.", create=False)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "folder.sqlite").mkdir()
    refuse(tmp_path / "folder.sqlite", "{path} is not a file.")


def test_random_bytes_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "noise.sqlite"
    path.write_bytes(random.Random(7).randbytes(8192))
    refuse(path, "{path} is not a clubdesk database (it is not an SQLite file).")


def test_a_text_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("SQLite format 3 is what this is not\n")
    refuse(path, "{path} is not a clubdesk database (it is not an SQLite file).")


DAMAGED = "{path} is damaged and cannot be opened; restore it from a backup."


@pytest.mark.parametrize("keep", [0.5, 0.7], ids=["at-a-page-boundary", "mid-page"])
def test_a_truncated_database_is_refused(tmp_path: Path, keep: float) -> None:
    path = tmp_path / "cut.sqlite"
    make_database(path)
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * keep) // 4096 * 4096 + (0 if keep == 0.5 else 1000)])
    refuse(path, DAMAGED)


def test_a_database_with_a_scrambled_page_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "scrambled.sqlite"
    make_database(path)
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    data[page_size : 2 * page_size] = random.Random(3).randbytes(page_size)  # the event table
    path.write_bytes(bytes(data))
    refuse(path, DAMAGED)


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        conn.execute("INSERT INTO notes (text) VALUES ('keep me')")
        conn.commit()
    refuse(path, "{path} belongs to another program; it is not a clubdesk database.")


@pytest.mark.parametrize("log", [False, True], ids=["closed", "with-its-log-beside"])
def test_another_programs_database_in_wal_mode_is_refused(tmp_path: Path, log: bool) -> None:
    """Read for the checks by a connection that could write (nothing beside the file) or by
    one that reads only (a -wal beside it, which a writing one would write back into it):
    either way it is left as it was, and nothing is left beside it that was not there."""
    path = tmp_path / "other.sqlite"
    keeper = sqlite3.connect(path)
    keeper.execute("PRAGMA journal_mode = WAL")
    keeper.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    keeper.execute("INSERT INTO notes (text) VALUES ('keep me')")
    keeper.commit()
    if log:  # its program still has it open, its last write in the log
        keeper.execute("PRAGMA wal_autocheckpoint = 0")
        keeper.execute("INSERT INTO notes (text) VALUES ('and me')")
        keeper.commit()
        assert Path(f"{path}-wal").stat().st_size > 0
    else:
        keeper.close()
    try:
        refuse(path, "{path} belongs to another program; it is not a clubdesk database.")
    finally:
        keeper.close()


def test_a_file_with_another_application_id_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA application_id = 1234")
    refuse(path, "{path} belongs to another program; it is not a clubdesk database.")


def test_a_database_from_a_newer_clubdesk_is_refused(db_path: Path) -> None:
    make_database(db_path)
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    refuse(
        db_path,
        f"{{path}} was made by a newer clubdesk (database version {SCHEMA_VERSION + 1}; "
        f"this one reads up to {SCHEMA_VERSION}); update clubdesk to open it.",
    )


def test_a_read_only_file_is_refused(db_path: Path) -> None:
    # As root the OS would still allow writing: the file's mode bits decide.
    make_database(db_path)
    db_path.chmod(0o444)
    try:
        refuse(db_path, "{path} is read-only; clubdesk needs to write to it.")
    finally:
        db_path.chmod(0o644)


def test_a_file_in_a_read_only_folder_is_refused(db_path: Path) -> None:
    make_database(db_path)
    db_path.parent.chmod(0o555)
    try:
        refuse(
            db_path,
            "{path} cannot be opened: its folder {folder} is read-only, and clubdesk "
            "keeps working files beside the database.",
        )
    finally:
        db_path.parent.chmod(0o755)


def test_no_file_is_created_in_a_read_only_folder(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o555)
    try:
        with pytest.raises(DatabaseError) as caught:
            open_database(folder / "sub" / "new.sqlite")
        assert str(caught.value) == (
            f"Could not create {folder / 'sub' / 'new.sqlite'}: the folder {folder} is read-only."
        )
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


LOCKED = "{path} is already open in another clubdesk window."


def test_a_second_open_is_refused_until_the_first_closes(db_path: Path, backups: Path) -> None:
    first = open_database(db_path, backups=backups)
    try:
        with pytest.raises(DatabaseError) as caught:
            open_database(db_path, backups=backups)
        assert str(caught.value) == LOCKED.format(path=db_path)
    finally:
        first.close()
    first.close()  # closing twice is harmless
    with open_database(db_path, backups=backups):
        pass
    assert not db_path.with_name("club.sqlite.lock").exists()


def test_a_file_open_in_another_process_is_refused(db_path: Path, backups: Path) -> None:
    make_database(db_path)
    holder = textwrap.dedent(
        f"""
        import sys
        from clubdesk.store.db import open_database
        db = open_database({str(db_path)!r}, backups={str(backups)!r})
        print("open", flush=True)
        sys.stdin.read()
        db.close()
        """
    )
    with subprocess.Popen(
        run_python(holder), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as process:
        assert process.stdout is not None and process.stdin is not None
        try:
            assert process.stdout.readline() == "open\n"
            with pytest.raises(DatabaseError) as caught:
                open_database(db_path, backups=backups)
            assert str(caught.value) == LOCKED.format(path=db_path)
        finally:
            process.stdin.close()
            process.stdout.close()
            process.wait(timeout=30)
    assert process.returncode == 0
    with open_database(db_path, backups=backups):
        pass


def test_a_closed_database_has_no_sessions(db_path: Path) -> None:
    db = open_database(db_path, backups=db_path.parent / "backups")
    db.close()
    with pytest.raises(DatabaseError, match=r"club\.sqlite is closed\.$"), db.session():
        pass


def test_what_was_committed_before_a_crash_is_there_after(db_path: Path, backups: Path) -> None:
    crash = textwrap.dedent(
        f"""
        import os
        from clubdesk.store.db import open_database
        db = open_database({str(db_path)!r}, backups={str(backups)!r})
        with db.session() as session:
            session.connection().exec_driver_sql(
                "INSERT INTO event VALUES ('gp', 'Grand Prix', '2026-11-29', '', 'r', '', '{{}}', "
                "'2026-11-29T18:30:00-05:00')"
            )
        os._exit(0)  # no close: the lock dies with the process, the log stays on disk
        """
    )
    subprocess.run(run_python(crash), check=True, timeout=60)
    assert Path(f"{db_path}-wal").exists()
    with open_database(db_path, backups=backups) as db, db.session() as session:
        assert session.exec(select(Event.name)).all() == ["Grand Prix"]
    assert sorted(p.name for p in db_path.parent.iterdir()) == ["club.sqlite"]

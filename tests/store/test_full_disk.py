"""A disk that fills while a backup or a restore is written: the command refuses in one
plain line (exit 2, no traceback), the database is left whole as it was, and nothing
half-written stays beside the files. The command runs in a child process that may write
no file beyond a few kilobytes (RLIMIT_FSIZE, its signal ignored): every write past that
fails as a full disk's would."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path

import pytest

from tests import forked, kill_harness

LIMITS = (4096, 65536)  # bytes a file may grow to: the first page, a few dozen pages


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Grand Prix warm-up played to the end (sixteen sheets)."""
    path = tmp_path_factory.mktemp("night") / "night.sqlite"
    event_id = kill_harness.prepare(path)
    kill_harness.play(path, event_id)
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


def on_a_full_disk(limit: int, *args: str | Path, data: Path) -> subprocess.CompletedProcess:
    """``clubdesk ARGS`` in a child process (forked, tests/forked.py) whose files may not
    grow past ``limit`` bytes."""
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    child = forked.start("clubdesk", [str(arg) for arg in args], env, file_limit=limit)
    out, err = child.communicate()
    return subprocess.CompletedProcess(["clubdesk", *map(str, args)], child.returncode, out, err)


def refused_plainly(done: subprocess.CompletedProcess) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("clubdesk: ")


@pytest.mark.parametrize("limit", LIMITS)
def test_a_backup_onto_a_full_disk_is_refused_and_leaves_nothing(night, tmp_path, limit) -> None:
    before = digest(night)
    folder = tmp_path / "stick"
    folder.mkdir()
    done = on_a_full_disk(limit, "backup", "--db", night, "-o", folder / "copy.sqlite",
                          data=tmp_path / "data")  # fmt: skip
    refused_plainly(done)
    if limit > 32768:  # room for SQLite's index of the log it reads through (the -shm)
        said = f"clubdesk: Could not write the backup {folder / 'copy.sqlite'}"
        assert done.stderr.startswith(said)
    assert digest(night) == before
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("limit", LIMITS)
def test_a_restore_onto_a_full_disk_is_refused_and_leaves_the_database(
    night, tmp_path, limit
) -> None:
    database = tmp_path / "desk" / "club.sqlite"
    database.parent.mkdir()
    kill_harness.prepare(database)  # the night not played yet
    with closing(sqlite3.connect(database)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = digest(database)
    done = on_a_full_disk(limit, "restore", night, "--db", database, data=tmp_path / "data")
    refused_plainly(done)
    assert digest(database) == before
    problems, submitted = kill_harness.check(database, kill_harness_event(database))
    assert (problems, submitted) == ([], 0)
    assert sorted(p.name for p in database.parent.iterdir()) == ["club.sqlite"]
    kept = tmp_path / "data" / "clubdesk" / "backups"
    assert not kept.exists() or [p.name for p in kept.iterdir() if p.name.startswith(".")] == []


def kill_harness_event(database: Path) -> str:
    with closing(sqlite3.connect(database)) as conn:
        return conn.execute("SELECT id FROM event").fetchone()[0]

"""A database sealed on another laptop (docs/architecture.md, "The seal"): every command
reads it with a warning and none writes to it until the director accepts it with
``clubdesk accept``, which is logged; a file forged here cannot be accepted."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.cli.helpers import SMALL, clubdesk, copy_database, import_once, ok, refused


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


@pytest.fixture
def brought_over(imported: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The small Grand Prix, sealed on the tests' laptop, on a laptop of its own."""
    path = copy_database(imported, tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "another-laptop"))
    return path


def test_a_file_from_another_laptop_reads_and_is_written_once_accepted(
    brought_over: Path, tmp_path: Path
) -> None:
    warned = clubdesk("standings", "--db", brought_over)
    assert warned.code == 0
    assert warned.err == (
        f"clubdesk: warning: {brought_over} was changed outside clubdesk (it was sealed on "
        "another laptop; accept it to write to it); what it shows may not be what clubdesk "
        "recorded\n"
    )
    before = brought_over.read_bytes()
    assert refused("backup", "--db", brought_over, "-o", tmp_path / "copy.sqlite").endswith(
        "(it was sealed on another laptop; accept it to write to it); clubdesk reads it but "
        "will not write to it, back it up or restore it. Restore it from a backup."
    )
    assert brought_over.read_bytes() == before
    assert refused("accept", "--db", brought_over, "--director", "  ") == (
        "director: the director who accepts the file is named"
    )
    assert ok("accept", "--db", brought_over, "--director", "Dee Rector") == (
        f"accepted {brought_over}: sealed on this laptop, accepted by Dee Rector\n"
    )
    assert (
        json.loads(ok("standings", "--db", brought_over))["rows"] == json.loads(warned.out)["rows"]
    )
    ok("backup", "--db", brought_over, "-o", tmp_path / "copy.sqlite")
    with closing(sqlite3.connect(brought_over)) as conn:
        action, details = conn.execute(
            "SELECT action, details FROM audit_log ORDER BY id DESC LIMIT 1"
        ).fetchone()
        accepted = conn.execute("SELECT accepted_by FROM seal_key").fetchone()[0]
    assert (action, json.loads(details)["director"], accepted) == (
        "file.accept",
        "Dee Rector",
        "Dee Rector",
    )
    assert refused("accept", "--db", brought_over, "--director", "Dee Rector") == (
        f"{brought_over} is sealed on this laptop; there is nothing to accept."
    )


def test_a_file_forged_here_cannot_be_accepted(imported: Path, tmp_path: Path) -> None:
    path = copy_database(imported, tmp_path)
    pool = json.loads(ok("payouts", "--db", path))["pool_cents"]
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("INSERT INTO ledger_entry (event_id, kind, cents, note) "
                     "VALUES ('gp-mini-2011', 'added', 100000000, 'x')")  # fmt: skip
    line = refused("accept", "--db", path, "--director", "Dee Rector")
    assert "ledger_entry row" in line and "added" in line
    assert json.loads(clubdesk("payouts", "--db", path).out)["pool_cents"] == pool

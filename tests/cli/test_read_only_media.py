"""Read-only media (a locked stick, a read-only mount): every command that only reads works
on the database there, read from memory, what its ``-wal`` holds included, and nothing is
written beside it; a command that would write is refused in one line. On a write-protected
file the commands that only read (``schedule``, ``clock status``, ``round status``,
``print``) are not refused either.

Read-only media are stood in for here: the file system says the folder cannot be written
(``os.access``) and refuses to remove anything in it (``EROFS``), and where the database has
a ``-wal`` beside it, SQLite cannot make the log's index (``-shm``) there, as on real
read-only media (a folder has that name).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import SMALL, clubdesk, import_once, ok
from tests.store.test_read_only import write_protected

READINGS = (
    ("standings",),
    ("payouts",),
    ("export",),
    ("schedule",),
    ("schedule", "--format", "text"),
    ("clock", "status"),
    ("round", "status"),
    ("seating", "--round", "1"),
    ("sheet", "--round", "1", "--table", "1"),
)


@pytest.fixture(scope="module")
def small_grand_prix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


def read_only_media(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """``folder`` behaves as a read-only mount: nothing in it can be written or removed."""
    real_access, real_unlink = os.access, os.unlink

    def inside(path: object) -> bool:
        return Path(os.fspath(path)).absolute().is_relative_to(folder)  # type: ignore[arg-type]

    def access(path: object, mode: int, *args: object, **kwargs: object) -> bool:
        if mode & os.W_OK and inside(path):
            return False
        return real_access(path, mode, *args, **kwargs)  # type: ignore[arg-type]

    def unlink(path: object, *args: object, **kwargs: object) -> None:
        if inside(path):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        real_unlink(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(os, "unlink", unlink)


def contents(folder: Path) -> dict[str, bytes | None]:
    return {p.name: p.read_bytes() if p.is_file() else None for p in folder.iterdir()}


def test_every_reading_command_reads_a_database_on_read_only_media(
    small_grand_prix: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stick = tmp_path / "stick"
    stick.mkdir()
    database = Path(shutil.copy(small_grand_prix, stick / "club.sqlite"))
    read_only_media(monkeypatch, stick)
    before = contents(stick)
    for command in READINGS:
        assert ok(*command, "--db", database) == ok(*command, "--db", small_grand_prix), command
    assert ok("print", "schedule", "--db", database, "-o", tmp_path / "s.pdf").startswith("wrote")
    ok("backup", "--db", database, "-o", tmp_path / "copy.sqlite")
    ran = clubdesk("round", "reopen", "--round", "3", "--db", database)
    assert (ran.code, ran.err) == (2, f"clubdesk: {database} is read-only; clubdesk needs to "
                                      "write to it.\n")  # fmt: skip
    assert contents(stick) == before


def test_what_the_journal_on_read_only_media_holds_is_read(
    tmp_path: Path, new_database, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    laptop = new_database(tmp_path / "laptop" / "club.sqlite")
    stick = tmp_path / "stick"
    stick.mkdir()
    with open_database(laptop) as running:  # copied onto the stick while clubdesk ran
        event_id = builder.event(running, clock, entrants=8)
        builder.draw(running, event_id, clock)
        builder.publish(running, event_id, 1, clock)
        builder.start(running, event_id, 1, clock)
        builder.scores(running, event_id, 1, {1: (400, 300)}, clock)
        for name in ("club.sqlite", "club.sqlite-wal"):
            shutil.copyfile(laptop.parent / name, stick / name)
    (stick / "club.sqlite-shm").mkdir()  # SQLite cannot make the log's index on the stick
    read_only_media(monkeypatch, stick)
    before = contents(stick)
    database = stick / "club.sqlite"
    sheet = json.loads(ok("sheet", "--db", database, "--round", "1", "--table", "1"))
    assert (sheet["state"], sheet["score"]) == ("submitted", {"a": 400, "b": 300})
    rounds = json.loads(ok("round", "status", "--db", database))["rounds"]
    assert rounds[0]["sheets_in"] == 1
    ok("backup", "--db", database, "-o", tmp_path / "copy.sqlite")
    restored = tmp_path / "desk" / "club.sqlite"
    ok("restore", database, "--db", restored)
    for copy in (tmp_path / "copy.sqlite", restored):
        again = json.loads(ok("sheet", "--db", copy, "--round", "1", "--table", "1"))
        assert again["state"] == "submitted", copy
    assert contents(stick) == before


@pytest.fixture
def protected(tmp_path: Path, small_grand_prix: Path) -> Iterator[Path]:
    for folder in write_protected(tmp_path / "stick", small_grand_prix):
        yield folder / small_grand_prix.name


def test_the_reading_commands_read_a_write_protected_file(
    protected: Path, small_grand_prix: Path, tmp_path: Path
) -> None:
    before = protected.read_bytes()
    for command in (("schedule",), ("clock", "status"), ("round", "status")):
        assert ok(*command, "--db", protected) == ok(*command, "--db", small_grand_prix)
    for kind in ("schedule", "standings", "scoresheets"):
        said = ok("print", kind, "--db", protected, "--round", "1", "-o", tmp_path / f"{kind}.pdf")
        assert said == f"wrote {tmp_path / f'{kind}.pdf'}\n"
    assert protected.read_bytes() == before
    assert sorted(p.name for p in protected.parent.iterdir()) == ["club.sqlite"]

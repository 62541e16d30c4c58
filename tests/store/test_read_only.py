"""A database nobody can write (a copy on a write-protected stick: the file and its folder
made read-only) is exported, backed up and read by ``standings``, ``payouts``, ``seating``
and ``sheet``, byte for byte untouched and with nothing made beside it; a command that
would write to it is refused in one line; an older one is upgraded in memory only."""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from clubdesk.services import events, results
from clubdesk.services.command import Desk
from clubdesk.store.errors import DatabaseError
from clubdesk.store.read_only import is_read_only, open_for_reading
from clubdesk.timesource import FakeTime
from tests.cli.helpers import SMALL, clubdesk, import_once, ok
from tests.store.test_migrations import V1_FIXTURE


@pytest.fixture(scope="module")
def small_grand_prix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


def write_protected(folder: Path, *files: Path) -> Iterator[Path]:
    """``files`` copied into ``folder``, then the copies and the folder made read-only (given
    back writable after the test, so that it can be cleaned up)."""
    folder.mkdir()
    for file in files:
        shutil.copy(file, folder / file.name)
        (folder / file.name).chmod(0o444)
    folder.chmod(0o555)
    try:
        yield folder
    finally:
        folder.chmod(0o755)


@pytest.fixture
def stick(tmp_path: Path, small_grand_prix: Path) -> Iterator[Path]:
    yield from write_protected(tmp_path / "stick", small_grand_prix)


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir()}


def test_a_write_protected_copy_is_read_by_every_reading_command(
    stick: Path, small_grand_prix: Path, tmp_path: Path
) -> None:
    before = contents(stick)
    database = stick / "club.sqlite"
    assert is_read_only(database) and not is_read_only(small_grand_prix)
    readings = (["standings"], ["standings", "--format", "csv"], ["payouts"],
                ["seating", "--round", "1"], ["sheet", "--round", "1", "--table", "1"])  # fmt: skip
    for command in readings:
        assert ok(*command, "--db", database) == ok(*command, "--db", small_grand_prix), command
    exported = json.loads(ok("export", "--db", database))
    assert exported == json.loads(ok("export", "--db", small_grand_prix))
    backup = tmp_path / "from-the-stick.sqlite"
    ok("backup", "--db", database, "-o", backup)
    assert ok("export", "--db", backup) == ok("export", "--db", small_grand_prix)
    assert contents(stick) == before  # not a byte changed, no -wal or -shm beside it


def test_a_write_to_a_write_protected_copy_is_refused_in_one_line(
    stick: Path, clock: FakeTime
) -> None:
    database = stick / "club.sqlite"
    before = contents(stick)
    ran = clubdesk("draw", "--db", database, "--seed", "3")
    assert (ran.code, ran.out) == (2, "")
    assert ran.err == f"clubdesk: {database} is read-only; clubdesk needs to write to it.\n"
    with open_for_reading(database) as db, pytest.raises(DatabaseError) as refused:
        [event] = events.list_events(db)
        events.update_event(Desk(db, event.id, clock), events.EventChanges(venue="Elsewhere"))
    assert str(refused.value) == f"{database} is read-only; clubdesk needs to write to it."
    assert contents(stick) == before


def test_an_older_write_protected_database_is_upgraded_in_memory_only(tmp_path: Path) -> None:
    for folder in write_protected(tmp_path / "stick", V1_FIXTURE):
        before = contents(folder)
        with open_for_reading(folder / V1_FIXTURE.name) as db:
            assert [e.name for e in events.list_events(db)] == ["Grand Prix Pinochle 2011"]
        assert contents(folder) == before


def test_the_copy_in_memory_serves_reads_from_two_threads_in_turn(stick: Path) -> None:
    """The window reads some pages off its thread: on the one connection of a copy in memory
    the two threads' transactions take turns instead of meeting in one."""
    database = open_for_reading(stick / "club.sqlite")
    event_id = events.list_events(database)[0].id
    expected = results.standings_board(database, event_id)
    found: list[object] = []

    def read() -> None:
        for _ in range(10):
            try:
                found.append(results.standings_board(database, event_id))
            except Exception as exc:  # noqa: BLE001 (any error is the finding)
                found.append(exc)

    threads = [threading.Thread(target=read) for _ in range(2)]
    for thread in threads:
        thread.start()
    read()
    for thread in threads:
        thread.join()
    database.close()
    assert found == [expected] * 30

"""One clubdesk per database file, whatever name it is opened by; refused, it says who holds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from clubdesk.store.db import open_database
from clubdesk.store.errors import DatabaseError
from clubdesk.store.lock import COMMAND, acting_as, holder_of, identity_lock_file, lock_file_for


def test_a_symbolic_link_or_another_spelling_shares_the_lock(tmp_path: Path) -> None:
    real = tmp_path / "club.sqlite"
    link = tmp_path / "tonight.sqlite"
    link.symlink_to(real)
    (tmp_path / "sub").mkdir()
    roundabout = tmp_path / "sub" / ".." / "club.sqlite"
    with open_database(real):
        for other in (link, roundabout):
            with pytest.raises(DatabaseError) as caught:
                open_database(other)
            assert str(caught.value) == f"{other} is already open in another clubdesk window."
    with open_database(link), pytest.raises(DatabaseError, match="already open"):
        open_database(real)  # and the other way round
    assert lock_file_for(link) == tmp_path / "club.sqlite.lock"


def test_the_refusal_says_whether_a_window_or_a_command_holds_the_file(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    with acting_as(COMMAND), open_database(path):
        assert holder_of(lock_file_for(path)) == "a clubdesk command still running"
        with pytest.raises(DatabaseError) as caught:
            open_database(path)
        assert str(caught.value) == f"{path} is already open in a clubdesk command still running."
    with open_database(path):
        assert holder_of(lock_file_for(path)) == "another clubdesk window"


def test_a_lock_file_that_says_nothing_is_another_clubdesk(tmp_path: Path) -> None:
    lock = tmp_path / "club.sqlite.lock"
    lock.write_bytes(b"")
    assert holder_of(lock) == "another clubdesk"
    assert holder_of(tmp_path / "missing.lock") == "another clubdesk"


def test_a_hard_link_shares_the_lock(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    real = tmp_path / "a" / "club.sqlite"
    open_database(real).close()
    second_name = tmp_path / "b" / "tonight.sqlite"
    second_name.hardlink_to(real)
    assert lock_file_for(second_name) != lock_file_for(real)  # no name leads to the other
    with acting_as(COMMAND), open_database(real):
        with pytest.raises(DatabaseError) as caught:
            open_database(second_name)
        assert str(caught.value) == (
            f"{second_name} is already open in a clubdesk command still running."
        )
    with open_database(second_name), pytest.raises(DatabaseError, match="already open"):
        open_database(real)  # and the other way round
    with open_database(real):  # let go when closed
        pass
    assert not identity_lock_file(real).exists()


def test_a_new_file_locks_its_identity_once_made(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    assert identity_lock_file(path) is None
    with open_database(path):
        second_name = tmp_path / "second.sqlite"
        second_name.hardlink_to(path)
        with pytest.raises(DatabaseError, match="already open in another clubdesk window"):
            open_database(second_name)


def test_a_hard_link_cannot_take_a_restore_round_the_lock(tmp_path: Path, clock) -> None:
    from clubdesk.services.restore import restore_database

    real = tmp_path / "club.sqlite"
    source = tmp_path / "source.sqlite"
    open_database(source).close()
    open_database(real).close()
    second_name = tmp_path / "tonight.sqlite"
    second_name.hardlink_to(real)
    before = real.read_bytes()
    with (
        open_database(real),
        pytest.raises(DatabaseError, match="is open in another clubdesk window"),
    ):
        restore_database(source, second_name, clock, backups=tmp_path / "kept")
    assert real.read_bytes() == before

"""One clubdesk per database file, whatever name it is opened by; refused, it says who holds it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from clubdesk.store import lock
from clubdesk.store.db import LOCK_WAIT_S, open_database
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


def test_the_refusal_says_whether_a_window_or_a_command_holds_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "club.sqlite"
    monkeypatch.setattr(lock, "_pause", lambda: None)  # the command holds it past the wait
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


def test_a_hard_link_shares_the_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lock, "_pause", lambda: None)  # the command holds it past the wait
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


# --- commands taking their turns ------------------------------------------------------------


def test_a_command_holding_the_file_is_waited_for(
    tmp_path: Path, new_database, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_database(tmp_path / "club.sqlite")
    with acting_as(COMMAND):
        other = open_database(path)
    waited = []

    def pause() -> None:  # the other command finishes while this one waits for it
        waited.append(True)
        other.close()

    monkeypatch.setattr(lock, "_pause", pause)
    with acting_as(COMMAND), open_database(path) as db:
        assert not db.closed
    assert waited == [True]


def test_a_command_is_waited_for_a_few_seconds_then_named(
    tmp_path: Path, new_database, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_database(tmp_path / "club.sqlite")
    pauses = []
    monkeypatch.setattr(lock, "_pause", lambda: pauses.append(True))
    with (
        acting_as(COMMAND),
        open_database(path),
        pytest.raises(DatabaseError, match="already open in a clubdesk command still"),
    ):
        open_database(path)
    assert len(pauses) * lock.WAIT_STEP_S == pytest.approx(LOCK_WAIT_S) == 5.0


def test_a_window_holding_the_file_is_not_waited_for(
    tmp_path: Path, new_database, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_database(tmp_path / "club.sqlite")
    monkeypatch.setattr(lock, "_pause", lambda: pytest.fail("waited for a window"))
    with (
        open_database(path),  # a window holds it until it is closed
        pytest.raises(DatabaseError, match="already open in another clubdesk window"),
    ):
        open_database(path)


# --- a computer shared with other accounts ---------------------------------------------------


@pytest.fixture
def shared_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The system's temporary folder, as the identity locks find it: a folder of the test's."""
    shared = tmp_path / "tmp"
    shared.mkdir()
    monkeypatch.setattr(lock, "SYSTEM_TEMPORARY", shared)
    return shared


def lock_folder(shared: Path) -> Path:
    return shared / f"clubdesk-locks-{os.getuid()}"


def test_the_lock_folder_is_made_private(shared_tmp: Path, tmp_path: Path, new_database) -> None:
    path = new_database(tmp_path / "club.sqlite")
    with open_database(path):
        info = lock_folder(shared_tmp).lstat()
        assert (stat.S_IMODE(info.st_mode), info.st_uid) == (0o700, os.getuid())


@pytest.mark.parametrize(
    "planted, why",
    [
        ("open", "other users may use it (mode 0777, not 0700)"),
        ("link", "it is a symbolic link"),
        ("file", "it is not a folder"),
    ],
)
def test_a_lock_folder_another_account_could_use_is_refused(
    shared_tmp: Path, tmp_path: Path, new_database, planted: str, why: str
) -> None:
    path = new_database(tmp_path / "club.sqlite")
    folder = lock_folder(shared_tmp)
    if planted == "open":
        folder.mkdir()
        folder.chmod(0o777)
    elif planted == "link":
        (tmp_path / "theirs").mkdir(mode=0o700)
        folder.symlink_to(tmp_path / "theirs")
    else:
        folder.write_bytes(b"")
    with pytest.raises(DatabaseError) as caught:
        open_database(path)
    assert str(caught.value) == (
        f"{folder} is where clubdesk keeps its locks, but {why}; clubdesk does not use it. "
        "Remove it (or ask the computer's administrator to), then try again."
    )
    assert not lock_file_for(path).exists()  # the lock beside the file was let go
    assert list((tmp_path / "theirs").iterdir() if planted == "link" else []) == []


def test_a_lock_folder_of_another_user_is_refused(
    shared_tmp: Path, tmp_path: Path, new_database, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_database(tmp_path / "club.sqlite")
    mine = os.getuid()
    lock_folder(shared_tmp).mkdir(mode=0o700)  # made by this account ...
    monkeypatch.setattr(os, "getuid", lambda: mine + 1)
    (shared_tmp / f"clubdesk-locks-{mine + 1}").mkdir(mode=0o700)  # ... for another's name
    with pytest.raises(DatabaseError, match=f"belongs to another user \\(user id {mine}\\)"):
        open_database(path)


def test_a_symbolic_link_planted_as_the_lock_file_is_not_followed(
    shared_tmp: Path, tmp_path: Path, new_database
) -> None:
    path = new_database(tmp_path / "club.sqlite")
    victim = tmp_path / "notes.txt"
    victim.write_text("the director's own notes\n")
    planted = identity_lock_file(path)
    assert planted is not None and planted.parent == lock_folder(shared_tmp)
    planted.symlink_to(victim)
    with pytest.raises(DatabaseError) as caught:
        open_database(path)
    assert str(caught.value) == (
        f"{planted} is a symbolic link where clubdesk keeps a lock file; clubdesk does not "
        "follow it. Remove it, then try again."
    )
    assert victim.read_text() == "the director's own notes\n"
    assert holder_of(planted) == "another clubdesk"  # its words are not read through it
    beside = lock_file_for(path)
    assert not beside.exists()  # the lock beside the file was let go
    planted.unlink()
    beside.symlink_to(victim)  # beside the database too
    with pytest.raises(DatabaseError, match="is a symbolic link where clubdesk keeps a lock"):
        open_database(path)
    assert victim.read_text() == "the director's own notes\n"

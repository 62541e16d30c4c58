"""A user data folder that cannot be made or written to: the commands that do not need it
work, the others say which folder and why, and a crash's details go to standard error."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from clubdesk import paths
from clubdesk.domain import formats
from tests.cli.helpers import SMALL, clubdesk, import_once, ok, refused

HAND = {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
        "tricks": {"A": 30, "B": 20}}  # fmt: skip


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


@pytest.fixture
def blocked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user data folder's place is taken by a file: the folder cannot be made."""
    in_the_way = tmp_path / "clubdesk"
    in_the_way.write_text("not a folder", encoding="utf-8")
    monkeypatch.setattr(paths, "user_data_folder", lambda: in_the_way)
    return in_the_way


def test_rules_list_and_scoring_need_no_data_folder(blocked: Path) -> None:
    assert "grand-prix-pinochle\tGrand Prix Pinochle" in ok("rules", "list").splitlines()
    hand = clubdesk("score-hand", "--rules", "grand-prix-pinochle", stdin=json.dumps(HAND))
    assert (hand.code, hand.err, json.loads(hand.out)["A"]) == (0, "", 60)
    game = clubdesk("score-game", "--rules", "grand-prix-pinochle", stdin=json.dumps([HAND]))
    assert (game.code, game.err, json.loads(game.out)["total"]) == (0, "", {"A": 60, "B": 40})
    assert blocked.read_text(encoding="utf-8") == "not a folder"


def test_export_and_import_of_a_given_file_need_no_data_folder(
    blocked: Path, imported: Path, tmp_path: Path
) -> None:
    exported = json.loads(ok("export", "--db", imported))
    assert exported["id"] == "gp-mini-2011"
    again = tmp_path / "again.sqlite"
    assert ok("import", SMALL, "--db", again).startswith("imported gp-mini-2011")


def test_restore_names_the_folder_it_cannot_make(blocked: Path, tmp_path: Path) -> None:
    source, target = tmp_path / "source.sqlite", tmp_path / "target.sqlite"
    ok("import", SMALL, "--db", source)
    ok("import", SMALL, "--db", target)
    before = target.read_bytes()
    assert refused("restore", source, "--db", target) == (
        f"the user data folder {blocked} cannot be made (a file has its name)"
    )
    assert target.read_bytes() == before


def test_a_folder_under_a_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "data").write_text("", encoding="utf-8")
    folder = tmp_path / "data" / "clubdesk"
    monkeypatch.setattr(paths, "user_data_folder", lambda: folder)
    assert refused("restore", SMALL, "--db", tmp_path / "club.sqlite") == (
        f"the user data folder {folder} cannot be made (not a directory)"
    )
    assert not (tmp_path / "club.sqlite").exists()


def test_a_folder_that_cannot_be_written_to_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    monkeypatch.setattr(paths, "user_data_folder", lambda: folder)
    monkeypatch.setattr(paths.os, "access", lambda path, mode: Path(path) != folder)
    with pytest.raises(paths.UserError) as refusal:
        paths.user_data_dir()
    assert str(refusal.value) == (
        f"the user data folder {folder} cannot be written to (permission denied)"
    )


def test_a_crash_without_a_data_folder_logs_to_the_temporary_folder_and_names_it(
    blocked: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def broken() -> None:
        raise RuntimeError("a fault no input should cause")

    temporary = tmp_path / "temporary"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    monkeypatch.setattr(formats, "scan_rules", broken)
    ran = clubdesk("rules", "list")
    assert ran.code == 1 and ran.out == ""
    assert "Traceback" not in ran.err and "RuntimeError" not in ran.err  # not on the terminal
    [log] = temporary.glob("clubdesk-errors-*.log")
    assert ran.err == f"clubdesk: internal error; details were written to {log}\n"
    assert "RuntimeError: a fault no input should cause" in log.read_text(encoding="utf-8")


def test_a_crash_where_no_log_can_be_written_says_so_without_a_traceback(
    blocked: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def broken() -> None:
        raise RuntimeError("a fault no input should cause")

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no such folder"))
    monkeypatch.setattr(formats, "scan_rules", broken)
    ran = clubdesk("rules", "list")
    assert (ran.code, ran.out) == (1, "")
    assert ran.err == (
        "clubdesk: internal error; its details could not be written (neither the data folder "
        "nor the temporary folder can be written)\n"
    )

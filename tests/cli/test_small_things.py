"""Small things that must hold: a rules file nested too deep is named with its line; a hard
link to a database is refused while the file is open, whatever TMPDIR each clubdesk was
given (the lock is keyed by the file's identity in the system's temporary folder)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from clubdesk.domain.formats import available_formats
from clubdesk.store import lock
from clubdesk.store.db import open_database
from clubdesk.store.lock import COMMAND, acting_as
from tests.cli.helpers import SMALL, clubdesk, ok, refused


def bundled(format_id: str) -> str:
    [found] = [f for f in available_formats() if f.id == format_id]
    return Path(found.path).read_text(encoding="utf-8")


@pytest.mark.parametrize("nested", ["[" * 5000 + "]" * 5000, "{a = " * 3000 + "1" + "}" * 3000])
def test_a_rules_file_nested_too_deep_names_its_line(tmp_path: Path, nested: str) -> None:
    text = bundled("grand-prix-pinochle")
    lines = text.splitlines()
    at = lines.index("[printing]") + 2  # the line after the header
    path = tmp_path / "deep.toml"
    path.write_text(text.replace("[printing]\n", f"[printing]\nx = {nested}\n"), encoding="utf-8")
    ran = clubdesk("rules", "check", path)
    assert (ran.code, ran.out) == (2, "")
    assert ran.err == f"{path}:{at}: values nested too deep to be read\n"


def test_a_hard_link_is_refused_whatever_tmpdir_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    real = tmp_path / "a" / "club.sqlite"
    ok("import", SMALL, "--db", real)
    second_name = tmp_path / "b" / "tonight.sqlite"
    second_name.hardlink_to(real)
    for n in (1, 2):
        (tmp_path / f"tmp{n}").mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp1"))
    monkeypatch.setattr(tempfile, "tempdir", None)
    monkeypatch.setattr(lock, "_pause", lambda: None)  # the command holds it past the wait
    with acting_as(COMMAND), open_database(real):  # a command holds it, with one TMPDIR
        monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp2"))  # another with its own
        monkeypatch.setattr(tempfile, "tempdir", None)
        assert refused("round", "reopen", "--round", "3", "--db", second_name) == (
            f"{second_name} is already open in a clubdesk command still running."
        )
    assert list((tmp_path / "tmp1").iterdir()) == list((tmp_path / "tmp2").iterdir()) == []

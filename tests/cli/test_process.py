"""The installed command in a child process: what only a real process shows.

Everything else about the command line runs in the test's own process (tests/cli/helpers.py);
these few start the real program to check what lives outside ``cli.main``: the exit status
the shell sees (0 on success, 2 on bad input), stderr with no traceback, the ``python -m
clubdesk`` entry point, the bytes written when the locale's code page is not UTF-8 (the
installed command once; the other commands in children forked from a process that has
imported clubdesk, tests/forked.py), and commands at once on one file taking their turns.
(That a headless command loads no Qt is in tests/test_architecture.py.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from clubdesk.store.db import open_database
from tests import builder, forked
from tests.cli.helpers import SMALL, installed, ok

LEGACY = {"PYTHONIOENCODING": "cp1252"}  # stdout and stderr as a Windows pipe has them


def legacy_ok(*args: str | Path) -> str:
    """The command with stdout and stderr in cp1252, in a child forked from one that has
    imported clubdesk (tests/forked.py: its streams set up from PYTHONIOENCODING as Python
    sets them up); its output, as UTF-8."""
    child = forked.start("clubdesk", [str(arg) for arg in args], {**os.environ, **LEGACY})
    out, err = child.communicate()
    assert (child.returncode, err) == (0, ""), err
    return out


def test_the_installed_entry_point_runs() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "clubdesk", "rules", "list"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0 and "house-gin" in out.stdout and out.stderr == ""


def test_bad_input_exits_2_with_one_line_and_no_traceback(tmp_path: Path) -> None:
    missing = tmp_path / "missing.sqlite"
    ran = installed("standings", "--db", missing)
    assert (ran.code, ran.out) == (2, ""), (ran.code, ran.out, ran.err)
    assert "Traceback" not in ran.err
    assert ran.err == f"clubdesk: {missing} does not exist.\n"
    assert not missing.exists()


def test_names_beyond_ascii_come_out_as_utf8_whatever_the_locale(tmp_path: Path) -> None:
    # docs/event-file.md: "All commands exit 0 on success", and `export` prints the event file
    # that `import` loads. A console or pipe in a legacy code page (Windows redirects
    # stdout in cp1252) must neither fail on such a name nor write a file import refuses.
    data = json.loads(SMALL.read_text(encoding="utf-8"))
    data["entrants"][2].update(name="Łukasz / Zoë", players=["Łukasz Ortiz", "Zoë Ng"])
    source = tmp_path / "names.json"
    source.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    db = tmp_path / "club.sqlite"
    ok("import", source, "--db", db)
    # the installed command itself, started as the shell starts it
    ran = installed("standings", "--db", db, "--format", "csv", env=LEGACY)
    assert (ran.code, ran.err) == (0, ""), ran.err
    assert ran.out.splitlines()[1] == "1,3,Łukasz / Zoë,1030,2,no,2,520,470,510"
    assert "Łukasz / Zoë" in legacy_ok("standings", "--db", db, "--format", "text")
    assert "Zoë Ng" in legacy_ok("payouts", "--db", db, "--format", "text")
    copy_file = tmp_path / "exported.json"
    copy_file.write_text(legacy_ok("export", "--db", db), encoding="utf-8")
    other = tmp_path / "other.sqlite"
    ok("import", copy_file, "--db", other)
    assert json.loads(ok("standings", "--db", other))["rows"][0]["name"] == "Łukasz / Zoë"


def test_commands_at_once_on_one_file_take_their_turns(tmp_path: Path, new_database, clock):
    # eight tables' scorekeepers submit from eight terminals at the same moment: each waits
    # for the one before to let go of the file, none is refused
    path = new_database(tmp_path / "club.sqlite")
    with open_database(path, backups=tmp_path / "backups") as db:
        event_id = builder.event(db, clock, "npa-club-pinochle", entrants=32)
        builder.draw(db, event_id, clock, seed=3)
        builder.start(db, event_id, 1, clock)
        sheets = {
            table: {"hands": builder.npa_sheet(table),
                    "signatures": [{"role": role, "name": name} for role, name in
                                   builder.signers(db, event_id, 1, table).items()]}
            for table in range(1, 9)
        }  # fmt: skip
    args = ["submit", "--db", str(path), "--round", "1"]
    children = [forked.start("clubdesk", [*args, "--table", str(t)], dict(os.environ), stdin=True)
                for t in sheets]  # fmt: skip
    for child, sheet in zip(children, sheets.values(), strict=True):
        assert child.stdin is not None
        child.stdin.write(json.dumps(sheet))
        child.stdin.close()
    done = [child.communicate() for child in children]
    assert [(child.returncode, err) for child, (_, err) in zip(children, done, strict=True)] == [
        (0, "")
    ] * 8
    assert sorted(out.split(":")[0] for out, _ in done) == [f"round 1, table {t}" for t in sheets]

"""Running the command line in the test's own process (docs/cli.md).

``clubdesk(*args)`` calls ``clubdesk.cli.main`` with stdin, stdout and stderr swapped for
strings and gives back the exit status and what was printed: the same contract as the
installed command, without a child process per command. What only a real process shows
(the installed script's exit status, the bytes written in a legacy code page) is checked
in tests/cli/test_process.py, with ``installed`` below.
"""

from __future__ import annotations

import io
import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing, redirect_stderr, redirect_stdout
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

import pytest

from clubdesk import cli
from clubdesk.timesource import FakeTime
from tests.isolation import own_user_data

DATA = Path(__file__).resolve().parents[1] / "domain" / "data"
SMALL = DATA / "event_grand_prix_small.json"
EXAMPLE = DATA / "event_interface_example.json"
MANY_PROBLEMS = DATA / "event_many_problems.json"

_SCRIPT = Path(sys.executable).with_name("clubdesk")
COMMAND = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "clubdesk"]


class Ran(NamedTuple):
    code: int
    out: str
    err: str


def clubdesk(*args: str | Path, stdin: str = "") -> Ran:
    """``clubdesk ARGS`` run in this process; its user data folder is the test's own."""
    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = cli.main([str(arg) for arg in args])
            except SystemExit as exc:  # --version and --help exit through argparse
                code = exc.code
    finally:
        sys.stdin = saved_stdin
    return Ran(code, out.getvalue(), err.getvalue())


def ok(*args: str | Path) -> str:
    """A command that must succeed with nothing on stderr; its stdout."""
    ran = clubdesk(*args)
    assert (ran.code, ran.err) == (0, ""), ran.err
    return ran.out


def refused(*args: str | Path) -> str:
    """A command that must exit 2 with one line on stderr and nothing on stdout; that line
    without its ``clubdesk: `` prefix."""
    ran = clubdesk(*args)
    assert (ran.code, ran.out) == (2, ""), (ran.code, ran.out, ran.err)
    assert "Traceback" not in ran.err
    lines = ran.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("clubdesk: "), ran.err
    return lines[0].removeprefix("clubdesk: ")


def import_once(
    tmp_path_factory: pytest.TempPathFactory, file_name: str, *args: str | Path
) -> tuple[Path, str]:
    """``clubdesk import ARGS --db FILE`` run once, for a module-scoped fixture, with a user
    data folder of its own: the new database ``FILE`` (named ``file_name``) and what the
    command printed. Each test then works on its own copy (``copy_database``)."""
    root = tmp_path_factory.mktemp("imported")
    database = root / file_name
    with pytest.MonkeyPatch.context() as monkeypatch:
        own_user_data(root, monkeypatch)
        out = ok("import", *args, "--db", database)
    assert sorted(p.name for p in root.iterdir()) == sorted([file_name, "config", "data"])
    return database, out


def commands_at(monkeypatch: pytest.MonkeyPatch, when: datetime) -> FakeTime:
    """The commands' clock (``clubdesk.cli.common.CLOCK``, which ``--at`` is checked against)
    stands still at ``when`` until ``monkeypatch`` undoes it; that clock."""
    from clubdesk.cli import common

    fake = FakeTime(when)
    monkeypatch.setattr(common, "CLOCK", fake)
    return fake


def copy_database(template: Path, folder: Path) -> Path:
    """A copy of a closed database file in ``folder``, under the same name."""
    return Path(shutil.copyfile(template, folder / template.name))


def stored_by_an_older_clubdesk(path: Path, *statements: tuple[str, tuple]) -> None:
    """Rows written as an older clubdesk could have written them (before it checked what it
    now refuses): the statements, then the file sealed whole, as its upgrade seals it."""
    from clubdesk.store import seal

    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("BEGIN")
        for sql, params in statements:
            conn.execute(sql, params)
        seal.seal_all(conn, seal.laptop_key())
        conn.execute("COMMIT")


class Process(NamedTuple):
    code: int
    out: str
    err: str
    raw_out: bytes


def installed(*args: str | Path, env: dict[str, str] | None = None) -> Process:
    """Run the installed ``clubdesk`` command in a child process, with no stdin."""
    done = subprocess.run(
        [*COMMAND, *(str(arg) for arg in args)],
        capture_output=True,
        input=b"",
        env={**os.environ, **(env or {})},
        timeout=120,
        check=False,
    )
    return Process(
        done.returncode,
        done.stdout.decode("utf-8"),
        done.stderr.decode("utf-8", "replace"),
        done.stdout,
    )

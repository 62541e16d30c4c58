"""`clubdesk pin set|clear` and `CLUBDESK_PIN` (docs/cli.md, "The director's PIN"): each
command that needs the director's PIN exits 2 with one line without it or with a wrong one,
and runs with it; five wrong ones in a row refuse every PIN for a minute."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from clubdesk.services import pin
from clubdesk.services.command import Desk, list_audit
from clubdesk.store.db import Database, open_database
from tests.cli.helpers import clubdesk, commands_at, ok, refused
from tests.services.test_pin import (
    PIN,
    WRONG,
    finished,
    no_event,
    round_one_closed,
    seated,
)

NEEDED = "clubdesk: this needs the director's PIN\n"


def made(tmp_path: Path, clock, make: Callable[[Database, Any], str | None], *, pin_set=True):
    """A database file holding what ``make`` builds, the director's PIN set on it."""
    path = tmp_path / "club.sqlite"
    with open_database(path, backups=tmp_path / "upgrades") as db:
        make(db, clock)
        if pin_set:
            pin.set_pin(Desk(db, None, clock), PIN, PIN)
    return path


def actions(path: Path) -> list[str]:
    with open_database(path, create=False) as db:
        return [entry.action for entry in list_audit(db)]


def drawn_file(tmp_path: Path) -> Path:
    """The warm-up's draw as drawn with real cards (``--drawn``)."""
    cards = {"1": "B3", "2": "R1", "3": "B2", "4": "R2", "5": "R3", "6": "B1"}
    path = tmp_path / "drawn.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    return path


# Each command that needs the PIN: the state it is run in, its arguments, stdin, audit row.
COMMANDS: dict[str, tuple[Callable[[Database, Any], str | None], list[str], str, str]] = {
    "amend": (
        finished,
        ["amend", "--round", "4", "--table", "1", "--reason", "added up wrong",
         "--director", "Pat Lee"],
        '{"score": {"a": 500, "b": 100}}',
        "sheet.amend",
    ),
    "remove": (
        seated,
        ["remove", "--entrant", "2", "--director", "Pat Lee", "--reason", "abuse"],
        "",
        "entrant.remove",
    ),
    "draw --redo": (seated, ["draw", "--seed", "5", "--redo"], "", "draw.make"),
    "draw --drawn --redo": (seated, ["draw", "--drawn", "DRAWN", "--redo"], "", "draw.physical"),
    "round reopen": (round_one_closed, ["round", "reopen", "--round", "1"], "", "round.reopen"),
    "pin set": (no_event, ["pin", "set"], "2468\n2468\n", "pin.set"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_that_needs_the_pin_exits_2_without_it_and_runs_with_it(
    tmp_path: Path, clock, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    make, arguments, stdin, action = COMMANDS[name]
    path = made(tmp_path, clock, make)
    arguments = [str(drawn_file(tmp_path)) if a == "DRAWN" else a for a in arguments]
    before = actions(path)
    monkeypatch.delenv("CLUBDESK_PIN", raising=False)
    for given in (None, "", WRONG):
        if given is not None:
            monkeypatch.setenv("CLUBDESK_PIN", given)
        ran = clubdesk(*arguments, "--db", path, stdin=stdin)
        assert (ran.code, ran.out, ran.err) == (2, "", NEEDED)
    assert actions(path) == before
    monkeypatch.setenv("CLUBDESK_PIN", PIN)
    ran = clubdesk(*arguments, "--db", path, stdin=stdin)
    assert (ran.code, ran.err) == (0, "")
    assert action in actions(path)[len(before) :]


@pytest.mark.parametrize("name", sorted(name for name in COMMANDS if name != "pin set"))
def test_without_a_pin_set_the_commands_need_none(
    tmp_path: Path, clock, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    make, arguments, stdin, action = COMMANDS[name]
    path = made(tmp_path, clock, make, pin_set=False)
    arguments = [str(drawn_file(tmp_path)) if a == "DRAWN" else a for a in arguments]
    monkeypatch.setenv("CLUBDESK_PIN", WRONG)  # not asked for: not looked at
    ran = clubdesk(*arguments, "--db", path, stdin=stdin)
    assert (ran.code, ran.err) == (0, "")
    assert action in actions(path)


def test_five_wrong_pins_refuse_every_pin_for_a_minute(
    tmp_path: Path, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = made(tmp_path, clock, round_one_closed)
    commands = commands_at(monkeypatch, clock.now() + dt.timedelta(minutes=1))
    reopen = ("round", "reopen", "--round", "1", "--db", path)
    monkeypatch.setenv("CLUBDESK_PIN", WRONG)
    for _ in range(5):
        assert clubdesk(*reopen).err == NEEDED
    assert actions(path)[-1] == "pin.lockout"
    monkeypatch.setenv("CLUBDESK_PIN", PIN)
    commands.advance(seconds=59)
    assert clubdesk(*reopen).err == NEEDED
    commands.advance(seconds=1)
    assert ok(*reopen) == "round 1 is open again\n"


def test_pin_set_reads_the_pin_twice_and_pin_clear_once(
    tmp_path: Path, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CLUBDESK_PIN", raising=False)
    path = made(tmp_path, clock, no_event, pin_set=False)
    never_given = refused("pin", "clear", "--db", path)
    assert never_given == "stdin: the current PIN was not given (one PIN a line)"
    for typed, why in (
        ("123\n123\n", "pin: a PIN is 4 to 12 digits, 0 to 9"),
        ("1234\n1243\n", "again: the PIN typed again is not the same"),
        ("1234\n", "stdin: the PIN typed again was not given (one PIN a line)"),
    ):
        ran = clubdesk("pin", "set", "--db", path, stdin=typed)
        assert (ran.code, ran.err) == (2, f"clubdesk: {why}\n")
    ran = clubdesk("pin", "clear", "--db", path, stdin=f"{PIN}\n")
    assert ran.err == "clubdesk: pin: no director's PIN is set; there is none to clear\n"
    ran = clubdesk("pin", "set", "--db", path, stdin=f"{PIN}\r\n{PIN}\r\n")
    assert (ran.code, ran.out, ran.err) == (0, f"the director's PIN is set for {path}\n", "")
    monkeypatch.setenv("CLUBDESK_PIN", PIN)  # pin clear reads the PIN on stdin, not here
    assert clubdesk("pin", "clear", "--db", path, stdin=f"{WRONG}\n").err == NEEDED
    ran = clubdesk("pin", "clear", "--db", path, stdin=f"{PIN}\n")
    assert (ran.code, ran.out, ran.err) == (0, f"the director's PIN of {path} is cleared\n", "")
    assert actions(path) == ["pin.set", "pin.clear"]


def test_a_forgotten_pin_is_cleared_by_the_account_the_file_belongs_to(
    tmp_path: Path, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CLUBDESK_PIN", raising=False)
    path = made(tmp_path, clock, no_event)
    ran = clubdesk("pin", "clear", "--db", path, "--forgotten")
    assert (ran.code, ran.err) == (0, "")
    assert ran.out == f"the director's PIN of {path} is cleared (as forgotten; logged)\n"
    assert actions(path) == ["pin.set", "pin.forgotten"]


def test_restore_needs_the_pin_of_the_database_it_replaces(
    tmp_path: Path, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = made(tmp_path, clock, no_event)
    backup = tmp_path / "backup.sqlite"
    ok("backup", "--db", path, "-o", backup)  # reading the file needs no PIN
    monkeypatch.delenv("CLUBDESK_PIN", raising=False)
    assert clubdesk("restore", backup, "--db", path).err == NEEDED
    monkeypatch.setenv("CLUBDESK_PIN", WRONG)
    assert clubdesk("restore", backup, "--db", path).err == NEEDED
    monkeypatch.setenv("CLUBDESK_PIN", PIN)
    assert ok("restore", backup, "--db", path).startswith(f"restored {path} from {backup}\n")

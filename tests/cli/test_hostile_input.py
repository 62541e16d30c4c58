"""Input as a hostile hand could shape it never gives a traceback: rules files nested too
deep, huge or holding a NUL; numbers beyond 64 bits or of thousands of digits; JSON nested
tens of thousands deep; an input that never ends. Each is one plain line and exit 2 (or
works), and a database that did not exist before is not left behind."""

from __future__ import annotations

import io
import json
import sys
from datetime import date, datetime
from pathlib import Path

import pytest

from clubdesk import cli, paths
from clubdesk.cli import common
from clubdesk.domain import formats
from clubdesk.store.db import open_database
from tests import builder
from tests.cli.helpers import SMALL, clubdesk, commands_at, ok, refused
from tests.cli.test_draw import make_event

HAND = {"bidder": "A", "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
        "tricks": {"A": 30, "B": 20}}  # fmt: skip
DEEP = "[" * 50_000 + "]" * 50_000
LONG_NUMBER = "9" * 5_000  # beyond Python's 4,300-digit limit on reading a whole number
BEYOND_64_BITS = str(2**64)

# --- rules files ---------------------------------------------------------------------------

HOSTILE_RULES = {
    "deep.toml": ("a = " + "[" * 5_000 + "]" * 5_000, "1: values nested too deep to be read"),
    "tables.toml": (
        "a = " + "{b = " * 2_000 + "1" + "}" * 2_000,
        "1: values nested too deep to be read",
    ),
    "nul.toml": ('id = "x"\ntitle = "y\x00"\n', "2: holds a NUL character; not a text file"),
    "huge.toml": ("# " + "x" * formats.RULES_FILE_MAX, "1: larger than 1024 KB; not a rules file"),
}


@pytest.fixture
def hostile_rules() -> Path:
    """The club's own rules folder holding one file of each hostile kind."""
    folder = paths.user_rules_dir()
    folder.mkdir(parents=True)
    for name, (text, _) in HOSTILE_RULES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_hostile_rules_files_are_left_out_and_every_format_still_works(
    hostile_rules: Path,
) -> None:
    ran = clubdesk("rules", "list")
    assert ran.code == 0
    listed = [line.split("\t")[0] for line in ran.out.splitlines()]
    assert listed == [info.id for info in formats.available_formats(extra_dirs=[])]
    assert sorted(ran.err.splitlines()) == sorted(
        f"skipped {hostile_rules / name}:{says}" for name, (_, says) in HOSTILE_RULES.items()
    )
    hand = clubdesk("score-hand", "--rules", "grand-prix-pinochle", stdin=json.dumps(HAND))
    assert (hand.code, json.loads(hand.out)["A"]) == (0, 60)


@pytest.mark.parametrize("name", sorted(HOSTILE_RULES))
def test_rules_check_names_the_hostile_file(hostile_rules: Path, name: str) -> None:
    ran = clubdesk("rules", "check", hostile_rules / name)
    assert (ran.code, ran.out) == (2, "")
    assert ran.err.splitlines()[0].startswith(f"{hostile_rules / name}:{HOSTILE_RULES[name][1]}")
    assert "Traceback" not in ran.err


def test_a_rules_file_that_never_ends_is_refused(tmp_path: Path) -> None:
    endless = Path("/dev/zero")
    if not endless.exists():  # a file just beyond the limit shows the same
        endless = tmp_path / "endless.toml"
        with endless.open("wb") as file:
            file.truncate(formats.RULES_FILE_MAX + 1)
    ran = clubdesk("score-hand", "--rules", endless, stdin=json.dumps(HAND))
    assert (ran.code, ran.out) == (2, "")
    assert ran.err == f"clubdesk: {endless}:1: larger than 1024 KB; not a rules file\n"


# --- numbers and JSON ----------------------------------------------------------------------


def score_hand(text: str) -> str:
    ran = clubdesk("score-hand", "--rules", "grand-prix-pinochle", stdin=text)
    assert (ran.code, ran.out) == (2, "") and "Traceback" not in ran.err, ran
    [line] = ran.err.splitlines()
    return line.removeprefix("clubdesk: ")


def test_a_number_of_thousands_of_digits_on_stdin() -> None:
    text = json.dumps(HAND).replace('"bid": 55', f'"bid": {LONG_NUMBER}')
    assert score_hand(text) == "stdin: a number too long to be read"


def test_json_nested_tens_of_thousands_deep_on_stdin() -> None:
    assert score_hand(DEEP) == "stdin: values nested too deep to be read"
    ran = clubdesk("score-game", "--rules", "house-gin", stdin=DEEP)
    assert ran.err == "clubdesk: stdin: values nested too deep to be read\n"


class Endless(io.TextIOBase):
    """Standard input that never ends (``< /dev/zero``)."""

    def read(self, size: int | None = -1) -> str:
        if size is None or size < 0:
            raise MemoryError("read to the end of an endless input")
        return "\0" * size


def test_stdin_that_never_ends_is_refused(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", Endless())
    assert cli.main(["score-hand", "--rules", "grand-prix-pinochle"]) == 2
    assert capsys.readouterr().err == "clubdesk: stdin: more than 64 MB of input\n"


def event_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "event.json"
    path.write_text(text, encoding="utf-8")
    return path


def small_text() -> str:
    return SMALL.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (DEEP, "values nested too deep to be read"),
        ('{"format": "clubdesk-event/1", "id": ' + DEEP + "}", "values nested too deep"),
        (small_text().replace('"paid_cents": 5000', f'"paid_cents": {LONG_NUMBER}', 1),
         "a number too long to be read"),
        (small_text().replace('"paid_cents": 5000', f'"paid_cents": {BEYOND_64_BITS}', 1),
         "paid_cents is too large to be stored"),
    ],
)  # fmt: skip
def test_an_event_file_beyond_reading_leaves_no_database(
    tmp_path: Path, text: str, says: str
) -> None:
    assert '"paid_cents": 5000' in small_text()
    db = tmp_path / "new.sqlite"
    assert says in refused("import", event_file(tmp_path, text), "--db", db)
    assert not db.exists()


def test_an_event_file_that_never_ends_leaves_no_database(tmp_path: Path) -> None:
    endless = Path("/dev/zero")
    if not endless.exists():  # a file just beyond the limit shows the same
        endless = tmp_path / "endless.json"
        with endless.open("wb") as file:
            file.truncate(common.JSON_INPUT_MAX + 1)
    db = tmp_path / "new.sqlite"
    assert refused("import", endless, "--db", db) == (
        f"{endless}: more than 64 MB of input; not an event file"
    )
    assert not db.exists()


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["draw", "--seed", BEYOND_64_BITS], "--seed"),
        (["draw", "--seed", f"-{BEYOND_64_BITS}"], "--seed"),
        (["draw", "--seed", LONG_NUMBER], "--seed"),
        (["seating", "--round", BEYOND_64_BITS], "--round"),
        (["sheet", "--round", BEYOND_64_BITS, "--table", "1"], "--round"),
        (["sheet", "--round", "1", "--table", BEYOND_64_BITS], "--table"),
        (["clock", "start", "--round", BEYOND_64_BITS], "--round"),
        (["standings", "--after-round", LONG_NUMBER], "--after-round"),
    ],
)
def test_whole_numbers_beyond_64_bits_in_arguments(
    tmp_path: Path, clock, args: list[str], flag: str
) -> None:
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "grand-prix-warmup", 5, 2)
    before = db.read_bytes()
    line = refused(*args, "--db", db)
    assert line.startswith(f"argument {flag}: ") and "is too large to be stored" in line
    assert len(line) < 120
    assert db.read_bytes() == before


def test_a_seed_at_the_64_bit_limit_is_taken(tmp_path: Path, clock) -> None:
    db = tmp_path / "club.sqlite"
    make_event(db, clock, "grand-prix-warmup", 5, 2)
    assert (
        ok("draw", "--db", db, "--seed", str(2**63 - 1))
        .splitlines()[0]
        .endswith(f"(seed {2**63 - 1})")
    )


def test_minutes_added_to_a_round_beyond_a_day_are_refused(tmp_path: Path, clock,
                                                           monkeypatch) -> None:  # fmt: skip
    commands_at(monkeypatch, datetime(2026, 12, 5, 23, 0).astimezone())
    path = tmp_path / "club.sqlite"
    with open_database(path) as database:
        event_id = builder.event(database, clock, "grand-prix-warmup", entrants=4,
                                 date=date(2026, 12, 5))  # fmt: skip
        builder.draw(database, event_id, clock)
        builder.publish(database, event_id, 1, clock)
    ok("clock", "start", "--round", "1", "--db", path, "--at", "2026-12-05T10:15:00")
    before = path.read_bytes()
    for minutes in (str(2**62), "1441", "-1441"):
        line = refused("clock", "add", "--minutes", minutes, "--db", path,
                       "--at", "2026-12-05T10:20:00")  # fmt: skip
        assert line == f"minutes: at most 1440 (a day) either way, not {minutes}"
    assert path.read_bytes() == before
    assert ok("clock", "add", "--minutes", "1440", "--db", path, "--at", "2026-12-05T10:20:00")


def test_text_that_is_not_unicode_is_refused_naming_where(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite"
    text = small_text().replace('"Ann Smith"', '"Ann \\ud800Smith"', 1)
    assert refused("import", event_file(tmp_path, text), "--db", db) == (
        f"{tmp_path / 'event.json'}: entrants[0].players[0]: text that is not Unicode "
        "(a lone \\u surrogate)"
    )
    assert not db.exists()
    assert score_hand('{"bidder": "A", "\\udfff": 1}') == (
        "stdin: a key: text that is not Unicode (a lone \\u surrogate)"
    )

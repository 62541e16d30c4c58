"""Messages stay short: a value given of 100,000 characters (an id, a winner, a side, a
format, a file name) is never echoed whole; a refusal quotes its first characters and says
how long it was, in one line of a few hundred characters at most (a path given is cut at 600)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import SMALL, clubdesk, import_once

HUGE = "x" * 100_000
SAID = "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (100000 characters)"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


def file_with(tmp_path: Path, change) -> Path:  # type: ignore[no-untyped-def]
    event = json.loads(SMALL.read_text(encoding="utf-8"))
    change(event)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event), encoding="utf-8")
    return path


def short_refusal(*args: str | Path, stdin: str = "") -> str:
    ran = clubdesk(*args, stdin=stdin)
    assert (ran.code, ran.out) == (2, ""), ran.err[:300]
    assert len(ran.err.splitlines()) == 1 and len(ran.err) < 700, ran.err[:300]
    return ran.err


def game(event: dict) -> dict:
    return event["rounds"][0]["games"][0]


@pytest.mark.parametrize(
    ("what", "change"),
    [
        ("id", lambda event: event.update(id=HUGE)),
        ("winner", lambda event: game(event).update(winner=HUGE)),
        ("side", lambda event: game(event)["adjustments"][0].update(side=HUGE)),
        ("rules", lambda event: event.update(rules=HUGE)),
    ],
)
def test_an_event_file_value_is_quoted_short(tmp_path: Path, what: str, change) -> None:
    said = short_refusal("import", file_with(tmp_path, change), "--db", tmp_path / "c.sqlite")
    assert SAID in said, what


def test_a_command_line_value_is_quoted_short(imported: Path, tmp_path: Path) -> None:
    assert SAID in short_refusal("export", "--db", imported, "--event", HUGE)
    assert SAID in short_refusal("print", HUGE, "--db", imported, "-o", tmp_path / "x.pdf")
    hand = {"bidder": HUGE, "bid": 55, "marriage": True, "meld": {"A": 30, "B": 20},
            "tricks": {"A": 30, "B": 20}}  # fmt: skip
    said = short_refusal("score-hand", "--rules", "grand-prix-pinochle", stdin=json.dumps(hand))
    assert SAID in said and said.startswith('clubdesk: bidder: must be "A" or "B", not ')


def test_a_file_name_of_thousands_of_characters_is_cut(imported: Path) -> None:
    said = short_refusal("draw", "--db", imported, "--drawn", HUGE)
    assert said.rstrip().endswith(" characters in all)") and "100000" not in said[:600]

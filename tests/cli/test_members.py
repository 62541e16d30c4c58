"""``clubdesk members import`` and ``clubdesk members list``, run as a user runs them."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.cli.helpers import SMALL, ok, refused

CLUB = "number,name,phone,email\n12,Ann Smith,555-0101,ann@example.org\n40,Bob Jones,,\n"


def write(folder: Path, text: str, name: str = "members.csv") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def members(db: Path) -> list[dict[str, object]]:
    return json.loads(ok("members", "list", "--db", db))["members"]


def test_members_are_imported_into_a_new_database_and_listed(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    out = ok("members", "import", write(tmp_path, CLUB), "--db", db)
    assert out == (
        f"imported {tmp_path / 'members.csv'} into {db}: 2 members added, 0 updated, "
        "0 as they were\n"
    )
    listed = members(db)
    assert [(m["number"], m["name"], m["events"]) for m in listed] == [
        (12, "Ann Smith", 0),
        (40, "Bob Jones", 0),
    ]
    assert listed[0]["columns"] == {"phone": "555-0101", "email": "ann@example.org"}


def test_a_known_number_updates_never_duplicates(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    ok("members", "import", write(tmp_path, CLUB), "--db", db)
    again = write(tmp_path, "name,number\nAnn Smith-Lee,12\nBob Jones,40\nCarl Diaz,7\n", "b.csv")
    out = ok("members", "import", again, "--db", db)
    assert out.endswith(": 1 member added, 1 updated, 1 as they were\n")
    assert [(m["number"], m["name"]) for m in members(db)] == [
        (7, "Carl Diaz"),
        (12, "Ann Smith-Lee"),
        (40, "Bob Jones"),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("number,name\n12,Ann\n40,\n", "b.csv:3: name: a name is needed"),
        ("number,name\n12,Ann\nforty,Bob\n41,\n",
         "b.csv:3: number: 'forty' is not a whole number (and 1 more problem)"),
        ("name\nAnn\n", "b.csv:1: the first line must be the header, with a number column"),
    ],
)  # fmt: skip
def test_a_bad_row_is_refused_naming_its_line_and_nothing_is_taken(
    tmp_path: Path, text: str, message: str
) -> None:
    db = tmp_path / "club.sqlite"
    ok("members", "import", write(tmp_path, CLUB), "--db", db)
    line = refused("members", "import", write(tmp_path, text, "b.csv"), "--db", db)
    assert line.startswith(f"{tmp_path / message.split(':', 1)[0]}:{message.split(':', 1)[1]}")
    assert [m["name"] for m in members(db)] == ["Ann Smith", "Bob Jones"]


def test_a_missing_file_and_a_missing_action_are_one_line(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    assert refused("members", "import", tmp_path / "none.csv", "--db", db) == (
        f"{tmp_path / 'none.csv'}: no such file"
    )
    assert not db.exists()  # nothing made for a file that is not there
    assert "ACTION" in refused("members", "--db", db)


def test_the_list_as_csv_and_text(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    ok("members", "import", write(tmp_path, CLUB + "3,=Dee Ray,,\n"), "--db", db)
    rows = list(csv.reader(io.StringIO(ok("members", "list", "--db", db, "--format", "csv"))))
    assert rows == [
        ["number", "name", "events", "phone", "email"],
        ["3", "'=Dee Ray", "0", "", ""],  # a spreadsheet shows it as text, never a formula
        ["12", "Ann Smith", "0", "555-0101", "ann@example.org"],
        ["40", "Bob Jones", "0", "", ""],
    ]
    text = ok("members", "list", "--db", db, "--format", "text").splitlines()
    assert text[0].split() == ["No.", "Name", "Events", "phone", "email"]
    assert text[3].split() == ["12", "Ann", "Smith", "0", "555-0101", "ann@example.org"]


def test_the_list_as_csv_imports_again_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    ok("members", "import", write(tmp_path, CLUB), "--db", db)
    listed = write(tmp_path, ok("members", "list", "--db", db, "--format", "csv"), "list.csv")
    out = ok("members", "import", listed, "--db", db)
    assert out.endswith(": 0 members added, 0 updated, 2 as they were\n")  # events not a column


def test_a_database_without_members_lists_none(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    ok("import", SMALL, "--db", db)  # an event, and no member yet
    assert members(db) == []
    assert ok("members", "list", "--db", db, "--format", "text") == (
        "no members yet: clubdesk members import FILE adds them\n"
    )
    assert refused("members", "list", "--db", tmp_path / "nothing.sqlite").startswith(
        f"{tmp_path / 'nothing.sqlite'}"
    )


def test_an_event_file_carries_the_members_through_import_and_export(tmp_path: Path) -> None:
    db = tmp_path / "club.sqlite"
    ok("members", "import", write(tmp_path, CLUB), "--db", db)
    data = json.loads(SMALL.read_text(encoding="utf-8"))
    data["entrants"][0]["members"] = [12, 40]
    data["entrants"][1]["members"] = [None, 99]
    event = write(tmp_path, json.dumps(data), "event.json")
    line = refused("import", event, "--db", db)
    assert line == (
        "entrants[1] (number 2): members[1]: no member is numbered 99 in this database "
        "(clubdesk members import adds them)"
    )
    data["entrants"][1]["members"] = [None, None]
    ok("import", write(tmp_path, json.dumps(data), "event.json"), "--db", db)
    exported = json.loads(ok("export", "--db", db))["entrants"]
    assert [e.get("members") for e in exported[:2]] == [[12, 40], None]
    assert [(m["number"], m["events"]) for m in members(db)] == [(12, 1), (40, 1)]

"""The event commands (docs/cli.md): import, export, standings, payouts, backup, restore.

Exit 0 on success; exit 2 with one line on stderr naming the field or FILE:LINE, and the
database left as it was, on bad input.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from clubdesk import paths
from clubdesk.domain.eventfile.eventfile import event_to_json, parse_event
from clubdesk.domain.formats import load_rules
from clubdesk.store.db import open_database
from clubdesk.timesource import SYSTEM_TIME
from tests.cli.helpers import clubdesk, copy_database, import_once, refused

DATA = Path(__file__).resolve().parents[1] / "domain" / "data"
SMALL = DATA / "event_grand_prix_small.json"
EXAMPLE = DATA / "event_interface_example.json"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def small_grand_prix(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small Grand Prix, imported once for this module."""
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


@pytest.fixture
def db_file(tmp_path: Path, small_grand_prix: Path) -> Path:
    """A database holding the small Grand Prix (this test's own copy)."""
    return copy_database(small_grand_prix, tmp_path)


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


# --- import and export ----------------------------------------------------------------------


def test_import_says_what_it_loaded(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    code, out, err = clubdesk("import", SMALL, "--db", path)
    assert (code, err) == (0, "")
    assert out == (
        f"imported gp-mini-2011 into {path}: 7 entrants, 3 rounds, 9 games, 2 hands, "
        "10 ledger rows\n"
    )


def test_an_import_stopped_part_way_leaves_no_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the new file is made beside its name and moved there whole: a kill at any point
    # before leaves nothing at the name, not an empty file nor one with the schema alone
    from clubdesk.services import eventfile

    folder = tmp_path / "club"
    path = folder / "club.sqlite"
    imported = eventfile.import_event
    seen = []

    def stopped(desk, *args, **kwargs):
        imported(desk, *args, **kwargs)
        seen.append(sorted(p.name for p in folder.iterdir()))  # what a kill here would leave
        raise KeyboardInterrupt  # Ctrl+C, the last moment before it would be done

    monkeypatch.setattr(eventfile, "import_event", stopped)
    assert clubdesk("import", SMALL, "--db", path) == (130, "", "")
    assert "club.sqlite" not in seen[0]
    assert list(folder.iterdir()) == []
    monkeypatch.undo()
    (folder / ".club.sqlite.new").write_bytes(b"SQLite format 3\x00half")  # a killed one's
    code, out, err = clubdesk("import", SMALL, "--db", path)
    assert (code, err) == (0, ""), err
    assert [p.name for p in folder.iterdir()] == ["club.sqlite"]
    assert json.loads(clubdesk("standings", "--db", path).out)["event"] == "gp-mini-2011"


def test_export_import_export_gives_the_same_text(db_file: Path, tmp_path: Path) -> None:
    code, first, _ = clubdesk("export", "--db", db_file)
    assert code == 0
    canonical = event_to_json(parse_event(json.loads(SMALL.read_text()), load_rules))
    assert json.loads(first) == canonical
    exported = write(tmp_path, "exported.json", first)
    other = tmp_path / "other.sqlite"
    assert clubdesk("import", exported, "--db", other)[0] == 0
    code, second, _ = clubdesk("export", "--db", other, "--event", "gp-mini-2011")
    assert code == 0 and second == first


def test_an_event_id_already_there_is_refused_and_changes_nothing(db_file: Path) -> None:
    before = digest(db_file)
    assert refused("import", SMALL, "--db", db_file) == (
        "id: event 'gp-mini-2011' is already in this database; use --replace to replace it"
    )
    assert digest(db_file) == before


def test_replace_keeps_the_old_event_archived(db_file: Path) -> None:
    code, out, _ = clubdesk("import", SMALL, "--db", db_file, "--replace")
    assert code == 0
    assert out.splitlines()[1] == "the event it replaces is kept as gp-mini-2011--replaced-1"
    code, out, _ = clubdesk("standings", "--db", db_file)  # the archived one is not a choice
    assert code == 0 and json.loads(out)["event"] == "gp-mini-2011"
    code, out, _ = clubdesk("export", "--db", db_file, "--event", "gp-mini-2011--replaced-1")
    assert code == 0 and json.loads(out)["id"] == "gp-mini-2011--replaced-1"


def test_a_file_without_a_date_is_dated_today_or_by_date(tmp_path: Path) -> None:
    # docs/event-file.md's example event file has no date: it imports, dated the day of import
    path = tmp_path / "club.sqlite"
    code, out, err = clubdesk("import", EXAMPLE, "--db", path)
    assert code == 0 and err == ""
    today = SYSTEM_TIME.now().date().isoformat()
    assert (
        out.splitlines()[-1] == f"note: {EXAMPLE} gives no date; the event is dated {today}, today"
    )
    code, out, _ = clubdesk("export", "--db", path)
    assert json.loads(out)["date"] == today
    other = tmp_path / "other.sqlite"
    code, _, _ = clubdesk("import", EXAMPLE, "--db", other, "--date", "2011-10-22")
    assert code == 0
    code, out, _ = clubdesk("export", "--db", other)
    assert json.loads(out)["date"] == "2011-10-22"
    message = refused("import", EXAMPLE, "--db", other, "--date", "22/10/2011")
    assert message.startswith("argument --date: '22/10/2011' is not a date like 2011-10-22")


def small_with(change: Any) -> str:
    data = json.loads(SMALL.read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data, indent=2)


TRUNCATED = 900  # in the middle of a name on line 20
TRUNCATED_LINE = SMALL.read_text(encoding="utf-8")[:TRUNCATED].count("\n") + 1
BAD_FILES = {
    "unknown rules id": (
        lambda t: small_with(lambda d: d.update(rules="pinochel")),
        "{file}: rules: no format with id 'pinochel' (see `clubdesk rules list`)",
    ),
    "duplicate entrant numbers": (
        lambda t: small_with(lambda d: d["entrants"][1].update(number=1)),
        "{file}: entrants: number 1 appears twice (and 3 more problems)",
    ),
    "unknown entrant number": (
        lambda t: small_with(lambda d: d["rounds"][0]["games"][1].update(b=12)),
        "{file}: rounds[0].games[1] (round 1, table 2): b = 12 is not an entrant's number",
    ),
    "an entrant twice in one round": (
        lambda t: small_with(lambda d: d["rounds"][0]["games"][1].update(b=1)),
        "{file}: round 1: entrant 1 plays twice (tables 1 and 2)",
    ),
    "a score that is not a number": (
        lambda t: small_with(lambda d: d["rounds"][0]["games"][1].update(score={"a": "x", "b": 1})),
        "{file}: rounds[0].games[1] (round 1, table 2): score a = 'x' is not a number",
    ),
    "hands whose score disagrees": (
        lambda t: small_with(
            lambda d: d["rounds"][0]["games"][0].update(score={"a": 116, "b": 118})
        ),
        "{file}: rounds[0].games[0] (round 1, table 1): the hands and adjustments give "
        "a 116, b 218 but the score says a 116, b 118",
    ),
    "a truncated file": (
        lambda t: SMALL.read_text(encoding="utf-8")[:TRUNCATED],
        f"{{file}}:{TRUNCATED_LINE}: not valid JSON (Unterminated string starting at)",
    ),
    "a file that is not JSON": (
        lambda t: "format = 'clubdesk-event/1'\nid = 'gp'\n",
        "{file}:1: not valid JSON (Expecting value)",
    ),
    "an empty file": (lambda t: "", "{file}:1: not valid JSON (the file is empty)"),
    "a file that is not text": (
        lambda t: b"\xff\xfe\x00binary",
        "{file}: not an event file (it is not UTF-8 text)",
    ),
    "several problems": (
        lambda t: (DATA / "event_many_problems.json").read_text(encoding="utf-8"),
        "{file}: format: 'clubdesk-event/2' is not 'clubdesk-event/1' (and 9 more problems)",
    ),
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_bad_file_is_one_line_naming_where_and_changes_nothing(
    kind: str, db_file: Path, tmp_path: Path
) -> None:
    content, message = BAD_FILES[kind]
    bad = write(tmp_path, "bad.json", content(tmp_path))
    before = digest(db_file)
    assert refused("import", bad, "--db", db_file) == message.format(file=bad)
    assert digest(db_file) == before
    fresh = tmp_path / "fresh.sqlite"
    refused("import", bad, "--db", fresh)
    assert not fresh.exists()  # a bad file does not even create the database


def test_a_missing_event_file_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "none.json"
    assert refused("import", missing, "--db", tmp_path / "x.sqlite") == (f"{missing}: no such file")


# --- which event ----------------------------------------------------------------------------


def test_event_may_be_left_out_only_when_there_is_one(db_file: Path, tmp_path: Path) -> None:
    assert clubdesk("import", EXAMPLE, "--db", db_file, "--date", "2011-10-01")[0] == 0
    for command in ("export", "standings", "payouts"):
        assert refused(command, "--db", db_file) == (
            f"--event: {db_file} holds 2 events; choose one: gp-mini-2011, gp-2011"
        )
    assert refused("standings", "--db", db_file, "--event", "gp-2012") == (
        "event: there is no event with id 'gp-2012'"
    )
    empty = tmp_path / "empty.sqlite"
    open_database(empty).close()
    assert refused("export", "--db", empty) == (
        f"--event: {empty} holds no event; import one first"
    )


@pytest.mark.parametrize("command", ["export", "standings", "payouts", "backup"])
def test_commands_that_read_do_not_create_a_database(command: str, tmp_path: Path) -> None:
    missing = tmp_path / "missing.sqlite"
    extra = ["-o", str(tmp_path / "copy.sqlite")] if command == "backup" else []
    assert refused(command, "--db", missing, *extra) == f"{missing} does not exist."
    assert list(tmp_path.iterdir()) == []


def test_db_is_required() -> None:
    message = refused("standings")
    assert "the following arguments are required: --db" in message


# --- standings and payouts ------------------------------------------------------------------


def test_standings_as_json(db_file: Path) -> None:
    code, out, err = clubdesk("standings", "--db", db_file)
    assert (code, err) == (0, "")
    table = json.loads(out)
    assert (table["event"], table["rules"], table["after_round"]) == (
        "gp-mini-2011",
        "grand-prix-pinochle",
        3,
    )
    assert table["rows"][0] == {
        "place": 1,
        "number": 3,
        "name": "Ortiz / Ng",
        "total": 1030,
        "rounds": [520, 470, 510],
        "dropped": [2],
        "wins": 2,
        "tied": False,
    }


def test_standings_as_csv_after_a_round(db_file: Path) -> None:
    code, out, _ = clubdesk("standings", "--db", db_file, "--after-round", "2", "--format", "csv")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == [
        "place", "number", "name", "total", "wins", "tied", "dropped", "round 1", "round 2",
    ]  # fmt: skip
    assert len(rows) == 8 and all(len(row) == 9 for row in rows)


def test_standings_as_text(db_file: Path) -> None:
    code, out, _ = clubdesk("standings", "--db", db_file, "--format", "text")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Grand Prix Pinochle 2011 (mini): standings after round 3"
    assert lines[5].split()[:4] == ["1", "3", "Ortiz", "/"]


def test_standings_refuse_a_bad_round(db_file: Path) -> None:
    assert refused("standings", "--db", db_file, "--after-round", "5") == (
        "after round 5: round 5 has not been played (the event has 3 so far)"
    )
    message = refused("standings", "--db", db_file, "--after-round", "two")
    assert message.startswith("argument --after-round: invalid int value: 'two'")
    message = refused("standings", "--db", db_file, "--format", "pdf")
    assert message.startswith("argument --format: invalid choice: 'pdf'")


def test_payouts_as_json_and_text(db_file: Path) -> None:
    code, out, _ = clubdesk("payouts", "--db", db_file)
    assert code == 0
    prizes = json.loads(out)
    assert prizes["pool_cents"] == 35525
    assert [(p["place"], p["number"], p["amount_cents"]) for p in prizes["places"]] == [
        (1, 3, 17825),
        (2, 6, 10600),
        (3, 2, 7100),
    ]
    code, out, _ = clubdesk("payouts", "--db", db_file, "--format", "text")
    assert code == 0
    assert out.splitlines()[0] == "Grand Prix Pinochle 2011 (mini): prizes"
    assert "Prize pool                 $355.25" in out


def test_commands_refuse_a_database_open_in_another_clubdesk(db_file: Path) -> None:
    with open_database(db_file):
        assert refused("standings", "--db", db_file) == (
            f"{db_file} is already open in another clubdesk window."
        )


# --- backup and restore ---------------------------------------------------------------------


def test_backup_then_restore(db_file: Path, tmp_path: Path) -> None:
    copy = tmp_path / "saved.sqlite"
    code, out, _ = clubdesk("backup", "--db", db_file, "-o", copy)
    assert code == 0 and out == f"backed up {db_file} to {copy}\n"
    assert clubdesk("import", EXAMPLE, "--db", db_file, "--date", "2011-10-01")[0] == 0
    code, out, _ = clubdesk("restore", copy, "--db", db_file)
    assert code == 0
    first, second = out.splitlines()
    assert first == f"restored {db_file} from {copy}"
    kept = Path(second.removeprefix("the database it replaced is kept as "))
    assert kept.parent == paths.backups_dir() and kept.exists()
    code, out, _ = clubdesk("export", "--db", db_file)  # one event again: no --event needed
    assert code == 0 and json.loads(out)["id"] == "gp-mini-2011"


def test_restore_refuses_a_file_that_is_not_a_database(db_file: Path, tmp_path: Path) -> None:
    before = digest(db_file)
    assert refused("restore", SMALL, "--db", db_file) == (
        f"{SMALL} is not a clubdesk database (it is not an SQLite file)."
    )
    assert refused("restore", tmp_path / "none.sqlite", "--db", db_file) == (
        f"{tmp_path / 'none.sqlite'}: no such file"
    )
    assert digest(db_file) == before


def test_restore_refuses_while_the_database_is_open(db_file: Path, tmp_path: Path) -> None:
    copy = tmp_path / "saved.sqlite"
    assert clubdesk("backup", "--db", db_file, "-o", copy)[0] == 0
    with open_database(db_file):
        assert refused("restore", copy, "--db", db_file) == (
            f"{db_file} is open in another clubdesk window; close it first."
        )

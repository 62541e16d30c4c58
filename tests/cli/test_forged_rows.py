"""No forgery from raw SQL that clubdesk would believe: an amendment counts only with its
audit row, rows never change event, and a file whose rows point at rows that are not there
is refused on opening. The raw SQL here is what a director could type into the ``sqlite3``
shell (which leaves foreign keys off)."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tests.cli.helpers import (
    SMALL,
    clubdesk,
    copy_database,
    import_once,
    ok,
    refused,
    stored_by_an_older_clubdesk,
)

FORGED = (
    "INSERT INTO amendment (game_id, what, old_value, new_value, who, why, at) "
    'SELECT game.id, \'result\', \'{"score": {"a": 116, "b": 218}, "winner": null}\', '
    '\'{"score": {"a": 900, "b": 0}, "winner": null}\', \'Dee Rector\', \'forged\', '
    "'2011-10-22T12:00:00-07:00' FROM game JOIN round ON round.id = game.round_id "
    "WHERE round.number = 1 AND game.table_number = 1"
)


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return import_once(tmp_path_factory, "club.sqlite", SMALL)[0]


@pytest.fixture
def db_file(imported: Path, tmp_path: Path) -> Path:
    return copy_database(imported, tmp_path)


def shell(db_file: Path, *statements: str) -> None:
    """SQL typed into the sqlite3 shell: foreign keys off, each statement on its own."""
    with closing(sqlite3.connect(db_file, isolation_level=None)) as conn:
        for statement in statements:
            conn.execute(statement)


def sheet(db_file: Path) -> dict:
    ran = clubdesk("sheet", "--db", db_file, "--round", "1", "--table", "1")
    assert ran.code == 0, ran.err
    return {"json": json.loads(ran.out), "err": ran.err}


def amend_body() -> str:
    return json.dumps({"score": {"a": 300, "b": 218}})


def test_an_amendment_typed_in_raw_sql_is_not_believed(db_file: Path, tmp_path: Path) -> None:
    shell(db_file, FORGED)
    read = sheet(db_file)
    assert (read["json"]["state"], read["json"]["score"]) == ("submitted", {"a": 116, "b": 218})
    assert read["json"]["amendments"] == []
    assert read["err"] == (
        f"clubdesk: warning: {db_file} was changed outside clubdesk (an amendment without the "
        "audit row clubdesk writes with each); what it shows may not be what clubdesk recorded\n"
    )
    standings = json.loads(clubdesk("standings", "--db", db_file).out)
    assert 900 not in [score for row in standings["rows"] for score in row["rounds"]]
    changed = (
        f"{db_file} was changed outside clubdesk (an amendment without the audit row clubdesk "
        "writes with each); clubdesk reads it but will not write to it, back it up or "
        "restore it. Restore it from a backup."
    )
    ran = clubdesk("amend", "--db", db_file, "--round", "1", "--table", "1", "--reason", "typo",
                   "--director", "Dee Rector", stdin=amend_body())  # fmt: skip
    assert (ran.code, ran.err) == (2, f"clubdesk: {changed}\n")
    assert refused("backup", "--db", db_file, "-o", tmp_path / "copy.sqlite") == changed
    assert refused("restore", db_file, "--db", tmp_path / "other.sqlite") == changed
    assert not (tmp_path / "copy.sqlite").exists() and not (tmp_path / "other.sqlite").exists()


def test_an_amendment_through_clubdesk_is_logged_and_exported_again(
    db_file: Path, tmp_path
) -> None:
    ran = clubdesk("amend", "--db", db_file, "--round", "1", "--table", "1", "--reason", "typo",
                   "--director", "Dee Rector", stdin=amend_body())  # fmt: skip
    assert ran.code == 0, ran.err
    read = sheet(db_file)
    assert (read["json"]["state"], read["json"]["score"], read["err"]) == (
        "amended", {"a": 300, "b": 218}, "")  # fmt: skip
    exported = tmp_path / "event.json"
    exported.write_text(ok("export", "--db", db_file), encoding="utf-8")
    again = tmp_path / "again.sqlite"
    ok("import", exported, "--db", again)
    read = sheet(again)
    assert (read["json"]["state"], read["json"]["score"], read["err"]) == (
        "amended", {"a": 300, "b": 218}, "")  # fmt: skip


def test_a_forged_amendment_row_cannot_be_logged_by_hand(db_file: Path) -> None:
    shell(db_file, FORGED)
    with pytest.raises(sqlite3.IntegrityError, match="only through clubdesk, which logs it"):
        shell(db_file, "INSERT INTO amendment_logged SELECT max(id) FROM amendment")


@pytest.mark.parametrize("table", ["ledger_entry", "clock_fact", "round", "entrant", "player"])
def test_rows_never_change_event(db_file: Path, table: str) -> None:
    stored_by_an_older_clubdesk(
        db_file,
        ("INSERT INTO event (id, name, date, venue, rules_id, rules_text, settings, created_at) "
         "SELECT 'other', name, date, venue, rules_id, rules_text, settings, created_at "
         "FROM event", ()),
        ("INSERT INTO clock_fact (event_id, round_number, kind, at) "
         "VALUES ('gp-mini-2011', 4, 'start', '2011-10-22T15:00:00-07:00')", ()),
    )  # fmt: skip
    before = db_file.read_bytes()
    with pytest.raises(sqlite3.IntegrityError, match="A row clubdesk keeps stays with its event"):
        shell(db_file, f"UPDATE {table} SET event_id = 'other'")
    assert db_file.read_bytes() == before
    pool = json.loads(ok("payouts", "--db", db_file, "--event", "gp-mini-2011"))["pool_cents"]
    assert pool > 0


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE game SET round_id = (SELECT id FROM round WHERE event_id = 'other')",
        "UPDATE bye SET round_id = (SELECT id FROM round WHERE event_id = 'other')",
        "UPDATE game_seat SET entrant_id = (SELECT max(id) FROM entrant)",
        "UPDATE event SET id = 'moved'",
    ],
)
def test_a_row_does_not_move_under_another_events_round_or_entrant(
    db_file: Path, statement
) -> None:
    stored_by_an_older_clubdesk(
        db_file,
        ("INSERT INTO event (id, name, date, venue, rules_id, rules_text, settings, created_at) "
         "SELECT 'other', name, date, venue, rules_id, rules_text, settings, created_at "
         "FROM event", ()),
        ("INSERT INTO round (event_id, number, status) VALUES ('other', 1, 'pending')", ()),
        ("INSERT INTO entrant (event_id, number, name, status, created_at) "
         "VALUES ('other', 1, 'Someone Else', 'active', '2011-10-22T09:00:00-07:00')", ()),
    )  # fmt: skip
    with pytest.raises(sqlite3.IntegrityError, match="stays with its event"):
        shell(db_file, statement)


def test_a_file_whose_rows_point_nowhere_is_refused_plainly(db_file: Path, tmp_path) -> None:
    shell(db_file, "INSERT INTO ledger_entry (event_id, kind, cents, note, at) "
              "VALUES ('nowhere', 'added', 100, 'x', '2011-10-22T12:00:00-07:00')")  # fmt: skip
    before = db_file.read_bytes()
    line = (
        f"{db_file} was changed outside clubdesk and cannot be used: 1 row of ledger_entry points "
        "at a row that is not there. Restore it from a backup."
    )
    for args in (
        ("standings",),
        ("export",),
        ("round", "status"),
        ("backup", "-o", tmp_path / "b"),
    ):
        assert refused(*args, "--db", db_file) == line
    assert refused("restore", db_file, "--db", tmp_path / "other.sqlite") == line
    assert db_file.read_bytes() == before


def under_its_triggers(db_file: Path, table: str, statement: str) -> None:
    """``statement`` typed into the sqlite3 shell with ``table``'s triggers dropped and made
    again after it, as they were: the schema is clubdesk's own again."""
    with closing(sqlite3.connect(db_file, isolation_level=None)) as conn:
        triggers = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?",
            (table,),
        ).fetchall()
        for name, _ in triggers:
            conn.execute(f"DROP TRIGGER {name}")
        conn.execute(statement)
        for _, sql in triggers:
            conn.execute(sql)


@pytest.mark.parametrize(
    ("table", "statement", "row"),
    [
        ("signature", "UPDATE signature SET at = 'not a time' WHERE id = 1", "signature row 1"),
        ("ledger_entry", "UPDATE ledger_entry SET at = 'not a time' WHERE id = 2",
         "ledger_entry row 2"),
        ("signature", "UPDATE signature SET at = 20111022 WHERE id = 2", "signature row 2"),
        ("ledger_entry", "UPDATE ledger_entry SET at = '2011-10-22T12:00:00' WHERE id = 1",
         "ledger_entry row 1"),
    ],
)  # fmt: skip
def test_a_stored_value_that_does_not_read_is_left_out_naming_its_row(
    db_file: Path, table: str, statement: str, row: str
) -> None:
    # the seal finds the row changed: the file reads as clubdesk sealed it, without the row
    under_its_triggers(db_file, table, statement)
    warning = (
        f"clubdesk: warning: {db_file} was changed outside clubdesk (a row is not as clubdesk "
        f"sealed them: {row} changed); what it shows may not be what clubdesk recorded\n"
    )
    reads = [("standings",), ("payouts",), ("export",), ("round", "status")]
    reads.append(("sheet", "--round", "1", "--table", "1"))
    for args in reads:
        ran = clubdesk(*args, "--db", db_file)
        assert (ran.code, ran.err) == (0, warning), args
    assert "not a time" not in clubdesk("export", "--db", db_file).out

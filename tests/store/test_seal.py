"""No forgery is believed (docs/architecture.md, "The seal"): a row changed, added, deleted
or reordered with ``sqlite3``, however the database's own guards were got round, makes the
file read as clubdesk sealed it, names the rows, and refuses every write, backup and restore.
The statements are what the ``sqlite3`` shell takes (foreign keys off)."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest

from clubdesk.services import links, results, roundclock
from clubdesk.services.command import Desk
from clubdesk.store import seal
from clubdesk.store.db import open_database, plain_cursor
from clubdesk.store.errors import ChangedOutsideError, DatabaseError
from clubdesk.store.read_only import open_for_reading
from clubdesk.timesource import FakeTime
from tests.conftest import CLUB_TIME
from tests.store.test_tampering import build

CLOCK = FakeTime(datetime(2024, 3, 9, 9, 30, tzinfo=CLUB_TIME))


@pytest.fixture(scope="module")
def sealed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A warm-up night as clubdesk left it: fees paid, drawn, round 1 running, table 1's
    sheet in and amended, table 2's open."""
    folder = tmp_path_factory.mktemp("sealed")
    path = folder / "night.sqlite"
    with open_database(path, backups=folder) as db:
        build(db, CLOCK)
    return path


@pytest.fixture
def night(sealed: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "night.sqlite"
    shutil.copy(sealed, copy)
    return copy


def shell(path: Path, *statements: str) -> None:
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        for statement in statements:
            conn.execute(statement)


def value(path: Path, sql: str) -> object:
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(sql).fetchone()[0]


def refusal(path: Path) -> str:
    """Why opening the file to write is refused (it must be)."""
    with pytest.raises(ChangedOutsideError) as refused:
        open_database(path, create=False)
    return refused.value.changed


def under_its_trigger(path: Path, trigger: str, statement: str) -> None:
    """``statement`` with ``trigger`` dropped and made again as it was: the schema is
    clubdesk's own again afterwards."""
    made = value(path, f"SELECT sql FROM sqlite_master WHERE name = '{trigger}'")
    shell(path, f"DROP TRIGGER {trigger}", statement, str(made))


def event_id(path: Path) -> str:
    return str(value(path, "SELECT id FROM event"))


def test_a_night_as_clubdesk_left_it_opens_and_every_row_is_sealed(night: Path) -> None:
    open_database(night, create=False).close()
    with closing(sqlite3.connect(night)) as conn:
        for table in seal.CHAINS:
            key = seal.KEYS.get(table, "rowid")
            unsealed = conn.execute(
                f"SELECT count(*) FROM {table} WHERE CAST({key} AS TEXT) NOT IN "
                f"(SELECT row_key FROM seal WHERE tbl = '{table}')"
            ).fetchone()[0]
            assert unsealed == 0, table


def test_a_signed_score_changed_under_a_dropped_trigger_is_not_believed(
    night: Path, tmp_path: Path
) -> None:
    game = value(night, "SELECT id FROM game WHERE table_number = 1")
    before = results.standings(open_for_reading(night), event_id(night))
    under_its_trigger(
        night, "game_locked_update", f"UPDATE game SET score_a = 9999 WHERE id = {game}"
    )
    assert refusal(night) == f"a row is not as clubdesk sealed them: game row {game} changed"
    read = open_for_reading(night)
    assert read.changed_outside is not None
    after = results.standings(read, event_id(night))
    assert 9999 not in [score for row in after.rows for score in row.rounds]
    assert [row.number for row in after.rows] == [row.number for row in before.rows]
    with pytest.raises(ChangedOutsideError):
        read.backup_to(tmp_path / "copy.sqlite")
    assert not (tmp_path / "copy.sqlite").exists()


def test_a_waiting_game_written_as_submitted_is_not_believed(night: Path) -> None:
    game = value(night, "SELECT id FROM game WHERE table_number = 2")
    shell(night, f"UPDATE game SET score_a = 500, score_b = 100, submitted_at = "
                 f"'2024-03-09T10:00:00-07:00' WHERE id = {game}")  # fmt: skip
    assert f"game row {game} changed" in refusal(night)


def test_a_million_dollars_put_in_the_pool_is_left_out(night: Path) -> None:
    pool = results.payouts(open_for_reading(night), event_id(night)).pool.pool_cents
    shell(night, f"INSERT INTO ledger_entry (event_id, kind, cents, note) "
                 f"VALUES ('{event_id(night)}', 'added', 100000000, 'sponsor')")  # fmt: skip
    forged = value(night, "SELECT max(id) FROM ledger_entry")
    assert (
        refusal(night) == f"a row is not as clubdesk sealed them: ledger_entry row {forged} added"
    )
    assert results.payouts(open_for_reading(night), event_id(night)).pool.pool_cents == pool


def test_ten_hours_given_to_the_round_are_left_out(night: Path) -> None:
    read = open_for_reading(night)
    left = roundclock.status(read, event_id(night), CLOCK).remaining_s
    shell(
        night,
        "INSERT INTO clock_fact (event_id, round_number, kind, at, seconds) VALUES "
        f"('{event_id(night)}', 1, 'adjust', '2024-03-09T09:30:00-07:00', 36000)",
    )
    assert "clock_fact row" in refusal(night)
    assert roundclock.status(open_for_reading(night), event_id(night), CLOCK).remaining_s == left


def test_an_amendment_with_a_forged_audit_row_is_not_believed(night: Path) -> None:
    game = value(night, "SELECT id FROM game WHERE table_number = 1")
    shell(  # the audit row after the amendment marks it logged, as clubdesk writes them
        night,
        "INSERT INTO amendment (game_id, what, old_value, new_value, who, why, at) VALUES "
        f"({game}, 'result', '{{}}', '{{\"score\": {{\"a\": 900, \"b\": 0}}}}', 'Dee', 'x', "
        "'2024-03-09T10:00:00-07:00')",
        "INSERT INTO audit_log (at, actor, action, event_id, details) VALUES "
        f"('2024-03-09T10:00:00-07:00', 'director', 'sheet.amend', '{event_id(night)}', "
        '\'{"round": 1, "table": 1, "director": "Dee", "after": {"score": {"a": 900, "b": 0}, '
        '"winner": null}}\')',
    )
    found = refusal(night)
    assert "amendment row" in found or "audit_log row" in found
    with closing(sqlite3.connect(night)) as conn:
        forged = conn.execute("SELECT max(id) FROM amendment").fetchone()[0]
    read = open_for_reading(night)
    with read.reading() as session:
        kept = session.connection().exec_driver_sql("SELECT max(id) FROM amendment").scalar()
    assert kept != forged


def test_a_hand_deleted_is_named(night: Path) -> None:
    hand = value(night, "SELECT min(id) FROM hand")
    under_its_trigger(night, "hand_locked_delete", f"DELETE FROM hand WHERE id = {hand}")
    assert refusal(night) == f"a row is not as clubdesk sealed them: hand row {hand} deleted"


def test_seals_put_out_of_order_are_not_believed(night: Path) -> None:
    chain = event_id(night)
    shell(
        night,
        f"UPDATE seal SET seq = seq + 100000 WHERE chain = '{chain}' AND seq IN (3, 4)",
        f"UPDATE seal SET seq = 4 WHERE chain = '{chain}' AND seq = 100003",
        f"UPDATE seal SET seq = 3 WHERE chain = '{chain}' AND seq = 100004",
    )
    assert "sealed out of order" in refusal(night)


def test_a_fresh_forgery_on_a_table_the_old_guards_never_named_is_not_believed(
    night: Path,
) -> None:
    entrant = value(night, "SELECT min(id) FROM entrant")
    forged = f"UPDATE entrant SET name = 'Forged / Team' WHERE id = {entrant}"
    under_its_trigger(night, "entrant_name_after_draw", forged)
    assert refusal(night) == f"a row is not as clubdesk sealed them: entrant row {entrant} changed"
    names = [e.name for e in results.standings(open_for_reading(night), event_id(night)).rows]
    assert "Forged / Team" not in names


def test_a_file_with_its_seals_taken_out_is_not_believed(night: Path) -> None:
    shell(night, "DELETE FROM seal", "DELETE FROM seal_key")
    assert "the file's seals were taken out" in refusal(night)


def test_a_file_sealed_on_another_laptop_reads_and_is_not_written(
    night: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    other = tmp_path / "other-laptop"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(other))
    assert refusal(night) == "it was sealed on another laptop; accept it to write to it"
    read = open_for_reading(night)
    assert [row.number for row in results.standings(read, event_id(night)).rows]
    assert (other / "clubdesk" / "seal.key").stat().st_mode & 0o777 == 0o600


def test_a_seal_key_others_can_read_is_refused(night: Path) -> None:
    key = seal.paths.seal_key_file()
    key.chmod(0o644)
    seal._keys.clear()
    try:
        with pytest.raises(DatabaseError, match="can be read by others"):
            open_database(night, create=False)
    finally:
        key.chmod(0o600)


def add_fine(db) -> None:
    """A write through clubdesk: a row sealed as it commits."""
    with db.session() as session:
        plain_cursor(session).execute(
            "INSERT INTO ledger_entry (event_id, kind, cents, note) "
            "SELECT id, 'added', 500, 'raffle' FROM event"
        )


def test_a_file_as_it_last_checked_whole_opens_without_every_row_checked_again(
    night: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_database(night, create=False) as db:
        add_fine(db)
    monkeypatch.setattr(seal, "check", lambda conn, key: pytest.fail("every row checked"))
    open_database(night, create=False).close()


def test_a_file_forged_after_it_checked_whole_is_not_believed(night: Path) -> None:
    with open_database(night, create=False) as db:
        add_fine(db)
    fine = value(night, "SELECT max(id) FROM ledger_entry")
    under_its_trigger(night, "ledger_entry_no_update",
                      f"UPDATE ledger_entry SET cents = 50000 WHERE id = {fine}")  # fmt: skip
    assert (
        refusal(night) == f"a row is not as clubdesk sealed them: ledger_entry row {fine} changed"
    )


def test_a_forgery_made_while_clubdesk_has_the_file_open_is_found_as_it_closes(
    night: Path,
) -> None:
    with open_database(night, create=False) as db:
        add_fine(db)
        shell(night, f"INSERT INTO ledger_entry (event_id, kind, cents, note) "
                     f"VALUES ('{event_id(night)}', 'added', 100000000, 'sponsor')")  # fmt: skip
        add_fine(db)
    assert "ledger_entry row" in refusal(night)


def test_a_clock_fact_dated_the_year_1_is_left_out_and_the_clock_reads(night: Path) -> None:
    read = open_for_reading(night)
    left = roundclock.status(read, event_id(night), CLOCK).remaining_s
    shell(
        night,
        "INSERT INTO clock_fact (event_id, round_number, kind, at, monotonic) VALUES "
        f"('{event_id(night)}', 1, 'pause', '0001-01-01T00:00:00+00:00', 0)",
    )
    assert "clock_fact row" in refusal(night)
    assert roundclock.status(open_for_reading(night), event_id(night), CLOCK).remaining_s == left


def test_the_tables_links_pointed_elsewhere_are_not_believed(night: Path) -> None:
    with open_database(night, create=False) as db:
        links.round_links(Desk(db, event_id(night), CLOCK), 1, base_url="http://10.0.0.2:8080")
    shell(night, "UPDATE table_link SET base_url = 'http://evil.example'")
    assert "table_link row" in refusal(night)
    assert links.base_url_of(open_for_reading(night), event_id(night)) != "http://evil.example"

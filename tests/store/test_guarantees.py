"""What the database itself promises: final sheets, nothing deleted, links checked."""

import datetime as dt
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from clubdesk.store.db import Database, plain_cursor
from clubdesk.store.errors import SHEET_LOCKED, DatabaseError, RecordLockedError
from clubdesk.store.models import (
    Adjustment,
    Amendment,
    AuditLog,
    Draw,
    Entrant,
    Event,
    Game,
    GameSeat,
    Hand,
    LedgerEntry,
    Round,
    Signature,
)

AT = dt.datetime(2026, 11, 29, 19, 0, tzinfo=dt.UTC)
HAND = {"bidder": "A", "bid": 62, "marriage": True, "meld": {"A": 34, "B": 22}}


def execute(db: Database, sql: str) -> None:
    with db.session() as session:
        session.connection().exec_driver_sql(sql)


def add_sheet(db: Database, *, submitted: bool) -> int:
    """An event with two teams and one game with a hand, an adjustment and signatures."""
    with db.session() as session:
        session.add(Event(id="gp", name="GP", date=AT.date(), rules_id="gp", created_at=AT))
        session.flush()  # rows without a relationship() go in the order they are flushed
        teams = [Entrant(event_id="gp", number=n, name=f"Team {n}", created_at=AT) for n in (1, 2)]
        rnd = Round(event_id="gp", number=1)
        session.add_all([*teams, rnd])
        session.flush()
        game = Game(round_id=rnd.id, table_number=1)
        session.add(game)
        session.flush()
        session.add_all(
            [
                GameSeat(game_id=game.id, side="a", seat=1, entrant_id=teams[0].id),
                GameSeat(game_id=game.id, side="b", seat=2, entrant_id=teams[1].id),
                Hand(game_id=game.id, number=1, data=HAND),
                Adjustment(game_id=game.id, side="b", points=100, reason="late"),
                Signature(game_id=game.id, role="scorekeeper", name="Ann", at=AT),
                Signature(game_id=game.id, role="countersign", name="Cy", at=AT, image=b"png"),
                LedgerEntry(event_id="gp", kind="fee", cents=5000, entrant_id=teams[0].id, at=AT),
            ]
        )
    if submitted:
        with db.session() as session:
            game = session.get(Game, game.id)
            game.score_a, game.score_b, game.submitted_at = 520, 310, AT
            session.add(game)
    assert game.id is not None
    return game.id


def refused(db: Database, change: str, message: str = SHEET_LOCKED) -> None:
    with pytest.raises(RecordLockedError) as caught:
        execute(db, change)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE game SET score_a = 600",
        "UPDATE game SET submitted_at = NULL",
        "DELETE FROM game",
        "INSERT INTO hand (game_id, number, data) VALUES (1, 2, '{}')",
        "UPDATE hand SET data = '{}'",
        "UPDATE hand SET game_id = game_id",
        "DELETE FROM hand",
        "INSERT INTO adjustment (game_id, side, points, reason) VALUES (1, 'a', 100, 'late')",
        "UPDATE adjustment SET points = 0",
        "DELETE FROM adjustment",
        "INSERT INTO signature (game_id, role, name, at) VALUES (1, 'director', 'Dee', 'x')",
        "UPDATE signature SET name = 'Bob'",
        "DELETE FROM signature",
        "UPDATE game_seat SET entrant_id = entrant_id",
        "DELETE FROM game_seat",
    ],
)
def test_a_submitted_sheet_cannot_change(db: Database, change: str) -> None:
    add_sheet(db, submitted=True)
    refused(db, change)


def test_a_submitted_sheet_refuses_orm_changes_and_keeps_its_rows(db: Database) -> None:
    game_id = add_sheet(db, submitted=True)
    with pytest.raises(RecordLockedError), db.session() as session:
        session.add(Hand(game_id=game_id, number=2, data=HAND))
    with db.session() as session:
        assert session.exec(select(Hand.number)).all() == [1]
        assert session.get(Game, game_id).score_a == 520


def test_a_submitted_sheet_refuses_plain_sql_in_the_same_words(db: Database) -> None:
    # the store writes a sheet's rows in plain SQL on the session's connection (store/sheets.py)
    game_id = add_sheet(db, submitted=True)
    with pytest.raises(RecordLockedError, match=SHEET_LOCKED), db.session() as session:
        plain_cursor(session).execute("UPDATE game SET score_a = 1 WHERE id = ?", (game_id,))
    with db.session() as session:
        assert session.get(Game, game_id).score_a == 520


def test_an_open_sheet_can_be_edited_then_submitted(db: Database) -> None:
    game_id = add_sheet(db, submitted=False)
    with db.session() as session:
        hand = session.exec(select(Hand)).one()
        hand.data = {**HAND, "bid": 65}
        session.add(hand)
        session.add(Hand(game_id=game_id, number=2, data=HAND))
        session.delete(session.exec(select(Adjustment)).one())
        game = session.get(Game, game_id)
        game.submitted_at = AT
        session.add(game)
    with db.session() as session:
        assert [h.data["bid"] for h in session.exec(select(Hand).order_by(Hand.number))] == [65, 62]


def test_amendments_are_added_but_never_changed(db: Database) -> None:
    game_id = add_sheet(db, submitted=True)
    with db.session() as session:
        session.add(
            Amendment(
                game_id=game_id,
                what="score_b",
                old_value=310,
                new_value={"b": 320},
                who="Dee",
                why="adding error",
                at=AT,
            )
        )
    with db.session() as session:
        row = session.exec(select(Amendment)).one()
        assert (row.old_value, row.new_value, row.at) == (310, {"b": 320}, AT)
    message = "An amendment cannot be changed; record another amendment."
    refused(db, "UPDATE amendment SET why = 'typo'", message)
    refused(db, "DELETE FROM amendment", message)


def test_entrants_and_money_are_never_deleted(db: Database) -> None:
    add_sheet(db, submitted=False)
    execute(db, "DELETE FROM game_seat")
    refused(
        db, "DELETE FROM entrant", "An entrant is never deleted; withdraw or remove them instead."
    )
    refused(
        db,
        "DELETE FROM ledger_entry",
        "A money entry is never deleted; record a correcting entry instead.",
    )
    execute(db, "UPDATE entrant SET status = 'withdrawn' WHERE number = 2")


def test_the_audit_log_is_append_only(db: Database) -> None:
    with db.session() as session:
        session.add(AuditLog(at=AT, actor="director", action="test", details={"n": 1}))
    refused(db, "UPDATE audit_log SET actor = 'someone'", "The audit log cannot be changed.")
    refused(db, "DELETE FROM audit_log", "The audit log cannot be changed.")


def test_links_between_rows_are_checked(db: Database) -> None:
    with pytest.raises(IntegrityError), db.session() as session:
        session.add(Entrant(event_id="nowhere", number=1, name="X", created_at=AT))


def test_money_is_whole_cents(db: Database) -> None:
    add_sheet(db, submitted=False)
    with pytest.raises(IntegrityError):
        execute(
            db,
            "INSERT INTO ledger_entry (event_id, kind, cents, note, at) "
            "VALUES ('gp', 'fee', 12.5, '', 'x')",
        )


def test_an_event_has_one_current_draw(db: Database) -> None:
    add_sheet(db, submitted=False)
    with db.session() as session:
        session.add(Draw(event_id="gp", method="random", seed=1, made_at=AT))
    with pytest.raises(RecordLockedError, match="cannot be overwritten"), db.session() as session:
        session.add(Draw(event_id="gp", method="physical", made_at=AT))
    with db.session() as session:
        old = session.exec(select(Draw)).one()
        old.superseded = True
        session.add(old)
        session.add(Draw(event_id="gp", method="physical", made_at=AT))


def test_a_failed_session_writes_nothing(db: Database) -> None:
    with pytest.raises(RuntimeError), db.session() as session:
        session.add(Event(id="gp", name="GP", date=AT.date(), rules_id="gp", created_at=AT))
        session.flush()
        raise RuntimeError("the user's action failed half way")
    with db.session() as session:
        assert session.exec(select(Event)).all() == []


def test_times_need_a_timezone(db: Database) -> None:
    with pytest.raises(Exception, match="has no timezone"), db.session() as session:
        naive = dt.datetime(2026, 11, 29, 19, 0)
        session.add(Event(id="gp", name="GP", date=naive.date(), rules_id="gp", created_at=naive))


def test_sessions_have_foreign_keys_on_and_wal(db: Database) -> None:
    with db.session() as session:
        connection = session.connection()
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_backup_to_makes_one_consistent_file(db: Database, tmp_path: Path) -> None:
    add_sheet(db, submitted=True)
    target = db.backup_to(tmp_path / "copy.sqlite")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("copy")) == [
        "copy.sqlite"
    ]
    with closing(sqlite3.connect(target)) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("SELECT score_a, score_b FROM game").fetchall() == [(520, 310)]
    with db.session() as session:  # the open database carries on
        assert isinstance(session, Session)
        assert session.exec(select(Game.score_a)).all() == [520]


def test_backup_to_refuses_the_open_file(db: Database) -> None:
    with pytest.raises(DatabaseError) as caught:
        db.backup_to(db.path)
    assert str(caught.value) == f"{db.path} is the database itself; choose another file."


def test_backup_to_a_missing_folder_is_refused(db: Database, tmp_path: Path) -> None:
    target = tmp_path / "no such folder" / "copy.sqlite"
    with pytest.raises(DatabaseError) as caught:
        db.backup_to(target)
    assert str(caught.value) == (f"Could not write the backup {target}: no such file or directory.")

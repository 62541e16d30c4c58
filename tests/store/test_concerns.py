"""The store's modules by concern: each works in the caller's session and hands back
frozen records, never table rows."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
from sqlmodel import SQLModel, select

from clubdesk.domain.roundclock.state import ClockFact, Reading
from clubdesk.domain.rulings.warnings import LoggedWarning
from clubdesk.domain.seating.draw import Card, Draw, Drawn
from clubdesk.domain.seating.values import RoundSeating, TableSeating
from clubdesk.errors import UserError
from clubdesk.store import audit, entrants, events, ledger, roundclock, rulings, seating
from clubdesk.store import draw as draw_store
from clubdesk.store.db import Database
from clubdesk.store.games import load_games
from clubdesk.store.models import Game

AT = dt.datetime(2026, 11, 29, 19, 0, tzinfo=dt.UTC)
LATER = AT + dt.timedelta(hours=1)


def add_event(db: Database, event_id: str = "gp", date: dt.date | None = None) -> None:
    with db.session() as session:
        events.add_event(
            session,
            event_id=event_id,
            name="Grand Prix",
            date=date or AT.date(),
            venue="Hall",
            rules_id="grand-prix-pinochle",
            rules_text="",
            settings={"entry_fee": 5000},
            created_at=AT,
        )


def add_teams(db: Database, count: int = 4, event_id: str = "gp") -> list[entrants.EntrantRecord]:
    new = [
        entrants.NewEntrant(n, f"Team {n}", (f"A{n}", f"B{n}"), 5000 if n == 1 else 0, "cash")
        for n in range(1, count + 1)
    ]
    with db.session() as session:
        return entrants.add_entrants(session, event_id, new, AT)


def publish_round_one(db: Database) -> int:
    seats = RoundSeating(1, (TableSeating(1, (1,), (2,)), TableSeating(2, (3,), (4,))))
    with db.session() as session:
        return seating.save_seating(session, "gp", seats)


def assert_plain(record: object) -> None:
    """A frozen dataclass, not a table row."""
    assert dataclasses.is_dataclass(record)
    assert not isinstance(record, SQLModel)
    field = dataclasses.fields(record)[0].name  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(record, field, None)


# --- events ----------------------------------------------------------------------------------


def test_an_event_is_read_back_as_a_record(db: Database) -> None:
    add_event(db)
    with db.session() as session:
        record = events.get_event(session, "gp")
        assert events.find_event(session, "nope") is None
        assert events.event_exists(session, "gp")
    assert_plain(record)
    assert (record.name, record.venue, record.rules_id) == (
        "Grand Prix",
        "Hall",
        "grand-prix-pinochle",
    )
    assert record.settings == {"entry_fee": 5000}
    assert record.created_at == AT


def test_a_missing_event_is_named(db: Database) -> None:
    with db.session() as session, pytest.raises(UserError, match="there is no event with id 'x'"):
        events.get_event(session, "x")


def test_an_event_changes_name_and_settings(db: Database) -> None:
    add_event(db)
    with db.session() as session:
        changed = events.update_event(session, "gp", {"name": "GP", "settings": {}})
    with db.session() as session:
        assert events.get_event(session, "gp") == changed
    assert (changed.name, changed.settings) == ("GP", {})
    with db.session() as session, pytest.raises(ValueError, match="rules_id"):
        events.update_event(session, "gp", {"rules_id": "other"})


def test_an_archived_event_keeps_its_rows_under_a_new_id(db: Database) -> None:
    add_event(db, "old", dt.date(2026, 1, 1))
    add_event(db, "gp")
    add_teams(db, 2, "gp")
    with db.session() as session:
        new_id = events.archive_event(session, "gp", AT, "replaced")
    with db.session() as session:
        assert new_id == "gp--replaced-1"
        assert events.archived_as(session, new_id) == "gp"
        assert events.archived_as(session, "old") is None
        assert events.current_event_ids(session) == ["old"]
        assert [e.number for e in entrants.list_entrants(session, new_id)] == [1, 2]
        assert entrants.list_entrants(session, "gp") == []


# --- entrants and the ledger -----------------------------------------------------------------


def test_what_an_entrant_paid_is_read_from_the_ledger(db: Database) -> None:
    add_event(db)
    first, second = add_teams(db, 2)
    with db.session() as session:
        ledger.add_entry(
            session, "gp", ledger.NewLedgerEntry("fee", 2000, second.id, "check", "", AT)
        )
        ledger.add_entry(
            session, "gp", ledger.NewLedgerEntry("refund", 500, first.id, "cash", "", AT)
        )
        records = entrants.list_entrants(session, "gp")
        money = ledger.entrant_money(session, "gp")
    assert [r.paid_cents for r in records] == [4500, 2000]
    assert money[first.id] == ledger.EntrantMoney(5000, 500)
    assert_plain(records[0])


def test_fines_are_read_with_who_paid_them(db: Database) -> None:
    add_event(db)
    first, _ = add_teams(db, 2)
    with db.session() as session:
        ledger.add_entry(
            session,
            "gp",
            ledger.NewLedgerEntry("fine", 100, first.id, "cash", "round 1 table 1 hand 2: set", AT),
        )
        ledger.add_entry(
            session, "gp", ledger.NewLedgerEntry("fine", 250, None, "cash", "noise", LATER)
        )
        found = ledger.fines(session, "gp")
    assert found == [
        ledger.FineRow("round 1 table 1 hand 2: set", 1, 100),
        ledger.FineRow("noise", None, 250),
    ]


def test_entrant_refs_map_numbers_and_ids(db: Database) -> None:
    add_event(db)
    records = add_teams(db, 3)
    with db.session() as session:
        ids = entrants.entrant_ids(session, "gp")
        numbers = entrants.entrant_numbers(session, "gp")
        refs = entrants.entrant_refs(session, "gp")
    assert ids == {r.number: r.id for r in records}
    assert numbers == {r.id: r.number for r in records}
    assert [(r.number, r.status) for r in refs] == [(1, "active"), (2, "active"), (3, "active")]


# --- seating, rounds and the clock -----------------------------------------------------------


def test_a_draw_is_stored_and_known_as_made(db: Database) -> None:
    add_event(db)
    records = add_teams(db, 2)
    draw = Draw("cards", "physical", None, (Drawn(1, Card("blue", 1)), Drawn(2, Card("red", 1))))
    with db.session() as session:
        assert draw_store.draw_made(session, "gp") is None
        draw_id = draw_store.add_draw(session, "gp", draw, AT)
    with db.session() as session:
        made = draw_store.draw_made(session, "gp")
        drawn = draw_store.drawn_entrant_ids(session, draw_id)
        stored = draw_store.current_draw(session, "gp")
    assert made == draw_store.DrawRecord(draw_id, "physical", AT)
    assert drawn == {r.id for r in records}
    assert stored is not None and stored.draw.entrants == (1, 2)


def test_a_round_moves_on_and_its_clock_is_kept(db: Database) -> None:
    add_event(db)
    add_teams(db, 4)
    round_id = publish_round_one(db)
    with db.session() as session:
        found = seating.find_round(session, "gp", 1)
        assert seating.find_round(session, "gp", 2) is None
        assert not seating.round_started(session, "gp", 1)
        assert roundclock.clock_of(session, "gp", 1) is None
    assert found == seating.RoundRecord(round_id, 1, "pending")
    assert_plain(found)
    with db.session() as session:
        seating.set_round_status(session, round_id, "running")
        roundclock.add_fact(session, "gp", ClockFact(1, "start", Reading(AT)))
        started = roundclock.clock_of(session, "gp", 1)
    with db.session() as session:
        assert seating.round_started(session, "gp", 1)
        assert seating.rounds_before(session, "gp", 2) == [
            seating.RoundRecord(round_id, 1, "running")
        ]
        roundclock.add_fact(session, "gp", ClockFact(1, "end", Reading(LATER)))
        stopped = roundclock.clock_of(session, "gp", 1)
    assert started.started and started.ended_at is None
    assert (stopped.started_at, stopped.ended_at) == (AT, LATER)
    assert_plain(stopped)


# --- rulings ---------------------------------------------------------------------------------


def test_warnings_are_read_back_in_order(db: Database) -> None:
    add_event(db)
    _, second = add_teams(db, 2)
    with db.session() as session:
        for ruling in ("warning", "loss-of-hand"):
            rulings.add_warning(
                session,
                "gp",
                rulings.NewWarning(1, False, second.id, "talk", ruling, "director", AT),
            )
        logged = rulings.warnings(session, "gp")
    assert logged == [
        LoggedWarning(1, 2, "talk", False, "warning", AT),
        LoggedWarning(1, 2, "talk", False, "loss-of-hand", AT),
    ]


def test_an_award_decides_a_game_and_a_line_goes_on_a_sheet(db: Database) -> None:
    add_event(db)
    add_teams(db, 4)
    publish_round_one(db)
    with db.session() as session:
        assert rulings.played_games(session, "gp") == []
        game_ids = dict(session.exec(select(Game.table_number, Game.id)).all())
    with db.session() as session:
        rulings.add_adjustment(session, game_ids[1], "b", 100, "side a 10 minutes late")
        rulings.award(session, game_ids[2], "dq", "a", AT)
    with db.session() as session:
        tables = {g.game.table: g for g in load_games(session, "gp", 1)}
        played = rulings.played_games(session, "gp")
    assert set(tables) == {1, 2}
    assert tables[1].game.adjustments[0].points == 100
    assert not tables[1].submitted
    assert tables[2].submitted and tables[2].game.award is not None
    assert played == [rulings.PlayedGame(1, game_ids[2], 2, ())]


# --- the audit log ---------------------------------------------------------------------------


def test_audit_rows_are_read_in_the_order_written(db: Database) -> None:
    with db.session() as session:
        audit.add_entry(session, at=AT, actor="director", action="a", event_id="gp", details={})
        audit.add_entry(
            session, at=LATER, actor="host", action="b", event_id=None, details={"x": 1}
        )
    with db.session() as session:
        every = audit.entries(session)
        of_gp = audit.entries(session, "gp")
    assert [e.action for e in every] == ["a", "b"]
    assert [e.action for e in of_gp] == ["a"]
    assert every[1].details == {"x": 1}
    assert_plain(every[0])

"""An event between the domain's Event and the database rows, both ways."""

from __future__ import annotations

import copy
import datetime as dt
import json
import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import select

from clubdesk.domain.event.model import Amendment, Event, SheetResult
from clubdesk.domain.eventfile.eventfile import event_to_json, parse_event
from clubdesk.domain.formats import load_rules
from clubdesk.errors import UserError
from clubdesk.store import eventfile as store
from clubdesk.store import events as events_store
from clubdesk.store.db import Database
from clubdesk.store.models import (
    AuditLog,
    ClockState,
    Draw,
    DrawAssignment,
    Entrant,
    Game,
    LedgerEntry,
    Round,
)

DATA = Path(__file__).resolve().parents[1] / "domain" / "data"
AT = dt.datetime(2011, 10, 22, 8, 0, tzinfo=dt.timezone(dt.timedelta(hours=-7)))


def small_gp(**changes: Any) -> dict[str, Any]:
    data = json.loads((DATA / "event_grand_prix_small.json").read_text(encoding="utf-8"))
    data.update(changes)
    return data


def event_of(data: dict[str, Any]) -> Event:
    return parse_event(data, load_rules)


def save(db: Database, event: Event) -> store.SavedEvent:
    """The event's rows written as an import writes them: just after its audit row."""
    with db.session() as session:
        session.add(AuditLog(at=AT, actor="director", action="event.import", event_id=event.id))
        session.flush()
        return store.save_event(session, event, rules_id=event.rules, rules_text="# rules", at=AT)


def load(db: Database, event_id: str, **options: bool) -> Event:
    with db.session() as session:
        return store.load_event(session, event_id, **options)


def test_an_event_reads_back_as_it_was_written(db: Database) -> None:
    event = event_of(small_gp())
    saved = save(db, event)
    assert saved == store.SavedEvent("gp-mini-2011", 7, 3, 9, 2, 10)
    assert load(db, "gp-mini-2011") == event


def test_rows_keep_the_files_order(db: Database) -> None:
    data = small_gp()
    data["entrants"].reverse()
    data["rounds"][0]["games"].reverse()
    data["ledger"].reverse()
    event = event_of(data)
    save(db, event)
    assert event_to_json(load(db, "gp-mini-2011")) == event_to_json(event)


def test_results_only_leaves_out_what_a_sheet_says_beyond_its_result(db: Database) -> None:
    event = event_of(small_gp())
    save(db, event)
    results = load(db, "gp-mini-2011", results_only=True)
    games = [g for r in results.rounds for g in r.games]
    assert all(not (g.hands or g.adjustments or g.signatures) for g in games)
    stripped = replace(
        event,
        rounds=tuple(
            replace(
                r,
                games=tuple(replace(g, hands=(), adjustments=(), signatures=()) for g in r.games),
            )
            for r in event.rounds
        ),
    )
    assert results == stripped


def test_ids_follow_the_rows_already_there(db: Database) -> None:
    first = event_of(small_gp())
    second = event_of(small_gp(id="gp-again"))
    save(db, first)
    save(db, second)
    assert load(db, "gp-again") == second
    with db.session() as session:
        ids = session.exec(select(Entrant.id).order_by(Entrant.id)).all()
    assert ids == list(range(1, 15))


def test_round_status_follows_its_sheets(db: Database) -> None:
    data = small_gp()
    del data["rounds"][2]["games"][2]["score"]
    data["rounds"].append({"number": 4, "games": [{"table": 1, "a": 1, "b": 2}]})
    save(db, event_of(data))
    with db.session() as session:
        rounds = session.exec(select(Round.number, Round.status).order_by(Round.number)).all()
        unsubmitted = session.exec(
            select(Game.table_number).where(Game.submitted_at == None).order_by(Game.id)  # noqa: E711
        ).all()
    assert rounds == [(1, "closed"), (2, "closed"), (3, "running"), (4, "pending")]
    assert unsubmitted == [3, 1]
    with db.session() as session:  # a sheet with no result can still be filled in
        session.connection().exec_driver_sql(
            "UPDATE game SET score_a = 500, score_b = 20 WHERE submitted_at IS NULL"
        )


def test_a_fee_paid_later_is_written_out_with_the_fee_from_paid_cents(db: Database) -> None:
    event = event_of(small_gp())
    save(db, event)
    with db.session() as session:
        entrant = session.exec(select(Entrant).where(Entrant.number == 2)).one()
        session.add(
            LedgerEntry(
                event_id="gp-mini-2011", kind="fee", cents=500, entrant_id=entrant.id,
                method="cash", note="late payment", at=AT,
            )
        )  # fmt: skip
    written = event_to_json(load(db, "gp-mini-2011"))
    assert written["entrants"][1]["paid_cents"] == 5500
    assert [(e["kind"], e["cents"], e["entrant"], e["note"]) for e in written["ledger"]] == [
        ("fee", 5000, 2, "entry fee"),
        ("fee", 5000, 1, "cash at the door"),
        ("fine", 25, 3, "set"),
        ("added", 1000, None, "from the club"),
        ("expense", 500, None, "trophies"),
        ("fee", 500, 2, "late payment"),
    ]
    assert event_of(written).entrant(2).paid_cents == 5500  # still a file import accepts


def test_an_event_without_a_date_is_not_stored(db: Database) -> None:
    with pytest.raises(UserError, match="^date: the event has no date$"):
        save(db, replace(event_of(small_gp()), date=None))


def test_loading_an_unknown_event_names_it(db: Database) -> None:
    with pytest.raises(UserError, match="^event: there is no event with id 'gp'$"):
        load(db, "gp")


# --- archiving ------------------------------------------------------------------------------


def add_draw_and_clock(db: Database, event_id: str) -> None:
    with db.session() as session:
        draw = Draw(event_id=event_id, method="random", seed=7, made_at=AT)
        session.add(draw)
        session.flush()
        entrant = session.exec(select(Entrant).where(Entrant.event_id == event_id)).first()
        assert entrant is not None and draw.id is not None and entrant.id is not None
        session.add(DrawAssignment(draw_id=draw.id, entrant_id=entrant.id, table_number=1, seat=1,
                                   card="blue 1"))  # fmt: skip
        session.add(AuditLog(at=AT, actor="director", action="test", event_id=event_id))
        # a clock row as an older clubdesk wrote it, before step 10 refused new ones
        refusal = "SELECT sql FROM sqlite_master WHERE name = 'clock_state_no_insert'"
        trigger = session.connection().exec_driver_sql(refusal).scalar_one()
        session.connection().exec_driver_sql("DROP TRIGGER clock_state_no_insert")
        session.add(ClockState(event_id=event_id, round_number=1, started_at=AT))
        session.flush()
        session.connection().exec_driver_sql(trigger)


def test_archiving_moves_every_row_to_the_new_id(db: Database) -> None:
    event = event_of(small_gp())
    save(db, event)
    add_draw_and_clock(db, "gp-mini-2011")
    with db.session() as session:
        new_id = events_store.archive_event(session, "gp-mini-2011", AT, "replaced")
    assert new_id == "gp-mini-2011--replaced-1"
    loaded = load(db, new_id)
    assert loaded.draw is not None and loaded.draw.seed == 7 and loaded.draw_made_at == AT
    assert replace(loaded, draw=None, draw_made_at=None) == replace(event, id=new_id)
    with db.session() as session:
        assert not events_store.event_exists(session, "gp-mini-2011")
        assert events_store.current_event_ids(session) == []
        assert events_store.archived_as(session, new_id) == "gp-mini-2011"
        assert session.exec(select(Draw.event_id)).all() == [new_id]
        assert session.exec(select(ClockState.event_id)).all() == [new_id]
        assert session.exec(select(AuditLog.event_id)).all() == [
            "gp-mini-2011", "gp-mini-2011",  # history
            new_id,  # the archive, logged before the rows moved
        ]  # fmt: skip
    with closing(sqlite3.connect(db.path)) as conn:
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


def test_an_archived_id_is_never_reused_and_never_too_long(db: Database) -> None:
    long_id = "g" * 60
    for _ in range(2):
        save(db, event_of(small_gp(id=long_id)))
        with db.session() as session:
            events_store.archive_event(session, long_id, AT, "replaced")
    with db.session() as session:
        ids = sorted(session.connection().exec_driver_sql("SELECT id FROM event").scalars())
    assert ids == ["g" * 48 + "--replaced-1", "g" * 48 + "--replaced-2"]
    with pytest.raises(UserError, match="no event with id"), db.session() as session:
        events_store.archive_event(session, "nope", AT, "replaced")


def test_current_events_are_the_latest_first(db: Database) -> None:
    save(db, event_of(small_gp(id="older", date="2010-01-01")))
    save(db, event_of(small_gp(id="newer", date="2012-01-01")))
    save(db, event_of(small_gp(id="gone", date="2013-01-01")))
    with db.session() as session:
        events_store.archive_event(session, "gone", AT, "replaced")
        assert events_store.current_event_ids(session) == ["newer", "older"]
        assert events_store.get_event(session, "newer").rules_text == "# rules"


def test_amendments_of_other_kinds_are_kept_but_not_applied(db: Database) -> None:
    event = event_of(small_gp())
    save(db, event)
    with db.session() as session:
        conn = session.connection()
        for what, new in (("table", "3"), ("score_a", '"a lot"'), ("winner", '"c"')):
            conn.exec_driver_sql(
                "INSERT INTO amendment (game_id, what, old_value, new_value, who, why, at) "
                f"VALUES (2, '{what}', NULL, ?, 'Dee', 'test', ?)",
                (new, AT.isoformat()),
            )
        conn.exec_driver_sql(
            "INSERT INTO amendment (game_id, what, old_value, new_value, who, why, at) "
            "VALUES (2, 'winner', NULL, '\"b\"', 'Dee', 'tie', ?)",
            (AT.isoformat(),),
        )
    loaded = load(db, "gp-mini-2011")
    game = event.rounds[0].games[1]
    assert game.score is not None
    tie = Amendment("Dee", AT, "tie", SheetResult(game.score), SheetResult(game.score, "b"))
    assert loaded.rounds[0].games[1] == replace(game, winner="b", amendments=(tie,))
    results = load(db, "gp-mini-2011", results_only=True)
    assert results.rounds[0].games[1].winner == "b"


def test_a_tiebreak_round_trips_with_and_without_its_hands(db: Database) -> None:
    sudden = [{"knocker": "B", "gin": False, "deadwood": {"A": 50, "B": 0}, "knock_card": 10}] * 2
    data = {
        "format": "clubdesk-event/1",
        "id": "gin",
        "name": "Gin",
        "date": "2011-10-22",
        "rules": "house-gin",
        "entrants": [{"number": n, "name": f"Player {n}"} for n in (1, 2, 3)],
        "rounds": [
            {
                "number": 1,
                "games": [{"table": 1, "a": 1, "b": 2, "score": {"a": 300, "b": 120}}],
                "byes": [3],
                "tiebreaks": [{"a": 1, "b": 3, "hands": copy.deepcopy(sudden)}],
            }
        ],
    }
    event = event_of(data)
    save(db, event)
    assert load(db, "gin") == event
    [tiebreak] = load(db, "gin", results_only=True).rounds[0].tiebreaks
    assert (tiebreak.a, tiebreak.b, tiebreak.winner, tiebreak.hands) == (1, 3, "b", ())

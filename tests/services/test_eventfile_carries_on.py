"""An event file carries an event on: exported mid-event and imported into another
database, the event goes on exactly where it was (the draw, the published seatings,
the results and the directors' amendments come with it)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import select

from clubdesk.errors import UserError
from clubdesk.services import draw, registration, results, seating, sheets
from clubdesk.services.command import Desk
from clubdesk.services.eventfile import export_event, import_event
from clubdesk.services.events import NewEvent, create_event
from clubdesk.store.db import Database, open_database
from clubdesk.store.models import Amendment
from tests import builder


@pytest.fixture
def make_db(tmp_path: Path) -> Iterator:
    opened: list[Database] = []

    def make(name: str) -> Database:
        database = open_database(tmp_path / f"{name}.sqlite", backups=tmp_path / "backups")
        opened.append(database)
        return database

    yield make
    for database in opened:
        database.close()


def new_event(db: Database, clock, rules_id: str, entrants: int, seed: int) -> str:
    info = create_event(
        Desk(db, None, clock), NewEvent("Club night", dt.date(2024, 3, 9), "", rules_id)
    )
    for n in range(entrants):
        players = [f"P{n}"] if "npa" in rules_id else [f"N{n}", f"S{n}"]
        registration.register(
            Desk(db, info.id, clock), registration.RegisterEntrant(players=players)
        )
    draw.make_draw(Desk(db, info.id, clock), seed)
    return info.id


def moved(source: Database, event_id: str, target: Database, clock) -> None:
    """Export the event from ``source`` and import the file into ``target``."""
    import_event(Desk(target, None, clock), export_event(source, event_id))


def test_an_npa_event_exported_after_round_1_seats_round_2_as_the_original(make_db, clock) -> None:
    first = make_db("first")
    event = new_event(first, clock, "npa-club-pinochle", 12, seed=5)
    seats = seating.publish_seating(Desk(first, event, clock), 1).seating
    for table in seats.tables:
        score = (400, 300 + table.table * 40)  # table 3 goes to b
        signed = builder.signers(first, event, 1, table.table)
        sheets.submit_sheet(
            Desk(first, event, clock), 1, table.table, final_score=score, signatures=signed
        )
    second = make_db("second")
    moved(first, event, second, clock)
    assert seating.seating(second, event, 2).to_json() == seating.seating(first, event, 2).to_json()
    with pytest.raises(UserError, match="the draw is already made"):
        draw.make_draw(Desk(second, event, clock), 1)  # nothing needs drawing again
    published = seating.publish_seating(Desk(second, event, clock), 2).seating
    assert (
        published.to_json()
        == seating.publish_seating(Desk(first, event, clock), 2).seating.to_json()
    )
    assert results.standings(second, event, 1) == results.standings(first, event, 1)


def test_a_grand_prix_exported_right_after_the_draw_seats_every_round_alike(make_db, clock) -> None:
    first = make_db("first")
    event = new_event(first, clock, "grand-prix-pinochle", 15, seed=8)
    second = make_db("second")
    moved(first, event, second, clock)
    assert draw.current_draw(second, event).draw == draw.current_draw(first, event).draw
    for number in range(1, 12):
        expected = seating.seating(first, event, number).to_json()
        assert seating.seating(second, event, number).to_json() == expected


def test_published_rounds_not_played_yet_come_along(make_db, clock) -> None:
    first = make_db("first")
    event = new_event(first, clock, "grand-prix-pinochle", 16, seed=3)
    seating.publish_seating(Desk(first, event, clock), 1)
    seating.publish_seating(Desk(first, event, clock), 2)
    second = make_db("second")
    moved(first, event, second, clock)
    assert draw.draw_overview(second, event).published_rounds == (1, 2)
    for number in (1, 2, 3):
        expected = seating.seating(first, event, number).to_json()
        assert seating.seating(second, event, number).to_json() == expected
    assert export_event(second, event) == export_event(first, event)


def test_an_amended_sheet_round_trips_as_an_amendment(make_db, clock) -> None:
    first = make_db("first")
    event = new_event(first, clock, "npa-club-pinochle", 12, seed=5)
    seating.publish_seating(Desk(first, event, clock), 1)
    for table in (1, 2, 3):
        sheets.submit_sheet(
            Desk(first, event, clock),
            1,
            table,
            final_score=(400, 300),
            signatures=builder.signers(first, event, 1, table),
        )
    clock.advance(minutes=5)
    sheets.amend_sheet(
        Desk(first, event, clock), 1, 2, score=(400, 450), director="Director Dee",
        reason="b's meld was left out",
    )  # fmt: skip
    exported = export_event(first, event)
    game = exported["rounds"][0]["games"][1]
    assert game["score"] == {"a": 400, "b": 450}
    assert game["adjustments"] == []
    assert game["amendments"] == [
        {
            "at": clock.now().isoformat(),
            "director": "Director Dee",
            "reason": "b's meld was left out",
            "before": {"score": {"a": 400, "b": 300}, "winner": None},
            "score": {"a": 400, "b": 450},
            "winner": None,
        }
    ]
    second = make_db("second")
    import_event(Desk(second, None, clock), exported)
    assert export_event(second, event) == exported
    with second.session() as session:  # the sheet as submitted, and the amendment beside it
        [row] = session.exec(select(Amendment)).all()
        assert (row.who, row.why) == ("Director Dee", "b's meld was left out")
    assert seating.seating(second, event, 2).to_json() == seating.seating(first, event, 2).to_json()

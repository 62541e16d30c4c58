"""Rounds: start one (its clock starts) and close one (every sheet is in).

Starting a round is starting its clock (``services/clock.py``): the round
before it must have ended, not closed, since the clock never waits for
paperwork.

The clock's state is stored, so a restart picks it up where real time says
it is (DESIGN.md, principle 3).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.clock import Clock
from clubdesk.errors import UserError
from clubdesk.services import audit
from clubdesk.services import clock as clock_service
from clubdesk.services.changes import Change, changes_field, writes
from clubdesk.store import Database, events
from clubdesk.store import seating as store
from clubdesk.store.seating import RoundRecord


@dataclass(frozen=True)
class RoundChanged:
    event_id: str
    round_number: int
    status: str
    at: dt.datetime
    changes: Change = changes_field()  # what the command that made it changed


@writes(Change.CLOCK)
def start_round(
    db: Database, event_id: str, round_number: int, clock: Clock, *, actor: str = "director"
) -> RoundChanged:
    """Start a published round: it is running and its clock starts now (the round before
    it has ended; its sheets may still be coming in)."""
    now = clock_service.reading(clock)
    with db.session() as session:
        events.get_event(session, event_id)  # the event exists
        clock_service.start_in(session, event_id, round_number, now, actor=actor)
    return RoundChanged(event_id, round_number, "running", now.at)


@writes(Change.CLOCK)
def close_round(
    db: Database, event_id: str, round_number: int, clock: Clock, *, actor: str = "director"
) -> RoundChanged:
    """Close a round once every table's sheet is in; its clock ends if it is still running
    (every table finished early)."""
    now = clock_service.reading(clock)
    with db.session() as session:
        found = round_record(session, event_id, round_number)
        if found.status == "closed":
            raise UserError(f"round: round {round_number} is already closed")
        missing = store.unsubmitted_tables(session, event_id, round_number)
        if missing:
            tables = ", ".join(str(t) for t in sorted(missing))
            raise UserError(f"round: round {round_number} still waits for tables {tables}")
        store.set_round_status(session, found.id, "closed")
        clock_service.end_in(session, event_id, round_number, now, actor=actor)
        audit.record(session, at=now.at, actor=actor, action="round.close", event_id=event_id,
                     details={"round": round_number})  # fmt: skip
    return RoundChanged(event_id, round_number, "closed", now.at)


def round_record(session: Session, event_id: str, number: int) -> RoundRecord:
    """A round whose seating is published, or UserError."""
    found = store.find_round(session, event_id, number)
    if found is None:
        raise UserError(f"round: round {number}'s seating is not published yet")
    return found

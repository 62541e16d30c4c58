"""Rounds: start one (its clock starts) and close one (every sheet is in).

The clock's state is stored, so a restart picks it up where real time says
it is (DESIGN.md, principle 3).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlmodel import Session, select

from clubdesk.clock import Clock
from clubdesk.errors import UserError
from clubdesk.services import audit
from clubdesk.services.changes import Change, changes_field, writes
from clubdesk.services.events import event_rules
from clubdesk.store import Database
from clubdesk.store.draws import round_row
from clubdesk.store.models import ClockState, Game, Round


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
    """Start a published round: it is running and its clock starts now."""
    event_rules(db, event_id)  # the event exists
    at = clock.now()
    with db.session() as session:
        row = published_round(session, event_id, round_number)
        if row.status != "pending":
            raise UserError(f"round: round {round_number} has already started")
        earlier = session.exec(
            select(Round).where(Round.event_id == event_id, Round.number < round_number)
        ).all()
        unfinished = [r.number for r in earlier if r.status != "closed"]
        if unfinished:
            raise UserError(f"round: close round {unfinished[-1]} before starting {round_number}")
        row.status = "running"
        session.add(row)
        clock = _clock(session, event_id, round_number)
        clock.started_at = at
        session.add(clock)
        audit.record(session, at=at, actor=actor, action="round.start", event_id=event_id,
                     details={"round": round_number})  # fmt: skip
    return RoundChanged(event_id, round_number, "running", at)


@writes(Change.CLOCK)
def close_round(
    db: Database, event_id: str, round_number: int, clock: Clock, *, actor: str = "director"
) -> RoundChanged:
    """Close a round once every table's sheet is in; its clock stops."""
    at = clock.now()
    with db.session() as session:
        row = published_round(session, event_id, round_number)
        if row.status == "closed":
            raise UserError(f"round: round {round_number} is already closed")
        missing = session.exec(
            select(Game.table_number).where(
                Game.round_id == row.id,
                Game.submitted_at == None,  # noqa: E711
            )
        ).all()
        if missing:
            tables = ", ".join(str(t) for t in sorted(missing))
            raise UserError(f"round: round {round_number} still waits for tables {tables}")
        row.status = "closed"
        session.add(row)
        clock = _clock(session, event_id, round_number)
        clock.ended_at = at
        session.add(clock)
        audit.record(session, at=at, actor=actor, action="round.close", event_id=event_id,
                     details={"round": round_number})  # fmt: skip
    return RoundChanged(event_id, round_number, "closed", at)


def published_round(session: Session, event_id: str, number: int) -> Round:
    """A round whose seating is published, or UserError."""
    row = round_row(session, event_id, number)
    if row is None:
        raise UserError(f"round: round {number}'s seating is not published yet")
    return row


def _clock(session: Session, event_id: str, number: int) -> ClockState:
    found = session.exec(
        select(ClockState).where(ClockState.event_id == event_id, ClockState.round_number == number)
    ).first()
    return found or ClockState(event_id=event_id, round_number=number)

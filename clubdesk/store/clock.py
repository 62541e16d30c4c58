"""The round clock's stored facts: when a round's clock started and when it ended.

The clock's state is stored (``clock_state``, one row per round) so that a
restart resumes it where real time says it is (DESIGN.md, principle 3).
Pauses, minutes added and the warning given are columns of the same row.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlmodel import Session, select

from clubdesk.store.models import ClockState


@dataclass(frozen=True)
class ClockRecord:
    """A round's clock as stored; ``started_at`` is None until the round starts."""

    event_id: str
    round_number: int
    started_at: dt.datetime | None = None
    paused_at: dt.datetime | None = None
    paused_seconds: float = 0.0
    extension_seconds: int = 0
    warned: bool = False
    ended_at: dt.datetime | None = None

    @property
    def started(self) -> bool:
        return self.started_at is not None


def clock_of(session: Session, event_id: str, round_number: int) -> ClockRecord | None:
    """Round ``round_number``'s clock, if it has one stored."""
    row = _row(session, event_id, round_number)
    return None if row is None else _record(row)


def start_clock(session: Session, event_id: str, round_number: int, at: dt.datetime) -> ClockRecord:
    """The round's clock starts at ``at``."""
    return _set(session, event_id, round_number, started_at=at)


def stop_clock(session: Session, event_id: str, round_number: int, at: dt.datetime) -> ClockRecord:
    """The round's clock ends at ``at`` (the round is closed)."""
    return _set(session, event_id, round_number, ended_at=at)


def _set(session: Session, event_id: str, round_number: int, **values: dt.datetime) -> ClockRecord:
    row = _row(session, event_id, round_number) or ClockState(
        event_id=event_id, round_number=round_number
    )
    for key, value in values.items():
        setattr(row, key, value)
    session.add(row)
    session.flush()
    return _record(row)


def _row(session: Session, event_id: str, round_number: int) -> ClockState | None:
    return session.exec(
        select(ClockState).where(
            ClockState.event_id == event_id, ClockState.round_number == round_number
        )
    ).first()


def _record(row: ClockState) -> ClockRecord:
    return ClockRecord(
        event_id=row.event_id,
        round_number=row.round_number,
        started_at=row.started_at,
        paused_at=row.paused_at,
        paused_seconds=row.paused_seconds,
        extension_seconds=row.extension_seconds,
        warned=row.warned,
        ended_at=row.ended_at,
    )

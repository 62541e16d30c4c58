"""The round clock's stored facts (``clock_fact``, one row per fact, in recorded order).

A restart rebuilds the clock from these rows, so it resumes where real time
says it is (docs/architecture.md, "Facts and results"); what the facts mean is
``domain/roundclock/``'s business. Rows are only ever added.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlmodel import Session

from clubdesk.domain.roundclock.state import ClockFact, Reading
from clubdesk.store.columns import read_time, time_text
from clubdesk.store.db import plain_cursor, plain_rows


@dataclass(frozen=True)
class ClockRecord:
    """When a round's clock started and ended, as its facts say (``started_at`` is None
    until the round starts)."""

    event_id: str
    round_number: int
    started_at: dt.datetime | None = None
    ended_at: dt.datetime | None = None

    @property
    def started(self) -> bool:
        return self.started_at is not None


def facts(session: Session, event_id: str) -> list[ClockFact]:
    """Every clock fact of the event, round by round, each round's in the order they were
    recorded (rounds follow one another, so this is the order they happened in). Plain
    rows: the window's clock reads them every second and after every change."""
    rows = plain_rows(
        session,
        "SELECT round_number, kind, at, monotonic, seconds, announcement FROM clock_fact "
        "WHERE event_id = ? ORDER BY round_number, id",
        (event_id,),
    )
    return [
        ClockFact(
            round=round_number,
            kind=kind,
            reading=Reading(read_time(at), monotonic),
            seconds=seconds,
            announcement=announcement,
        )
        for round_number, kind, at, monotonic, seconds, announcement in rows
    ]


def add_fact(session: Session, event_id: str, fact: ClockFact) -> None:
    """Record one fact in the session's transaction, after what it holds (plain SQL: the
    clock writes one at every start, pause, minute given and announcement)."""
    plain_cursor(session).execute(
        "INSERT INTO clock_fact (event_id, round_number, kind, at, monotonic, seconds, "
        "announcement) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            event_id, fact.round, fact.kind, time_text(fact.reading.at),
            fact.reading.monotonic, fact.seconds, fact.announcement,
        ),
    )  # fmt: skip


def clock_of(session: Session, event_id: str, round_number: int) -> ClockRecord | None:
    """Round ``round_number``'s clock, if it has started."""
    found = {
        kind: read_time(at)
        for kind, at in plain_rows(
            session,
            "SELECT kind, at FROM clock_fact WHERE event_id = ? AND round_number = ? "
            "AND kind IN ('start', 'end') ORDER BY id",
            (event_id, round_number),
        )
    }
    if "start" not in found:
        return None
    return ClockRecord(event_id, round_number, found["start"], found.get("end"))

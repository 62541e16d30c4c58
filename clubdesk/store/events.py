"""The event row: what an event is (name, date, venue, its rules snapshot, its settings).

This module is the one reader and writer of ``event`` rows; the services see
``EventRecord`` values. An event replaced by an imported event file is kept,
archived under a new id, with every row that names it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Table, insert, update
from sqlmodel import Session, select

from clubdesk.errors import UserError
from clubdesk.store.audit import add_entry
from clubdesk.store.columns import read_date, read_json, read_time
from clubdesk.store.db import plain_rows
from clubdesk.store.models import Event, EventArchive

EVENT_ID_MAX = 60
CHANGEABLE = ("name", "date", "venue", "settings")


@dataclass(frozen=True)
class EventRecord:
    """An event as stored: ``rules_text`` is the snapshot of its rules file ("" if none)."""

    id: str
    name: str
    date: dt.date
    venue: str
    rules_id: str
    rules_text: str
    settings: dict[str, Any] = field(hash=False)
    created_at: dt.datetime


def find_event(session: Session, event_id: str) -> EventRecord | None:
    """The event ``event_id`` (None: no such event). Read as a plain row: commands and
    pages look their event up many times, and the ORM's object took most of each look."""
    rows = plain_rows(session, f"SELECT {_COLUMNS} FROM event WHERE id = ?", (event_id,))
    return _record(*rows[0]) if rows else None


def get_event(session: Session, event_id: str) -> EventRecord:
    """The event, or UserError naming the id."""
    found = find_event(session, event_id)
    if found is None:
        raise UserError(f"event: there is no event with id {event_id!r}", field="event")
    return found


def event_exists(session: Session, event_id: str) -> bool:
    return bool(plain_rows(session, "SELECT 1 FROM event WHERE id = ?", (event_id,)))


def current_events(session: Session) -> list[EventRecord]:
    """The events not archived, the latest first (by date, then id)."""
    rows = plain_rows(
        session,
        f"SELECT {_COLUMNS} FROM event WHERE id NOT IN (SELECT event_id FROM event_archive) "
        "ORDER BY date DESC, id",
    )
    return [_record(*row) for row in rows]


def current_event_ids(session: Session) -> list[str]:
    """The ids of the events not archived, the latest first (by date, then id)."""
    return [event.id for event in current_events(session)]


def add_event(
    session: Session,
    *,
    event_id: str,
    name: str,
    date: dt.date,
    venue: str,
    rules_id: str,
    rules_text: str,
    settings: Mapping[str, Any],
    created_at: dt.datetime,
) -> EventRecord:
    """Store a new event (the caller has checked the id is free)."""
    row = Event(
        id=event_id,
        name=name,
        date=date,
        venue=venue,
        rules_id=rules_id,
        rules_text=rules_text,
        settings=dict(settings),
        created_at=created_at,
    )
    session.add(row)
    return get_event(session, event_id)  # as written (the reading flushes the session first)


def update_event(session: Session, event_id: str, values: Mapping[str, Any]) -> EventRecord:
    """Change an event's name, date, venue or settings (``settings`` replaces them all)."""
    unknown = set(values) - set(CHANGEABLE)
    if unknown:
        raise ValueError(f"an event's {', '.join(sorted(unknown))} cannot be changed")
    row = session.get(Event, event_id)
    if row is None:
        raise UserError(f"event: there is no event with id {event_id!r}", field="event")
    for key, value in values.items():
        setattr(row, key, dict(value) if key == "settings" else value)
    session.add(row)
    return get_event(session, event_id)


# --- archiving ------------------------------------------------------------------------------


def archived_as(session: Session, event_id: str) -> str | None:
    """The id an archived event had before it was replaced (None: not archived)."""
    return session.exec(
        select(EventArchive.original_id).where(EventArchive.event_id == event_id)
    ).first()


def archive_event(
    session: Session, event_id: str, at: dt.datetime, reason: str, *, actor: str = "director"
) -> str:
    """Keep an event out of the way under a new id (``gp-2011--replaced-1``); returns the id.

    Every row that names the event by id (entrants, players, rounds, money,
    draws, the clock: found from the schema's foreign keys, so tables added
    later follow too) is updated to the new id; nothing is deleted. Score
    sheets hang off rounds and games, whose ids do not change, so submitted
    sheets are not touched. The audit log keeps the ids it was written with.
    The audit row ``event.archive`` (the new id, the original, why) is written first: the
    database lets a row change event only just after it (migration step 14).
    """
    if not event_exists(session, event_id):
        raise UserError(f"event: there is no event with id {event_id!r}", field="event")
    session.flush()
    conn = session.connection()
    new_id = _archive_id(session, event_id)
    add_entry(session, at=at, actor=actor, action="event.archive", event_id=new_id,
              details={"original_id": event_id, "reason": reason})  # fmt: skip
    session.flush()
    # The event's key changes under rows that point at it: check the links at commit.
    conn.exec_driver_sql("PRAGMA defer_foreign_keys = ON")
    conn.execute(update(_table(Event)).where(_table(Event).c.id == event_id).values(id=new_id))
    for table, column in _tables_naming_events(conn):
        conn.exec_driver_sql(
            f'UPDATE "{table}" SET "{column}" = ? WHERE "{column}" = ?', (new_id, event_id)
        )
    conn.execute(
        insert(_table(EventArchive)).values(
            event_id=new_id, original_id=event_id, archived_at=at, reason=reason
        )
    )
    return new_id


def _archive_id(session: Session, event_id: str) -> str:
    n = 1
    while True:
        suffix = f"--replaced-{n}"
        candidate = event_id[: EVENT_ID_MAX - len(suffix)] + suffix
        if not event_exists(session, candidate):
            return candidate
        n += 1


def _tables_naming_events(conn: Connection) -> list[tuple[str, str]]:
    """(table, column) for every foreign key to ``event.id``."""
    tables = conn.exec_driver_sql(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).scalars()
    found = []
    for table in list(tables):
        for key in conn.exec_driver_sql(f'PRAGMA foreign_key_list("{table}")').mappings():
            if key["table"] == "event" and key["to"] in ("id", None):
                found.append((table, key["from"]))
    return found


def _table(model: type[Event] | type[EventArchive]) -> Table:
    return model.__table__  # type: ignore[attr-defined]


_COLUMNS = "id, name, date, venue, rules_id, rules_text, settings, created_at"  # as _record


def _record(
    id_: str,
    name: str,
    date: str,
    venue: str,
    rules_id: str,
    rules_text: str,
    settings: str,
    created_at: str,
) -> EventRecord:
    """An event from its row's columns as SQLite holds them (``_COLUMNS``)."""
    return EventRecord(
        id=id_,
        name=name,
        date=read_date(date),
        venue=venue,
        rules_id=rules_id,
        rules_text=rules_text,
        settings=read_json(settings),
        created_at=read_time(created_at),
    )

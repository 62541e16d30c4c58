"""The audit log's rows: who did what and when, never changed or deleted."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from clubdesk.store.columns import json_text, time_text
from clubdesk.store.db import plain_cursor
from clubdesk.store.models import AuditLog


@dataclass(frozen=True)
class AuditEntry:
    at: dt.datetime
    actor: str
    action: str
    event_id: str | None
    details: dict[str, Any]


def add_entry(
    session: Session,
    *,
    at: dt.datetime,
    actor: str,
    action: str,
    event_id: str | None,
    details: dict[str, Any],
) -> None:
    """Write one audit row in the session's transaction, after what the session holds: the
    row a guarded change must come just after (the database looks at the latest row). Plain
    SQL: every command writes one, and SQLAlchemy's unit of work cost more than SQLite."""
    plain_cursor(session).execute(
        "INSERT INTO audit_log (at, actor, action, event_id, details) VALUES (?, ?, ?, ?, ?)",
        (time_text(at), actor, action, event_id, json_text(details)),
    )


def entries(session: Session, event_id: str | None = None) -> list[AuditEntry]:
    """The log in the order it was written, for one event or for the whole file."""
    query = select(AuditLog).order_by(col(AuditLog.id))
    if event_id is not None:
        query = query.where(AuditLog.event_id == event_id)
    return [
        AuditEntry(row.at, row.actor, row.action, row.event_id, row.details)
        for row in session.exec(query)
    ]

"""The audit log's rows: who did what and when, never changed or deleted."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

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
    """Add one audit row to the session's transaction."""
    session.add(AuditLog(at=at, actor=actor, action=action, event_id=event_id, details=details))


def entries(session: Session, event_id: str | None = None) -> list[AuditEntry]:
    """The log in the order it was written, for one event or for the whole file."""
    query = select(AuditLog).order_by(col(AuditLog.id))
    if event_id is not None:
        query = query.where(AuditLog.event_id == event_id)
    return [
        AuditEntry(row.at, row.actor, row.action, row.event_id, row.details)
        for row in session.exec(query)
    ]

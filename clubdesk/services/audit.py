"""The audit log: one row per user action, written in that action's transaction."""

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, select

from clubdesk.store import Database
from clubdesk.store.models import AuditLog


@dataclass(frozen=True)
class AuditEntry:
    at: dt.datetime
    actor: str
    action: str
    event_id: str | None
    details: dict[str, Any]


def record(
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


def list_audit(db: Database, event_id: str | None = None) -> list[AuditEntry]:
    """The log in the order it was written, for one event or for the whole file."""
    query = select(AuditLog).order_by(AuditLog.id)
    if event_id is not None:
        query = query.where(AuditLog.event_id == event_id)
    with db.session() as session:
        return [
            AuditEntry(row.at, row.actor, row.action, row.event_id, row.details)
            for row in session.exec(query)
        ]

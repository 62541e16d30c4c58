"""The audit log: one row per user action, written in that action's transaction."""

import datetime as dt
from typing import Any

from sqlmodel import Session

from clubdesk.store import Database
from clubdesk.store import audit as store
from clubdesk.store.audit import AuditEntry

__all__ = ["AuditEntry", "list_audit", "record"]


def record(
    session: Session,
    *,
    at: dt.datetime,
    actor: str,
    action: str,
    event_id: str | None,
    details: dict[str, Any],
) -> None:
    """Add one audit row to the session's transaction (the action's own)."""
    store.add_entry(session, at=at, actor=actor, action=action, event_id=event_id, details=details)


def list_audit(db: Database, event_id: str | None = None) -> list[AuditEntry]:
    """The log in the order it was written, for one event or for the whole file."""
    with db.session() as session:
        return store.entries(session, event_id)

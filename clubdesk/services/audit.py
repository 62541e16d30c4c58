"""The audit log: one row per user action, written in that action's transaction."""

from clubdesk.store import audit as store
from clubdesk.store.audit import AuditEntry
from clubdesk.store.db import Database

__all__ = ["list_audit", "record"]


record = store.add_entry
"""Add one audit row to the session's transaction (the action's own)."""


def list_audit(db: Database, event_id: str | None = None) -> list[AuditEntry]:
    """The log in the order it was written, for one event or for the whole file."""
    with db.session() as session:
        return store.entries(session, event_id)

"""The event database: SQLite through SQLModel, with migrations, locks and backups."""

from clubdesk.store.db import Database, open_database
from clubdesk.store.errors import DatabaseError, RecordLockedError
from clubdesk.store.migrations import APPLICATION_ID, SCHEMA_VERSION

__all__ = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "Database",
    "DatabaseError",
    "RecordLockedError",
    "open_database",
]

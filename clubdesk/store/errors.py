"""The errors the store raises, each one plain sentence for a director.

A trigger of the migrations (``migrations/NNNN.sql``) refuses a change with a message,
which ``db.py`` raises as a RecordLockedError. The messages named in the code are here,
each word for word as the step files raise it (tests/store/test_migration_files.py).
"""

import sqlite3

from clubdesk.errors import UserError

# step 1: a submitted sheet's game row, seats, hands, adjustments and signatures
SHEET_LOCKED = "A submitted score sheet is final; record an amendment instead."
# steps 6, 8, 9, 11, 13, 16: a kept row taken over by REPLACE, or moved onto another's key
OVERWRITE_REFUSED = "A row clubdesk keeps cannot be overwritten."
# step 8: finalized payouts and their prizes
PAYOUTS_FINAL = (
    "The payouts are final; the director reopens them (name and reason) before they change."
)


class DatabaseError(UserError):
    """A database file that cannot be used: damaged, foreign, newer, read-only or in use."""


class RecordLockedError(UserError):
    """A change the database refuses: a submitted sheet edited, or a kept row deleted."""


def changed_message(path: object, reason: str) -> str:
    """The one line that says a file was changed outside clubdesk, and what to do."""
    return (
        f"{path} was changed outside clubdesk ({reason}); clubdesk reads it but will not "
        "write to it, back it up or restore it. Restore it from a backup."
    )


class ChangedOutsideError(DatabaseError):
    """A file changed outside clubdesk (``store/integrity.py``): read, never written."""

    def __init__(self, path: object, reason: str) -> None:
        super().__init__(changed_message(path, reason))
        self.path = path
        self.changed = reason


class UnreadableError(DatabaseError):
    """A stored value that does not read (``columns.UnreadableValue``), its row named: the
    file was changed outside clubdesk, and what cannot be read is not shown."""

    def __init__(self, path: object, where: str) -> None:
        super().__init__(
            f"{path} was changed outside clubdesk ({where}); clubdesk cannot read it. "
            "Restore it from a backup."
        )


def error_name(error: sqlite3.Error) -> str:
    """SQLite's name for what went wrong."""
    return getattr(error, "sqlite_errorname", "")  # e.g. "SQLITE_CORRUPT"


def reason(exc: BaseException) -> str:
    """What an OS or SQLite error says, as words to end a sentence with."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc)

"""The errors the store raises, each one plain sentence for a director."""

from clubdesk.errors import UserError


class DatabaseError(UserError):
    """A database file that cannot be used: damaged, foreign, newer, read-only or in use."""


class RecordLockedError(UserError):
    """A change the database refuses: a submitted sheet edited, or a kept row deleted."""


class ChangedOutsideError(DatabaseError):
    """A file changed outside clubdesk (``store/integrity.py``): read, never written."""

    def __init__(self, path: object, reason: str) -> None:
        from clubdesk.store.integrity import changed_message

        super().__init__(changed_message(path, reason))
        self.path = path
        self.changed = reason

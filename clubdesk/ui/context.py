"""What every page is built from: the open database, the current event, the clock, and
the one signal that says what changed.

The window makes one ``UiContext`` and hands it to each page. A page calls the
services through ``clubdesk.ui.operations`` (which publishes what a command
changed) and listens to ``changed`` to read again what it shows. Opening
another database or event is published as ``Change.everything()``; a page
compares ``event_id`` with the event it shows to know that it is a new one.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QThreadPool, Signal

from clubdesk.services.changes import Change
from clubdesk.store.db import Database
from clubdesk.timesource import TimeSource


class UiContext(QObject):
    """The database, the current event, the clock and ``changed(Change)`` for one window."""

    changed = Signal(object)  # a Change

    def __init__(
        self,
        db: Database | None,
        clock: TimeSource,
        event_id: str | None = None,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self._db = db
        self._event_id = event_id if db is not None else None
        self.clock = clock
        self.workers = QThreadPool(self)  # slow commands run here (operations.run_in_background)
        self.workers.setMaxThreadCount(1)  # one write at a time, in the order asked

    @property
    def db(self) -> Database | None:
        return self._db

    @property
    def event_id(self) -> str | None:
        """The event the pages show (None: no event is open)."""
        return self._event_id

    def open(self, db: Database | None, event_id: str | None) -> None:
        """Show another database and/or event; every page reads everything again."""
        self._db = db
        self._event_id = event_id if db is not None else None
        self.publish(Change.everything())

    def open_event(self, event_id: str | None) -> None:
        """Show another event of the same database."""
        self.open(self._db, event_id)

    def publish(self, change: Change) -> None:
        """Tell every page what a command changed (nothing is sent for ``Change.NONE``)."""
        if change:
            self.changed.emit(change)

    def wait_for_workers(self) -> None:
        """Let slow work that is under way finish (before the database is closed)."""
        self.workers.waitForDone()

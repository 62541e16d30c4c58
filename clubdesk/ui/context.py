"""What every page is built from: the open database, the current event, the clock, and
the one signal that says what changed.

The window makes one ``UiContext`` and hands it to each page. A page calls the
services through ``clubdesk.ui.operations`` (which publishes what a command
changed) and follows ``changed`` to read again what it shows. Opening
another database or event is published as ``Change.everything()``; a page
compares ``event_id`` with the event it shows to know that it is a new one.

A page follows the changes with ``follow_changes``: while it is on show its handler
runs at once; while it is hidden the changes are merged and handled once, when it is
next shown, so that only what shows does any work (docs/architecture.md, "The window").
A page that published a change and already shows its result names itself
(``publish(change, shown_by=page)``) and is not told of it. A page whose reading is long on
the largest field reads off the window's thread (``ui/off_thread.py``) and names its reads
to ``follow_changes``: code that reads the page (``catch_up``) finds them finished.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QThreadPool, Signal
from PySide6.QtWidgets import QWidget

from clubdesk.services.changes import Change
from clubdesk.timesource import TimeSource
from clubdesk.ui.pin import PinMemory

if TYPE_CHECKING:
    from clubdesk.services.command import Desk
    from clubdesk.store.db import Database
    from clubdesk.ui.off_thread import LatestRead


def database_key(name: str, path: Path) -> str:
    """``name/DIGEST``: a settings key of the database file at ``path`` alone (its path's
    digest: a path's slashes would make groups of it)."""
    return f"{name}/{hashlib.sha1(str(path).encode('utf-8')).hexdigest()[:16]}"


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
        self.readers = QThreadPool(self)  # reads off the window's thread (ui/off_thread.py)
        self.readers.setMaxThreadCount(1)
        self.shown_by: QWidget | None = None  # the page that shows the change being published
        self.from_server = False  # the change being published came from the tables' server
        self.pins = PinMemory(clock)  # the director's PIN, for a few minutes (ui/pin.py)

    @property
    def db(self) -> Database | None:
        return self._db

    @property
    def event_id(self) -> str | None:
        """The event the pages show (None: no event is open)."""
        return self._event_id

    def open(self, db: Database | None, event_id: str | None) -> None:
        """Show another database and/or event; every page reads everything again (the
        director's PIN remembered for one database is not given to another)."""
        if db is not self._db:
            self.pins.forget()
        self._db = db
        self._event_id = event_id if db is not None else None
        self.publish(Change.everything())

    @property
    def desk(self) -> Desk:
        """Where the window's acts come from: its database, the event on show, its clock, the
        director acting, the director's PIN the window remembers (``services/command.py``)."""
        if self._db is None:
            raise RuntimeError("no database is open")
        return self.desk_for(self._db, self._event_id)

    def desk_for(self, db: Database, event_id: str | None) -> Desk:
        """The window's desk on ``db`` and ``event_id`` (the ones a page read its view from):
        its clock, the director acting, the PIN it remembers, looked up as each act runs."""
        from clubdesk.services.command import Desk  # the store loads after the window shows

        return Desk(db, event_id, self.clock, keeper=self.pins)

    def open_event(self, event_id: str | None) -> None:
        """Show another event of the same database."""
        self.open(self._db, event_id)

    def publish(
        self, change: Change, *, shown_by: QWidget | None = None, from_server: bool = False
    ) -> None:
        """Tell every page what a command changed (nothing is sent for ``Change.NONE``);
        ``shown_by``: the page that already shows the result, which is not told;
        ``from_server``: what the tables' server changed (``ui/tables_dialog.py``), which the
        clock's watch reads off the window's thread."""
        if not change:
            return
        self.shown_by, self.from_server = shown_by, from_server
        try:
            self.changed.emit(change)
        finally:
            self.shown_by, self.from_server = None, False

    def wait_for_workers(self) -> None:
        """Let slow work and reads that are under way finish (before the database is
        closed)."""
        self.workers.waitForDone()
        self.readers.waitForDone()


class ChangeFollower(QObject):
    """Hands a page's handler the changes it reads: at once while the page is on show,
    else merged into one, when the page is next shown."""

    def __init__(
        self,
        context: UiContext,
        page: QWidget,
        handler: Callable[[Change], None],
        reads: Change,
        off_thread: LatestRead | None = None,
    ):
        super().__init__(page)
        self._context = context
        self._page = page
        self._handler = handler
        self._reads = reads
        self._off_thread = off_thread
        self.missed = Change.NONE  # changes made while the page was hidden
        context.changed.connect(self._changed)
        page.installEventFilter(self)

    def _changed(self, change: Change) -> None:
        if not change & self._reads or self._context.shown_by is self._page:
            return
        if self._page.isVisible():
            self._handler(change)
        else:
            self.missed |= change

    def catch_up(self) -> None:
        """Handle now, in one, what the page missed while it was hidden, and finish what it
        reads off the window's thread: the page is up to date when this returns."""
        self._handle_missed()
        if self._off_thread is not None:
            self._off_thread.finish()

    def _handle_missed(self) -> None:
        if self.missed:
            missed, self.missed = self.missed, Change.NONE
            self._handler(missed)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Show:
            self._handle_missed()  # its reads off the window's thread shown when read
        return False


def follow_changes(
    context: UiContext,
    page: QWidget,
    handler: Callable[[Change], None],
    reads: Change | None = None,
    off_thread: LatestRead | None = None,
) -> ChangeFollower:
    """Have ``handler(change)`` run for the changes of ``reads`` where ``page`` shows them:
    now while it is on show, once when it is next shown while it is hidden (``reads``: every
    change unless named); ``off_thread``: where the handler reads off the window's thread."""
    followed = Change.everything() if reads is None else reads
    return ChangeFollower(context, page, handler, followed, off_thread)


def catch_up(page: QWidget) -> None:
    """Bring a hidden page (and its parts) up to date now, for code that reads it unseen."""
    for follower in page.findChildren(ChangeFollower):
        follower.catch_up()

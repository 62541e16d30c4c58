"""Backups from the window: snapshots at round boundaries and on closing, File > Back up
now… (one file anywhere, e.g. a USB stick) and File > Restore… (a list of snapshots).

``Snapshots`` watches the window's ``changed`` signal: when a round's status moves
(started, closed) it writes a snapshot through ``services.snapshots``. The number kept
per event is the ``backups/keep`` setting (default 30). The window is reached only through
``BackupHost``, what the backups use of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QLineEdit,
    QMessageBox,
    QStatusBar,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.errors import UserError
from clubdesk.services import restore
from clubdesk.services import snapshots as snapshot_service
from clubdesk.services.changes import Change
from clubdesk.services.pin import confirm_pin
from clubdesk.services.snapshots import Snapshot
from clubdesk.store.db import Database
from clubdesk.store.errors import DatabaseError
from clubdesk.timesource import TimeSource
from clubdesk.ui.context import UiContext
from clubdesk.ui.operations import run_command
from clubdesk.ui.style import set_invalid
from clubdesk.ui.widgets.form_dialog import FormDialog

KEEP_SETTING = "backups/keep"
BACKUP_FILTER = "clubdesk databases (*.sqlite);;All files (*)"


class BackupHost(Protocol):
    """What the backups use of the window (the main window): its context, its database, a
    line in its status bar, and the database closed and opened again around a restore."""

    context: UiContext

    @property
    def database(self) -> Database: ...

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)

    def close_database(self) -> Path: ...

    def reopen_database(self, path: Path) -> None: ...


class Snapshots(QObject):
    """The window's snapshots: taken by themselves at round boundaries, and on request;
    ``parent`` is the window's widget, over which the dialogs open."""

    def __init__(self, window: BackupHost, settings: QSettings, parent: QWidget):
        super().__init__(parent)
        self._window = window
        self._parent = parent
        self._settings = settings
        self._seen = self._states()
        self._restoring = False  # a restored file's rounds moved back: no round boundary
        window.context.changed.connect(self._changed)

    def keep(self) -> int:
        """How many snapshots are kept per event (the ``backups/keep`` setting)."""
        try:
            value = int(self._settings.value(KEEP_SETTING, snapshot_service.DEFAULT_KEEP))
        except (TypeError, ValueError):
            return snapshot_service.DEFAULT_KEEP
        return max(1, value)

    def take(self, reason: str) -> Snapshot | None:
        """A snapshot of the open database filed under the current event (none without
        one); a failure is shown in the status bar and does not stop the night."""
        context = self._window.context
        if context.db is None or context.event_id is None or context.db.closed:
            return None
        try:
            return snapshot_service.take_snapshot(
                context.db, context.event_id, reason, context.clock, keep=self.keep()
            )
        except (DatabaseError, UserError, OSError) as exc:
            self._window.statusBar().showMessage(f"Snapshot not taken: {exc}", 15000)
            return None

    def _states(self) -> tuple[tuple[object, str | None], dict[int, str]]:
        """Which database and event are on screen, and their rounds' statuses."""
        context = self._window.context
        shown = (context.db.path if context.db is not None else None, context.event_id)
        if context.db is None or context.event_id is None:
            return (shown, {})
        return (shown, snapshot_service.round_states(context.db, context.event_id))

    def _changed(self, change: Change) -> None:
        if not change & Change.CLOCK:
            return
        before_shown, before = self._seen
        self._seen = self._states()
        shown, now = self._seen
        if self._restoring or shown[1] is None or shown != before_shown or now == before:
            return  # another event or database on screen: nothing happened to a round
        moved = {now[n] for n in now if before.get(n, "pending") != now[n]}
        if moved:
            self.take("close" if "closed" in moved else "start")

    # File > Back up now…

    def back_up_now(self) -> None:
        """Ask for a file and write the database's online backup there."""
        db = self._window.database
        start = str(db.path.with_name(f"{db.path.stem}-backup.sqlite"))
        chosen, _ = QFileDialog.getSaveFileName(self._parent, "Back up now", start, BACKUP_FILTER)
        if not chosen:
            return
        try:  # the file dialog has asked before replacing a file
            written = db.backup_to(chosen, force=True)
        except DatabaseError as exc:
            QMessageBox.warning(self._parent, "Back up now", str(exc))
            return
        self._window.statusBar().showMessage(f"Backed up to {written}", 15000)

    # File > Restore…

    def restore(self) -> None:
        """Choose a snapshot, confirm, and put it in place of the open database."""
        chosen = RestoreDialog(snapshot_service.list_snapshots(), self._parent).choose()
        if chosen is None:
            return
        answer = QMessageBox.question(
            self._parent,
            "Restore",
            f"Replace the open database with this snapshot?\n\n"
            f"{snapshot_service.event_name(chosen)}: "
            f"{chosen.describe()}\n\nWhat is in it now is kept as a snapshot first.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        context = self._window.context
        if run_command(context, lambda: confirm_pin(context.desk), parent=self._parent,
                       title="Restore") is None:  # fmt: skip
            return  # the director's PIN, asked for before the database is closed
        event_id, clock, pin = context.event_id, context.clock, context.pins.given()
        path = self._window.close_database()
        try:
            snapshot_service.restore_snapshot(
                chosen.path, path, event_id, clock, keep=self.keep(), pin=pin
            )
        except (DatabaseError, UserError, OSError) as exc:
            QMessageBox.warning(self._parent, "Restore", str(exc))
        else:
            self._window.statusBar().showMessage(f"Restored {chosen.describe()}", 15000)
        finally:
            self._restoring = True
            try:
                self._window.reopen_database(path)
            finally:
                self._restoring = False
            self._seen = self._states()


class RestoreDialog(FormDialog):
    """The snapshots by event, round and time, the newest first; one is chosen."""

    def __init__(self, snapshots: list[Snapshot], parent: QWidget | None = None):
        text = "Choose a snapshot to put in place of the open database."
        lead = text if snapshots else "There are no snapshots yet."
        super().__init__("Restore a snapshot", parent, lead=lead, ok_text="Restore…")
        self.resize(720, 420)
        self._snapshots = snapshots
        self.list = QTreeWidget()
        self.list.setRootIsDecorated(False)
        self.list.setHeaderLabels(["Event", "Round", "Taken at", "Why"])
        self.list.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.list.header().setStretchLastSection(True)
        for snapshot in snapshots:
            round_text = str(snapshot.round_number) if snapshot.round_number else "before 1"
            taken = snapshot.taken_at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
            reason = snapshot.describe().rsplit(" · ", 1)[-1]
            name = snapshot_service.event_name(snapshot)
            QTreeWidgetItem(self.list, [name, round_text, taken, reason])
        if snapshots:
            self.list.setCurrentItem(self.list.topLevelItem(0))
        self.list.itemDoubleClicked.connect(self.accept)
        self.extra.addWidget(self.list)
        self.ok_button.setEnabled(bool(snapshots))
        self.list.setFocus()

    def selected(self) -> Snapshot | None:
        """The snapshot on the highlighted row."""
        row = self.list.indexOfTopLevelItem(self.list.currentItem())
        return self._snapshots[row] if 0 <= row < len(self._snapshots) else None

    def choose(self) -> Snapshot | None:
        """Show the dialog; the snapshot chosen, or None."""
        if self.exec() != QDialog.DialogCode.Accepted:
            return None
        return self.selected()


class AcceptDialog(FormDialog):
    """A database sealed on another laptop, as it opens: the director accepts it (their name
    is logged and the file sealed here), or it opens to read only."""

    def __init__(self, path: Path, clock: TimeSource, parent: QWidget | None = None):
        super().__init__(
            "Sealed on another laptop",
            parent,
            lead=(
                f"{path} was sealed on another laptop: a copy brought over, or a backup "
                "from another machine. clubdesk reads it as it is; to write to it here, the "
                "director accepts it, and their name is logged."
            ),
            ok_text="Accept and open",
            width=520,
        )
        self.director = QLineEdit()
        self.director.setAccessibleName("Director")
        self.form.addRow("Director:", self.director)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Open to read only")
        self._path, self._clock = path, clock

    def check(self) -> bool:
        try:
            restore.accept_file(self._path, self.director.text(), self._clock)
        except UserError as exc:
            set_invalid(self.director, exc.field == "director")
            self.fail(plain_words(exc))
            return False
        return True

"""Importing a roster file: every row as it will be read, and only a clean file imported.

The import itself runs off the window's thread (``operations.run_in_background``)
with a busy bar; what it changed is published when it is done.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import UserError
from clubdesk.services import entrants as entrants_service
from clubdesk.services import roster_csv
from clubdesk.services.command import Desk
from clubdesk.services.entrants import EntrantInfo
from clubdesk.services.roster_csv import RosterImported, RosterPreview
from clubdesk.ui.context import UiContext
from clubdesk.ui.operations import BackgroundCommand, run_in_background
from clubdesk.ui.players.entry import plural, readable
from clubdesk.ui.players.model import RosterPreviewModel
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import PushButton

ROSTER_FILTER = "Spreadsheet (CSV) files (*.csv *.txt);;All files (*)"


class RosterImportDialog(QDialog):
    """Choose a roster file, see every row as it will be read, import only a clean file."""

    def __init__(self, context: UiContext, event_id: str, parent: QWidget | None = None):
        super().__init__(parent)
        self._context = context
        self._db = context.db
        self._event_id = event_id
        self._clock = context.clock
        self.command: BackgroundCommand | None = None
        self._path: Path | None = None
        self.preview: RosterPreview | None = None
        self.imported: list[EntrantInfo] = []
        readable(self)
        self.setWindowTitle("Import roster")
        self.resize(1000, 640)

        self.path_edit = QLineEdit()
        self.path_edit.setReadOnly(True)
        self.path_edit.setPlaceholderText("No file chosen")
        self.choose_button = PushButton("&Choose file…")
        self.reload_button = PushButton("Re&load")
        self.reload_button.setToolTip("Read the file again after fixing it")
        self.reload_button.setEnabled(False)
        file_row = QHBoxLayout()
        file_row.addWidget(self.path_edit, 1)
        file_row.addWidget(self.choose_button)
        file_row.addWidget(self.reload_button)

        self.hint = set_role(QLabel(), "hint")
        self.hint.setWordWrap(True)
        self.file_problems = set_role(QLabel(), "error")
        self.file_problems.setWordWrap(True)
        self.file_problems.hide()
        self.model = RosterPreviewModel(self)
        self.table = QTableView()
        self.table.setAccessibleName("Roster preview")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(RosterPreviewModel.PROBLEMS, QHeaderView.ResizeMode.Stretch)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(12)
        self.progress.hide()

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = PushButton("&Import")
        self.buttons.addButton(self.import_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setEnabled(False)
        self.buttons.rejected.connect(self.reject)
        self.import_button.clicked.connect(self.import_rows)
        self.choose_button.clicked.connect(self.choose_file)
        self.reload_button.clicked.connect(self.reload)

        layout = QVBoxLayout(self)
        layout.setSpacing(10)
        layout.addLayout(file_row)
        layout.addWidget(self.hint)
        layout.addWidget(self.file_problems)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)
        layout.addWidget(self.progress)
        layout.addWidget(self.buttons)
        self._set_hint()

    def _set_hint(self) -> None:
        try:
            team = entrants_service.registration_setup(self._db, self._event_id).team
        except UserError:
            team = False
        columns = "name, partner, paid" if team else "name, paid"
        self.hint.setText(
            f"A CSV file whose first line names the columns: {columns}. "
            "Paid is in dollars (50, 50.00 or $50), empty for nothing paid."
        )

    def choose_file(self) -> None:
        start = str(self._path.parent) if self._path else str(Path.home())
        chosen, _ = QFileDialog.getOpenFileName(self, "Choose a roster", start, ROSTER_FILTER)
        if chosen:
            self.load_file(Path(chosen))

    def reload(self) -> None:
        if self._path is not None:
            self.load_file(self._path)

    def load_file(self, path: Path | str) -> None:
        self._path = Path(path)
        self.path_edit.setText(str(self._path))
        self.reload_button.setEnabled(True)
        try:
            text = roster_csv.read_roster_file(self._path)
        except UserError as exc:
            self._show(None, [str(exc)])
            return
        self.load_text(text)

    def load_text(self, text: str) -> None:
        try:
            preview = roster_csv.preview_roster(self._db, self._event_id, text)
        except UserError as exc:
            self._show(None, [str(exc)])
            return
        self._show(preview, list(preview.problems))

    def _show(self, preview: RosterPreview | None, file_problems: list[str]) -> None:
        self.preview = preview
        self.model.set_preview(preview)
        self.file_problems.setText("\n".join(file_problems))
        self.file_problems.setVisible(bool(file_problems))
        ok = preview is not None and preview.ok
        self.import_button.setEnabled(ok)
        if preview is None or file_problems:
            self.status.setText("Nothing can be imported until the file is fixed.")
            set_role(self.status, "error")
        elif ok:
            count = len(preview.rows)
            self.import_button.setText(f"&Import {plural(count, 'entrant')}")
            self.status.setText(f"{plural(count, 'row')} ready to import.")
            set_role(self.status, "done")
        else:
            bad = [row for row in preview.rows if row.problems]
            lines = ", ".join(str(row.line) for row in bad[:8]) + (", …" if len(bad) > 8 else "")
            self.status.setText(
                f"{plural(len(bad), 'row')} with problems (line{'s' if len(bad) > 1 else ''} "
                f"{lines}): fix the file and reload it. Nothing is imported until every row is "
                "right."
            )
            set_role(self.status, "error")
        if preview is not None and preview.rows:
            team = preview.team
            self.table.setColumnHidden(RosterPreviewModel.PARTNER, not team)

    def import_rows(self) -> None:
        """Import the previewed rows off the window's thread; the dialog closes when done."""
        if self.preview is None or not self.preview.ok or self.busy():
            return
        db, event_id, preview, clock = self._db, self._event_id, self.preview, self._clock
        for widget in (self.import_button, self.choose_button, self.reload_button):
            widget.setEnabled(False)
        self.status.setText(f"Importing {plural(len(preview.rows), 'entrant')}…")
        set_role(self.status, "hint")
        self.command = run_in_background(
            self._context,
            lambda: roster_csv.import_roster(Desk(db, event_id, clock), preview),
            progress=self.progress,
            on_done=self._imported,
            on_refused=self._refused,
            parent=self,
        )

    def busy(self) -> bool:
        """True while the import runs (the dialog cannot be closed then)."""
        return self.command is not None and self.command.running

    def _imported(self, result: RosterImported) -> None:
        self.imported = list(result.entrants)
        self.accept()

    def _refused(self, error: UserError) -> None:
        self.status.setText(str(error))
        set_role(self.status, "error")
        self.choose_button.setEnabled(True)
        self.reload_button.setEnabled(self._path is not None)

    def reject(self) -> None:
        if not self.busy():
            super().reject()

"""The Players page: registration at the front table, fast and calm.

At the top, the entry row: name, partner (team events), paid (the entry fee
to start with) and method. Enter registers, and the cursor is back in an
empty name field for the next arrival. A name already in the event is
flagged in the row before anything is saved; Enter again registers a second
person of that name.

Below: everyone registered, a search that filters as it is typed (Ctrl+F),
and actions on the selected entrant (record a payment, withdraw or
reinstate, renumber before the draw), and "Import roster…" for a
spreadsheet. The count line ("24 entrants · 22 paid · 12 tables") is shown
on the page and sent out as ``summary_changed`` for the status bar.

Every rule (names that match, tables needed, what is owed, how money is
read) is the services' and the domain's; this page only shows and asks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.clock import Clock
from clubdesk.domain.money.amounts import MoneyError, format_money, parse_money
from clubdesk.errors import UserError
from clubdesk.services import registration as service
from clubdesk.services import roster_csv
from clubdesk.services.registration import (
    Duplicate,
    EntrantInfo,
    RegisterEntrant,
    RegistrationSetup,
    RegistrationSummary,
)
from clubdesk.services.roster_csv import RosterPreview
from clubdesk.store import Database
from clubdesk.ui.money import MoneyEdit
from clubdesk.ui.players_model import EntrantFilterModel, EntrantTableModel, RosterPreviewModel
from clubdesk.ui.style import set_role

BASE_POINT_SIZE = 12
METHODS = (("cash", "Cash"), ("check", "Check"), ("other", "Other"))
ROSTER_FILTER = "Spreadsheet (CSV) files (*.csv *.txt);;All files (*)"

PAGE_STYLE = """
QLabel[role="warning"] { color: #8a4b00; font-weight: bold; }
QLabel[role="done"] { color: #1b6e2a; }
QLabel[role="error"] { color: #b3261e; font-weight: bold; }
QLabel[role="count"] { font-size: 14pt; font-weight: bold; }
QFrame#entryRow { background: #f3f6f9; border: 1px solid #c9d0d6; border-radius: 6px; }
QTableView { gridline-color: #dde2e6; }
QTableView::item { padding: 0 12px; }
QHeaderView::section { padding: 6px 12px; font-weight: bold; }
"""


def readable(widget: QWidget) -> QWidget:
    """The page's base size on a widget (dialogs are windows: they do not inherit the page's)."""
    font = QFont(widget.font())
    font.setPointSize(BASE_POINT_SIZE)
    widget.setFont(font)
    return widget


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary_text(summary: RegistrationSummary) -> str:
    """``24 entrants · 22 paid · 12 tables``, with a bye or empty seats when there are any."""
    parts = [
        _plural(summary.entrants, "entrant"),
        f"{summary.paid} paid",
        _plural(summary.tables_needed, "table"),
    ]
    if summary.byes:
        parts.append(_plural(summary.byes, "bye"))
    if summary.empty_seats:
        parts.append(f"{_plural(summary.empty_seats, 'empty seat')}")
    return " · ".join(parts)


def duplicate_warning(duplicates: Sequence[Duplicate]) -> str:
    """What the entry row says about names already in the event, before saving."""
    parts = []
    for found in duplicates:
        state = "" if found.status == "active" else f", {found.status}"
        where = f"entrant {found.number}{state}"
        if found.entrant_name != found.registered_as:
            where += f": {found.entrant_name}"
        parts.append(f"{found.registered_as} is already {where}")
    first = duplicates[0]
    if len(duplicates) == 1:
        again = f"press Enter again to register a second {first.registered_as}"
    else:
        again = "press Enter again to register them anyway"
    withdrawn = any(found.status == "withdrawn" for found in duplicates)
    tail = " (or reinstate the withdrawn entrant)" if withdrawn else ""
    return f"{'; '.join(parts)}. Check with them, then {again}{tail}."


_ENTRY_FIELDS = {
    "players[0]": "name",
    "players[1]": "partner",
    "paid_cents": "paid",
    "method": "method",
}


def _field_of(message: str) -> tuple[str, str]:
    """The entry field a service message is about, and the message without its field name.

    ``"players[1]: a name is needed"`` -> ``("partner", "A name is needed.")``; a message
    about something else (``"new_number: 2 is already taken"``) -> ``("general", ...)``.
    """
    found = re.match(r"^([a-z_]+(?:\[\d+\])?): (.+)$", message, re.DOTALL)
    if found is None:
        return "general", message
    text = found.group(2)
    text = text[:1].upper() + text[1:]
    if not text.endswith("."):
        text += "."
    return _ENTRY_FIELDS.get(found.group(1), "general"), text


# --- the entry row ---------------------------------------------------------------------------


class EntryRow(QFrame):
    """Name, partner, paid, method and Register; Enter in any of them registers."""

    submitted = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("entryRow")
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("nameEdit")
        self.name_edit.setPlaceholderText("First and last name")
        self.partner_edit = QLineEdit()
        self.partner_edit.setObjectName("partnerEdit")
        self.partner_edit.setPlaceholderText("Partner's name")
        self.paid_edit = MoneyEdit()
        self.paid_edit.setObjectName("paidEdit")
        self.paid_edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.method_combo = QComboBox()
        self.method_combo.setObjectName("methodCombo")
        for key, text in METHODS:
            self.method_combo.addItem(text, key)
        self.register_button = QPushButton("&Register")
        self.register_button.setAutoDefault(True)
        self.register_button.setToolTip("Register (Enter)")

        self.name_label = QLabel("&Name")
        self.name_label.setBuddy(self.name_edit)
        self.partner_label = QLabel("Par&tner")
        self.partner_label.setBuddy(self.partner_edit)
        paid_label = QLabel("Pai&d ($)")
        paid_label.setBuddy(self.paid_edit)
        method_label = QLabel("&Method")
        method_label.setBuddy(self.method_combo)

        grid = self._grid = QGridLayout(self)
        grid.setContentsMargins(16, 12, 16, 12)
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(4)
        for column, (label, widget, stretch) in enumerate(
            (
                (self.name_label, self.name_edit, 3),
                (self.partner_label, self.partner_edit, 3),
                (paid_label, self.paid_edit, 0),
                (method_label, self.method_combo, 0),
            )
        ):
            grid.addWidget(label, 0, column)
            grid.addWidget(widget, 1, column)
            grid.setColumnStretch(column, stretch)
        grid.addWidget(self.register_button, 1, 4)
        self.paid_edit.setFixedWidth(120)
        self.method_combo.setMinimumWidth(110)
        self.name_edit.setMinimumWidth(220)
        self.partner_edit.setMinimumWidth(220)

        self._usage = ""
        self.message = QLabel()
        self.message.setObjectName("entryMessage")
        self.message.setWordWrap(True)
        self.message.setMinimumHeight(self.fontMetrics().height() * 2)
        self.message.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.message, 2, 0, 1, 5)

        QWidget.setTabOrder(self.name_edit, self.partner_edit)
        QWidget.setTabOrder(self.partner_edit, self.paid_edit)
        QWidget.setTabOrder(self.paid_edit, self.method_combo)
        QWidget.setTabOrder(self.method_combo, self.register_button)
        self.register_button.clicked.connect(self.submitted)

    def set_team(self, team: bool) -> None:
        self._usage = (
            "Type a name, Tab, the partner's name, Tab, what they paid — Enter registers."
            if team
            else "Type a name, Tab, what they paid — Enter registers."
        )
        if self.message_role() == "hint":
            self.show_message("")
        self.partner_label.setVisible(team)
        self.partner_edit.setVisible(team)
        self._grid.setColumnStretch(1, 3 if team else 0)  # no gap where the partner was
        self.name_edit.setPlaceholderText("First and last name" if not team else "Player's name")

    def names(self, team: bool) -> list[str]:
        names = [self.name_edit.text()]
        if team:
            names.append(self.partner_edit.text())
        return names

    def method(self) -> str:
        return self.method_combo.currentData()

    def clear(self, fee_cents: int) -> None:
        self.name_edit.clear()
        self.partner_edit.clear()
        self.paid_edit.set_cents(fee_cents)
        self.method_combo.setCurrentIndex(0)

    def show_message(self, text: str, role: str = "hint") -> None:
        """A message under the row; none shows how the row is used."""
        self.message.setText(text or self._usage)
        set_role(self.message, role if text else "hint")

    def message_text(self) -> str:
        """The message shown under the row (empty when it only shows how to use the row)."""
        return "" if self.message_role() == "hint" else self.message.text()

    def message_role(self) -> str:
        return str(self.message.property("role") or "")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Line edits and the method list pass Return on; it registers from any field.
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submitted.emit()
            return
        super().keyPressEvent(event)


# --- dialogs for the less common actions -----------------------------------------------------


class PaymentDialog(QDialog):
    """An amount received from one entrant, and how it was paid."""

    def __init__(self, info: EntrantInfo, default_cents: int, parent: QWidget | None = None):
        super().__init__(parent)
        readable(self)
        self.setWindowTitle(f"Record payment — entrant {info.number}")
        about = QLabel(
            f"<b>{info.number} · {info.name}</b><br>paid {format_money(info.paid_cents)}"
            + (f", owes {format_money(info.owed_cents)}" if info.owed_cents else "")
        )
        self.amount_edit = MoneyEdit()
        self.amount_edit.set_cents(default_cents)
        self.method_combo = QComboBox()
        for key, text in METHODS:
            self.method_combo.addItem(text, key)
        self.error = set_role(QLabel(), "error")
        self.error.hide()
        form = QFormLayout()
        form.addRow("&Amount ($)", self.amount_edit)
        form.addRow("&Method", self.method_combo)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Record")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.amount_edit.selectAll()

    def values(self) -> tuple[int, str] | None:
        try:
            cents = parse_money(self.amount_edit.text())
        except MoneyError as exc:
            self._fail(f"Amount: {exc}.")
            return None
        if cents <= 0:
            self._fail("Amount: type the amount received.")
            return None
        return cents, self.method_combo.currentData()

    def _fail(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()

    def accept(self) -> None:
        if self.values() is not None:
            super().accept()


class WithdrawDialog(QDialog):
    """Confirm a withdrawal, with an optional reason for the log."""

    def __init__(self, info: EntrantInfo, parent: QWidget | None = None):
        super().__init__(parent)
        readable(self)
        self.setWindowTitle(f"Withdraw entrant {info.number}")
        text = QLabel(
            f"Withdraw <b>{info.number} · {info.name}</b>?<br>"
            "The entrant keeps its number and its payments and can be reinstated."
        )
        text.setWordWrap(True)
        self.reason_edit = QLineEdit()
        self.reason_edit.setPlaceholderText("e.g. went home ill")
        form = QFormLayout()
        form.addRow("&Reason (optional)", self.reason_edit)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Withdraw")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def reason(self) -> str:
        return self.reason_edit.text()


class RenumberDialog(QDialog):
    """A new number for one entrant (before the draw)."""

    def __init__(self, info: EntrantInfo, parent: QWidget | None = None):
        super().__init__(parent)
        readable(self)
        self.setWindowTitle(f"Renumber entrant {info.number}")
        self.number_spin = QSpinBox()
        self.number_spin.setRange(1, service.MAX_NUMBER)
        self.number_spin.setValue(info.number)
        self.number_spin.selectAll()
        form = QFormLayout()
        form.addRow(QLabel(f"<b>{info.number} · {info.name}</b>"))
        form.addRow("&New number", self.number_spin)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def number(self) -> int:
        return self.number_spin.value()


class RosterImportDialog(QDialog):
    """Choose a roster file, see every row as it will be read, import only a clean file."""

    def __init__(self, db: Database, event_id: str, clock: Clock, parent: QWidget | None = None):
        super().__init__(parent)
        self._db = db
        self._event_id = event_id
        self._clock = clock
        self._path: Path | None = None
        self.preview: RosterPreview | None = None
        self.imported: list[EntrantInfo] = []
        readable(self)
        self.setWindowTitle("Import roster")
        self.resize(1000, 640)

        self.path_edit = QLineEdit()
        self.path_edit.setReadOnly(True)
        self.path_edit.setPlaceholderText("No file chosen")
        self.choose_button = QPushButton("&Choose file…")
        self.reload_button = QPushButton("Re&load")
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
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(RosterPreviewModel.PROBLEMS, QHeaderView.ResizeMode.Stretch)
        self.status = QLabel()
        self.status.setWordWrap(True)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton(
            "&Import", QDialogButtonBox.ButtonRole.AcceptRole
        )
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
        layout.addWidget(self.buttons)
        self._set_hint()

    def _set_hint(self) -> None:
        try:
            team = service.registration_setup(self._db, self._event_id).team
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
            self.import_button.setText(f"&Import {_plural(count, 'entrant')}")
            self.status.setText(f"{_plural(count, 'row')} ready to import.")
            set_role(self.status, "done")
        else:
            bad = [row for row in preview.rows if row.problems]
            lines = ", ".join(str(row.line) for row in bad[:8]) + (", …" if len(bad) > 8 else "")
            self.status.setText(
                f"{_plural(len(bad), 'row')} with problems (line{'s' if len(bad) > 1 else ''} "
                f"{lines}): fix the file and reload it. Nothing is imported until every row is "
                "right."
            )
            set_role(self.status, "error")
        if preview is not None and preview.rows:
            team = preview.team
            self.table.setColumnHidden(RosterPreviewModel.PARTNER, not team)

    def import_rows(self) -> None:
        if self.preview is None or not self.preview.ok:
            return
        try:
            self.imported = roster_csv.import_roster(
                self._db, self._event_id, self.preview, self._clock
            )
        except UserError as exc:
            self.status.setText(str(exc))
            set_role(self.status, "error")
            self.import_button.setEnabled(False)
            return
        self.accept()


# --- the page --------------------------------------------------------------------------------


class PlayersPage(QWidget):
    """Register arrivals, take their money, find them, fix their numbers.

    ``summary_changed(str)`` carries the count line each time it changes.
    ``entrants_changed()`` tells other pages that someone was registered or changed.
    """

    summary_changed = Signal(str)
    entrants_changed = Signal()

    def __init__(
        self,
        db: Database | None,
        event_id: str | None,
        clock: Clock,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self._db = db
        self._event_id = event_id
        self._clock = clock
        self._setup: RegistrationSetup | None = None
        self._summary = ""
        self._confirmed: tuple[str, ...] | None = None
        self.import_dialog: RosterImportDialog | None = None

        readable(self)
        self.setStyleSheet(PAGE_STYLE)
        self._build()
        self._connect()
        self.set_event(db, event_id)

    # building

    def _build(self) -> None:
        self.heading = set_role(QLabel("Players"), "heading")
        self.event_label = set_role(QLabel(), "subheading")
        self.count_label = set_role(QLabel(), "count")
        self.count_label.setObjectName("countLabel")
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        title_row = QHBoxLayout()
        title_row.addWidget(self.heading)
        title_row.addSpacing(16)
        title_row.addWidget(self.event_label, 0, Qt.AlignmentFlag.AlignBottom)
        title_row.addStretch(1)
        title_row.addWidget(self.count_label)

        self.draw_note = set_role(QLabel(), "warning")
        self.draw_note.setWordWrap(True)
        self.draw_note.hide()

        self.entry = EntryRow()

        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("searchEdit")
        self.search_edit.setPlaceholderText("Find a name or number  (Ctrl+F)")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setMinimumWidth(320)
        self.search_edit.installEventFilter(self)
        self.shown_label = set_role(QLabel(), "hint")
        self.payment_button = QPushButton("Record pa&yment…")
        self.status_button = QPushButton("&Withdraw…")
        self.renumber_button = QPushButton("Ren&umber…")
        self.import_button = QPushButton("&Import roster…")
        for button in (
            self.payment_button,
            self.status_button,
            self.renumber_button,
            self.import_button,
        ):
            button.setAutoDefault(True)
        tools = QHBoxLayout()
        tools.setSpacing(10)
        tools.addWidget(self.search_edit, 2)
        tools.addWidget(self.shown_label)
        tools.addStretch(1)
        tools.addWidget(self.payment_button)
        tools.addWidget(self.status_button)
        tools.addWidget(self.renumber_button)
        tools.addSpacing(24)
        tools.addWidget(self.import_button)

        self.model = EntrantTableModel(self)
        self.proxy = EntrantFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setObjectName("entrantTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(EntrantTableModel.NUMBER, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setShowGrid(False)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 16)
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        width = self.fontMetrics().horizontalAdvance("0")
        for column, chars in (
            (EntrantTableModel.NUMBER, 8),
            (EntrantTableModel.NAME, 46),
            (EntrantTableModel.PAID, 13),
            (EntrantTableModel.OWES, 13),
            (EntrantTableModel.STATUS, 14),
        ):
            self.table.setColumnWidth(column, width * chars)

        self.empty_label = set_role(
            QLabel("No event is open. Create or open one on the Event page."), "subheading"
        )
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)

        content = QWidget()
        body = QVBoxLayout(content)
        body.setContentsMargins(0, 0, 0, 0)
        body.setSpacing(12)
        body.addWidget(self.draw_note)
        body.addWidget(self.entry)
        body.addSpacing(4)
        body.addLayout(tools)
        body.addWidget(self.table, 1)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty_label)
        self.stack.addWidget(content)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(28, 20, 28, 20)
        outer.setSpacing(14)
        outer.addLayout(title_row)
        outer.addWidget(self.stack, 1)

        self.setFocusProxy(self.entry.name_edit)  # showing the page puts the cursor there
        QWidget.setTabOrder(self.entry.register_button, self.search_edit)
        QWidget.setTabOrder(self.search_edit, self.table)

    def _connect(self) -> None:
        self.entry.submitted.connect(self.submit)
        for edit in (self.entry.name_edit, self.entry.partner_edit):
            edit.textEdited.connect(self._names_edited)
        self.search_edit.textChanged.connect(self._search_changed)
        self.table.selectionModel().currentRowChanged.connect(self._update_actions)
        self.proxy.modelReset.connect(self._update_actions)
        self.proxy.rowsInserted.connect(self._update_shown)
        self.proxy.rowsRemoved.connect(self._update_shown)
        self.proxy.modelReset.connect(self._update_shown)
        self.proxy.layoutChanged.connect(self._update_shown)
        self.payment_button.clicked.connect(self.record_payment)
        self.status_button.clicked.connect(self.toggle_status)
        self.renumber_button.clicked.connect(self.renumber)
        self.import_button.clicked.connect(self.open_import)
        find = QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self)
        find.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find.activated.connect(self.focus_search)

    # the event

    @property
    def event_id(self) -> str | None:
        return self._event_id

    def set_event(self, db: Database | None, event_id: str | None) -> None:
        """Show another event (or none); the form starts empty."""
        self._db = db
        self._event_id = event_id if db is not None else None
        self._confirmed = None
        self.search_edit.clear()
        self.entry.show_message("")
        if self._event_id is None:
            self._setup = None
            self.model.set_entrants([])
            self.event_label.setText("")
            self.stack.setCurrentIndex(0)
            self._set_summary("")
            return
        self.stack.setCurrentIndex(1)
        self.refresh()
        self.entry.clear(self._fee())
        self.focus_entry()

    def refresh(self) -> None:
        """Read the event again (after another page changed something)."""
        if self._db is None or self._event_id is None:
            return
        try:
            self._setup = service.registration_setup(self._db, self._event_id)
            entrants = service.list_entrants(self._db, self._event_id)
        except UserError as exc:
            self.entry.show_message(str(exc), "error")
            return
        selected = self.selected_entrant()
        self.event_label.setText(self._setup.event_name)
        self.entry.set_team(self._setup.team)
        self.draw_note.setText(
            "The draw is made: numbers are fixed, and anyone registered now is a late entry "
            "for the Draw page to seat."
        )
        self.draw_note.setVisible(self._setup.draw_made)
        self.model.set_entrants(entrants)
        if selected is not None:
            self.select_number(selected.number)
        self._refresh_summary()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not event.spontaneous():
            self.refresh()

    # registering

    def submit(self) -> None:
        """Enter in the entry row: flag a name already in the event, else register."""
        if self._db is None or self._event_id is None or self._setup is None:
            return
        team = self._setup.team
        names = self.entry.names(team)
        paid_text = self.entry.paid_edit.text().strip()
        try:
            paid = parse_money(paid_text) if paid_text else 0
        except MoneyError as exc:
            self._show_error("paid", f"Paid: {exc}.")
            return
        key = tuple(" ".join(name.split()).casefold() for name in names)
        allow = self._confirmed == key
        if not allow:
            try:
                duplicates = service.find_duplicates(self._db, self._event_id, names)
            except UserError as exc:
                self._show_error("general", str(exc))
                return
            if duplicates:
                self._confirmed = key
                self.entry.show_message(duplicate_warning(duplicates), "warning")
                return
        request = RegisterEntrant(
            players=names,
            paid_cents=paid,
            method=self.entry.method() if paid else None,
            allow_duplicate_name=allow,
        )
        try:
            info = service.register(self._db, self._event_id, request, self._clock)
        except UserError as exc:
            field, text = _field_of(str(exc))
            self._show_error(field, text)
            return
        self._confirmed = None
        self._registered(info)

    def _registered(self, info: EntrantInfo) -> None:
        self.model.put(info)
        if not self.proxy.filterAcceptsRow(self.model.row_of(info.number) or 0, QModelIndex()):
            self.search_edit.clear()
        self.select_number(info.number)
        paid = f"paid {format_money(info.paid_cents)}" if info.paid_cents else "nothing paid yet"
        text = f"✓ Entrant {info.number}: {info.name} · {paid}"
        if info.late:
            text += " · late entry: seat them on the Draw page"
        self.entry.show_message(text, "done")
        self.entry.clear(self._fee())
        self.focus_entry()
        self._refresh_summary()
        self.entrants_changed.emit()

    def _names_edited(self) -> None:
        if self._confirmed is not None:
            self._confirmed = None
            self.entry.show_message("")

    def _show_error(self, field: str, text: str) -> None:
        self.entry.show_message(text, "error")
        widget = {
            "name": self.entry.name_edit,
            "partner": self.entry.partner_edit,
            "paid": self.entry.paid_edit,
            "method": self.entry.method_combo,
        }.get(field, self.entry.name_edit)
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        if isinstance(widget, QLineEdit):
            widget.selectAll()

    def focus_entry(self) -> None:
        self.entry.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)

    # the list

    def focus_search(self) -> None:
        self.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_edit.selectAll()

    def _search_changed(self, text: str) -> None:
        self.proxy.set_query(text)
        self._update_shown()
        if self.proxy.rowCount() and not self.table.selectionModel().hasSelection():
            self._select_proxy_row(0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # In the search field: Down or Enter goes to the list, Escape clears the search.
        if (
            watched is self.search_edit
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
        ):
            key = event.key()
            if key in (Qt.Key.Key_Down, Qt.Key.Key_Return, Qt.Key.Key_Enter):
                if self.proxy.rowCount():
                    if not self.table.selectionModel().hasSelection():
                        self._select_proxy_row(0)
                    self.table.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
            if key == Qt.Key.Key_Escape:
                if self.search_edit.text():
                    self.search_edit.clear()
                else:
                    self.focus_entry()
                return True
        return super().eventFilter(watched, event)

    def _update_shown(self) -> None:
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        self.shown_label.setText(f"{shown} of {total} shown" if self.proxy.query else "")

    def visible_numbers(self) -> list[int]:
        """The entrants the list shows, top to bottom."""
        return [
            self.proxy.index(row, 0).data(EntrantTableModel.NumberRole)
            for row in range(self.proxy.rowCount())
        ]

    def selected_entrant(self) -> EntrantInfo | None:
        index = self.table.selectionModel().currentIndex()
        if not index.isValid() or not self.table.selectionModel().isRowSelected(index.row()):
            return None
        source = self.proxy.mapToSource(index)
        if not source.isValid():
            return None
        return self.model.entrant_at(source.row())

    def select_number(self, number: int) -> bool:
        row = self.model.row_of(number)
        if row is None:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():
            return False
        self._select_proxy_row(index.row())
        return True

    def _select_proxy_row(self, row: int) -> None:
        index = self.proxy.index(row, 0)
        self.table.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.table.scrollTo(index)

    def _update_actions(self, *args: object) -> None:
        info = self.selected_entrant()
        has = info is not None
        self.payment_button.setEnabled(has)
        self.status_button.setEnabled(has and info.status in ("active", "withdrawn"))
        self.status_button.setText(
            "Rein&state…" if has and info.status == "withdrawn" else "&Withdraw…"
        )
        draw_made = self._setup is not None and self._setup.draw_made
        self.renumber_button.setEnabled(has and not draw_made)
        self.renumber_button.setToolTip(
            "Numbers are fixed once the draw is made" if draw_made else ""
        )

    # actions on the selected entrant

    def record_payment(self) -> None:
        info = self.selected_entrant()
        if info is None or self._db is None or self._event_id is None:
            return
        dialog = PaymentDialog(info, info.owed_cents or self._fee(), self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        values = dialog.values()
        if values is None:
            return
        cents, method = values
        self._apply(
            lambda: service.record_payment(
                self._db, self._event_id, info.number, cents, method, self._clock
            ),
            "Record payment",
        )

    def toggle_status(self) -> None:
        info = self.selected_entrant()
        if info is None or self._db is None or self._event_id is None:
            return
        if info.status == "withdrawn":
            answer = QMessageBox.question(
                self,
                "Reinstate",
                f"Reinstate entrant {info.number}, {info.name}?",
                QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Ok:
                return
            self._apply(
                lambda: service.reinstate(self._db, self._event_id, info.number, self._clock),
                "Reinstate",
            )
            return
        dialog = WithdrawDialog(info, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        reason = dialog.reason()
        self._apply(
            lambda: service.withdraw(self._db, self._event_id, info.number, reason, self._clock),
            "Withdraw",
        )

    def renumber(self) -> None:
        info = self.selected_entrant()
        if info is None or self._db is None or self._event_id is None:
            return
        dialog = RenumberDialog(info, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        new_number = dialog.number()
        changed = self._apply(
            lambda: service.renumber(
                self._db, self._event_id, info.number, new_number, self._clock
            ),
            "Renumber",
            reload=True,
        )
        if changed is not None:
            self.select_number(changed.number)

    def _apply(
        self, action: Callable[[], EntrantInfo], title: str, *, reload: bool = False
    ) -> EntrantInfo | None:
        try:
            info = action()
        except UserError as exc:
            QMessageBox.warning(self, title, _field_of(str(exc))[1])
            self.refresh()
            return None
        if reload:
            self.refresh()
        else:
            self.model.put(info)
            self.select_number(info.number)
            self._refresh_summary()
            self._update_actions()
        self.entrants_changed.emit()
        return info

    # the roster import

    def open_import(self) -> RosterImportDialog | None:
        if self._db is None or self._event_id is None:
            return None
        dialog = RosterImportDialog(self._db, self._event_id, self._clock, self)
        dialog.finished.connect(self._import_finished)
        self.import_dialog = dialog
        dialog.open()
        return dialog

    def _import_finished(self, result: int) -> None:
        dialog = self.import_dialog
        self.import_dialog = None
        if dialog is None:
            return
        dialog.deleteLater()
        if result != QDialog.DialogCode.Accepted or not dialog.imported:
            return
        numbers = [info.number for info in dialog.imported]
        self.refresh()
        self.entry.show_message(
            f"✓ Imported {_plural(len(numbers), 'entrant')} "
            f"(number{'s' if len(numbers) > 1 else ''} {_number_ranges(numbers)}).",
            "done",
        )
        self.entrants_changed.emit()

    # the count line

    def summary_text(self) -> str:
        return self._summary

    def _refresh_summary(self) -> None:
        if self._db is None or self._event_id is None:
            return
        try:
            summary = service.registration_summary(self._db, self._event_id)
        except UserError:
            return
        self._set_summary(summary_text(summary))

    def _set_summary(self, text: str) -> None:
        self.count_label.setText(text)
        if text != self._summary:
            self._summary = text
            self.summary_changed.emit(text)

    def _fee(self) -> int:
        return self._setup.entry_fee_cents if self._setup is not None else 0


def _number_ranges(numbers: Sequence[int]) -> str:
    """``[1, 2, 3, 7]`` -> ``1–3, 7``."""
    ordered = sorted(numbers)
    parts = []
    start = previous = ordered[0]
    for number in [*ordered[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        parts.append(str(start) if start == previous else f"{start}–{previous}")
        if number is not None:
            start = previous = number
    return ", ".join(parts)

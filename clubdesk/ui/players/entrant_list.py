"""The Players page's list: everyone registered, a search that filters as it is typed, and
the buttons for the selected entrant; under the list, the director's rulings on it (its
warning infractions, its removal from the tournament), when it has any.

In the search field Down or Enter goes to the list and Escape clears the
search; Escape in an empty search sends ``leave_requested`` (the page puts
the cursor back in the entry row).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.services.entrants import EntrantInfo
from clubdesk.ui.players.model import EntrantFilterModel, EntrantTableModel
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import PushButton
from clubdesk.ui.widgets.keyboard_sort import sort_from_keyboard


class EntrantList(QWidget):
    """The search row with the action buttons, and the table of entrants below it.

    Made with its page as parent, so that it sizes rows and columns in the page's font.
    """

    leave_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("searchEdit")
        self.search_edit.setAccessibleName("Find a name or number")
        self.search_edit.setPlaceholderText("Find a name or number  (Ctrl+F)")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setMinimumWidth(320)
        self.search_edit.installEventFilter(self)
        self.shown_label = set_role(QLabel(), "hint")
        self.payment_button = PushButton("Record pa&yment…")
        self.status_button = PushButton("&Withdraw…")
        self.renumber_button = PushButton("Ren&umber…")
        self.import_button = PushButton("&Import roster…")
        tools = QHBoxLayout()
        tools.setSpacing(10)
        tools.addWidget(self.search_edit, 2)
        tools.addWidget(self.shown_label)
        tools.addStretch(1)
        for button in (self.payment_button, self.status_button, self.renumber_button):
            button.setAutoDefault(True)
            tools.addWidget(button)
        tools.addSpacing(24)
        self.import_button.setAutoDefault(True)
        tools.addWidget(self.import_button)

        self.model = EntrantTableModel(self)
        self.proxy = EntrantFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self.table = self._table()
        self._set_column_widths()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(12)
        layout.addLayout(tools)
        layout.addWidget(self.table, 1)
        self.history_label = set_role(QLabel(), "hint")  # the selected entrant's rulings
        self.history_label.setWordWrap(True)
        self.history_label.hide()
        layout.addWidget(self.history_label)

        QWidget.setTabOrder(self.search_edit, self.table)
        self.search_edit.textChanged.connect(self._search_changed)
        for signal in (
            self.proxy.rowsInserted,
            self.proxy.rowsRemoved,
            self.proxy.modelReset,
            self.proxy.layoutChanged,
        ):
            signal.connect(self._update_shown)

    def _table(self) -> QTableView:
        table = QTableView()
        table.setObjectName("entrantTable")
        table.setAccessibleName("Entrants")
        table.setModel(self.proxy)
        table.setSortingEnabled(True)
        table.sortByColumn(EntrantTableModel.NUMBER, Qt.SortOrder.AscendingOrder)
        sort_from_keyboard(table)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        table.setShowGrid(False)
        table.verticalHeader().hide()
        table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 16)
        header = table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # the name takes the room there is, so the list never scrolls sideways
        header.setSectionResizeMode(EntrantTableModel.NAME, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        return table

    def _set_column_widths(self) -> None:
        """Columns wide enough for their usual contents in the current font."""
        width = self.fontMetrics().horizontalAdvance("0")
        for column, chars in (
            (EntrantTableModel.NUMBER, 8),
            (EntrantTableModel.PAID, 13),
            (EntrantTableModel.OWES, 13),
            (EntrantTableModel.STATUS, 14),
            (EntrantTableModel.LATE, 10),
        ):
            self.table.setColumnWidth(column, width * chars)

    # the search

    def focus_search(self) -> None:
        self.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_edit.selectAll()

    def _search_changed(self, text: str) -> None:
        self.proxy.set_query(text)
        self._update_shown()
        if self.proxy.rowCount() and not self.table.selectionModel().hasSelection():
            self._select_proxy_row(0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
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
                    self.leave_requested.emit()
                return True
        return super().eventFilter(watched, event)

    def _update_shown(self) -> None:
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        self.shown_label.setText(f"{shown} of {total} shown" if self.proxy.query else "")

    # the rows

    def visible_numbers(self) -> list[int]:
        """The entrants the list shows, top to bottom."""
        return [
            self.proxy.index(row, 0).data(EntrantTableModel.NumberRole)
            for row in range(self.proxy.rowCount())
        ]

    def shows(self, number: int) -> bool:
        """Whether the search lets entrant ``number`` be seen."""
        row = self.model.row_of(number)
        return row is not None and self.proxy.mapFromSource(self.model.index(row, 0)).isValid()

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

    def update_actions(self, draw_made: bool) -> None:
        """The buttons as the selected entrant allows (numbers are fixed after the draw)."""
        info = self.selected_entrant()
        has = info is not None
        self.payment_button.setEnabled(has)
        self.status_button.setEnabled(has and info.status in ("active", "withdrawn"))
        self.status_button.setText(
            "Rein&state…" if has and info.status == "withdrawn" else "&Withdraw…"
        )
        self.renumber_button.setEnabled(has and not draw_made)
        history = info.history if info is not None else ()
        self.history_label.setText(
            f"{info.number} {info.name}: " + "; ".join(history) if info and history else ""
        )
        self.history_label.setVisible(bool(history))
        self.renumber_button.setToolTip(
            "Numbers are fixed once the draw is made" if draw_made else ""
        )

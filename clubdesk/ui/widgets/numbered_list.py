"""A list of numbered rows under a search that filters as it is typed: the Players page's
entrants and the Members page's members.

``NumberedList`` makes the search field, the "3 of 40 shown" line and the table over a
``SearchFilter`` of the rows, and wires them; the page lays them out with its own buttons
(and sets Tab from the search to the table once they are in its layout).
In the search field Down or Enter goes to the list (its first row chosen if none was) and
Escape clears the search; Escape in an empty search sends ``leave_requested``. Rows are
known by their number (the model's ``row_of`` and its number role).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QWidget,
)

from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.keyboard_sort import sort_from_keyboard
from clubdesk.ui.widgets.rows_model import Index


class NumberedRows(Protocol):
    """What a ``NumberedList`` needs of its model: each row's place by its number."""

    def row_of(self, number: int) -> int | None: ...


class SearchFilter(QSortFilterProxyModel):
    """The rows a typed search finds (``accepts``: whether source row ``row`` matches
    ``query``); every row while nothing is typed."""

    def __init__(self, sort_role: int, parent: QObject | None = None):
        super().__init__(parent)
        self._query = ""
        self.setSortRole(sort_role)
        self.setDynamicSortFilter(True)

    @property
    def query(self) -> str:
        return self._query

    def set_query(self, text: str) -> None:
        if text == self._query:
            return
        self.beginFilterChange()
        self._query = text
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:  # noqa: N802
        return not self._query or self.accepts(self.sourceModel(), source_row, self._query)

    def accepts(self, model: QAbstractItemModel, row: int, query: str) -> bool:
        raise NotImplementedError


class NumberedList(QObject):
    """The search field, the count of rows shown and the table of ``model`` through
    ``proxy``, sorted by ``sort_column``; made with its page as parent, so that it sizes
    rows in the page's font."""

    leave_requested = Signal()

    def __init__(
        self,
        model: QAbstractItemModel,
        proxy: SearchFilter,
        *,
        number_role: int,
        sort_column: int,
        name: str,
        title: str,
        parent: QWidget,
    ):
        super().__init__(parent)
        self.model = model
        self.proxy = proxy
        self._number_role = number_role
        proxy.setSourceModel(model)
        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("searchEdit")
        self.search_edit.setAccessibleName("Find a name or number")
        self.search_edit.setPlaceholderText("Find a name or number  (Ctrl+F)")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setMinimumWidth(320)
        self.search_edit.installEventFilter(self)
        self.shown_label = set_role(QLabel(), "hint")
        self.table = _table(proxy, sort_column, name, parent.fontMetrics().height() + 16)
        self.table.setAccessibleName(title)
        self.search_edit.textChanged.connect(self._search_changed)
        for signal in (proxy.rowsInserted, proxy.rowsRemoved, proxy.modelReset,
                       proxy.layoutChanged):  # fmt: skip
            signal.connect(self.update_shown)

    # the search

    def focus_search(self) -> None:
        self.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_edit.selectAll()

    def _search_changed(self, text: str) -> None:
        self.proxy.set_query(text)
        self.update_shown()
        if self.proxy.rowCount() and not self.table.selectionModel().hasSelection():
            self.select_proxy_row(0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if (
            watched is self.search_edit
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
        ):
            key = event.key()
            if key in (Qt.Key.Key_Down, Qt.Key.Key_Return, Qt.Key.Key_Enter):
                if self.proxy.rowCount():
                    if not self.table.selectionModel().hasSelection():
                        self.select_proxy_row(0)
                    self.table.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
            if key == Qt.Key.Key_Escape:
                if self.search_edit.text():
                    self.search_edit.clear()
                else:
                    self.leave_requested.emit()
                return True
        return super().eventFilter(watched, event)

    def update_shown(self) -> None:
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        self.shown_label.setText(f"{shown} of {total} shown" if self.proxy.query else "")

    # the rows

    def visible_numbers(self) -> list[int]:
        """The rows' numbers as the list shows them, top to bottom."""
        return [
            self.proxy.index(row, 0).data(self._number_role) for row in range(self.proxy.rowCount())
        ]

    def shows(self, number: int) -> bool:
        """Whether the search lets row ``number`` be seen."""
        return self._proxy_index(number).isValid()

    def selected_row(self) -> int | None:
        """The model's row chosen in the list, if one is."""
        selection = self.table.selectionModel()
        index = selection.currentIndex()
        if not index.isValid() or not selection.isRowSelected(index.row()):
            return None
        source = self.proxy.mapToSource(index)
        return source.row() if source.isValid() else None

    def select_number(self, number: int) -> bool:
        """Choose row ``number`` in the list; False where it is not there or not shown."""
        index = self._proxy_index(number)
        if not index.isValid():
            return False
        self.select_proxy_row(index.row())
        return True

    def _proxy_index(self, number: int) -> Index:
        model: NumberedRows = self.model  # type: ignore[assignment]
        row = model.row_of(number)
        if row is None:
            return QModelIndex()
        return self.proxy.mapFromSource(self.model.index(row, 0))

    def select_proxy_row(self, row: int) -> None:
        index = self.proxy.index(row, 0)
        self.table.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        self.table.scrollTo(index)


def _table(proxy: SearchFilter, sort_column: int, name: str, row_height: int) -> QTableView:
    table = QTableView()
    table.setObjectName(name)
    table.setModel(proxy)
    table.setSortingEnabled(True)
    table.sortByColumn(sort_column, Qt.SortOrder.AscendingOrder)
    sort_from_keyboard(table)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.setShowGrid(False)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(row_height)
    header = table.horizontalHeader()
    header.setHighlightSections(False)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(False)
    return table

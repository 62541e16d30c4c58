"""The Players page's list: everyone registered, a search that filters as it is typed, and
the buttons for the selected entrant; under the list, the director's rulings on it (its
warning infractions, its removal from the tournament), when it has any.

The search and the table are a ``NumberedList`` (``ui/widgets/numbered_list.py``): in the
search field Down or Enter goes to the list and Escape clears the search; Escape in an
empty search sends ``leave_requested`` (the page puts the cursor back in the entry row).
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QHeaderView, QLabel, QVBoxLayout, QWidget

from clubdesk.services.entrants import EntrantInfo
from clubdesk.ui.players.model import EntrantFilterModel, EntrantTableModel
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import PushButton
from clubdesk.ui.widgets.numbered_list import NumberedList


class EntrantList(QWidget):
    """The search row with the action buttons, and the table of entrants below it.

    Made with its page as parent, so that it sizes rows and columns in the page's font.
    """

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.model = EntrantTableModel(self)
        self.proxy = EntrantFilterModel(self)
        self.rows = NumberedList(self.model, self.proxy, number_role=EntrantTableModel.NumberRole,
                                 sort_column=EntrantTableModel.NUMBER, name="entrantTable",
                                 title="Entrants", parent=self)  # fmt: skip
        self.leave_requested = self.rows.leave_requested
        self.search_edit = self.rows.search_edit
        self.shown_label = self.rows.shown_label
        self.table = self.rows.table
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
        # the name takes the room there is, so the list never scrolls sideways
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(EntrantTableModel.NAME, QHeaderView.ResizeMode.Stretch)
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

    def _set_column_widths(self) -> None:
        """Columns wide enough for their usual contents in the current font."""
        width = self.fontMetrics().horizontalAdvance("0")
        for column, chars in (
            (EntrantTableModel.NUMBER, 8),
            (EntrantTableModel.PAID, 13),
            (EntrantTableModel.OWES, 13),
            (EntrantTableModel.STATUS, 14),
            (EntrantTableModel.LATE, 12),  # "Late entry" and the cell's margins
        ):
            self.table.setColumnWidth(column, width * chars)

    # the search and the rows

    def focus_search(self) -> None:
        self.rows.focus_search()

    def visible_numbers(self) -> list[int]:
        """The entrants the list shows, top to bottom."""
        return self.rows.visible_numbers()

    def shows(self, number: int) -> bool:
        """Whether the search lets entrant ``number`` be seen."""
        return self.rows.shows(number)

    def selected_entrant(self) -> EntrantInfo | None:
        row = self.rows.selected_row()
        return None if row is None else self.model.entrant_at(row)

    def select_number(self, number: int) -> bool:
        return self.rows.select_number(number)

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

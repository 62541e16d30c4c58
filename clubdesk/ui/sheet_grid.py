"""A score sheet's hand rows laid out as the paper has them: the headings, a line per hand
with its running totals, in a area that scrolls down (never sideways)."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from clubdesk.ui.sheet_rows import Column, HandRow


class HandsGrid(QScrollArea):
    """The hand rows of one sheet: ``rows`` and, beside each, its running ``totals``."""

    def __init__(self, columns: tuple[Column, ...], parent: QWidget | None = None):
        super().__init__(parent)
        self.columns = columns
        self.rows: list[HandRow] = []
        self.totals: list[tuple[QLabel, QLabel]] = []
        self.hands_box = QWidget()
        self.grid = QGridLayout(self.hands_box)
        self.grid.setHorizontalSpacing(6)
        headings = ("Hand", *(column.heading for column in columns), "Total A", "Total B")
        for n, heading in enumerate(headings):
            self.grid.addWidget(QLabel(heading), 0, n)
        self.grid.setColumnStretch(len(headings), 1)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        holder = QWidget()
        holder_layout = QVBoxLayout(holder)
        holder_layout.addWidget(self.hands_box)
        holder_layout.addStretch(1)
        self.setWidget(holder)

    def new_row(
        self, before: QWidget, players: Mapping[str, tuple[tuple[int, str], ...]]
    ) -> HandRow:
        """A row for the next hand, its fields in sheet order after ``before`` (Tab)."""
        row = HandRow(self.columns, self.hands_box, players)
        line = len(self.rows) + 1
        self.grid.addWidget(QLabel(str(line)), line, 0)
        previous = self.rows[-1].widgets[self.columns[-1].key] if self.rows else before
        for n, column in enumerate(self.columns, start=1):
            widget = row.widgets[column.key]
            self.grid.addWidget(widget, line, n)
            QWidget.setTabOrder(previous, widget)
            previous = widget
        totals = (QLabel(), QLabel())
        end = len(self.columns) + 1
        self.grid.addWidget(totals[0], line, end)
        self.grid.addWidget(totals[1], line, end + 1)
        self.totals.append(totals)
        self.rows.append(row)
        return row

    def clear(self) -> None:
        """Take every hand row away (the headings stay)."""
        while self.grid.count() > len(self.columns) + 3:
            item = self.grid.takeAt(len(self.columns) + 3)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.rows.clear()
        self.totals.clear()

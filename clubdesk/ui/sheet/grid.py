"""A score sheet's rows laid out as the paper has them: the headings, the sheet's adjustment
lines, a line per hand with its running totals, in an area that scrolls down (never
sideways) only when a gin match has more hands than the room shows.

Where a format's adjustment lines count in the running total (pinochle: a lateness line
can bring a side to the limit) they stand above the first hand, the totals starting from
them; elsewhere they stand under the hands, added to the score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from clubdesk.domain.event.sheet import LineTotals
from clubdesk.domain.games.columns import Column
from clubdesk.domain.rules import Rules
from clubdesk.services.board import adjustment_text
from clubdesk.ui.sheet.rows import HandRow
from clubdesk.ui.style import set_role

LINES_AFTER = 1000  # grid row of the first line under the hands (empty rows take no room)


class HandsGrid(QScrollArea):
    """The rows of one sheet: its hand ``rows`` and, beside each, its running ``totals``;
    its adjustment lines (``lines``: the text and both totals)."""

    def __init__(self, columns: tuple[Column, ...], rules: Rules, parent: QWidget | None = None):
        super().__init__(parent)
        self.columns = columns
        self.rules = rules
        self.rows: list[HandRow] = []
        self.totals: list[tuple[QLabel, QLabel]] = []
        self.lines: list[tuple[QLabel, QLabel, QLabel]] = []
        self.first_line = 1  # the grid row of hand 1
        self.lines_first = True
        self.numbers: list[QLabel] = []  # each hand row's number
        self.hands_box = QWidget()
        self.hands_box.setObjectName("sheetHands")  # the rows sit close (style.SHEET_STYLE)
        self.grid = QGridLayout(self.hands_box)
        self.grid.setHorizontalSpacing(6)
        self.grid.setVerticalSpacing(3)
        self.grid.setContentsMargins(6, 4, 6, 4)
        word = rules.game_end.hand_word.capitalize()  # the club's own word: "Deal"
        headings = (word, *(column.heading for column in columns), "Total A", "Total B")
        for n, heading in enumerate(headings):
            label = QLabel(heading)
            if n > len(columns):
                label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.grid.addWidget(label, 0, n)
        self.grid.setColumnStretch(len(headings), 1)
        self.setWidgetResizable(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from field to field
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        holder = QWidget()
        holder_layout = QVBoxLayout(holder)
        holder_layout.setContentsMargins(0, 0, 0, 0)
        holder_layout.addWidget(self.hands_box)
        holder_layout.addStretch(1)
        self.setWidget(holder)

    # the adjustment lines -----------------------------------------------------------------
    def show_lines(self, lines: Sequence[LineTotals], first: bool, award: str = "") -> None:
        """The sheet's adjustment lines as rows (``first``: above the hands, where they
        count in the running totals), and a director's award that decides the game."""
        self.lines_first = first
        texts = [(f"Adjustment: {adjustment_text(x.line)}", x.totals) for x in lines]
        if award:
            texts.append((f"{award} (decides the game)", {}))
        self.first_line = 1 + len(texts) if first else 1
        for n, (text, totals) in enumerate(texts):
            line = (first and 1 + n) or LINES_AFTER + n
            cells = (QLabel(text), _total(totals.get("A")), _total(totals.get("B")))
            set_role(cells[0], "hint")
            self.grid.addWidget(cells[0], line, 1, 1, len(self.columns))
            self.grid.addWidget(cells[1], line, len(self.columns) + 1)
            self.grid.addWidget(cells[2], line, len(self.columns) + 2)
            self.lines.append(cells)

    def line_totals(self, lines: Sequence[LineTotals]) -> None:
        """The totals after each line, worked out again (under the hands they follow them)."""
        for cells, line in zip(self.lines, lines, strict=False):
            cells[1].setText(str(line.totals["A"]))
            cells[2].setText(str(line.totals["B"]))

    # the hands ----------------------------------------------------------------------------
    def new_row(
        self, before: QWidget, players: Mapping[str, tuple[tuple[int, str], ...]]
    ) -> HandRow:
        """A row for the next hand, its fields in sheet order after ``before`` (Tab)."""
        row = HandRow(self.columns, self.hands_box, self.rules, players)
        line = self.first_line + len(self.rows)
        number = QLabel(str(len(self.rows) + 1))
        self.grid.addWidget(number, line, 0)
        self.numbers.append(number)
        previous = self.rows[-1].widgets[self.columns[-1].key] if self.rows else before
        for n, column in enumerate(self.columns, start=1):
            widget = row.widgets[column.key]
            self.grid.addWidget(widget, line, n)
            QWidget.setTabOrder(previous, widget)
            previous = widget
        totals = (_total(None), _total(None))
        end = len(self.columns) + 1
        self.grid.addWidget(totals[0], line, end)
        self.grid.addWidget(totals[1], line, end + 1)
        self.totals.append(totals)
        self.rows.append(row)
        return row

    def clear(self) -> None:
        """Take every row away (the headings stay)."""
        while self.grid.count() > len(self.columns) + 3:
            item = self.grid.takeAt(len(self.columns) + 3)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.rows.clear()
        self.numbers.clear()
        self.totals.clear()
        self.lines.clear()

    def keep_rows(self, count: int) -> None:
        """Take away the hand rows after the first ``count`` (fields, number and totals)."""
        for row, number, totals in zip(
            self.rows[count:], self.numbers[count:], self.totals[count:], strict=True
        ):
            for widget in (*row.widgets.values(), number, *totals):
                self.grid.removeWidget(widget)
                widget.hide()
                widget.deleteLater()
        del self.rows[count:], self.numbers[count:], self.totals[count:]

    def show_read_only(self) -> None:
        """A submitted sheet: its numbers as written, nothing to type into (the same
        fields, switched read-only)."""
        for row in self.rows:
            row.set_read_only()

    def show_newest(self) -> None:
        """Scroll so the newest hand (or the field being typed) is in view."""
        focused = self.hands_box.focusWidget()
        target = focused if focused is not None and focused.hasFocus() else None
        if target is None and self.rows:
            target = self.rows[-1].first()
        if target is not None:
            self.ensureWidgetVisible(target, 0, 8)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.show_newest()


def _total(points: int | None) -> QLabel:
    label = QLabel("" if points is None else str(points))
    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    label.setMinimumWidth(48)
    return label

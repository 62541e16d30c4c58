"""The Rounds page's board: one row per table, who plays there, its sheet's state and the
director's rulings on it (an entrant withdrawn since the seating is marked)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QWidget

from clubdesk.services.board import Board, BoardTable, Seated
from clubdesk.ui.widgets.rows_model import Index, RowsModel

STATE_WORDS = {
    "waiting": "Waiting",
    "entering": "Being entered",
    "draft": "Draft",
    "phone": "Being entered (phone)",
    "submitted": "Submitted",
    "amended": "Amended",
    "awarded": "Awarded",
    "no-sheet": "No sheet: 0",
}
STATE_COLOURS = {
    "waiting": "#6b6b6b",
    "entering": "#6a3d9a",
    "draft": "#6a3d9a",
    "phone": "#6a3d9a",
    "submitted": "#1b6e2f",
    "amended": "#1f5f8b",
    "awarded": "#8a4b00",
    "no-sheet": "#b3261e",
}
RULING_COLOUR = "#8a4b00"
WITHDRAWN = "withdrawn"


def side_text(side: tuple[Seated, ...]) -> str:
    """``3 Davis / Miller`` (partners of an individual event joined by ``&``); an entrant
    gone since the seating is marked ``(withdrawn)``, ``(removed)`` or ``(ejected)``, and
    one with warning infractions logged over the event ``(warnings: 2)``."""
    return "  &  ".join(f"{s.number}  {s.name}".rstrip() + _marks(s) for s in side)


def _marks(seated: Seated) -> str:
    marks = ""
    if seated.withdrawn:
        word = seated.status if seated.status != "active" else WITHDRAWN
        marks += f"  ({word})"
    if seated.warnings:
        marks += f"  (warnings: {seated.warnings})"
    return marks


class BoardModel(RowsModel):
    """The tables of one round: Table, one side, the other side, the sheet's state, the
    director's rulings."""

    HEADERS = ("Table", "Side A", "Side B", "Sheet", "Rulings")

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._rows: tuple[BoardTable, ...] = ()
        self._entering: frozenset[int] = frozenset()

    def set_entering(self, tables: frozenset[int]) -> None:
        """The tables whose sheet is open on this computer, not submitted yet: a waiting
        table among them reads "Being entered" (only this window knows its open sheets)."""
        if tables != self._entering:
            self._entering = tables
            if self._rows:
                top, bottom = self.index(0, 3), self.index(len(self._rows) - 1, 3)
                self.dataChanged.emit(top, bottom)

    def state_of(self, row: int) -> str:
        """The sheet's state on row ``row`` as shown: the stored one, or ``entering``."""
        table = self._rows[row]
        if table.state == "waiting" and table.table in self._entering:
            return "entering"
        if table.state == "waiting" and table.draft_source == "phone":
            return "phone"  # typed on a phone at the table, kept after every hand
        if table.state == "waiting" and table.draft:
            return "draft"  # hands typed and kept, the sheet closed
        return table.state

    def state_text(self, row: int) -> str:
        """``Waiting``, ``Draft: 3 hands``, ``Being entered (phone)``, ``Submitted``, ..."""
        state, table = self.state_of(row), self._rows[row]
        if state == "draft":
            return f"Draft: {table.draft} hand{'s' if table.draft != 1 else ''}"
        return STATE_WORDS.get(state, table.state)

    def set_board(self, board: Board | None) -> None:
        self.beginResetModel()
        self._rows = board.tables if board is not None else ()
        self.endResetModel()

    def table_at(self, row: int) -> BoardTable:
        return self._rows[row]

    def row_of(self, table: int) -> int | None:
        """The row of table ``table`` (None when the round has no such table)."""
        return next((n for n, t in enumerate(self._rows) if t.table == table), None)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        table = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                str(table.table),
                side_text(table.a),
                side_text(table.b),
                self.state_text(index.row()),
                ";  ".join(table.rulings),
            )[column]
        if role == Qt.ItemDataRole.ToolTipRole and column == 4 and table.rulings:
            return "\n".join(table.rulings)
        if role == Qt.ItemDataRole.ToolTipRole and column in (1, 2):  # a name cut short
            return side_text(table.a if column == 1 else table.b)
        if role == Qt.ItemDataRole.ForegroundRole and column in (1, 2):
            side = table.a if column == 1 else table.b
            return QBrush(QColor("#8c8c8c")) if any(s.withdrawn for s in side) else None
        if role == Qt.ItemDataRole.ForegroundRole and column == 4:
            return QBrush(QColor(RULING_COLOUR))
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 0:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ForegroundRole and column == 3:
            return QBrush(QColor(STATE_COLOURS.get(self.state_of(index.row()), "#000000")))
        if role == Qt.ItemDataRole.FontRole and column in (0, 3):
            state = self.state_of(index.row())
            font = QFont()
            font.setBold(column == 0 or state != "waiting")
            font.setItalic(column == 3 and state in ("waiting", "entering", "draft", "phone"))
            return font
        return None

"""The Draw page's list: one row per entrant in a round, sortable by entrant or by table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget

from clubdesk.domain.seating.values import RoundSeating
from clubdesk.ui.widgets.rows_model import Index, RowsModel
from clubdesk.ui.widgets.table_map import Layout, place_seats


@dataclass(frozen=True)
class SeatRow:
    entrant: int
    name: str
    table: int | None  # None: a bye
    direction: str
    seat_order: int


class SeatingListModel(RowsModel):
    """One row per entrant in a round: entrant, name, table (or Bye), seat or direction."""

    HEADERS = ("Entrant", "Name", "Table", "Seat")
    SortRole = Qt.ItemDataRole.UserRole + 1
    BYE_ORDER = 1_000_000

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._rows: list[SeatRow] = []
        self._entrant_word = self.HEADERS[0]

    def set_seating(
        self,
        seating: RoundSeating | None,
        names: Mapping[int, str],
        layout: Layout,
        entrant_word: str = "Entrant",
    ) -> None:
        """Show ``seating`` (None: nothing); ``entrant_word`` heads the first column."""
        rows: list[SeatRow] = []
        if seating is not None:
            order = {"top": 1, "right": 2, "bottom": 3, "left": 4}
            for table in seating.tables:
                seen: set[int] = set()
                for seat in place_seats(table, layout, names):
                    if seat.entrant in seen:
                        continue
                    seen.add(seat.entrant)
                    rows.append(
                        SeatRow(
                            seat.entrant,
                            seat.name,
                            table.table,
                            seat.direction,
                            order[seat.position],
                        )
                    )
            rows += [SeatRow(e, names.get(e, ""), None, "—", 0) for e in seating.byes]
        self.beginResetModel()
        self._rows = rows
        self._entrant_word = entrant_word
        self.endResetModel()

    def seat_rows(self) -> list[SeatRow]:
        return list(self._rows)

    def texts(self, column: int) -> list[str]:
        """Every row's text in ``column``, in the model's order."""
        return [_text(row, column) for row in self._rows]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return _text(row, column)
        if role == self.SortRole:
            table = self.BYE_ORDER if row.table is None else row.table
            return (
                row.entrant,
                row.name.casefold(),
                table * 10 + row.seat_order,
                row.direction,
            )[column]
        if role == Qt.ItemDataRole.ToolTipRole and column == 1:
            return f"{row.entrant} {row.name}"  # the whole name, where the column cuts it short
        if role == Qt.ItemDataRole.TextAlignmentRole and column != 1:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and column == 0:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def heading(self, section: int) -> str:
        return self._entrant_word if section == 0 else self.HEADERS[section]


def _text(row: SeatRow, column: int) -> str:
    return (
        str(row.entrant),
        row.name,
        "Bye" if row.table is None else str(row.table),
        row.direction,
    )[column]

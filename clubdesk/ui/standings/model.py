"""The Standings page's table: one row per entrant, in the engine's order.

Columns: Place (``2=`` when tied, ``—`` for an entrant listed without a place: withdrawn
before the last round, removed or ejected, its name marked so), No., Name, one column per
round played (a dropped round's score struck through), Total, and Wins where the format
counts them. A round's score and the total are written as on paper and in the command
line's text (``printing.text.round_text``, ``total_text``): ``-`` for a round not seated
in, ``469b`` a bye, ``(320)`` not counted, ``469*`` a total with a tie-break bonus. The
cut line is drawn by ``CutLineDelegate`` under the last row above the cut.
``PlayoffOrderModel`` is bid whist's final order from its playoffs.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from clubdesk.domain.results.playoff_order import PlayoffPlace
from clubdesk.domain.results.standings import StandingRow
from clubdesk.printing.text import round_text, total_text
from clubdesk.services.results import StandingsBoard
from clubdesk.ui.widgets.rows_model import Index, RowsModel

DROPPED_ROLE = Qt.ItemDataRole.UserRole + 1  # bool: this round's score is not counted
TIED_ROLE = Qt.ItemDataRole.UserRole + 2  # bool: the entrant shares its place
CUT_COLOUR = "#b3261e"
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def names_text(row: StandingRow | PlayoffPlace) -> str:
    """The entrant's name, with its players when the name does not already say them."""
    players = " / ".join(row.players)
    if not players or players == row.name:
        return row.name
    if not row.name:
        return players
    return f"{row.name}  ({players})"


class StandingsModel(QAbstractTableModel):
    """The standings of one event after its last complete round."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._rows: tuple[StandingRow, ...] = ()
        self._rounds = 0
        self._wins = False
        self.cut_above: int | None = None  # the line falls under this many rows

    def set_board(self, board: StandingsBoard | None) -> None:
        self.beginResetModel()
        if board is None:
            self._rows, self._rounds, self._wins, self.cut_above = (), 0, False, None
        else:
            self._rows = board.standings.rows
            self._rounds = board.standings.after_round
            self._wins = board.counts_wins
            self.cut_above = board.cut.above if board.cut is not None else None
        self.endResetModel()

    def row_at(self, row: int) -> StandingRow:
        return self._rows[row]

    def columns(self) -> list[str]:
        """The column titles, in order."""
        titles = ["Place", "No.", "Name"]
        titles += [f"R{n}" for n in range(1, self._rounds + 1)]
        titles.append("Total")
        if self._wins:
            titles.append("Wins")
        return titles

    def round_column(self, round_number: int) -> int:
        """The column showing round ``round_number``'s scores."""
        return 2 + round_number

    def total_column(self) -> int:
        """The column showing the totals."""
        return 3 + self._rounds

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns())

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        title = self.columns()[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return title
        if role == Qt.ItemDataRole.ToolTipRole and title.startswith("R"):
            return f"Round {title[1:]}"
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        round_number = column - 2 if 3 <= column < 3 + self._rounds else None
        dropped = round_number is not None and round_number in row.dropped
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column, round_number)
        if role == DROPPED_ROLE:
            return dropped
        if role == TIED_ROLE:
            return row.tied
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            if dropped:
                font.setStrikeOut(True)
            if column == self.total_column():
                font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and (dropped or not row.placed):
            return QColor("#808080")
        if role == Qt.ItemDataRole.TextAlignmentRole and column != 2:
            return int(RIGHT)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(row, column, round_number, dropped)
        return None

    def texts(self, column: int) -> list[str]:
        """Every row's text in ``column``, in order."""
        round_number = column - 2 if 3 <= column < 3 + self._rounds else None
        return [self._text(row, column, round_number) for row in self._rows]

    def _text(self, row: StandingRow, column: int, round_number: int | None) -> str:
        if column == 0:
            if not row.placed:
                return "—"
            return f"{row.place}=" if row.tied else str(row.place)
        if column == 1:
            return str(row.number)
        if column == 2:
            mark = "" if row.status == "active" else f"  ({row.status})"
            return names_text(row) + mark
        if round_number is not None:
            return round_text(row, round_number)
        if column == self.total_column():
            return total_text(row)
        return str(row.wins)

    def _tip(self, row: StandingRow, column: int, round_number: int | None, dropped: bool) -> Any:
        if column in (0, 2) and not row.placed:
            return f"{row.status.capitalize()}: listed, not placed for prizes"
        if column == 0 and row.tied:
            return f"Tied for place {row.place}"
        if dropped:
            return f"Round {round_number}: dropped, not counted in the total"
        if round_number is not None and round_number in row.absent:
            return f"Round {round_number}: not seated"
        if column == self.total_column() and row.bonus:
            return f"Includes {row.bonus} tie-break bonus"
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


class CutLineDelegate(QStyledItemDelegate):
    """Draws each cell as usual, and the cut line under the last row above the cut."""

    def __init__(self, model: StandingsModel, parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        super().paint(painter, option, index)
        above = self._model.cut_above
        if above is not None and above > 0 and index.row() == above - 1:
            painter.save()
            painter.setPen(QPen(QColor(CUT_COLOUR), 3))
            bottom = option.rect.bottom()  # type: ignore[attr-defined]
            painter.drawLine(option.rect.left(), bottom, option.rect.right(), bottom)  # type: ignore[attr-defined]
            painter.restore()


class PlayoffOrderModel(RowsModel):
    """Bid whist's final order from its playoffs: place, number, team, seed, how it ended."""

    HEADERS = ("Place", "No.", "Team", "Seed", "Result")

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._rows: tuple[PlayoffPlace, ...] = ()

    def set_order(self, order: tuple[PlayoffPlace, ...]) -> None:
        self.beginResetModel()
        self._rows = order
        self.endResetModel()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            texts = (
                f"{row.place}=" if row.tied else str(row.place),
                str(row.number),
                names_text(row),
                str(row.seed),
                row.result,
            )
            return texts[column] if 0 <= column < len(texts) else None
        if role == Qt.ItemDataRole.FontRole and row.place == 1:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (0, 1, 3):
            return int(RIGHT)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

"""Qt item models for the Players page: the entrants, the search filter, a roster preview."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from clubdesk.domain.event.names import matches
from clubdesk.domain.money.amounts import format_money
from clubdesk.services.entrants import EntrantInfo, entrant_search_text
from clubdesk.services.roster_csv import RosterPreview, RosterRow
from clubdesk.ui.widgets.numbered_list import SearchFilter
from clubdesk.ui.widgets.rows_model import Index, RowsModel

MUTED = QColor("#6b6b6b")
OWING = QColor("#b3261e")
LATE = QColor("#8a5a00")
PROBLEM_BACKGROUND = QColor("#fbe3e1")

STATUS_TEXT = {"active": "Active", "withdrawn": "Withdrawn", "removed": "Removed"}


def status_text(info: EntrantInfo) -> str:
    """``Active``, ``Withdrawn``, and for one removed from the tournament ``Removed`` or, as
    bid whist names it, ``Ejected``."""
    if info.status_text:
        return info.status_text.capitalize()
    return STATUS_TEXT.get(info.status, info.status)


class EntrantTableModel(RowsModel):
    """Everyone registered in the event, one row each, in number order."""

    NUMBER, NAME, PAID, OWES, STATUS, LATE = range(6)
    HEADERS = ("No.", "Name", "Paid", "Owes", "Status", "Late")
    SortRole = Qt.ItemDataRole.UserRole + 1
    SearchRole = Qt.ItemDataRole.UserRole + 2
    NumberRole = Qt.ItemDataRole.UserRole + 3

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._rows: list[EntrantInfo] = []
        self._search: list[str] = []

    # reading

    def entrants(self) -> list[EntrantInfo]:
        return list(self._rows)

    def entrant_at(self, row: int) -> EntrantInfo:
        return self._rows[row]

    def row_of(self, number: int) -> int | None:
        for row, info in enumerate(self._rows):
            if info.number == number:
                return row
        return None

    # changing

    def set_entrants(self, entrants: list[EntrantInfo]) -> None:
        self.beginResetModel()
        self._rows = sorted(entrants, key=lambda info: info.number)
        self._search = [entrant_search_text(info) for info in self._rows]
        self.endResetModel()

    def put(self, info: EntrantInfo) -> int:
        """Show one entrant as it is now (a new one is inserted in number order); its row."""
        row = self.row_of(info.number)
        if row is not None:
            self._rows[row] = info
            self._search[row] = entrant_search_text(info)
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.HEADERS) - 1), [])
            return row
        row = next((r for r, other in enumerate(self._rows) if other.number > info.number), None)
        row = len(self._rows) if row is None else row
        self.beginInsertRows(QModelIndex(), row, row)
        self._rows.insert(row, info)
        self._search.insert(row, entrant_search_text(info))
        self.endInsertRows()
        return row

    # Qt

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            # text columns as their cells; number columns centred (clear of the sort arrow)
            left = section in (self.NAME, self.STATUS, self.LATE)
            horizontal = Qt.AlignmentFlag.AlignLeft if left else Qt.AlignmentFlag.AlignHCenter
            return int((horizontal | Qt.AlignmentFlag.AlignVCenter).value)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        info = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(info, column)
        if role == self.SortRole:
            return self._sort_key(info, column)
        if role == self.SearchRole:
            return self._search[index.row()]
        if role == self.NumberRole:
            return info.number
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _alignment(column)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._colour(info, column)
        if role == Qt.ItemDataRole.FontRole and column == self.NUMBER:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(info)
        return None

    def _text(self, info: EntrantInfo, column: int) -> str:
        if column == self.NUMBER:
            return str(info.number)
        if column == self.NAME:
            joined = " / ".join(info.players)
            return info.name if joined == info.name else f"{info.name} ({joined})"
        if column == self.PAID:
            return format_money(info.paid_cents) if info.paid_cents else "—"
        if column == self.OWES:
            return format_money(info.owed_cents) if info.owed_cents else ""
        if column == self.STATUS:
            return status_text(info)
        if column == self.LATE:
            return "Late entry" if info.late else ""
        return ""

    def _sort_key(self, info: EntrantInfo, column: int) -> Any:
        if column == self.NUMBER:
            return info.number
        if column == self.PAID:
            return info.paid_cents
        if column == self.OWES:
            return info.owed_cents
        if column == self.LATE:
            return int(info.late)
        return self._text(info, column).casefold()

    def _colour(self, info: EntrantInfo, column: int) -> QBrush | None:
        if info.status != "active":
            return QBrush(MUTED)
        if column == self.OWES and info.owed_cents:
            return QBrush(OWING)
        if column == self.PAID and not info.paid_cents:
            return QBrush(MUTED)
        if column == self.LATE and info.late:
            return QBrush(LATE)
        return None

    def _tooltip(self, info: EntrantInfo) -> str:
        parts = [f"Entrant {info.number}: {' / '.join(info.players)}"]
        parts.append(f"paid {format_money(info.paid_cents)}")
        if info.owed_cents:
            parts.append(f"owes {format_money(info.owed_cents)}")
        if info.status != "active":
            parts.append(status_text(info).lower())
        if info.late:
            parts.append("late entry: not in the draw yet")
        return "\n".join([" · ".join(parts), *info.history])


def _alignment(column: int) -> int:
    right = column in (EntrantTableModel.NUMBER, EntrantTableModel.PAID, EntrantTableModel.OWES)
    horizontal = Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft
    return int((horizontal | Qt.AlignmentFlag.AlignVCenter).value)


class EntrantFilterModel(SearchFilter):
    """The entrants a search matches (names and numbers; case, accents and spaces ignored)."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(EntrantTableModel.SortRole, parent)

    def accepts(self, model: QAbstractItemModel, row: int, query: str) -> bool:
        return matches(query, model.data(model.index(row, 0), EntrantTableModel.SearchRole) or "")


class RosterPreviewModel(RowsModel):
    """A roster file's rows as the import will read them; rows with problems are marked."""

    LINE, NAME, PARTNER, PAID, PROBLEMS = range(5)
    HEADERS = ("Line", "Name", "Partner", "Paid", "Problems")

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._rows: tuple[RosterRow, ...] = ()

    def set_preview(self, preview: RosterPreview | None) -> None:
        self.beginResetModel()
        self._rows = preview.rows if preview is not None else ()
        self.endResetModel()

    def row_at(self, row: int) -> RosterRow:
        return self._rows[row]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._text(row, column, full=role == Qt.ItemDataRole.ToolTipRole)
        if role == Qt.ItemDataRole.BackgroundRole and row.problems:
            return QBrush(PROBLEM_BACKGROUND)
        if role == Qt.ItemDataRole.ForegroundRole and row.problems and column == self.PROBLEMS:
            return QBrush(OWING)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.LINE, self.PAID):
            return int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
        return None

    def _text(self, row: RosterRow, column: int, *, full: bool) -> str:
        if column == self.LINE:
            return str(row.line)
        if column == self.NAME:
            return row.players[0] if row.players else ""
        if column == self.PARTNER:
            return row.players[1] if len(row.players) > 1 else ""
        if column == self.PAID:
            return format_money(row.paid_cents) if row.paid_cents else ""
        if column == self.PROBLEMS:
            # each problem without its "line N: " (the Line column says it)
            texts = [p.split(": ", 1)[1] if p.startswith("line ") else p for p in row.problems]
            return ("\n" if full else "; ").join(texts)
        return ""

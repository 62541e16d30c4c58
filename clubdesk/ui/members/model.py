"""Qt item models for the Members page: the members, one row each, and the search filter."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QObject, Qt
from PySide6.QtGui import QFont

from clubdesk.services.members import MemberInfo, club_headings, member_matches
from clubdesk.ui.widgets.numbered_list import SearchFilter
from clubdesk.ui.widgets.rows_model import Index, RowsModel


class MemberTableModel(RowsModel):
    """Every member in number order: number, name, events played, then the club's own
    columns (phone, email, ...), as many as the members have."""

    NUMBER, NAME, EVENTS = range(3)
    FIXED = ("No.", "Name", "Events")
    SortRole = Qt.ItemDataRole.UserRole + 1
    NumberRole = Qt.ItemDataRole.UserRole + 2

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._rows: list[MemberInfo] = []
        self.columns: tuple[str, ...] = ()  # the club's own, after the fixed three
        self.HEADERS = self.FIXED

    def set_members(self, members: Sequence[MemberInfo]) -> None:
        self.beginResetModel()
        self._rows = sorted(members, key=lambda member: member.number)
        self.columns = tuple(club_headings(self._rows))
        self.HEADERS = (*self.FIXED, *self.columns)
        self.endResetModel()

    def members(self) -> list[MemberInfo]:
        return list(self._rows)

    def member_at(self, row: int) -> MemberInfo:
        return self._rows[row]

    def row_of(self, number: int) -> int | None:
        return next((row for row, m in enumerate(self._rows) if m.number == number), None)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        member = self._rows[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._text(member, column)  # a long email whole in its tooltip
        if role == self.SortRole:
            if column in (self.NUMBER, self.EVENTS):
                return member.number if column == self.NUMBER else member.events
            return self._text(member, column).casefold()
        if role == self.NumberRole:
            return member.number
        if role == Qt.ItemDataRole.TextAlignmentRole:
            right = column in (self.NUMBER, self.EVENTS)
            horizontal = Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft
            return int((horizontal | Qt.AlignmentFlag.AlignVCenter).value)
        if role == Qt.ItemDataRole.FontRole and column == self.NUMBER:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def _text(self, member: MemberInfo, column: int) -> str:
        if column == self.NUMBER:
            return str(member.number)
        if column == self.NAME:
            return member.name
        if column == self.EVENTS:
            return str(member.events)
        return member.club_columns.get(self.columns[column - len(self.FIXED)], "")


class MemberFilterModel(SearchFilter):
    """The members a search finds: any part of the name or the number, each word typed."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(MemberTableModel.SortRole, parent)

    def accepts(self, model: QAbstractItemModel, row: int, query: str) -> bool:
        return isinstance(model, MemberTableModel) and member_matches(model.member_at(row), query)

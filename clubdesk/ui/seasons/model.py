"""Qt item models for the Season page: the season's standings, one member a row, and where
one member's points came from, one event a row."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QFont

from clubdesk.domain.results.season import EventScore, SeasonRow, SeasonStandings
from clubdesk.ui.widgets.rows_model import Index, RowsModel

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def place_text(place: int | None, shared: bool = False) -> str:
    """``3``, ``3=`` for a place shared, ``—`` for none."""
    if place is None:
        return "—"
    return f"{place}=" if shared else str(place)


class _TextRows(RowsModel):
    """A table of text cells (``text``): those of ``LEFT_COLUMNS`` flush left, the others
    flush right, ``BOLD_COLUMN`` in bold."""

    LEFT_COLUMNS: tuple[int, ...] = ()
    BOLD_COLUMN = -1

    def text(self, row: int, column: int) -> str:
        raise NotImplementedError

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self.text(index.row(), index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int((LEFT if index.column() in self.LEFT_COLUMNS else RIGHT).value)
        if role == Qt.ItemDataRole.FontRole and index.column() == self.BOLD_COLUMN:
            font = QFont()
            font.setBold(True)
            return font
        return None


class SeasonModel(_TextRows):
    """The season's standings: place (``2=`` shared), member number, name, events played,
    points, and the event scores that count."""

    PLACE, NUMBER, NAME, EVENTS, POINTS, COUNTED = range(6)
    HEADERS = ("Place", "No.", "Name", "Events", "Points", "Counted")
    LEFT_COLUMNS = (NAME, COUNTED)
    BOLD_COLUMN = POINTS

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._rows: tuple[SeasonRow, ...] = ()
        self._shared: set[int] = set()

    def set_standings(self, standings: SeasonStandings | None) -> None:
        self.beginResetModel()
        self._rows = () if standings is None else standings.rows
        places = [row.place for row in self._rows]
        self._shared = {place for place in places if places.count(place) > 1}
        self.endResetModel()

    def row_at(self, row: int) -> SeasonRow:
        return self._rows[row]

    def text(self, row: int, column: int) -> str:
        line = self._rows[row]
        return (
            place_text(line.place, line.place in self._shared),
            str(line.member),
            line.name,
            str(line.events),
            str(line.points),
            " + ".join(map(str, line.counted)),
        )[column]


class ScoresModel(_TextRows):
    """One member's events: the event, the place there, the points it scored, whether they
    count toward the season."""

    EVENT, PLACE, POINTS, COUNTS = range(4)
    HEADERS = ("Event", "Place", "Points", "Counts")
    LEFT_COLUMNS = (EVENT, COUNTS)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._rows: tuple[EventScore, ...] = ()

    def set_scores(self, scores: tuple[EventScore, ...]) -> None:
        self.beginResetModel()
        self._rows = scores
        self.endResetModel()

    def text(self, row: int, column: int) -> str:
        score = self._rows[row]
        return (
            score.event_name,
            place_text(score.place),
            str(score.points),
            "✓ counts" if score.counted else "not counted",
        )[column]

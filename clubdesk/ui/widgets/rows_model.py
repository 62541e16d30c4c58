"""What the pages' tables of rows share: a Qt table model over a sequence of rows under
fixed headings (``HEADERS``), the rows and headings counted and the headings shown across
the top. A page's model holds its rows in ``_rows`` and says what each cell shows; one whose
heading changes with the event says it in ``heading``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex


class RowsModel(QAbstractTableModel):
    """A table of ``_rows`` under ``HEADERS``."""

    HEADERS: tuple[str, ...] = ()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._rows: Sequence[Any] = ()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 (Qt's name)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802 (Qt's name)
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(self.HEADERS)
        ):
            return self.heading(section)
        return None

    def heading(self, section: int) -> str:
        """The heading shown over column ``section``."""
        return self.HEADERS[section]

"""A table sorted from the keyboard as a click on its headers sorts it: Ctrl+Shift+S sorts by
the next column shown (after the last, the first again), Ctrl+Shift+R turns the order round.
The keys work while the table has the keyboard; Help lists them with the page's."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QTableView

NEXT_COLUMN = "Ctrl+Shift+S"
REVERSE = "Ctrl+Shift+R"


def sort_from_keyboard(view: QTableView) -> None:
    """Give ``view`` (sorted by clicking its headers) the two keys that sort it."""
    header = view.horizontalHeader()

    def next_column() -> None:
        model = view.model()
        shown = [c for c in range(model.columnCount()) if not view.isColumnHidden(c)]
        if not shown:
            return
        later = [column for column in shown if column > header.sortIndicatorSection()]
        view.sortByColumn(later[0] if later else shown[0], Qt.SortOrder.AscendingOrder)

    def reverse() -> None:
        ascending = header.sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
        order = Qt.SortOrder.DescendingOrder if ascending else Qt.SortOrder.AscendingOrder
        view.sortByColumn(header.sortIndicatorSection(), order)

    for text, key, run in (
        ("Sort by the next column", NEXT_COLUMN, next_column),
        ("Reverse the order", REVERSE, reverse),
    ):
        action = QAction(text, view)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(run)
        view.addAction(action)
    header.setToolTip(f"Click a heading to sort by it; {NEXT_COLUMN} and {REVERSE} from the keys")

"""Columns sized to their contents once, from one cell a column, not from every row.

A header in ``ResizeToContents`` mode asks the view to measure every row of a column (its
text, font and margins) each time the table is laid out or shown: for a field of 512 teams,
hundreds of milliseconds on every visit to the page. A page that fills a big table sizes it
once after filling instead: the widest text of each column is found by its font's metrics
(each distinct text measured once), and only that cell is measured as the view would.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QAbstractItemModel
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QTableView


def widest_row(texts: Iterable[str], font: QFont) -> int | None:
    """The row of the widest of ``texts`` (one a row, in order) in ``font``; None: none."""
    first: dict[str, int] = {}
    for row, text in enumerate(texts):
        first.setdefault(text, row)
    if not first:
        return None
    metrics = QFontMetrics(font)
    return first[max(first, key=metrics.horizontalAdvance)]


def content_width(
    view: QTableView, column: int, row: int | None, source: QAbstractItemModel
) -> int:
    """The width a header sized to its contents gives ``column``: its title's and that of
    the cell in ``row`` of the view's ``source`` model (the widest), at least the header's
    least section size."""
    header = view.horizontalHeader()
    width = header.sectionSizeHint(column)
    if row is not None:
        index = source.index(row, column)
        model = view.model()
        if model is not source:  # a proxy sorting the rows
            index = model.mapFromSource(index)  # type: ignore[attr-defined]
        cell = view.sizeHintForIndex(index).width() + int(view.showGrid())
        width = max(width, cell)
    return max(width, header.minimumSectionSize())


def bold(font: QFont) -> QFont:
    """``font`` in bold."""
    heavier = QFont(font)
    heavier.setBold(True)
    return heavier

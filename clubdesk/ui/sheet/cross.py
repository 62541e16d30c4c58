"""Both sides' paper sheets on the score sheet, where the event compares them
(``rules.sheets.cross_check``; ``domain.event.cross_check``).

Sheet 1 is the one the scorekeeper signs; sheet 2 the other side's scorekeeper's, typed
after it (Alt+1, Alt+2 switch). Once both have hands the bar says whether they agree, and
shows every hand where they disagree side by side, field by field; the sheet goes in only
when they agree, or with the one the director accepts and the reason why (logged).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.cross_check import Disagreement, disagreements
from clubdesk.domain.games.columns import Column
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import RadioButton

ACCEPT = (("accept –", None), ("sheet 1 is right", "first"), ("sheet 2 is right", "second"))


class CrossCheckBar(QWidget):
    """Which sheet is typed, where the two disagree, and which one the director accepts."""

    switched = Signal(int)  # 0: sheet 1, 1: sheet 2
    changed = Signal()  # the sheet accepted or the reason typed

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        top = QHBoxLayout()
        top.addWidget(QLabel("Both sides' sheets:"))
        self.first = RadioButton("Sheet &1 (the scorekeeper's)")
        self.second = RadioButton("Sheet &2 (the other side's)")
        self.group = QButtonGroup(self)
        for number, button in enumerate((self.first, self.second)):
            self.group.addButton(button, number)
            top.addWidget(button)
        self.first.setChecked(True)
        self.group.idClicked.connect(self.switched)
        self.state = QLabel()
        top.addSpacing(12)
        top.addWidget(self.state, 1)
        layout.addLayout(top)
        self.compared = QLabel()
        self.compared.setTextFormat(Qt.TextFormat.RichText)
        self.compared.hide()
        self.accepting = QWidget()
        accept = QHBoxLayout(self.accepting)
        accept.setContentsMargins(0, 0, 0, 0)
        self.accept = QComboBox()
        for text, value in ACCEPT:
            self.accept.addItem(text, value)
        self.reason = QLineEdit()
        self.reason.setMaxLength(200)
        self.reason.setPlaceholderText("why that sheet is right (logged)")
        accept.addWidget(self.accept)
        accept.addWidget(QLabel("because"))
        accept.addWidget(self.reason, 1)
        self.accepting.hide()
        self.accept.currentIndexChanged.connect(self.changed)
        self.reason.textChanged.connect(self.changed)
        row = QHBoxLayout()
        row.addWidget(self.compared)
        row.addWidget(self.accepting, 1, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(row)

    def showing(self) -> int:
        """The sheet being typed: 0 or 1."""
        return max(self.group.checkedId(), 0)

    def show_sheet(self, index: int) -> None:
        (self.first, self.second)[index].setChecked(True)

    def accepted(self) -> str | None:
        return None if self.accepting.isHidden() else self.accept.currentData()

    def compare(
        self,
        first: Sequence[dict[str, Any]],
        second: Sequence[dict[str, Any]],
        columns: Sequence[Column],
    ) -> tuple[Disagreement, ...]:
        """Show how the two sheets stand against each other; the hands both have that they
        disagree on."""
        both = min(len(first), len(second))
        differ = disagreements(first[:both], second[:both])
        if not second:
            said = "Type sheet 2 too (Alt+2): this event compares both sides' sheets."
        elif len(second) < len(first):
            said = f"Sheet 2: {len(second)} of {len(first)} hands typed."
        else:
            said = ""
        if differ:
            hands = ", ".join(str(d.number) for d in differ)
            said = f"{said} They disagree on hand{'s' if len(differ) > 1 else ''} {hands}."
        elif second and len(second) == len(first):
            said = "The two sheets agree."
        self.state.setText(said.strip())
        set_role(self.state, "error" if differ else "hint")
        self.compared.setText(side_by_side(differ, columns))
        self.compared.setVisible(bool(differ))
        self.accepting.setVisible(bool(disagreements(first, second)) and bool(second))
        return differ


def side_by_side(differ: Sequence[Disagreement], columns: Sequence[Column]) -> str:
    """The hands the sheets disagree on, a row per field: hand, field, sheet 1, sheet 2."""
    if not differ:
        return ""
    headings = {column.key: column.heading for column in columns}
    rows = "".join(
        f"<tr><td>{d.number}</td><td>{escape(headings.get(key, key))}</td>"
        f"<td align='right'>{_shown(one)}</td><td align='right'>{_shown(two)}</td></tr>"
        for d in differ
        for key, one, two in zip(d.fields, d.first, d.second, strict=True)
    )
    return (
        "<table cellspacing='0' cellpadding='2' border='1' style='border-color:#9a9a9a'>"
        "<tr><th>&nbsp;Hand&nbsp;</th><th>&nbsp;Field&nbsp;</th><th>&nbsp;Sheet 1&nbsp;</th>"
        f"<th>&nbsp;Sheet 2&nbsp;</th></tr>{rows}</table>"
    )


def _shown(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return escape(str(value))

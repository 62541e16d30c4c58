"""The Players page's entry row and the words it uses: the count line, a name already in.

The entry row takes name, partner (team events), paid and method; Enter in
any of them registers. What the page says about an event's entrants
(``summary_text``) is also the status bar's count line.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.errors import UserError
from clubdesk.services.entrants import RegistrationSummary
from clubdesk.services.registration import Duplicate
from clubdesk.ui.style import role_of, set_role, text_size
from clubdesk.ui.widgets.buttons import PushButton
from clubdesk.ui.widgets.money_edit import MoneyEdit

METHODS = (("cash", "Cash"), ("check", "Check"), ("other", "Other"))
NAME_BOXES = {"players[0]": "Name", "players[1]": "Partner"}  # the field each box is


def readable(widget: QWidget) -> QWidget:
    """The page's size on a widget, a point above the window's (dialogs are windows: they do not
    inherit the page's)."""
    font = QFont(widget.font())
    font.setPointSize(text_size() + 1)
    widget.setFont(font)
    return widget


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary_text(summary: RegistrationSummary) -> str:
    """``24 entrants · 22 paid · 12 tables``, with a bye or empty seats when there are any,
    and the entrants the published seating has no place for."""
    parts = [
        plural(summary.entrants, "entrant"),
        f"{summary.paid} paid",
        plural(summary.tables_needed, "table"),
    ]
    if summary.byes:
        parts.append(plural(summary.byes, "bye"))
    if summary.empty_seats:
        parts.append(f"{plural(summary.empty_seats, 'empty seat')}")
    if summary.unseated:
        parts.append(f"{summary.unseated} not seated")
    return " · ".join(parts)


def duplicate_warning(duplicates: Sequence[Duplicate]) -> str:
    """What the entry row says about names already in the event, before saving."""
    parts = []
    for found in duplicates:
        state = "" if found.status == "active" else f", {found.status}"
        where = f"entrant {found.number}{state}"
        if found.entrant_name != found.registered_as:
            where += f": {found.entrant_name}"
        parts.append(f"{found.registered_as} is already {where}")
    first = duplicates[0]
    if len(duplicates) == 1:
        again = f"press Enter again to register a second {first.registered_as}"
    else:
        again = "press Enter again to register them anyway"
    withdrawn = any(found.status == "withdrawn" for found in duplicates)
    tail = " (or reinstate the withdrawn entrant)" if withdrawn else ""
    return f"{'; '.join(parts)}. Check with them, then {again}{tail}."


def number_ranges(numbers: Sequence[int]) -> str:
    """``[1, 2, 3, 7]`` -> ``1–3, 7``."""
    ordered = sorted(numbers)
    parts = []
    start = previous = ordered[0]
    for number in [*ordered[1:], None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        parts.append(str(start) if start == previous else f"{start}–{previous}")
        if number is not None:
            start = previous = number
    return ", ".join(parts)


# --- the entry row ---------------------------------------------------------------------------


class EntryRow(QFrame):
    """Name, partner, paid, method and Register; Enter in any of them registers."""

    submitted = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("entryRow")
        set_role(self, "panel")
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("nameEdit")
        self.name_edit.setPlaceholderText("First and last name")
        self.partner_edit = QLineEdit()
        self.partner_edit.setObjectName("partnerEdit")
        self.partner_edit.setPlaceholderText("Partner's name")
        self.paid_edit = MoneyEdit()
        self.paid_edit.setObjectName("paidEdit")
        self.paid_edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.method_combo = QComboBox()
        self.method_combo.setObjectName("methodCombo")
        for key, text in METHODS:
            self.method_combo.addItem(text, key)
        self.register_button = PushButton("&Register")
        self.register_button.setAutoDefault(True)
        self.register_button.setToolTip("Register (Enter)")

        self.name_label = QLabel("&Name")
        self.name_label.setBuddy(self.name_edit)
        self.partner_label = QLabel("Par&tner")
        self.partner_label.setBuddy(self.partner_edit)
        paid_label = QLabel("Pai&d ($)")
        paid_label.setBuddy(self.paid_edit)
        method_label = QLabel("&Method")
        method_label.setBuddy(self.method_combo)

        grid = self._grid = QGridLayout(self)
        grid.setContentsMargins(16, 12, 16, 12)
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(4)
        for column, (label, widget, stretch) in enumerate(
            (
                (self.name_label, self.name_edit, 3),
                (self.partner_label, self.partner_edit, 3),
                (paid_label, self.paid_edit, 0),
                (method_label, self.method_combo, 0),
            )
        ):
            grid.addWidget(label, 0, column)
            grid.addWidget(widget, 1, column)
            grid.setColumnStretch(column, stretch)
        grid.addWidget(self.register_button, 1, 4)
        self.paid_edit.setFixedWidth(120)
        self.method_combo.setMinimumWidth(110)
        self.name_edit.setMinimumWidth(220)
        self.partner_edit.setMinimumWidth(220)

        self._usage = ""
        self.message = QLabel()
        self.message.setObjectName("entryMessage")
        self.message.setWordWrap(True)
        self.message.setMinimumHeight(self.fontMetrics().height() * 2)
        self.message.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.message, 2, 0, 1, 5)

        QWidget.setTabOrder(self.name_edit, self.partner_edit)
        QWidget.setTabOrder(self.partner_edit, self.paid_edit)
        QWidget.setTabOrder(self.paid_edit, self.method_combo)
        QWidget.setTabOrder(self.method_combo, self.register_button)
        self.register_button.clicked.connect(self.submitted)

    def set_team(self, team: bool) -> None:
        self._usage = (
            "Type a name, Tab, the partner's name, Tab, what they paid — Enter registers."
            if team
            else "Type a name, Tab, what they paid — Enter registers."
        )
        if self.message_role() == "hint":
            self.show_message("")
        self.partner_label.setVisible(team)
        self.partner_edit.setVisible(team)
        self._grid.setColumnStretch(1, 3 if team else 0)  # no gap where the partner was
        self.name_edit.setPlaceholderText("First and last name" if not team else "Player's name")

    def names(self, team: bool) -> list[str]:
        names = [self.name_edit.text()]
        if team:
            names.append(self.partner_edit.text())
        return names

    def method(self) -> str:
        return self.method_combo.currentData()

    def clear(self, fee_cents: int) -> None:
        self.name_edit.clear()
        self.partner_edit.clear()
        self.paid_edit.set_cents(fee_cents)
        self.method_combo.setCurrentIndex(0)

    def show_message(self, text: str, role: str = "hint") -> None:
        """A message under the row; none shows how the row is used."""
        self.message.setText(text or self._usage)
        set_role(self.message, role if text else "hint")

    def refusal_text(self, error: UserError) -> str:
        """A refusal as the row says it: one about a name box names that box
        (``Partner: a name is needed.``), so that the two boxes' are told apart."""
        box = NAME_BOXES.get(error.field or "")
        return plain_words(error) if box is None else f"{box}: {error.reason.rstrip('.')}."

    def message_text(self) -> str:
        """The message shown under the row (empty when it only shows how to use the row)."""
        return "" if self.message_role() == "hint" else self.message.text()

    def message_role(self) -> str:
        return role_of(self.message)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Line edits and the method list pass Return on; it registers from any field.
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submitted.emit()
            return
        super().keyPressEvent(event)

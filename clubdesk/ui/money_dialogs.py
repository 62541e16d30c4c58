"""The dialog that takes down added money or an expense: amount, method and what it is for."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.model import PAYMENT_METHODS
from clubdesk.ui.widgets.money_edit import MoneyEdit

TITLES = {"added": "Add added money", "expense": "Take an expense from the pot"}


@dataclass(frozen=True)
class MoneyEntry:
    """What the treasurer typed: the amount (None if not an amount), method and note."""

    cents: int | None
    method: str
    note: str


class MoneyDialog(QDialog):
    """Amount, method and note for one added-money or expense row."""

    def __init__(self, kind: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(TITLES[kind])
        self.setMinimumWidth(420)
        self.amount = MoneyEdit()
        self.method = QComboBox()
        self.method.addItems(PAYMENT_METHODS)
        self.note = QLineEdit()
        self.note.setPlaceholderText(
            "e.g. from the club" if kind == "added" else "e.g. score pads and cards"
        )
        form = QFormLayout()
        form.addRow("Amount ($)", self.amount)
        form.addRow("Paid by", self.method)
        form.addRow("What for", self.note)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def entry(self) -> MoneyEntry:
        return MoneyEntry(self.amount.cents(), self.method.currentText(), self.note.text())


def ask_money(kind: str, parent: QWidget) -> MoneyEntry | None:
    """Show the dialog; what was typed, or None when it was cancelled."""
    dialog = MoneyDialog(kind, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.entry()

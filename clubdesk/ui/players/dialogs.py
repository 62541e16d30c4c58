"""The Players page's dialogs for the less common actions: a payment, a withdrawal (with
its refund), a number."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.money.amounts import MoneyError, format_money, parse_money
from clubdesk.services import registration as service
from clubdesk.services.payments import Refund, RefundOffer
from clubdesk.services.registration import EntrantInfo
from clubdesk.ui.players.entry import METHODS, readable
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.money_edit import MoneyEdit
from clubdesk.ui.widgets.refund_fields import RefundFields


class PaymentDialog(QDialog):
    """An amount received from one entrant, and how it was paid."""

    def __init__(self, info: EntrantInfo, default_cents: int, parent: QWidget | None = None):
        super().__init__(parent)
        readable(self)
        self.setWindowTitle(f"Record payment — entrant {info.number}")
        about = QLabel(
            f"<b>{info.number} · {info.name}</b><br>paid {format_money(info.paid_cents)}"
            + (f", owes {format_money(info.owed_cents)}" if info.owed_cents else "")
        )
        self.amount_edit = MoneyEdit()
        self.amount_edit.set_cents(default_cents)
        self.method_combo = QComboBox()
        for key, text in METHODS:
            self.method_combo.addItem(text, key)
        self.error = set_role(QLabel(), "error")
        self.error.hide()
        form = QFormLayout()
        form.addRow("&Amount ($)", self.amount_edit)
        form.addRow("&Method", self.method_combo)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Record")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.amount_edit.selectAll()

    def values(self) -> tuple[int, str] | None:
        try:
            cents = parse_money(self.amount_edit.text())
        except MoneyError as exc:
            self._fail(f"Amount: {exc}.")
            return None
        if cents <= 0:
            self._fail("Amount: type the amount received.")
            return None
        return cents, self.method_combo.currentData()

    def _fail(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()

    def accept(self) -> None:
        if self.values() is not None:
            super().accept()


class WithdrawDialog(QDialog):
    """Confirm a withdrawal, with an optional reason for the log; where the format gives
    refunds and the entrant paid, "Refund the fee?" (``RefundFields``)."""

    def __init__(
        self, info: EntrantInfo, offer: RefundOffer | None = None, parent: QWidget | None = None
    ):
        super().__init__(parent)
        readable(self)
        self.setWindowTitle(f"Withdraw entrant {info.number}")
        self.setMinimumWidth(520)
        text = QLabel(
            f"Withdraw <b>{info.number} · {info.name}</b>?<br>"
            "The entrant keeps its number and its payments and can be reinstated."
        )
        text.setWordWrap(True)
        self.reason_edit = QLineEdit()
        self.reason_edit.setPlaceholderText("e.g. went home ill")
        form = QFormLayout()
        form.addRow("&Reason (optional)", self.reason_edit)
        self.refund_fields = RefundFields(optional=True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Withdraw")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addLayout(form)
        layout.addWidget(self.refund_fields)
        layout.addWidget(buttons)
        self.refund_fields.set_offer(offer)
        self.reason_edit.setFocus()  # the reason typed at once, Enter withdraws

    def reason(self) -> str:
        return self.reason_edit.text()

    def refund(self) -> Refund | None:
        """The refund asked for with the withdrawal (None: none)."""
        return self.refund_fields.refund()

    def accept(self) -> None:
        if self.refund_fields.check():
            super().accept()


class RenumberDialog(QDialog):
    """A new number for one entrant (before the draw)."""

    def __init__(self, info: EntrantInfo, parent: QWidget | None = None):
        super().__init__(parent)
        readable(self)
        self.setWindowTitle(f"Renumber entrant {info.number}")
        self.number_spin = QSpinBox()
        self.number_spin.setRange(1, service.MAX_NUMBER)
        self.number_spin.setValue(info.number)
        self.number_spin.selectAll()
        form = QFormLayout()
        form.addRow(QLabel(f"<b>{info.number} · {info.name}</b>"))
        form.addRow("&New number", self.number_spin)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def number(self) -> int:
        return self.number_spin.value()

"""The Players page's dialogs for the less common actions: a payment, a withdrawal (with
its refund), a number."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QSpinBox, QWidget

from clubdesk.domain.money.amounts import MoneyError, format_money, parse_money
from clubdesk.services import registration
from clubdesk.services.entrants import EntrantInfo
from clubdesk.services.payments import Refund, RefundOffer
from clubdesk.ui.players.entry import METHODS, readable
from clubdesk.ui.widgets.form_dialog import FormDialog
from clubdesk.ui.widgets.money_edit import MoneyEdit
from clubdesk.ui.widgets.refund_fields import RefundFields


class PaymentDialog(FormDialog):
    """An amount received from one entrant, and how it was paid."""

    def __init__(self, info: EntrantInfo, default_cents: int, parent: QWidget | None = None):
        super().__init__(
            f"Record payment — entrant {info.number}",
            parent,
            lead=f"<b>{info.number} · {info.name}</b><br>paid {format_money(info.paid_cents)}"
            + (f", owes {format_money(info.owed_cents)}" if info.owed_cents else ""),
            ok_text="Record",
        )
        readable(self)
        self.amount_edit = MoneyEdit()
        self.amount_edit.set_cents(default_cents)
        self.method_combo = QComboBox()
        for key, text in METHODS:
            self.method_combo.addItem(text, key)
        self.form.addRow("&Amount ($)", self.amount_edit)
        self.form.addRow("&Method", self.method_combo)
        self.amount_edit.setFocus()
        self.amount_edit.selectAll()

    def values(self) -> tuple[int, str] | None:
        try:
            cents = parse_money(self.amount_edit.text())
        except MoneyError as exc:
            self.fail(f"Amount: {exc}.")
            return None
        if cents <= 0:
            self.fail("Amount: type the amount received.")
            return None
        return cents, self.method_combo.currentData()

    def check(self) -> bool:
        return self.values() is not None


class WithdrawDialog(FormDialog):
    """Confirm a withdrawal, with an optional reason for the log; where the format gives
    refunds and the entrant paid, "Refund the fee?" (``RefundFields``)."""

    def __init__(
        self, info: EntrantInfo, offer: RefundOffer | None = None, parent: QWidget | None = None
    ):
        super().__init__(
            f"Withdraw entrant {info.number}",
            parent,
            lead=f"Withdraw <b>{info.number} · {info.name}</b>?<br>"
            "The entrant keeps its number and its payments and can be reinstated.",
            ok_text="Withdraw",
            width=520,
        )
        readable(self)
        self.reason_edit = QLineEdit()
        self.reason_edit.setPlaceholderText("e.g. went home ill")
        self.form.addRow("&Reason (optional)", self.reason_edit)
        self.refund_fields = RefundFields(optional=True)
        self.extra.addWidget(self.refund_fields)
        self.refund_fields.set_offer(offer)
        self.reason_edit.setFocus()  # the reason typed at once, Enter withdraws

    def reason(self) -> str:
        return self.reason_edit.text()

    def refund(self) -> Refund | None:
        """The refund asked for with the withdrawal (None: none)."""
        return self.refund_fields.refund()

    def check(self) -> bool:
        return self.refund_fields.check()


class RenumberDialog(FormDialog):
    """A new number for one entrant (before the draw)."""

    def __init__(self, info: EntrantInfo, parent: QWidget | None = None):
        super().__init__(f"Renumber entrant {info.number}", parent)
        readable(self)
        self.number_spin = QSpinBox()
        self.number_spin.setRange(1, registration.MAX_NUMBER)
        self.number_spin.setValue(info.number)
        self.number_spin.selectAll()
        self.form.addRow(QLabel(f"<b>{info.number} · {info.name}</b>"))
        self.form.addRow("&New number", self.number_spin)
        self.number_spin.setFocus()

    def number(self) -> int:
        return self.number_spin.value()

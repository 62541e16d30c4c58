"""The Money page's dialogs: added money or an expense (amount, method and what it is for),
and a refund of an entrant's fee (who, how much, how it is paid back, why)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.model import PAYMENT_METHODS
from clubdesk.errors import UserError
from clubdesk.services.payments import Refund, RefundOffer
from clubdesk.ui.widgets.money_edit import MoneyEdit
from clubdesk.ui.widgets.refund_fields import RefundFields, paid_text

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


# gives the refund asked for to the service: None when it is recorded, else its refusal
GiveRefund = Callable[[int, Refund], UserError | None]


class RefundDialog(QDialog):
    """A refund of one entrant's fee: the entrant (those a refund can be given to), the
    amount, how it is paid back and why. OK gives it (``give``); a refusal is shown at its
    field and the dialog stays open."""

    def __init__(
        self, offers: Sequence[RefundOffer], give: GiveRefund, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.setWindowTitle("Refund an entry fee")
        self.setMinimumWidth(520)
        self._offers = {offer.number: offer for offer in offers}
        self._give = give
        self.given: tuple[int, Refund] | None = None
        self.entrant = QComboBox()
        self.entrant.setObjectName("refundEntrant")
        for offer in offers:
            self.entrant.addItem(f"{offer.number} {offer.name} ({paid_text(offer)})", offer.number)
        self.fields = RefundFields(optional=False, more_marks={"number": self.entrant})
        lead = QLabel("The refund is a ledger row: it comes off the fees in the prize pool.")
        lead.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Entrant", self.entrant)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Refund")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(lead)
        layout.addLayout(form)
        layout.addWidget(self.fields)
        layout.addWidget(buttons)
        self.entrant.currentIndexChanged.connect(self._chosen)
        self._chosen()
        self.fields.amount.setFocus()

    def _chosen(self, *args: object) -> None:
        self.fields.set_offer(self._offers.get(self.entrant.currentData()))

    def accept(self) -> None:
        number = self.entrant.currentData()
        if number is None or not self.fields.check():
            return
        refund = self.fields.refund()
        if refund is None:
            return
        refused = self._give(number, refund)
        if refused is not None:
            self.fields.show_error(refused)
            return
        self.given = (number, refund)
        super().accept()

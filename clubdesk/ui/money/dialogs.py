"""The Money page's dialogs: added money or an expense (amount, method and what it is for),
and a refund of an entrant's fee (who, how much, how it is paid back, why)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import QComboBox, QDialog, QLineEdit, QWidget

from clubdesk.domain.event.model import PAYMENT_METHODS
from clubdesk.errors import UserError
from clubdesk.services.payments import Refund, RefundOffer
from clubdesk.ui.widgets.form_dialog import FormDialog
from clubdesk.ui.widgets.money_edit import MoneyEdit
from clubdesk.ui.widgets.refund_fields import RefundFields, paid_text

TITLES = {"added": "Add added money", "expense": "Take an expense from the pot"}


@dataclass(frozen=True)
class MoneyEntry:
    """What the treasurer typed: the amount (None if not an amount), method and note."""

    cents: int | None
    method: str
    note: str


class MoneyDialog(FormDialog):
    """Amount, method and note for one added-money or expense row."""

    def __init__(self, kind: str, parent: QWidget | None = None):
        super().__init__(TITLES[kind], parent, width=420)
        self.amount = MoneyEdit()
        self.method = QComboBox()
        self.method.addItems(PAYMENT_METHODS)
        self.note = QLineEdit()
        self.note.setPlaceholderText(
            "e.g. from the club" if kind == "added" else "e.g. score pads and cards"
        )
        self.form.addRow("Amount ($)", self.amount)
        self.form.addRow("Paid by", self.method)
        self.form.addRow("What for", self.note)
        self.amount.setFocus()

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


class RefundDialog(FormDialog):
    """A refund of one entrant's fee: the entrant (those a refund can be given to), the
    amount, how it is paid back and why. OK gives it (``give``); a refusal is shown at its
    field and the dialog stays open."""

    def __init__(
        self, offers: Sequence[RefundOffer], give: GiveRefund, parent: QWidget | None = None
    ):
        super().__init__(
            "Refund an entry fee",
            parent,
            lead="The refund is a ledger row: it comes off the fees in the prize pool.",
            ok_text="Refund",
            width=520,
        )
        self._offers = {offer.number: offer for offer in offers}
        self._give = give
        self.given: tuple[int, Refund] | None = None
        self.entrant = QComboBox()
        self.entrant.setObjectName("refundEntrant")
        for offer in offers:
            self.entrant.addItem(f"{offer.number} {offer.name} ({paid_text(offer)})", offer.number)
        self.fields = RefundFields(optional=False, more_marks={"number": self.entrant})
        self.form.addRow("&Entrant", self.entrant)
        self.extra.addWidget(self.fields)
        self.entrant.currentIndexChanged.connect(self._chosen)
        self._chosen()
        self.fields.amount.setFocus()

    def _chosen(self, *args: object) -> None:
        self.fields.set_offer(self._offers.get(self.entrant.currentData()))

    def check(self) -> bool:
        """OK gives the refund; the dialog closes only when it was given."""
        number = self.entrant.currentData()
        if number is None or not self.fields.check():
            return False
        refund = self.fields.refund()
        if refund is None:
            return False
        refused = self._give(number, refund)
        if refused is not None:
            self.fields.show_error(refused)
            return False
        self.given = (number, refund)
        return True

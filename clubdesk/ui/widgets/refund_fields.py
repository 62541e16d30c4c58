"""The refund of an entry fee as the window asks it: how much, how it is paid back, why.

``RefundFields`` is the same few fields wherever a fee is given back: the
Players page's and the Rounds board's withdrawal ("Refund the fee?", a box
to tick) and the Money page's Refund… dialog (always a refund). What it may
offer comes from the service (``payments.RefundOffer``): where the format
gives no refunds (bid whist) no field is shown, only the reason; where the
entrant has nothing left to give back, nothing at all. The amount starts at
the most that can be given back. A refund that cannot be given is refused at
its field, in the rules' own words (``domain.money.refunds``), before the
dialog closes; the service checks it again when it runs.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.model import PAYMENT_METHODS
from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.domain.money import refunds
from clubdesk.domain.money.amounts import MoneyError, format_money, parse_money
from clubdesk.errors import UserError
from clubdesk.services.payments import Refund, RefundOffer
from clubdesk.ui.operations import FieldMarks
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.buttons import CheckBox
from clubdesk.ui.widgets.money_edit import MoneyEdit


def paid_text(offer: RefundOffer) -> str:
    """``paid $40.00`` (``, $10.00 refunded already``)."""
    text = f"paid {format_money(offer.paid_cents)}"
    if offer.refunded_cents:
        text += f", {format_money(offer.refunded_cents)} refunded already"
    return text


class RefundFields(QWidget):
    """Amount, method and reason of a refund; with ``optional``, a box to tick first."""

    def __init__(
        self,
        *,
        optional: bool,
        more_marks: Mapping[str, QWidget] | None = None,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.offer: RefundOffer | None = None
        self.ask = CheckBox("Re&fund the fee?") if optional else None
        self.about = set_role(QLabel(), "hint")
        self.about.setWordWrap(True)
        self.amount = MoneyEdit()
        self.amount.setObjectName("refundAmount")
        self.amount.setFixedWidth(120)
        self.method = QComboBox()
        for method in PAYMENT_METHODS:
            self.method.addItem(method.capitalize(), method)
        self.reason = QLineEdit()
        self.reason.setObjectName("refundReason")
        self.reason.setPlaceholderText("e.g. left before round 1")
        self.error = set_role(QLabel(), "error")
        self.error.setWordWrap(True)
        self.error.hide()
        self.form = QFormLayout()
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.addRow("Refund &amount ($)", self.amount)
        self.form.addRow("Paid &back by", self.method)
        self.form.addRow("Reas&on for the refund", self.reason)
        self.marks = FieldMarks(
            {"cents": self.amount, "method": self.method, "note": self.reason,
             "refund": self.ask or self.amount, **(more_marks or {})},
            default=self.amount,
        )  # fmt: skip
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        if self.ask is not None:
            layout.addWidget(self.ask)
            self.ask.toggled.connect(self._asked)
        layout.addWidget(self.about)
        layout.addLayout(self.form)
        layout.addWidget(self.error)
        self.set_offer(None)

    # what is offered

    def set_offer(self, offer: RefundOffer | None) -> None:
        """Offer a refund to this entrant (None: to nobody)."""
        self.offer = offer
        self.error.hide()
        self.marks.clear()
        left = 0 if offer is None else refunds.refundable_cents(offer.paid_cents,
                                                                 offer.refunded_cents)  # fmt: skip
        offered = offer is not None and offer.most_cents > 0
        if offer is not None and offer.refused and left > 0:
            self.about.setText(f"No refund: {offer.refused}.")
        elif offered and offer is not None:
            most = format_money(offer.most_cents)
            self.about.setText(f"{offer.number} {offer.name}: {paid_text(offer)}; at most {most}.")
            self.amount.set_cents(offer.most_cents)
        self.setVisible(offer is not None and left > 0)
        if self.ask is not None:
            self.ask.setVisible(offered)
            self.ask.setChecked(False)
        self._show_fields(offered and (self.ask is None or self.ask.isChecked()))

    def offered(self) -> bool:
        """A refund can be asked for here."""
        return self.offer is not None and self.offer.most_cents > 0

    def _asked(self, checked: bool) -> None:
        self._show_fields(checked and self.offered())
        if checked:
            self.amount.setFocus()
            self.amount.selectAll()
        else:
            self.error.hide()
            self.marks.clear()

    def _show_fields(self, shown: bool) -> None:
        for row in range(self.form.rowCount()):
            self.form.setRowVisible(row, shown)
        about_shown = self.offer is not None and (not self.offered() or shown)
        self.about.setVisible(about_shown)

    # what was asked

    def wanted(self) -> bool:
        """A refund is asked for: offered, and (where it is a question) the box ticked."""
        return self.offered() and (self.ask is None or self.ask.isChecked())

    def refund(self) -> Refund | None:
        """The refund as typed (None when none is asked for); ``check`` it first."""
        if not self.wanted():
            return None
        cents = self.amount.cents()
        return Refund(cents or 0, self.method.currentData(), self.reason.text())

    def check(self) -> bool:
        """A refund asked for can be given: an amount, no more than is left, a reason. If
        not, say so at its field; False."""
        if not self.wanted() or self.offer is None:
            return True
        try:
            cents = parse_money(self.amount.text())
        except MoneyError as exc:
            return self._refuse("cents", f"Amount: {exc}.")
        if cents <= 0:
            return self._refuse("cents", "Amount: type the amount given back.")
        offer = self.offer
        over = refunds.over_limit(offer.number, offer.paid_cents, offer.refunded_cents, cents)
        if over is not None:
            return self._refuse("cents", f"Amount: {over}.")
        if not self.reason.text().strip():
            return self._refuse("note", "Reason: say why the fee is refunded.")
        self.error.hide()
        self.marks.clear()
        return True

    def show_error(self, error: UserError) -> None:
        """A refusal of the service, beside the field it names."""
        self._refuse(error.field, plain_words(error))

    def _refuse(self, field: str | None, text: str) -> bool:
        self.marks.mark(field)
        self.error.setText(text)
        self.error.show()
        return False

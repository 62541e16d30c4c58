"""A dollars-and-cents field: typed as dollars, kept as integer cents.

Reading and writing amounts is the domain's (``clubdesk.domain.money``), the
same on screen, on paper and on the command line.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QLineEdit, QWidget

from clubdesk.domain.money.amounts import MoneyError, format_money, parse_money

NOT_AN_AMOUNT = "Type an amount in dollars and cents, e.g. 50 or 12.50."


class MoneyEdit(QLineEdit):
    """A dollars-and-cents field holding integer cents.

    Only digits, one point and two decimals can be typed (up to $999,999.99);
    ``cents()`` reads the value (``None`` while the text is not an amount),
    ``set_cents()`` shows one as ``50.00``.
    """

    cents_changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setValidator(QRegularExpressionValidator(r"\$?\d{0,6}(\.\d{0,2})?", self))
        self.setPlaceholderText("0.00")
        self.textChanged.connect(self.cents_changed)

    def cents(self) -> int | None:
        try:
            return parse_money(self.text())
        except MoneyError:
            return None

    def set_cents(self, cents: int) -> None:
        self.setText(format_money(cents).lstrip("$").replace(",", ""))

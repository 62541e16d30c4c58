"""The payout scheme editor: places paid as a percentage of what remains or a fixed amount,
each in cash or store credit, and the rounding unit.

It only reads and writes the scheme as the event's settings spell it
(``payout`` with each place's ``paid_in``, ``rounding_cents``); whether a
scheme is valid is the rules' answer (``Rules.with_settings``), which the
page asks for on every edit.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import sentence
from clubdesk.domain.money.payouts import paid_in
from clubdesk.domain.rules import Money
from clubdesk.errors import UserError
from clubdesk.ui.style import set_invalid, set_role
from clubdesk.ui.widgets.money_edit import MoneyEdit

PERCENT, FIXED = 0, 1
KIND_CHOICES = ("% of what remains", "fixed amount")
PAID_IN_CHOICES = (("cash", "cash"), ("store credit", "store-credit"))
MAX_PLACES = 20


class PlaceRow:
    """One paid place's widgets: its kind, a percentage or an amount, cash or store credit."""

    def __init__(self, place: int, on_edit: Any):
        self.label = QLabel(f"Place {place}")
        self.kind = QComboBox()
        self.kind.addItems(KIND_CHOICES)
        self.percent = QSpinBox()
        self.percent.setRange(1, 100)
        self.percent.setSuffix(" %")
        self.amount = MoneyEdit()
        self.value = QStackedWidget()
        self.value.addWidget(self.percent)
        self.value.addWidget(self.amount)
        self.value.setMaximumWidth(110)  # "999999.99" whole, and room left for the ledger
        self.paid_in = QComboBox()
        for label, value in PAID_IN_CHOICES:
            self.paid_in.addItem(label, value)
        self.paid_in.setAccessibleName(f"Place {place} paid in")
        self.kind.setAccessibleName(f"Place {place} prize")
        self.percent.setAccessibleName(f"Place {place} percentage")
        self.amount.setAccessibleName(f"Place {place} amount")
        self.kind.currentIndexChanged.connect(self.value.setCurrentIndex)
        self.kind.currentIndexChanged.connect(on_edit)
        self.paid_in.currentIndexChanged.connect(on_edit)
        self.percent.valueChanged.connect(on_edit)
        self.amount.cents_changed.connect(on_edit)

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.label, self.kind, self.value, self.paid_in)


class PayoutEditor(QWidget):
    """Edits a payout scheme; ``edited`` on every change, ``settings()`` reads it."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.rows: list[PlaceRow] = []
        self._paid_in = "cash"  # a new place's kind: the money section's
        self._loading = False
        self.grid = QGridLayout()
        self.grid.setColumnStretch(4, 1)
        self.add_button = QPushButton("Add a place")
        self.remove_button = QPushButton("Remove the last place")
        self.add_button.clicked.connect(self.add_place)
        self.remove_button.clicked.connect(self.remove_place)
        self.rounding = MoneyEdit()
        self.rounding.setAccessibleName("Round percentage prizes down to")
        self.rounding.setMaximumWidth(110)
        self.rounding.cents_changed.connect(self._edit)
        self.message = set_role(QLabel(), "error")
        self.message.setWordWrap(True)
        self.message.hide()

        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        rounding = QHBoxLayout()
        rounding.addWidget(QLabel("Round percentage prizes down to $"))
        rounding.addWidget(self.rounding)
        rounding.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.grid)
        layout.addLayout(buttons)
        layout.addLayout(rounding)
        layout.addWidget(self.message)

    def load(self, money: Money) -> None:
        """Show this scheme (the event's saved one); no ``edited`` is sent."""
        self._loading = True
        self._paid_in = money.prizes_in
        try:
            while self.rows:
                self._drop_row()
            for place in sorted(money.payout, key=lambda p: p.place):
                row = self._new_row()
                if place.fixed_cents is not None:
                    row.kind.setCurrentIndex(FIXED)
                    row.amount.set_cents(place.fixed_cents)
                else:
                    row.percent.setValue(place.percent or 1)
                row.paid_in.setCurrentIndex(row.paid_in.findData(paid_in(money, place.place)))
            self.rounding.set_cents(money.rounding_cents)
        finally:
            self._loading = False
        self.show_problem(None)

    def settings(self) -> dict[str, Any]:
        """The scheme as event settings; a UserError names an amount not typed."""
        payout: list[dict[str, int | str]] = []
        for place, row in enumerate(self.rows, start=1):
            if row.kind.currentIndex() == FIXED:
                cents = row.amount.cents()
                if not cents:
                    raise UserError(
                        f"settings.payout: type the amount for place {place}",
                        field=f"payout[{place}]",
                    )
                payout.append({"place": place, "fixed_cents": cents})
            else:
                payout.append({"place": place, "percent": row.percent.value()})
            payout[-1]["paid_in"] = row.paid_in.currentData()
        rounding = self.rounding.cents()
        if not rounding:
            raise UserError(
                "settings.rounding_cents: type the rounding unit, e.g. 1.00",
                field="settings.rounding_cents",
            )
        return {"payout": payout, "rounding_cents": rounding}

    def show_problem(self, error: UserError | None) -> None:
        """Say what is wrong with the scheme and mark its field (None: nothing is)."""
        for row in self.rows:
            set_invalid(row.percent, False)
            set_invalid(row.amount, False)
        set_invalid(self.rounding, False)
        self.message.setVisible(error is not None)
        if error is None:
            self.message.setText("")
            return
        self.message.setText(sentence(error.reason))
        for widget in self.marked(error.field):
            set_invalid(widget, True)

    def marked(self, field: str | None) -> list[QWidget]:
        """The widgets that show ``field``: a place's amount, the rounding unit, or
        (for the scheme as a whole, e.g. percentages not adding to 100) every percentage."""
        if field is None:
            return []
        if field.startswith("payout["):
            index = int(field.removeprefix("payout[").rstrip("]")) - 1
            return [self.rows[index].amount] if 0 <= index < len(self.rows) else []
        if field == "settings.rounding_cents":
            return [self.rounding]
        percents = [r.percent for r in self.rows if r.kind.currentIndex() == PERCENT]
        return percents or [r.amount for r in self.rows]

    def add_place(self) -> None:
        if len(self.rows) < MAX_PLACES:
            row = self._new_row()
            row.percent.setValue(1)
            row.paid_in.setCurrentIndex(row.paid_in.findData(self._paid_in))
            self._edit()

    def remove_place(self) -> None:
        if self.rows:
            self._drop_row()
            self._edit()

    def _new_row(self) -> PlaceRow:
        row = PlaceRow(len(self.rows) + 1, self._edit)
        for column, widget in enumerate(row.widgets()):
            self.grid.addWidget(widget, len(self.rows), column)
        self.rows.append(row)
        self._enable()
        return row

    def _drop_row(self) -> None:
        row = self.rows.pop()
        for widget in row.widgets():
            self.grid.removeWidget(widget)
            widget.deleteLater()
        self._enable()

    def _enable(self) -> None:
        self.add_button.setEnabled(len(self.rows) < MAX_PLACES)
        self.remove_button.setEnabled(len(self.rows) > 0)

    def _edit(self) -> None:
        if not self._loading:
            self.edited.emit()

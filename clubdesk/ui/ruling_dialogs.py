"""The small dialogs of a ruling at a table: lateness, removal, withdrawal from the event
(with "Refund the fee?" where the format gives refunds).

Each asks only what the director saw (which side, how many minutes, why);
what that costs is the rulings service's business. The lateness dialog shows
the service's own wording of the ruling as the minutes are typed
(``preview``), so the director sees what will be recorded before saying OK.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.money.amounts import format_money
from clubdesk.errors import UserError
from clubdesk.services.board import BoardTable, Seated
from clubdesk.services.payments import Refund, RefundOffer
from clubdesk.ui.board_model import side_text
from clubdesk.ui.refund_fields import RefundFields
from clubdesk.ui.style import set_role

MINUTES_MAX = 600  # a round's worth of minutes and more; the service checks the rest


@dataclass(frozen=True)
class LateAnswer:
    side: str  # "a" or "b"
    minutes: int


@dataclass(frozen=True)
class RemovalAnswer:
    side: str
    reason: str


@dataclass(frozen=True)
class WithdrawalAnswer:
    number: int
    reason: str
    refund: Refund | None = None  # the fee given back with the withdrawal, if asked


class _RulingDialog(QDialog):
    """A titled dialog with OK and Cancel under a form."""

    def __init__(self, title: str, lead: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(460)
        self.lead = QLabel(lead)
        self.lead.setWordWrap(True)
        self.form = QFormLayout()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.lead)
        layout.addLayout(self.form)
        self.extra = QVBoxLayout()
        layout.addLayout(self.extra)
        layout.addWidget(self.buttons)

    def side_choice(self, table: BoardTable, label: str) -> QButtonGroup:
        """Two radio buttons, side A and side B, named by who sits there."""
        group = QButtonGroup(self)
        box = QVBoxLayout()
        for number, (side, seated) in enumerate((("a", table.a), ("b", table.b))):
            button = QRadioButton(f"Side {side.upper()}:  {side_text(seated)}")
            group.addButton(button, number)  # the id says the side: 0 is a, 1 is b
            box.addWidget(button)
        group.buttons()[0].setChecked(True)
        self.form.addRow(label, box)
        return group


def _chosen(group: QButtonGroup) -> str:
    return "b" if group.checkedId() == 1 else "a"


class LateDialog(_RulingDialog):
    """Which side came late to a table, and by how many minutes."""

    def __init__(
        self,
        round_number: int,
        table: BoardTable,
        preview: Callable[[int], str],
        parent: QWidget | None = None,
    ):
        super().__init__(
            f"Late at table {table.table}",
            f"Round {round_number}, table {table.table}: who came late, and how late?",
            parent,
        )
        self.sides = self.side_choice(table, "Late side")
        self.minutes = QSpinBox()
        self.minutes.setRange(0, MINUTES_MAX)
        self.minutes.setSuffix(" min")
        self.form.addRow("Minutes late", self.minutes)
        self._preview = preview
        self.outcome = set_role(QLabel(), "hint")
        self.outcome.setWordWrap(True)
        self.extra.addWidget(self.outcome)
        self.minutes.valueChanged.connect(self._show_outcome)
        self._show_outcome(self.minutes.value())
        self.minutes.setFocus()

    def _show_outcome(self, minutes: int) -> None:
        try:
            text = self._preview(minutes)
        except UserError as error:
            text = str(error)
        self.outcome.setText(text[:1].upper() + text[1:] + "." if text else "")

    def answer(self) -> LateAnswer:
        return LateAnswer(_chosen(self.sides), self.minutes.value())


class RemovalDialog(_RulingDialog):
    """Which side the director removes from its table for the round, and why."""

    def __init__(self, round_number: int, table: BoardTable, parent: QWidget | None = None):
        super().__init__(
            f"Remove from table {table.table}",
            f"Round {round_number}, table {table.table}: the side removed scores 0 for the "
            "round and its opponents the format's award.",
            parent,
        )
        self.sides = self.side_choice(table, "Removed side")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. abusive language")
        self.form.addRow("Reason", self.reason)
        self.reason.setFocus()

    def answer(self) -> RemovalAnswer:
        return RemovalAnswer(_chosen(self.sides), self.reason.text())


class WithdrawalDialog(_RulingDialog):
    """Which entrant seated at a table withdraws from the event, and why; where the format
    gives refunds and that entrant paid, "Refund the fee?" (``offer_of`` says what can be
    given back to an entrant by its number)."""

    def __init__(
        self,
        table: BoardTable,
        unit: str,
        parent: QWidget | None = None,
        offer_of: Callable[[int], RefundOffer | None] | None = None,
    ):
        super().__init__(
            "Withdraw from the event",
            f"The {unit} withdrawn plays no further rounds; rounds not yet played give its "
            "opponents a bye where the format has one.",
            parent,
        )
        self.entrant = QComboBox()
        for seated in (*table.a, *table.b):
            if not seated.withdrawn:
                self.entrant.addItem(side_text((seated,)), seated.number)
        self.form.addRow(unit.capitalize(), self.entrant)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. taken ill")
        self.form.addRow("Reason", self.reason)
        self._offer_of = offer_of
        self.refund_fields = RefundFields(optional=True)
        self.extra.addWidget(self.refund_fields)
        self.entrant.currentIndexChanged.connect(self._chosen)
        self._chosen()
        self.reason.setFocus()

    def _chosen(self, *args: object) -> None:
        number = self.entrant.currentData()
        offer = None if self._offer_of is None or number is None else self._offer_of(number)
        self.refund_fields.set_offer(offer)

    def accept(self) -> None:
        if self.refund_fields.check():
            super().accept()

    def answer(self) -> WithdrawalAnswer:
        return WithdrawalAnswer(
            int(self.entrant.currentData() or 0), self.reason.text(), self.refund_fields.refund()
        )


def withdrawal_question(seated: Seated, unit: str, refund: Refund | None = None) -> str:
    """The confirmation asked before a withdrawal is recorded (and its refund given)."""
    who = f"{unit} {seated.number}" + (f" ({seated.name})" if seated.name else "")
    given = (
        f" Its fee is refunded: {format_money(refund.cents)} {refund.method}."
        if refund is not None
        else ""
    )
    return (
        f"Withdraw {who} from the event? It plays no further rounds "
        f"(it can be reinstated on the Players page).{given}"
    )

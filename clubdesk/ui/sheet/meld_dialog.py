"""The meld calculator, opened on demand from a score sheet's meld field (F4).

When a table disputes a meld, the recorder types the cards each partner showed
(``AS TH KH QH JH`` ...; ``10H`` is the ten) and picks trump; the calculator
counts each player's melds against the event's format (``domain.games.meld``:
its meld table and its deck), lists them, and adds the partners' melds up. OK
puts the side's total into the meld field the cursor was in. A card that is not
a card, or more copies of a card than the deck has, is named beside its field
and the total is not offered. Only pinochle formats meld: in other formats the
button is hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from clubdesk.domain.games.hands import HandError
from clubdesk.domain.games.meld import SUIT_NAMES, Meld, count_meld_for
from clubdesk.domain.games.sheets import describe_sheet
from clubdesk.domain.rules import Rules
from clubdesk.ui.sheet.rows import HandRow
from clubdesk.ui.style import set_invalid, set_role
from clubdesk.ui.widgets.form_dialog import FormDialog

SHORTCUT = "F4"
MELD_KEYS = ("meld.A", "meld.B")


def meld_text(meld: Meld) -> str:
    """``run 15 · pinochle ×2 30 · = 45``: one player's melds, as the calculator lists them."""
    if not meld.items:
        return "no meld"
    parts = [
        f"{item.name}{f' ×{item.multiple}' if item.multiple > 1 else ''} {item.points}"
        for item in meld.items
    ]
    return " · ".join(parts) + f"  = {meld.total}"


class MeldDialog(FormDialog):
    """Count a side's meld from the cards its players showed; ``total()`` is the result."""

    def __init__(self, rules: Rules, side: str, hand: int, parent: QWidget | None = None):
        # a hand of 20 cards and its melds on one line each
        super().__init__(f"Meld of side {side}, hand {hand}", parent, width=560)
        self.rules = rules
        self._total: int | None = None
        self.trump = QComboBox()
        self.trump.addItem("no trump named", None)
        for letter, name in SUIT_NAMES.items():
            self.trump.addItem(name, letter)
        self.cards = [QLineEdit(), QLineEdit()]
        self.lines = [QLabel(), QLabel()]
        form = self.form
        form.addRow("&Trump", self.trump)
        for n, (edit, line) in enumerate(zip(self.cards, self.lines, strict=True)):
            edit.setPlaceholderText("e.g. AH TH KH QH JH JD QS")
            edit.setAccessibleName(f"Cards of player {n + 1}")
            line.setWordWrap(True)
            form.addRow("&First player's cards" if n == 0 else "&Partner's cards", edit)
            form.addRow("", line)
            edit.textChanged.connect(self.recount)
        self.trump.currentIndexChanged.connect(self.recount)
        self.total_label = set_role(QLabel(), "subheading")
        self.problem = set_role(QLabel(), "error")
        self.problem.setWordWrap(True)
        self.extra.addWidget(self.total_label)
        self.extra.addWidget(self.problem)
        self.cards[0].setFocus(Qt.FocusReason.OtherFocusReason)
        self.recount()

    def recount(self) -> None:
        """Count every player's cards again; a wrong card is named at its field."""
        trump = self.trump.currentData()
        totals: list[int] = []
        problems: list[str] = []
        for n, (edit, line) in enumerate(zip(self.cards, self.lines, strict=True)):
            set_invalid(edit, False)
            line.setText("")
            if not edit.text().strip():
                continue
            try:
                meld = count_meld_for(edit.text(), trump, self.rules)
            except HandError as error:
                set_invalid(edit, True)
                who = "First player's cards" if n == 0 else "Partner's cards"
                problems.append(f"{who}: {error.message}.")
                continue
            line.setText(meld_text(meld))
            totals.append(meld.total)
        self._total = sum(totals) if totals and not problems else None
        self.problem.setText("\n".join(problems))
        self.total_label.setText("" if self._total is None else f"Side's meld: {self._total}")
        ok = self.ok_button
        ok.setEnabled(self._total is not None)
        ok.setText("OK" if self._total is None else f"Use {self._total}")

    def total(self) -> int | None:
        """The side's meld (None while no cards are typed or a card is wrong)."""
        return self._total


def meld_button(sheet: QWidget, rules: Rules, count: Callable[[], None]) -> QPushButton:
    """The score sheet's "Count meld… (F4)" button, and F4 anywhere in ``sheet``; hidden
    and off where the format has no meld.

    Tab reaches the button (Space then fills side A's meld of the last hand); a click does not
    take the focus, so that the meld field the cursor is in stays the one filled.
    """
    melds = describe_sheet(rules).melds
    button = QPushButton(f"Count meld… ({SHORTCUT})")
    button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    button.setAutoDefault(False)
    button.setEnabled(melds)
    if not melds:  # hidden only: shown before it is in the sheet's layout, it was a window
        button.hide()
    button.clicked.connect(count)
    if melds:
        key = QShortcut(QKeySequence(SHORTCUT), sheet)
        key.activated.connect(count)
    return button


def meld_field(rows: Sequence[HandRow], focused: QWidget | None) -> tuple[int, str] | None:
    """The meld field to fill, as (hand number, "meld.A" or "meld.B"): the one the cursor is
    in, else side A's of the hand the cursor is in, else side A's of the last hand."""
    for number, row in enumerate(rows, start=1):
        for key, widget in row.widgets.items():
            if widget is focused:
                return number, key if key in MELD_KEYS else MELD_KEYS[0]
    return (len(rows), MELD_KEYS[0]) if rows else None


def count_meld_into(
    parent: QWidget,
    rules: Rules,
    rows: Sequence[HandRow],
    focused: QWidget | None,
) -> int | None:
    """Open the calculator for the meld field ``meld_field`` picks and put its count there
    (the sheet scores it as if typed); the count, or None when nothing was filled."""
    if not describe_sheet(rules).melds:
        return None
    target = meld_field(rows, focused)
    if target is None:
        return None
    number, key = target
    edit = rows[number - 1].widgets[key]
    if not isinstance(edit, QLineEdit) or edit.isReadOnly() or not edit.isVisible():
        return None  # a submitted sheet, or one typed in as a final score only
    dialog = MeldDialog(rules, key[-1], number, parent)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    total = dialog.total() if accepted else None
    if total is not None:
        edit.setText(str(total))
    edit.setFocus(Qt.FocusReason.OtherFocusReason)
    return total

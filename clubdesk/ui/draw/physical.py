"""Typing in a physical draw: every entrant with a field for what they drew, as printed on
it: a card (team formats), a chit naming table and seat (NPA, Sun City West) or a lot
(gin), as the format's rules file says.

Each pick is checked as it is typed (by the draw service); a mistake is shown under its
field, naming the entrant and the pick. The dialog can be saved only when every pick is
there and right.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import sentence
from clubdesk.domain.seating.physical import Deck, PickCheck, check_typed
from clubdesk.services.draw import EntrantLine
from clubdesk.ui.style import DISABLED_PRIMARY, ERROR_COLOUR, set_invalid, set_role
from clubdesk.ui.widgets.buttons import PushButton

FIELD_STYLE = f"""
QLineEdit[invalid="true"] {{
    border: 2px solid {ERROR_COLOUR};
    border-radius: 3px;
}}
{DISABLED_PRIMARY}"""


FIELD_WIDTHS = {"cards": 110, "chits": 190, "random": 110}  # pixels: a pick as printed
EXAMPLES = {"cards": "e.g. B3", "chits": "e.g. table 2 seat 3", "random": "e.g. lot 5"}


class PhysicalDrawDialog(QDialog):
    """Every entrant with a field for the card, chit or lot they drew; saved only when
    complete and right."""

    def __init__(
        self,
        entrants: Sequence[EntrantLine],
        deck: Deck,
        *,
        replacing: bool = False,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("Record a physical draw")
        self.setStyleSheet(FIELD_STYLE)
        self._numbers = [e.number for e in entrants]
        self.deck = deck
        self.edits: dict[int, QLineEdit] = {}
        self._errors: dict[int, QLabel] = {}
        self.check: PickCheck = check_typed(deck, self._numbers, {})

        heading = set_role(QLabel(f"Type the {deck.noun} each {deck.entrant} drew"), "subheading")
        hint = set_role(QLabel(deck.guide(len(self._numbers))), "hint")
        hint.setObjectName("guide")
        hint.setWordWrap(True)
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(4)
        for row, entrant in enumerate(entrants):
            number = QLabel(str(entrant.number))
            number.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            font = number.font()
            font.setBold(True)
            number.setFont(font)
            name = QLabel(entrant.name)
            name.setWordWrap(True)  # a long name wraps: the rows never scroll sideways
            edit = QLineEdit()
            edit.setMaxLength(40)
            edit.setFixedWidth(FIELD_WIDTHS[deck.kind])
            edit.setPlaceholderText(EXAMPLES[deck.kind])
            edit.setAccessibleName(f"{deck.noun.capitalize()} drawn by {entrant.number}")
            number.setBuddy(edit)
            error = set_role(QLabel(), "error")
            error.setWordWrap(True)
            error.hide()
            grid.addWidget(number, row * 2, 0)
            grid.addWidget(edit, row * 2, 1)
            grid.addWidget(name, row * 2, 2)
            grid.addWidget(error, row * 2 + 1, 1, 1, 2)
            self.edits[entrant.number] = edit
            self._errors[entrant.number] = error
            edit.textChanged.connect(self._validate)
            edit.returnPressed.connect(lambda n=entrant.number: self._next_field(n))
        grid.setColumnStretch(2, 1)
        grid.setRowStretch(2 * len(entrants), 1)  # spare height below the rows, not between
        rows = QWidget()
        rows.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidget(rows)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.save_button = set_role(PushButton("&Save the draw"), "primary")
        self.save_button.setAutoDefault(False)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setAutoDefault(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.summary, 1)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.cancel_button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(heading)
        layout.addWidget(hint)
        if replacing:
            warning = set_role(
                QLabel("Saving replaces the current draw; the old one stays in the log."), "hint"
            )
            layout.addWidget(warning)
        layout.addWidget(scroll, 1)
        layout.addLayout(buttons)
        self.resize(620, min(720, 200 + 34 * len(entrants)))

        self.save_button.clicked.connect(self._save)
        self.cancel_button.clicked.connect(self.reject)
        self._validate()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        """The first field takes the keyboard: the director types straight away."""
        super().showEvent(event)
        if self.edits and not any(edit.hasFocus() for edit in self.edits.values()):
            self.edits[self._numbers[0]].setFocus(Qt.FocusReason.OtherFocusReason)

    def picks(self) -> dict[int, str]:
        """What each entrant drew, as typed (blank: not typed yet)."""
        return {n: edit.text().strip() for n, edit in self.edits.items()}

    def error_text(self, number: int) -> str:
        label = self._errors[number]
        return "" if label.isHidden() else label.text()

    def _validate(self) -> None:
        self.check = check_typed(self.deck, self._numbers, self.picks())
        for number, edit in self.edits.items():
            message = self.check.errors.get(number, "")
            label = self._errors[number]
            label.setText(sentence(message))
            label.setVisible(bool(message))
            set_invalid(edit, bool(message))
        wrong = len(self.check.errors)
        noun = self.deck.noun
        if self.check.problem:
            self.summary.setText(sentence(self.check.problem))
        elif wrong:
            self.summary.setText(f"{wrong} {noun}{'s' if wrong > 1 else ''} to correct")
        elif self.check.complete:
            self.summary.setText(f"Every {noun} is in. Save the draw.")
        else:
            self.summary.setText(f"{self.check.typed} of {self.check.needed} {noun}s typed")
        self.save_button.setEnabled(self.check.complete)

    def _next_field(self, number: int) -> None:
        numbers = list(self.edits)
        index = numbers.index(number)
        if index + 1 < len(numbers):
            self.edits[numbers[index + 1]].setFocus(Qt.FocusReason.TabFocusReason)
        elif self.check.complete:
            self._save()

    def _save(self) -> None:
        if self.check.complete:
            self.accept()

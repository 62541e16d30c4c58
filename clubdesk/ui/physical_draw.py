"""Typing in a physical card draw: every team with a field for the card it drew.

Each card is checked as it is typed (by the draw service); the dialog can be
saved only when every card is there and right.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
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

from clubdesk.services import draw as draw_service
from clubdesk.services.draw import CardCheck, EntrantLine
from clubdesk.ui.operations import sentence
from clubdesk.ui.style import DISABLED_PRIMARY, ERROR_COLOUR, set_invalid, set_role

FIELD_STYLE = f"""
QLineEdit[invalid="true"] {{
    border: 2px solid {ERROR_COLOUR};
    border-radius: 3px;
}}
{DISABLED_PRIMARY}"""


class PhysicalDrawDialog(QDialog):
    """Every team with a field for the card it drew; saved only when complete and right."""

    def __init__(
        self,
        entrants: Sequence[EntrantLine],
        rounds: int,
        *,
        replacing: bool = False,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("Record a physical draw")
        self.setStyleSheet(FIELD_STYLE)
        self._numbers = [e.number for e in entrants]
        self._rounds = rounds
        self.edits: dict[int, QLineEdit] = {}
        self._errors: dict[int, QLabel] = {}
        self.check: CardCheck = draw_service.check_physical_cards(self._numbers, {})

        heading = set_role(QLabel("Type the card each team drew"), "subheading")
        hint = set_role(
            QLabel(
                "Blue n: North/South at table n, all event. Red n: East/West, starting at "
                f"table n. Type B3, R4, blue 3 … The cards: {self.check.deck}."
            ),
            "hint",
        )
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
            edit = QLineEdit()
            edit.setMaxLength(12)
            edit.setFixedWidth(110)
            edit.setPlaceholderText("e.g. B3")
            edit.setAccessibleName(f"Card drawn by {entrant.number}")
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
        rows = QWidget()
        rows.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidget(rows)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.save_button = set_role(QPushButton("&Save the draw"), "primary")
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
        self.resize(620, min(720, 200 + 44 * len(entrants)))

        self.save_button.clicked.connect(self._save)
        self.cancel_button.clicked.connect(self.reject)
        self._validate()

    def cards(self) -> dict[int, str]:
        return {n: edit.text().strip() for n, edit in self.edits.items()}

    def error_text(self, number: int) -> str:
        label = self._errors[number]
        return "" if label.isHidden() else label.text()

    def _validate(self) -> None:
        self.check = draw_service.check_physical_cards(
            self._numbers, self.cards(), rounds=self._rounds
        )
        for number, edit in self.edits.items():
            message = self.check.errors.get(number, "")
            label = self._errors[number]
            label.setText(sentence(message))
            label.setVisible(bool(message))
            set_invalid(edit, bool(message))
        wrong = len(self.check.errors)
        if wrong:
            self.summary.setText(f"{wrong} card{'s' if wrong > 1 else ''} to correct")
        elif self.check.complete:
            self.summary.setText("Every card is in. Save the draw.")
        else:
            self.summary.setText(f"{self.check.typed} of {self.check.needed} cards typed")
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

"""The "Record tie-break…" dialog of the Standings page.

It asks only what the director saw at the table: which tie (when more than one
is due), who played (every tied entrant, ticked; untick those who did not play
this one), who won, and an optional reason. OK hands that to ``record`` (the
page runs the tie-break service through it); a refusal is shown under the field
it names, which is marked and given the focus, and the dialog stays open with
what was chosen. Whether the tie is one the standings hold is the service's to
say, never the dialog's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFrame,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.domain.results.ties import TieDue
from clubdesk.errors import UserError
from clubdesk.ui.operations import FieldMarks
from clubdesk.ui.style import ERROR_COLOUR, INVALID_BACKGROUND, set_role
from clubdesk.ui.widgets.form_dialog import FormDialog

Record = Callable[[list[int], int, str], object | None]
"""``record(between, winner, reason)``: the result, or None when it was refused (the
refusal already shown through ``TiebreakDialog.show_error``)."""

FIELDS = ("between", "winner", "reason")


class TiebreakDialog(FormDialog):
    """Who won a tie-break the standings call for."""

    def __init__(
        self,
        ties: Sequence[TieDue],
        unit: str,
        names: Mapping[int, str],
        record: Record,
        parent: QWidget | None = None,
    ):
        super().__init__("Record tie-break", parent, ok_text="Record", width=520)
        self.ties = tuple(ties)
        self.unit = unit
        self.names = dict(names)
        self._record = record
        self.recorded: object | None = None
        self.lead.setText(self._lead())
        self.lead.show()
        self.tie_choice = QComboBox()
        for tie in self.ties:
            self.tie_choice.addItem(tie.describe(unit))
        self.players = QFrame()
        self.players.setObjectName("between")
        self.players.setStyleSheet(
            f'QFrame#between[invalid="true"] {{ border: 1px solid {ERROR_COLOUR}; '
            f"background: {INVALID_BACKGROUND}; }}"
        )
        self.players_box = QVBoxLayout(self.players)
        self.players_box.setContentsMargins(4, 2, 4, 2)
        self.boxes: dict[int, QCheckBox] = {}
        self.winner = QComboBox()
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("optional, e.g. won 60 to 41")
        self.errors = {field: self._error_label() for field in FIELDS}
        self.errors[""] = self.error  # under the form

        form = self.form
        self.tie_text = QLabel(self.ties[0].describe(unit) if self.ties else "")
        self.tie_text.setWordWrap(True)
        form.addRow("Tie", self.tie_choice if len(self.ties) > 1 else self.tie_text)
        who = "Players" if unit == "individual" else "Teams"
        form.addRow(f"{who} who played", self.players)
        form.addRow("", self.errors["between"])
        form.addRow("Winner", self.winner)
        form.addRow("", self.errors["winner"])
        form.addRow("Reason", self.reason)
        form.addRow("", self.errors["reason"])
        self.fields = FieldMarks(
            {"between": self.players, "winner": self.winner, "reason": self.reason},
            default=self.winner,
        )
        self.tie_choice.currentIndexChanged.connect(self._show_tie)
        self._show_tie(0)
        # Tab from the reason goes to Record and Cancel, then to who played
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        QWidget.setTabOrder(self.reason, self.ok_button)
        QWidget.setTabOrder(self.ok_button, cancel)
        self.winner.setFocus()

    def _lead(self) -> str:
        kinds = {tie.kind for tie in self.ties}
        match = "sudden-death match" if kinds == {"sudden-death"} else "play-off"
        return (
            f"Who won the {match} the standings call for? The winner goes ahead of each of "
            "the others ticked; any still level play again."
        )

    def _error_label(self) -> QLabel:
        label = set_role(QLabel(), "error")
        label.setWordWrap(True)
        label.hide()
        return label

    def tie(self) -> TieDue | None:
        index = self.tie_choice.currentIndex()
        return self.ties[index] if 0 <= index < len(self.ties) else None

    def _show_tie(self, _index: int) -> None:
        for box in self.boxes.values():
            self.players_box.removeWidget(box)
            box.deleteLater()
        self.boxes = {}
        tie = self.tie()
        for number in tie.entrants if tie is not None else ():
            box = QCheckBox(self._name(number))
            box.setChecked(True)
            box.toggled.connect(self._fill_winners)
            self.players_box.addWidget(box)
            self.boxes[number] = box
        self._fill_winners()

    def _name(self, number: int) -> str:
        name = self.names.get(number, "")
        return f"{number}  {name}" if name else str(number)

    def between(self) -> list[int]:
        """The entrants ticked, in the order listed."""
        return [number for number, box in self.boxes.items() if box.isChecked()]

    def _fill_winners(self) -> None:
        chosen = self.winner.currentData()
        self.winner.clear()
        for number in self.between():
            self.winner.addItem(self._name(number), number)
        found = self.winner.findData(chosen)
        self.winner.setCurrentIndex(max(found, 0))

    def chosen_winner(self) -> int | None:
        data = self.winner.currentData()
        return int(data) if data is not None else None

    def check(self) -> bool:
        """OK: record the tie-break; the dialog closes only when it was recorded."""
        self.clear_errors()
        winner = self.chosen_winner()
        if winner is None:
            self.show_error(UserError("winner: tick who played, then choose who won",
                                      field="winner"))  # fmt: skip
            self.fields.mark("winner")
            return False
        result = self._record(self.between(), winner, self.reason.text())
        if result is None:
            return False
        self.recorded = result
        return True

    def clear_errors(self) -> None:
        for label in self.errors.values():
            label.clear()
            label.hide()
        self.fields.clear()

    def show_error(self, error: UserError) -> None:
        """A refusal under the field it names (else under the form)."""
        label = self.errors.get(error.field or "", self.errors[""])
        if error.field not in FIELDS:
            label = self.errors[""]
        label.setText(plain_words(error))
        label.show()

    def error_text(self, field: str) -> str:
        """What is shown under ``field`` ("" for the line under the form)."""
        label = self.errors[field]
        return label.text() if label.isVisibleTo(self) else ""

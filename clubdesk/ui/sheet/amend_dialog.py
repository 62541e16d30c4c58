"""The director's amendment of a submitted sheet, and a sheet's amendments as shown beside it.

A submitted sheet never changes: the director records the score that stands
now (and, where the round needs a winner, in bid whist or a winners-stay or
winners-down movement, who won the tie), why, their name and their signature on
the pad, through ``services.sheets.amend_sheet``.
Whether the new result is one the format accepts is the service's to say; a
refusal is shown here in its words.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.model import Amendment, SheetResult
from clubdesk.domain.event.sheet import needs_winner
from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.errors import UserError
from clubdesk.services import sheets
from clubdesk.services.events import event_rules
from clubdesk.ui.context import UiContext
from clubdesk.ui.operations import run_command
from clubdesk.ui.sheet.signature_pad import SignaturePad
from clubdesk.ui.style import set_role


def result_text(result: SheetResult) -> str:
    """A result as the sheet shows it: ``520–310``, with a tie's winner."""
    text = f"{result.score.a}–{result.score.b}"
    return text if result.winner is None else f"{text}, tie to {result.winner.upper()}"


def amendment_text(amendment: Amendment) -> str:
    return (
        f"Amended by {amendment.director} ({amendment.reason}) at "
        f"{amendment.at.strftime('%H:%M')}: {result_text(amendment.before)} → "
        f"{result_text(amendment.after)}"
    )


class AmendmentsView(QWidget):
    """A sheet's amendments in the order made, each with the director's signature as drawn."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.heading = QLabel("Amendments")
        self.label = QLabel()
        self.label.setWordWrap(True)
        self._layout.addWidget(self.heading)
        self._layout.addWidget(self.label)
        self.pads: list[SignaturePad] = []
        self._layout.addStretch(1)
        self.show_amendments(())

    def show_amendments(self, amendments: Sequence[Amendment]) -> None:
        for pad in self.pads:
            self._layout.removeWidget(pad)
            pad.deleteLater()
        self.pads = []
        self.label.setText("\n".join(amendment_text(a) for a in amendments))
        for amendment in amendments:
            if amendment.strokes:
                pad = SignaturePad(amendment.director, read_only=True)
                pad.set_strokes(amendment.strokes)
                pad.setMaximumWidth(320)
                self._layout.insertWidget(self._layout.count() - 1, pad)
                self.pads.append(pad)
        self.heading.setVisible(bool(amendments))
        self.setVisible(bool(amendments))


class AmendDialog(QDialog):
    """Amend round ``round_number``'s table ``table``: new score, reason, director, signature."""

    def __init__(
        self, context: UiContext, round_number: int, table: int, parent: QWidget | None = None
    ):
        super().__init__(parent)
        assert context.db is not None and context.event_id is not None
        self.context = context
        self.round_number, self.table = round_number, table
        self.setWindowTitle(f"Round {round_number}, table {table}: amend the sheet")
        sheet = sheets.table_sheet(context.db, context.event_id, round_number, table)
        counts = sheet.game.score
        rules = event_rules(context.db, context.event_id)

        layout = QVBoxLayout(self)
        heading = "the sheet is not submitted" if counts is None else (
            f"Counts now: A {counts.a} · B {counts.b}"
        )  # fmt: skip
        layout.addWidget(set_role(QLabel(heading), "subheading"))
        note = "The submitted sheet stays as it is; the amendment is recorded beside it."
        layout.addWidget(set_role(QLabel(note), "hint"))
        form = QFormLayout()
        scores = QHBoxLayout()
        self.score_a, self.score_b = QLineEdit(), QLineEdit()
        for label, edit, value in (
            ("Side A", self.score_a, counts.a if counts else ""),
            ("Side B", self.score_b, counts.b if counts else ""),
        ):
            edit.setText(str(value))
            edit.setMaximumWidth(100)
            edit.textChanged.connect(self._update)
            scores.addWidget(QLabel(label))
            scores.addWidget(edit)
        self.tie_winner = QComboBox()
        for text, side in (("A won the tie", "a"), ("B won the tie", "b")):
            self.tie_winner.addItem(text, side)
        if sheet.game.winner is not None:  # the tie's winner as it counts now, to change
            self.tie_winner.setCurrentIndex(self.tie_winner.findData(sheet.game.winner))
        # a level game needs its winner where the round needs one; elsewhere it is a tie
        self.needs_tie_winner = needs_winner(rules, round_number)
        if not self.needs_tie_winner:  # hidden only: shown before it is in the dialog's
            self.tie_winner.hide()  # layout, it was a window of its own
        scores.addWidget(self.tie_winner)
        scores.addStretch(1)
        form.addRow("New score", scores)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("e.g. meld added twice on hand 3")
        form.addRow("Reason", self.reason)
        self.director = QLineEdit()
        self.director.textChanged.connect(self._name_pad)
        form.addRow("Director", self.director)
        layout.addLayout(form)
        layout.addWidget(QLabel("Director's signature"))
        self.pad = SignaturePad()
        self.pad.setMinimumWidth(420)
        self.pad.changed.connect(self._update)
        layout.addWidget(self.pad, 1)
        self.problem = set_role(QLabel(), "error")
        self.problem.setWordWrap(True)
        layout.addWidget(self.problem)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.amend_button = set_role(QPushButton("Record amendment"), "primary")
        self.amend_button.clicked.connect(self.amend)
        cancel = QPushButton("Cancel")
        cancel.clicked.connect(self.reject)
        for button in (self.amend_button, cancel):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self.done_with: sheets.SheetAmended | None = None
        self._update()

    def _name_pad(self, name: str) -> None:
        self.pad.set_name(" ".join(name.split()))

    def _update(self) -> None:
        level = self.score_a.text().strip() == self.score_b.text().strip()
        self.tie_winner.setEnabled(level)
        self.amend_button.setEnabled(not self.pad.is_empty())

    def amend(self) -> None:
        """Record the amendment through the service; a refusal is shown in plain words."""
        texts = (self.score_a.text().strip(), self.score_b.text().strip())
        if not all(text.lstrip("-").isdigit() for text in texts):
            self._refused(UserError("score: type both sides' new score as whole numbers"))
            return
        score = (int(texts[0]), int(texts[1]))
        level = score[0] == score[1]
        winner = self.tie_winner.currentData() if level and self.needs_tie_winner else None
        desk = self.context.desk

        def action() -> sheets.SheetAmended:
            return sheets.amend_sheet(
                desk, self.round_number, self.table, score=score, winner=winner,
                director=self.director.text(), reason=self.reason.text(),
                strokes=self.pad.strokes(),
            )  # fmt: skip

        done = run_command(
            self.context, action, parent=self, title="Amend sheet", show_error=self._refused
        )
        if done is not None:
            self.done_with = done
            self.accept()

    def _refused(self, error: UserError) -> None:
        self.problem.setText(plain_words(error))

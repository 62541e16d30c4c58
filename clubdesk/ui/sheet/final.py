"""The parts of a score sheet outside its hand rows: the final score typed in from a paper
sheet, who won a level game (a cut of the cards, the director's ruling), and whether time
was called on a game its hands do not finish."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from clubdesk.errors import UserError
from clubdesk.ui.widgets.buttons import CheckBox


class FinalScoreBox(QWidget):
    """Both sides' final score as the paper sheet has it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.score_a, self.score_b = QLineEdit(), QLineEdit()
        for label, edit in (("Side A", self.score_a), ("Side B", self.score_b)):
            edit.setMaximumWidth(90)
            row.addWidget(QLabel(label))
            row.addWidget(edit)
        row.addStretch(1)

    def typed(self) -> bool:
        return bool(self.score_a.text() or self.score_b.text())

    def score(self) -> tuple[int, int]:
        """The two scores typed, or UserError naming the field."""
        texts = (self.score_a.text().strip(), self.score_b.text().strip())
        if not all(text.lstrip("-").isdigit() for text in texts):
            raise UserError("score: type both sides' final score as whole numbers")
        return int(texts[0]), int(texts[1])

    def show_score(self, a: int, b: int) -> None:
        """Show a submitted score, read-only."""
        self.score_a.setText(str(a))
        self.score_b.setText(str(b))
        self.score_a.setReadOnly(True)
        self.score_b.setReadOnly(True)


class TieBox(QWidget):
    """Who won a level game: asked with a typed final score, or under hands that ended level."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.winner = QComboBox()
        for text, side in (("no tie", None), ("A won the tie", "a"), ("B won the tie", "b")):
            self.winner.addItem(text, side)
        row.addWidget(QLabel("A level game: who won the tie?"))
        row.addWidget(self.winner)
        row.addStretch(1)
        self.hide()

    def require(self, why: str | None) -> None:
        """Where the round needs a winner (``why``: the reason), a level game has no "no tie":
        the first choice asks who won."""
        self.winner.setItemText(0, "who won?" if why else "no tie")
        self.winner.setToolTip(f"A level game needs its winner: {why}" if why else "")

    def ask(self, asked: bool) -> None:
        """Show the question, or hide it and forget the answer."""
        if not asked:
            self.winner.setCurrentIndex(0)
        self.setVisible(asked)

    def chosen(self) -> str | None:
        """ "a", "b", or None (no tie, or not asked)."""
        return self.winner.currentData() if not self.isHidden() else None


class TimeCalledBox(CheckBox):
    """The director's word that time was called: the hands stop before the game's end (only
    where the round clock ends a game); ticked by itself once the round's clock has ended."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__("&Time was called (the game stops with these hands)", parent)
        self.by_clock = False
        self.hide()

    def clock_ended(self, ended: bool) -> None:
        """The round's clock has called time: ticked, and the clock's to say."""
        self.by_clock = ended
        if ended:
            self.setChecked(True)
            self.setText("&Time was called: the round's clock has ended")
        self.setEnabled(not ended)

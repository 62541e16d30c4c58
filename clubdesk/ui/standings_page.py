"""The Standings page: the engine's standings, live, and the leaders' running totals.

At the top "After round N of M" (or that no round is complete yet) and, where
the format has a cut, a line saying where it falls. The table lists every
entrant in the engine's order (place, number, names, each round's score with
dropped rounds struck through, total, wins where they count) with the cut
line drawn across it; the chart below plots the top eight's running totals.
Everything comes from ``services.results.standings_board``; the page reads it
again when a sheet is submitted or amended, or seating or entrants change.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import UserError
from clubdesk.services import results
from clubdesk.services.changes import Change
from clubdesk.services.results import CutLine, StandingsBoard
from clubdesk.ui.context import UiContext
from clubdesk.ui.operations import sentence
from clubdesk.ui.standings_chart import StandingsChart
from clubdesk.ui.standings_model import CUT_COLOUR, CutLineDelegate, StandingsModel
from clubdesk.ui.style import set_role


def after_text(board: StandingsBoard) -> str:
    """``After round 3 of 6`` (or that no round is complete yet)."""
    done = board.standings.after_round
    if done == 0:
        return f"No round complete yet (the event plays {board.rounds})"
    if done >= board.rounds:
        return f"Final: after round {done} of {board.rounds}"
    return f"After round {done} of {board.rounds}"


def cut_text(cut: CutLine) -> str:
    """One plain line on where the cut falls."""
    listed = ", ".join(str(n) for n in cut.tied)
    if not cut.made:
        text = (
            f"Cut after round {cut.after_round}: the top {cut.size} advance "
            "(the red line shows where it falls today)"
        )
        return text + (f"; level across the line today: {listed}" if cut.tied else "")
    text = f"Cut made after round {cut.after_round}: {cut.size} advance, above the red line"
    if cut.tied:
        text += f"; tied at the line, a tie-break is needed: {listed}"
    return text


class StandingsPage(QWidget):
    """Live standings and the leaders' chart for the context's event."""

    READS = Change.SHEETS | Change.SEATING | Change.ENTRANTS | Change.EVENT | Change.CLOCK

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.board: StandingsBoard | None = None
        self._build()
        context.changed.connect(self._changed)
        self.refresh()

    def _build(self) -> None:
        self.heading = set_role(QLabel("Standings"), "heading")
        self.after_label = set_role(QLabel(), "subheading")
        self.cut_label = QLabel()
        self.cut_label.setWordWrap(True)
        self.cut_label.setStyleSheet(f"color: {CUT_COLOUR};")
        self.message = set_role(QLabel(), "hint")
        self.message.setWordWrap(True)

        self.model = StandingsModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setItemDelegate(CutLineDelegate(self.model, self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.horizontalHeader().setMinimumSectionSize(56)

        self.chart = StandingsChart()

        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.chart)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.after_label)
        layout.addWidget(self.cut_label)
        layout.addWidget(self.message)
        layout.addWidget(split, 1)

    def _changed(self, change: Change) -> None:
        if change & self.READS:
            self.refresh()

    def refresh(self) -> None:
        """Read the standings again from the engine and show them."""
        db, event_id = self.context.db, self.context.event_id
        self.board = None
        problem = "Open or create an event on the Event page first."
        if db is not None and event_id is not None:
            try:
                self.board = results.standings_board(db, event_id)
            except UserError as exc:
                problem = sentence(str(exc))
        self.model.set_board(self.board)
        self.chart.set_board(self.board)
        self._fit_columns()
        if self.board is None:
            self.after_label.setText("")
            self.cut_label.hide()
            self.message.setText(problem)
            self.message.show()
            return
        self.after_label.setText(after_text(self.board))
        cut = self.board.cut
        self.cut_label.setVisible(cut is not None)
        self.cut_label.setText(cut_text(cut) if cut is not None else "")
        tied = any(row.tied for row in self.board.standings.rows)
        self.message.setText("= marks entrants sharing a place." if tied else "")
        self.message.setVisible(tied)

    def _fit_columns(self) -> None:
        header = self.table.horizontalHeader()
        name = 2
        for column in range(self.model.columnCount()):
            mode = QHeaderView.ResizeMode.ResizeToContents
            if column == name:
                mode = QHeaderView.ResizeMode.Stretch
            header.setSectionResizeMode(column, mode)

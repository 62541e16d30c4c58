"""The Standings page: the engine's standings, live, and the leaders' running totals.

At the top "After round N of M" (or that no round is complete yet) and, where
the format has a cut, a line saying where it falls. Where the standings call
for a tie-break (gin's sudden death at the cut or for a prize, bid whist's
one-hand play-off at the cut), a line per tie says who must play it ("Sudden
death due: players 4 and 9 (tied at 412 across the cut)") beside a "Record
tie-break…" button (``tiebreak_dialog.py``). After bid whist's final, the
final order from the playoffs comes first, with the note that the
preliminaries decided only the seeding. The table lists every
entrant in the engine's order (place, number, names, each round's score with
dropped rounds struck through, total, wins where they count; a round not seated in, a bye,
a dropped round and a tie-break bonus marked as on paper, the legend under them) with the cut
line drawn under the last place that advances; the chart below plots the top
eight's running totals. Everything comes from ``services.results.standings_board``;
the page reads it again when a sheet is submitted or amended, a tie-break is
recorded, or seating or entrants change.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import sentence
from clubdesk.errors import UserError
from clubdesk.printing.text import standings_legend, warnings_note
from clubdesk.services import results, tiebreaks
from clubdesk.services.changes import Change
from clubdesk.services.results import CutLine, StandingsBoard
from clubdesk.ui.context import UiContext, follow_changes
from clubdesk.ui.off_thread import LatestRead
from clubdesk.ui.operations import run_command
from clubdesk.ui.standings.chart import StandingsChart
from clubdesk.ui.standings.model import (
    CUT_COLOUR,
    CutLineDelegate,
    PlayoffOrderModel,
    StandingsModel,
)
from clubdesk.ui.standings.tiebreak_dialog import TiebreakDialog
from clubdesk.ui.style import set_role
from clubdesk.ui.widgets.column_widths import bold, content_width, widest_row

_Read = tuple[StandingsBoard | None, str]  # the board, or why there is none

FINAL_ROWS = 16  # the final order's rows in view at once; a bigger bracket scrolls
SEEDING_NOTE = (
    "The playoffs decided the final order. The preliminary standings below decided only "
    "the seeding."
)


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
    if cut.tied:
        level = ", ".join(str(n) for n in cut.tied[:-1]) + f" and {cut.tied[-1]}"
        return (
            f"Cut made after round {cut.after_round}: {cut.size} advance. Those above the "
            f"red line are through; a tie-break decides the rest ({level} are level)."
        )
    return f"Cut made after round {cut.after_round}: {cut.size} advance, above the red line"


class StandingsPage(QWidget):
    """Live standings and the leaders' chart for the context's event."""

    READS = Change.SHEETS | Change.SEATING | Change.ENTRANTS | Change.EVENT | Change.CLOCK

    def __init__(self, context: UiContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.board: StandingsBoard | None = None
        self.reads = LatestRead(context.readers, self)
        self._build()
        follow_changes(context, self, self._changed, self.READS, self.reads)
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
        self.table.setAccessibleName("Standings")
        self.table.setModel(self.model)
        self.cut_delegate = CutLineDelegate(self.model, self.table)  # the cut's row only
        self._cut_row: int | None = None
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.horizontalHeader().setMinimumSectionSize(56)

        self.chart = StandingsChart()

        self.ties_label = QLabel()
        self.ties_label.setWordWrap(True)
        self.ties_label.setStyleSheet(f"color: {CUT_COLOUR}; font-weight: bold;")
        self.tiebreak_button = QPushButton("Record tie-break…")
        self.tiebreak_button.setToolTip("Record who won the tie-break the standings call for")
        self.tiebreak_button.clicked.connect(self.record_tiebreak)
        ties = QHBoxLayout()
        ties.setContentsMargins(0, 0, 0, 0)
        ties.addWidget(self.ties_label, 1)
        ties.addWidget(self.tiebreak_button, 0, Qt.AlignmentFlag.AlignTop)
        self.ties_row = QWidget()
        self.ties_row.setLayout(ties)

        self.final_box = QWidget()
        self.final_heading = set_role(QLabel("Final order from the playoffs"), "subheading")
        self.final_model = PlayoffOrderModel(self)
        self.final_table = self._plain_table(self.final_model)
        self.final_table.setAccessibleName("Final order")
        self.seeding_note = set_role(QLabel(SEEDING_NOTE), "hint")
        self.seeding_note.setWordWrap(True)
        self.preliminary_heading = set_role(QLabel("Preliminary standings"), "subheading")
        final = QVBoxLayout(self.final_box)
        final.setContentsMargins(0, 0, 0, 0)
        final.addWidget(self.final_heading)
        final.addWidget(self.final_table, 1)
        final.addWidget(self.seeding_note)
        final.addWidget(self.preliminary_heading)

        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.final_box)
        split.addWidget(self.table)
        split.addWidget(self.chart)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setStretchFactor(2, 2)
        split.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.after_label)
        layout.addWidget(self.cut_label)
        layout.addWidget(self.ties_row)
        layout.addWidget(self.message)
        layout.addWidget(split, 1)

    def _plain_table(self, model: PlayoffOrderModel) -> QTableView:
        table = QTableView()
        table.setModel(model)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.verticalHeader().hide()
        table.setWordWrap(False)
        table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = table.horizontalHeader()
        header.setMinimumSectionSize(56)
        for column in range(model.columnCount()):
            mode = QHeaderView.ResizeMode.ResizeToContents
            if column == 2:  # the team's name takes what is left
                mode = QHeaderView.ResizeMode.Stretch
            header.setSectionResizeMode(column, mode)
        return table

    def _changed(self, change: Change) -> None:
        """Read again off the window's thread: the whole event's results, a tenth of a
        second on the largest field; what is shown stays until the read is in."""
        if change & self.READS:
            self.reads.ask(self._reader(), self._show)

    def refresh(self) -> None:
        """Read the standings again from the engine and show them."""
        self.reads.drop()  # a read under way is older than this one
        self._show(self._reader()())

    def _reader(self) -> Callable[[], _Read]:
        """What a refresh reads, as a function that may run on another thread: the board,
        or why there is none."""
        db, event_id = self.context.db, self.context.event_id

        def read() -> _Read:
            if db is None or event_id is None:
                return None, "Open or create an event on the Event page first."
            try:
                return results.standings_board(db, event_id), ""
            except UserError as exc:
                return None, sentence(str(exc))

        return read

    def _show(self, read: _Read) -> None:
        board, problem = read
        if board is not None and board == self.board:
            return  # as shown already (a sheet of a round not complete yet)
        self.board = board
        self.model.set_board(self.board)
        self._place_cut_line()
        self.chart.set_board(self.board)
        self._fit_columns()
        self._show_ties()
        order = self.board.playoff_order if self.board is not None else ()
        self.final_model.set_order(order)
        self.final_box.setVisible(bool(order))
        self.chart.setVisible(not order)  # the preliminaries' leaders are not the winners
        self._fit_final_table()
        if self.board is None:
            self.after_label.setText("")
            self.cut_label.hide()
            self.message.setText(problem)
            self.message.show()
            return
        self.after_label.setText(
            "Final: the playoffs are over" if order else after_text(self.board)
        )
        cut = self.board.cut
        self.cut_label.setVisible(cut is not None)
        self.cut_label.setText(cut_text(cut) if cut is not None else "")
        legend = standings_legend(self.board.standings.rows)  # the paper's and the text's
        warned = warnings_note(self.board.warnings, self.board.standings.unit)
        legend += [warned] if warned is not None else []
        self.message.setText(sentence("; ".join(legend)) if legend else "")
        self.message.setVisible(bool(legend))

    def _place_cut_line(self) -> None:
        """The cut line's delegate on the one row it is drawn under: the other rows are
        painted by the view's own delegate, with no Python called for each cell."""
        above = self.model.cut_above
        row = above - 1 if above is not None and above > 0 else None
        if row == self._cut_row:
            return
        if self._cut_row is not None:
            self.table.setItemDelegateForRow(self._cut_row, None)  # type: ignore[arg-type]
        if row is not None:
            self.table.setItemDelegateForRow(row, self.cut_delegate)
        self._cut_row = row

    def _fit_final_table(self) -> None:
        """The final order's table as tall as its rows (at most ``FINAL_ROWS`` in view)."""
        table = self.final_table
        rows = min(self.final_model.rowCount(), FINAL_ROWS)
        height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
        height += rows * table.verticalHeader().defaultSectionSize()
        table.setMinimumHeight(min(height, 4 * table.verticalHeader().defaultSectionSize()))
        table.setMaximumHeight(height)
        box = self.final_box.layout()
        self.final_box.setMaximumHeight(box.sizeHint().height() if rows else 0)  # no gaps

    def _fit_columns(self) -> None:
        """Each column as wide as its widest text and its title, the name taking what is
        left: sized once a refresh (``widgets.column_widths``), not on every showing."""
        header = self.table.horizontalHeader()
        name = 2
        for column in range(self.model.columnCount()):
            if column == name:
                header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
                continue
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            font = self.table.font()
            if column == self.model.total_column():
                font = bold(font)
            row = widest_row(self.model.texts(column), font)
            header.resizeSection(column, content_width(self.table, column, row, self.model))

    # --- tie-breaks ------------------------------------------------------------------------

    def _show_ties(self) -> None:
        ties = self.board.ties if self.board is not None else ()
        unit = self.board.standings.unit if self.board is not None else "team"
        self.ties_label.setText("\n".join(tie.describe(unit) for tie in ties))
        self.ties_row.setVisible(bool(ties))

    def tiebreak_dialog(self) -> TiebreakDialog | None:
        """The dialog for recording one of the tie-breaks due (None when none is)."""
        board = self.board
        db, event_id = self.context.db, self.context.event_id
        if board is None or not board.ties or db is None or event_id is None:
            return None
        names = {row.number: row.name for row in board.standings.rows}
        desk = self.context.desk
        dialog: TiebreakDialog

        def record(between: list[int], winner: int, reason: str) -> object | None:
            done = run_command(
                self.context,
                lambda: tiebreaks.break_tie(desk, between, winner, reason=reason),
                parent=dialog,
                title="Record tie-break",
                fields=dialog.fields,
                show_error=dialog.show_error,
                shown_by=self,  # read at once below: the director's own action
            )
            if done is not None:
                self.refresh()
            return done

        dialog = TiebreakDialog(board.ties, board.standings.unit, names, record, self)
        return dialog

    def record_tiebreak(self) -> None:
        """Record tie-break…: the dialog, and the service through it."""
        dialog = self.tiebreak_dialog()
        if dialog is None:
            return
        if dialog.exec() != QDialog.DialogCode.Accepted:
            self.refresh()  # the event may have changed under the page

"""One table's score sheet: the hands as the paper has them, the signers, and submitting it.

The rows are shaped by the format (``sheet_rows``). As the recorder types,
the engine scores the hands entered so far (``sheet.played_hands``; the sheet's
result is ``sheet_result``): the running totals, gin's Hollywood columns and
boxes, the end of the game and every invalid value, marked at its field with
the engine's reason; the sheet's adjustment lines (rulings) are shown, and in
pinochle counted in the running totals. Enter adds the next hand (bid whist
offers its fifth, tiebreak hand only when the four end level). "Final score
only" takes the score of a paper sheet typed in quickly. Submit waits, saying
why, while the game is not over ("Time was called" ends a Grand Prix game
early; the clock's end ticks it) or a level game lacks the winner the round
needs (``domain.event.finished.held_back``). The scorekeeper and the
countersigning opponent are picked from the players seated at the table and
sign on their pads, or the recorder attests that the signed paper sheet was
received (``sheet_signers``). A submitted sheet opens read-only, its
signatures drawn, with its amendments beside it; "Amend…" opens the
director's amendment (``amend_dialog``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.finished import clock_calls_time, held_back
from clubdesk.domain.event.model import Adjustment, Score
from clubdesk.domain.event.sheet import played_hands, why_winner
from clubdesk.domain.games import another_hand_follows
from clubdesk.domain.games.hands import GameResult, HandError
from clubdesk.domain.rules import Rules
from clubdesk.errors import UserError
from clubdesk.services import registration, sheets
from clubdesk.services.events import event_rules
from clubdesk.ui.amend_dialog import AmendDialog, AmendmentsView
from clubdesk.ui.context import UiContext
from clubdesk.ui.meld_dialog import count_meld_into, meld_button
from clubdesk.ui.operations import ask_yes_no, plain_words, run_command
from clubdesk.ui.sheet_draft import SheetDraft
from clubdesk.ui.sheet_final import FinalScoreBox, LinesLabel, TieBox, TimeCalledBox
from clubdesk.ui.sheet_grid import HandsGrid
from clubdesk.ui.sheet_rows import (
    HandRow,
    columns_for,
    game_text,
    hollywood_html,
    on_change,
    problem_text,
)
from clubdesk.ui.sheet_signers import SignersBox
from clubdesk.ui.sheet_submitted import show_submitted
from clubdesk.ui.style import set_invalid, set_role

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class SheetDialog(QDialog):
    """The score sheet of round ``round_number``'s table ``table``."""

    def __init__(
        self,
        context: UiContext,
        round_number: int,
        table: int,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        assert context.db is not None and context.event_id is not None
        self.context = context
        self.db, self.event_id = context.db, context.event_id
        self.round_number, self.table = round_number, table
        self.rules: Rules = event_rules(self.db, self.event_id)
        self.columns = columns_for(self.rules)
        self.table_players: dict[str, tuple[tuple[int, str], ...]] = {}
        self.result: GameResult | None = None
        self.error: HandError | None = None
        self.lines: tuple[Adjustment, ...] = ()  # the sheet's adjustment lines (rulings)
        self.held: UserError | None = None  # what keeps the sheet from being handed in
        # tests put their own answer here
        self.confirm: Callable[[str, str], bool] = partial(ask_yes_no, self)
        self.setWindowTitle(f"Round {round_number}, table {table}: score sheet")
        self.draft = SheetDraft(context, round_number, table)
        self._build()
        self.load()

    # building -----------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        self.heading = set_role(QLabel(), "subheading")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.final_only = QCheckBox("&Final score only (a paper sheet typed in)  (Alt+F)")
        self.final_only.toggled.connect(self._show_mode)
        layout.addWidget(self.final_only)

        self.scroll = HandsGrid(self.columns)
        self.rows, self.totals = self.scroll.rows, self.scroll.totals
        layout.addWidget(self.scroll, 1)

        self.final_box = FinalScoreBox(self)
        self.score_a, self.score_b = self.final_box.score_a, self.final_box.score_b
        for edit in (self.score_a, self.score_b):
            edit.textChanged.connect(self.recalculate)
        self.final_box.hide()
        layout.addWidget(self.final_box)
        self.tie_box = TieBox(self)
        self.tie_winner = self.tie_box.winner
        self.tie_box.require(why_winner(self.rules, self.round_number))
        self.tie_winner.currentIndexChanged.connect(self.recalculate)
        layout.addWidget(self.tie_box)
        self.time_called = TimeCalledBox()
        self.time_called.toggled.connect(self.recalculate)
        layout.addWidget(self.time_called)
        self.lines_label = LinesLabel()
        layout.addWidget(self.lines_label)

        self.total_label = set_role(QLabel(), "subheading")
        self.game_label = QLabel()
        self.game_label.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        set_role(self.problem, "error")
        self.hollywood = QLabel()  # gin's columns and boxes
        self.hollywood.setTextFormat(Qt.TextFormat.RichText)
        self.hollywood.hide()
        for widget in (self.total_label, self.hollywood, self.game_label, self.problem,
                       self.draft.note):  # fmt: skip
            layout.addWidget(widget)

        signed = QHBoxLayout()
        self.signers = SignersBox()
        self.signers.changed.connect(self._update_submit)
        self.scorekeeper = self.signers.pickers["scorekeeper"]
        self.countersign = self.signers.pickers["countersign"]
        self.paper = self.signers.paper
        self.paper.installEventFilter(self)  # Enter there submits a typed-in paper sheet
        signed.addWidget(self.signers, 3)
        self.amendments_view = AmendmentsView()
        self.amendments = self.amendments_view.label
        signed.addWidget(self.amendments_view, 2)
        layout.addLayout(signed)

        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add hand (Enter)")
        self.add_button.clicked.connect(self.add_hand)
        self.submit_button = QPushButton("Submit sheet")
        self.submit_button.clicked.connect(self.submit)
        self.amend_button = QPushButton("Amend…")
        self.amend_button.clicked.connect(self.amend)
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.reject)
        for button in (self.add_button, self.submit_button, self.amend_button, self.close_button):
            button.setAutoDefault(False)
        buttons.addWidget(self.add_button)
        self.meld_button = meld_button(self, self.rules, self.count_meld)
        buttons.addWidget(self.meld_button)
        buttons.addStretch(1)
        buttons.addWidget(self.submit_button)
        buttons.addWidget(self.amend_button)
        buttons.addWidget(self.close_button)
        layout.addLayout(buttons)

    # reading the sheet --------------------------------------------------------------------
    def load(self) -> None:
        """Read the table's sheet: an empty one to fill in, or the submitted one to read."""
        sheet = sheets.table_sheet(self.db, self.event_id, self.round_number, self.table)
        game = sheet.game
        players = {e.number: e.players for e in registration.list_entrants(self.db, self.event_id)}
        sides = {side: [p for n in game.side(side) for p in players.get(n, ())] for side in "ab"}
        self.table_players = {
            side.upper(): tuple((n, " / ".join(players.get(n, ()))) for n in game.side(side))
            for side in "ab"
        }  # for the pickers of the player a fine is charged to
        numbers = {side: ", ".join(str(n) for n in game.side(side)) for side in "ab"}
        self.heading.setText(
            f"Round {self.round_number}, table {self.table}: "
            f"A: {numbers['a']} ({', '.join(sides['a'])})   "
            f"B: {numbers['b']} ({', '.join(sides['b'])})"
        )
        self.signers.set_players(sides)
        self.submitted = sheet.submitted
        self.lines = game.adjustments
        self.lines_label.show_lines(game.adjustments, self.rules)
        if not sheet.submitted and clock_calls_time(self.rules):
            ended = sheets.time_called_by_clock(
                self.db, self.event_id, self.round_number, self.context.clock
            )
            self.time_called.clock_ended(ended)
        if sheet.submitted:
            show_submitted(self, sheet)
        else:
            for hand in self.draft.brought_back():  # typed before a crash or a close
                self.new_row().set_hand(hand)
            self.add_hand()
        self._update_submit()

    # entering hands -----------------------------------------------------------------------
    def new_row(self) -> HandRow:
        row = self.scroll.new_row(self.final_only, self.table_players)
        for widget in row.widgets.values():
            widget.installEventFilter(self)
            on_change(widget, self.recalculate)
        return row

    def can_add_hand(self) -> bool:
        """May another hand follow: the game is not over (bid whist: a level four-hand game)."""
        if self.submitted or self.final_only.isChecked() or self.error is not None:
            return False
        if self.rows and self.rows[-1].is_blank():
            return False
        return self.result is None or another_hand_follows(self.result, self.rules)

    def add_hand(self) -> None:
        """Keep the hands typed so far as the sheet's draft; add the next hand's row and put
        the cursor in its first field."""
        self._keep_draft()
        if self.rows and not self.can_add_hand():
            return
        row = self.new_row()
        for widget in row.widgets.values():
            widget.show()  # a widget added to a shown sheet takes the focus only once shown
        row.first().setFocus(Qt.FocusReason.OtherFocusReason)
        self.recalculate()
        self.scroll.ensureWidgetVisible(row.first())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        pressed = event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
        if pressed and event.key() in _ENTER:  # type: ignore[attr-defined]
            if watched in (self.score_a, self.score_b, self.tie_winner, self.paper):
                if self.submit_button.isEnabled():  # a paper sheet typed in: Enter submits
                    self.submit()
                return True
            if not self.can_add_hand() and self.tie_box.isVisible():
                self.tie_winner.setFocus(Qt.FocusReason.TabFocusReason)  # who won the tie
                return True
            self.add_hand()
            return True
        return super().eventFilter(watched, event)

    def count_meld(self) -> None:
        """F4: the meld calculator fills the meld field the cursor is in (``meld_dialog``)."""
        count_meld_into(self, self.rules, self.rows, QApplication.focusWidget())

    def hands(self) -> list[dict[str, Any]]:
        """The hands entered so far (a blank last row left out)."""
        rows = self.rows[:-1] if self.rows and self.rows[-1].is_blank() else self.rows
        return [row.hand() for row in rows]

    def recalculate(self) -> None:
        """Score the hands entered so far and show totals, the game's state and any problem."""
        for row in self.rows:
            for widget in row.widgets.values():
                set_invalid(widget, False)
        self.error, self.result = None, None
        hands = self.hands()
        shown: GameResult | None = None
        try:
            for number, row in enumerate(self.rows[: len(hands)], start=1):
                row.check_pairs(number)
            shown = self.result = played_hands(self.rules, self.round_number, hands, self.lines)
        except HandError as error:
            self.error = error
            good = (error.hand_number or 1) - 1
            if good:
                shown = played_hands(self.rules, self.round_number, hands[:good], self.lines)
            self._mark(error)
        for n, (label_a, label_b) in enumerate(self.totals):
            running = shown.totals[n] if shown is not None and n < len(shown.totals) else None
            label_a.setText("" if running is None else str(running["A"]))
            label_b.setText("" if running is None else str(running["B"]))
        grid = "" if self.final_only.isChecked() else hollywood_html(shown)
        self.hollywood.setText(grid)
        self.hollywood.setVisible(bool(grid))
        self._show_tie()
        if self.submitted:
            self.game_label.setText(game_text(self.result, self.rules))
            return
        self.held = self._held_back(hands)
        held = "" if self.held is None else plain_words(self.held)
        if not self.final_only.isChecked():
            total = shown.total if shown is not None else {"A": 0, "B": 0}
            self.total_label.setText(f"Total  A {total['A']}  ·  B {total['B']}")
            said = game_text(self.result, self.rules)
            self.game_label.setText("\n".join(text for text in (said, held) if text))
            self.problem.setText(
                "" if self.error is None else problem_text(self.error, self.columns)
            )
        else:
            self.game_label.setText(held)
        stops = self.result is None or self.result.ended_by is None  # not over by its hands
        self.time_called.setVisible(
            clock_calls_time(self.rules) and not self.final_only.isChecked() and bool(hands)
            and stops
        )  # fmt: skip
        self.add_button.setEnabled(self.can_add_hand())
        self._update_submit()

    def _held_back(self, hands: list[dict[str, Any]]) -> UserError | None:
        """What keeps the sheet from being handed in yet (the game not over, a level game's
        winner), as the service would refuse it; None once it may go in."""
        typed = None
        if self.final_only.isChecked():
            hands = []
            try:
                typed = Score(*self.final_box.score())
            except UserError:
                return None  # the score itself is named when Submit is pressed
        elif self.error is not None:
            return None
        return held_back(
            self.rules, self.round_number, hands=hands, typed=typed, adjustments=self.lines,
            winner=self.tie_box.chosen(), time_called=self.time_called.isChecked(),
        )  # fmt: skip

    def level_game(self) -> bool:
        """The hands typed so far end the game level: who won the tie is asked for."""
        result = self.result
        return (
            result is not None
            and result.ended_by is not None
            and result.total["A"] == result.total["B"]
        )

    def _show_tie(self) -> None:
        self.tie_box.ask(not self.submitted and (self.final_only.isChecked() or self.level_game()))

    def _mark(self, error: HandError) -> None:
        number = error.hand_number or len(self.rows)
        if not 0 < number <= len(self.rows):
            return
        widgets = self.rows[number - 1].widgets
        widget = widgets.get(error.field) or widgets.get(f"{error.field}.A")
        if widget is not None:
            set_invalid(widget, True)

    def _show_mode(self, final_only: bool) -> None:
        self.scroll.setVisible(not final_only)
        self.final_box.setVisible(final_only)
        if final_only and not self.submitted:
            self.total_label.setText("Final score from the paper sheet (Enter submits)")
            self.game_label.setText("")
            self.problem.setText("")
            self.score_a.setFocus(Qt.FocusReason.OtherFocusReason)
        self.recalculate()

    def _update_submit(self) -> None:
        typed_wrong = self.error is not None and not self.final_only.isChecked()
        self.submit_button.setEnabled(
            not self.submitted and self.signers.ready() and not typed_wrong and self.held is None
        )
        self.submit_button.setToolTip("" if self.held is None else plain_words(self.held))
        self.submit_button.setVisible(not self.submitted)
        self.amend_button.setVisible(self.submitted)

    # submitting ---------------------------------------------------------------------------
    def submit(self) -> None:
        """Submit the sheet through the service; a refusal is shown in plain words."""
        signatures = self.signers.signatures()
        final_score: tuple[int, int] | None = None
        if self.final_only.isChecked():
            try:
                final_score = self.final_box.score()
            except UserError as error:
                self._refused(error)
                return
        hands = [] if final_score is not None else self.hands()
        winner = self.tie_box.chosen()
        called = bool(hands) and self.time_called.isChecked() and not self.time_called.by_clock

        def action() -> sheets.SheetSubmitted:
            return sheets.submit_sheet(
                self.db, self.event_id, self.round_number, self.table,
                hands=hands, final_score=final_score, winner=winner, time_called=called,
                signatures=signatures, clock=self.context.clock,
            )  # fmt: skip

        done = run_command(
            self.context, action, parent=self, title="Submit sheet", show_error=self._refused
        )
        if done is not None:
            self.problem.setText("")
            self._clear_rows()
            self.load()

    def amend(self) -> AmendDialog:
        """Open the director's amendment of this submitted sheet; shown here once recorded."""
        dialog = AmendDialog(self.context, self.round_number, self.table, self)
        dialog.accepted.connect(self._amended)
        dialog.open()
        return dialog

    def _amended(self) -> None:
        self._clear_rows()
        self.load()

    def reject(self) -> None:
        """Close; the hands typed are kept as the draft, a final score typed in is only
        dropped when the recorder says so."""
        if not self.submitted:
            self._keep_draft()
            if self.final_only.isChecked() and self.final_box.typed():
                question = "The final score is not submitted. Close the sheet and lose it?"
                if not self.confirm("Close the sheet", question):
                    return
        super().reject()

    def _keep_draft(self) -> None:
        if not self.submitted and not self.final_only.isChecked():
            problem = self.draft.keep(self.hands())
            if problem:
                self.problem.setText(problem)

    def _refused(self, error: UserError) -> None:
        self.problem.setText(plain_words(error))

    def _clear_rows(self) -> None:
        self.scroll.clear()

"""One table's score sheet: the hands as the paper has them, the signers, and submitting it.

The sheet opens over the whole window it belongs to, everything in view (``layout``).
The rows are shaped by the format (``rows``), and ask only for what a hand uses
(``domain.games.asked``). As the recorder types, the domain's one sheet calculation
(``domain.event.sheet.sheet_so_far``) gives the running totals, the sheet's adjustment
lines as rows (in pinochle counted from the first hand on), what the sheet counts, the
end of the game and every invalid value, marked at its field with the engine's reason.
Enter goes on to the next hand (bid whist offers its fifth, tiebreak hand only when the
four end level), Ctrl+Enter submits, a refusal puts the cursor on its field
(``keys``). "Final score only" takes the score of a paper sheet typed in quickly.
Submit waits, saying why, while the game is not over ("Time was called" ends a Grand Prix
game early; the clock's end ticks it) or a level game lacks the winner the round needs
(``domain.event.finished.held_back``). The scorekeeper and the countersigning opponent
sign on their pads, or the recorder attests that the signed paper sheet was received
(``signers``). A submitted sheet opens read-only (``submitted``); the sheet just submitted
is the same rows switched read-only, nothing built again (``show_hands``); "Amend…"
opens the director's amendment (``amend_dialog``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication, QWidget

from clubdesk.domain.event.cross_check import cross_check_problem
from clubdesk.domain.event.finished import clock_calls_time, held_back
from clubdesk.domain.event.model import Adjustment, Score
from clubdesk.domain.event.sheet import SheetSoFar, sheet_so_far
from clubdesk.domain.event.sheet_words import end_text, plain_words, problem_text
from clubdesk.domain.games import another_hand_follows
from clubdesk.domain.games.hands import GameResult, HandError
from clubdesk.domain.sides import seat_place
from clubdesk.errors import UserError
from clubdesk.services import entrants as entrants_service
from clubdesk.services import sheets
from clubdesk.services.board import award_text
from clubdesk.services.events import event_rules
from clubdesk.ui.context import UiContext
from clubdesk.ui.operations import ask_yes_no, run_command
from clubdesk.ui.sheet.amend_dialog import AmendDialog
from clubdesk.ui.sheet.draft import SheetDraft
from clubdesk.ui.sheet.keys import SheetKeys
from clubdesk.ui.sheet.layout import SheetFrame
from clubdesk.ui.sheet.meld_dialog import count_meld_into, meld_button
from clubdesk.ui.sheet.rows import HandRow, on_change
from clubdesk.ui.sheet.submitted import show_submitted
from clubdesk.ui.sheet.texts import hollywood_html
from clubdesk.ui.style import set_invalid


class SheetDialog(SheetFrame):
    """The score sheet of round ``round_number``'s table ``table``."""

    def __init__(
        self,
        context: UiContext,
        round_number: int,
        table: int,
        parent: QWidget | None = None,
    ):
        assert context.db is not None and context.event_id is not None
        super().__init__(event_rules(context.db, context.event_id), round_number, parent)
        self.context = context
        self.db, self.event_id = context.db, context.event_id
        self.round_number, self.table = round_number, table
        self.table_players: dict[str, tuple[tuple[int, str], ...]] = {}
        self.result: GameResult | None = None
        self.error: HandError | None = None
        self.so_far: SheetSoFar | None = None
        self.lines: tuple[Adjustment, ...] = ()  # the sheet's adjustment lines (rulings)
        self.held: UserError | None = None  # what keeps the sheet from being handed in
        self.submitted = False
        self.filling = False  # hands being put in the rows: worked out once, when they are in
        # tests put their own answer here
        self.confirm: Callable[[str, str], bool] = partial(ask_yes_no, self)
        self.setWindowTitle(f"Round {round_number}, table {table}: score sheet")
        self.draft = SheetDraft(context, round_number, table)
        self.draft.note.setWordWrap(True)
        self.aside.insertWidget(0, self.draft.note)
        self.meld_button = meld_button(self, self.rules, self.count_meld)
        self.buttons.insertWidget(1, self.meld_button)
        self.keys = SheetKeys(self, self)
        for widget in (self.score_a, self.score_b, self.tie_winner, self.paper):
            self.keys.watch(widget)
        self._connect()
        self.load()

    def _connect(self) -> None:
        self.final_only.toggled.connect(self._show_mode)
        for edit in (self.score_a, self.score_b):
            edit.textChanged.connect(self._typed)
        self.time_called.toggled.connect(self._typed)
        self.tie_winner.currentIndexChanged.connect(self._typed)
        self.signers.changed.connect(self._update_submit)
        self.add_button.clicked.connect(self.add_hand)
        self.submit_button.clicked.connect(self.submit)
        self.amend_button.clicked.connect(self.amend)
        self.close_button.clicked.connect(self.reject)
        if self.cross is not None:
            self.cross.switched.connect(self.show_sheet)
            self.cross.changed.connect(self._typed)

    # reading the sheet --------------------------------------------------------------------
    def load(self) -> None:
        """Read the table's sheet: an empty one to fill in, or the submitted one to read."""
        sheet = sheets.table_sheet(self.db, self.event_id, self.round_number, self.table)
        game = sheet.game
        players = {
            e.number: e.players for e in entrants_service.list_entrants(self.db, self.event_id)
        }
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
        self.signers.set_players(sides, seat_place(self.rules.sheets.scorekeeper_seat))
        self.lines = game.adjustments
        award = award_text(game.award) if game.award is not None else ""
        before = sheet_so_far(self.rules, self.round_number, (), self.lines)
        for grid in self.grids:
            grid.show_lines(before.lines, before.lines_first, award)
        self._show(sheet)

    def _show(self, sheet: sheets.TableSheet) -> None:
        """The sheet as read: to fill in (a draft brought back), or submitted, read-only."""
        self.submitted = sheet.submitted
        if not sheet.submitted and clock_calls_time(self.rules):
            ended = sheets.time_called_by_clock(
                self.db, self.event_id, self.round_number, self.context.clock
            )
            self.time_called.clock_ended(ended)
        if self.cross is not None:
            self.cross.setVisible(not sheet.submitted)
        self.filling = True  # each field filled would work the whole sheet out again
        try:
            if sheet.submitted:
                show_submitted(self, self, sheet)
            else:
                for hand in self.draft.brought_back():  # typed before a crash or a close
                    self.new_row().set_hand(hand)
        finally:
            self.filling = False
        if not sheet.submitted:
            self.add_hand()
        self._update_submit()

    # entering hands -----------------------------------------------------------------------
    def new_row(self) -> HandRow:
        """A row for the next hand; one of a submitted sheet is only read (no keys, nothing
        typed: each event of its fields would call into Python for nothing)."""
        row = self.scroll.new_row(self.final_only, self.table_players)
        if not self.submitted:
            for widget in row.widgets.values():
                self.keys.watch(widget)
                on_change(widget, self._typed)
        return row

    def show_hands(self, hands: Sequence[dict[str, Any]]) -> None:
        """The rows of the sheet being typed show ``hands``: each row there already shows
        its hand, a row is added for each hand more, a row left over is taken away."""
        for number, hand in enumerate(hands):
            row = self.rows[number] if number < len(self.rows) else self.new_row()
            row.set_hand(hand)
        self.scroll.keep_rows(len(hands))

    def row_of(self, widget: QObject | None) -> int | None:
        """The index of the hand row ``widget`` is a field of, or None."""
        for index, row in enumerate(self.rows):
            if widget in row.widgets.values():
                return index
        return None

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
        self.keep_draft()
        if self.rows and not self.can_add_hand():
            return
        row = self.new_row()
        for widget in row.widgets.values():
            widget.show()  # a widget added to a shown sheet takes the focus only once shown
        row.first().setFocus(Qt.FocusReason.OtherFocusReason)
        self.recalculate()
        self.scroll.ensureWidgetVisible(row.first(), 0, 8)

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 (Qt's name)
        """Tab and Shift+Tab, never round the end of the sheet into an earlier hand."""
        before = self.row_of(QApplication.focusWidget())
        moved = super().focusNextPrevChild(forward)
        self.keys.after_tab(before, forward)
        return moved

    def count_meld(self) -> None:
        """F4: the meld calculator fills the meld field the cursor is in (``meld_dialog``)."""
        count_meld_into(self, self.rules, self.rows, QApplication.focusWidget())

    def hands(self, sheet: int | None = None) -> list[dict[str, Any]]:
        """The hands entered so far (a blank last row left out) on the sheet being typed,
        or on sheet ``sheet`` (0, or 1: the other side's, where both are compared)."""
        rows = self.rows if sheet is None else self.grids[sheet].rows
        rows = rows[:-1] if rows and rows[-1].is_blank() else rows
        return [row.hand() for row in rows]

    def hands_going_in(self) -> list[dict[str, Any]]:
        """The hands the sheet goes in with: sheet 1's, or sheet 2's where it is accepted."""
        accepted = self.cross.accepted() if self.cross is not None else None
        return self.hands(1 if accepted == "second" else 0)

    def show_sheet(self, sheet: int) -> None:
        """Type sheet ``sheet`` (0, or 1: the other side's), from its newest hand."""
        self._sheet(sheet)
        if not self.rows and not self.submitted:
            self.add_hand()
        elif self.rows:
            self.rows[-1].asked_widgets()[0].setFocus(Qt.FocusReason.OtherFocusReason)
        self.recalculate()

    def _typed(self) -> None:
        """A field changed: a reason shown beside a field goes, the sheet is worked out again
        (once all are in, while stored hands are being filled in)."""
        if self.filling:
            return
        self.keys.callout.leave()
        self.recalculate()

    def recalculate(self) -> None:
        """Work the sheet out again (``sheet_so_far``): totals, lines, the game's state and
        any problem, each field asking only for what its hand uses."""
        for row in self.rows:
            row.follow()
            for widget in row.widgets.values():
                set_invalid(widget, False)
        hands = self.hands()
        right, blank_half = hands, None
        for number, row in enumerate(self.rows[: len(hands)], start=1):
            try:
                row.check_pairs(number)
            except HandError as error:
                right, blank_half = hands[: number - 1], error
                break
        self.so_far = so_far = sheet_so_far(self.rules, self.round_number, right, self.lines)
        self.error = so_far.error or blank_half
        self.result = so_far.played if self.error is None else None
        shown = so_far.played
        if self.error is not None:
            self._mark(self.error)
        for n, (label_a, label_b) in enumerate(self.totals):
            running = shown.totals[n] if shown is not None and n < len(shown.totals) else None
            label_a.setText("" if running is None else str(running["A"]))
            label_b.setText("" if running is None else str(running["B"]))
        self.scroll.line_totals(so_far.lines)
        if self.cross is not None and not self.submitted:  # where both sides' sheets differ
            for found in self.cross.compare(self.hands(0), self.hands(1), self.columns):
                marked = self.rows[found.number - 1].widgets
                for key in found.fields:
                    if key in marked:
                        set_invalid(marked[key], True)
        grid = "" if self.final_only.isChecked() else hollywood_html(shown)
        self.hollywood.setText(grid)
        self.hollywood.setVisible(bool(grid))
        self._show_tie()
        said = "" if self.result is None else end_text(so_far, self.rules)  # with the winner
        if self.submitted:
            self.game_label.setText(said)
            return
        self.held = self._held_back()
        held = "" if self.held is None else plain_words(self.held)
        if not self.final_only.isChecked():
            score = so_far.score
            self.total_label.setText(f"Total  A {score.a}  ·  B {score.b}")
            self.game_label.setText("\n".join(text for text in (said, held) if text))
            self.problem.setText(
                ""
                if self.error is None
                else problem_text(self.error, self.columns, self.rules.game_end.hand_word)
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

    def _held_back(self) -> UserError | None:
        """What keeps the sheet from being handed in yet (the game not over, a level game's
        winner, both sides' sheets not agreeing), as the service would refuse it; None once
        it may go in."""
        hands, typed = self.hands_going_in(), None
        if self.final_only.isChecked():
            hands = []
            try:
                typed = Score(*self.final_box.score())
            except UserError:
                return None  # the score itself is named when Submit is pressed
        elif self.error is not None:
            return None
        found = held_back(
            self.rules, self.round_number, hands=hands, typed=typed, adjustments=self.lines,
            winner=self.tie_box.chosen(), time_called=self.time_called.isChecked(),
        )  # fmt: skip
        if found is None and self.cross is not None and hands:
            found = cross_check_problem(self.hands(0), self.hands(1), self.cross.accepted(),
                                        self.cross.reason.text())  # fmt: skip
        return found

    def typed_score_error(self) -> UserError | None:
        """What is wrong with a final score typed in, or None."""
        try:
            self.final_box.score()
        except UserError as error:
            return error
        return None

    def level_game(self) -> bool:
        """The hands typed so far end the game level: who won the tie is asked for."""
        return self.error is None and self.so_far is not None and self.so_far.level

    def _show_tie(self) -> None:
        self.tie_box.ask(not self.submitted and (self.final_only.isChecked() or self.level_game()))

    def field_of(self, error: HandError) -> QWidget | None:
        """The field of the hand a HandError is about (a pair as a whole: its first half)."""
        number = error.hand_number or len(self.rows)
        if not 0 < number <= len(self.rows):
            return None
        widgets = self.rows[number - 1].widgets
        for key in (error.field, f"{error.field}.A", error.field.split(".")[0]):
            if key in widgets:
                return widgets[key]
        return None

    def widget_for(self, field: str | None) -> QWidget | None:
        """The widget showing a refusal's field (``winner``, ``signatures.countersign``...)."""
        head = (field or "").split(".")
        if head[0] == "signatures":
            role = head[1] if len(head) > 1 else ""
            return self.signers.pickers.get(role, self.paper)
        found: dict[str, QWidget] = {
            "winner": self.tie_winner,
            "score": self.score_a,
            "time_called": self.time_called,
        }
        if self.cross is not None:
            found.update(second_sheet=self.cross.second, accepted=self.cross.accept,
                         reason=self.cross.reason)  # fmt: skip
        if head[0] == "hands" and self.rows:
            return self.time_called if self.time_called.isVisible() else self.rows[-1].first()
        return found.get(head[0])

    def _mark(self, error: HandError) -> None:
        widget = self.field_of(error)
        if widget is not None:
            set_invalid(widget, True)

    def _show_mode(self, final_only: bool) -> None:
        self.stack.setVisible(not final_only)
        if self.cross is not None:
            self.cross.setVisible(not final_only and not self.submitted)
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
                self.keys.refused(error)
                return
        hands = [] if final_score is not None else self.hands(0)
        second = self.hands(1) if self.cross is not None and hands else None
        accepted = self.cross.accepted() if self.cross is not None else None
        reason = self.cross.reason.text() if self.cross is not None else ""
        winner = self.tie_box.chosen()
        called = bool(hands) and self.time_called.isChecked() and not self.time_called.by_clock

        def action() -> sheets.SheetSubmitted:
            return sheets.submit_sheet(
                self.context.desk, self.round_number, self.table, hands=hands,
                final_score=final_score, winner=winner, time_called=called, signatures=signatures,
                second_hands=second, accepted=accepted, reason=reason,
            )  # fmt: skip

        done = run_command(
            self.context, action, parent=self, title="Submit sheet", show_error=self.keys.refused
        )
        if done is not None:  # the same rows, read as they went in: nothing built again
            self.problem.setText("")
            self.keys.callout.leave()
            self._sheet(0)
            for grid in self.grids[1:]:  # the other side's sheet, compared, is done with
                grid.clear()
            self._show(sheets.table_sheet(self.db, self.event_id, self.round_number, self.table))

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
            self.keep_draft()
            if self.final_only.isChecked() and self.final_box.typed():
                question = "The final score is not submitted. Close the sheet and lose it?"
                if not self.confirm("Close the sheet", question):
                    return
            elif self.cross is not None and self.hands(1):
                question = "Sheet 2 is not kept once the sheet is closed. Close it and lose it?"
                if not self.confirm("Close the sheet", question):
                    return
        super().reject()

    def keep_draft(self) -> None:
        """Keep the hands typed so far as the sheet's draft."""
        if not self.submitted and not self.final_only.isChecked():
            problem = self.draft.keep(self.hands(0))
            if problem:
                self.problem.setText(problem)

    def _sheet(self, sheet: int) -> None:
        self.scroll = self.grids[sheet]
        self.rows, self.totals = self.scroll.rows, self.scroll.totals
        self.stack.setCurrentIndex(sheet)
        if self.cross is not None:
            self.cross.show_sheet(sheet)

    def _clear_rows(self) -> None:
        self.keys.callout.leave()
        for grid in self.grids:
            grid.clear()
        self._sheet(0)

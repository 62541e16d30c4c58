"""The director's rulings from a table on the Rounds board: late, removed, withdrawn, a
warning infraction, removal from the tournament.

For the table selected on the board, these buttons (and the same in the board's context
menu, with their keys):

- **Late…** (Ctrl+L): which side, how many minutes; the rulings service gives
  the opponents an adjustment line or, past the limit, the DQ award;
- **Remove from table…** (Ctrl+R): which side and why; the award;
- **Withdraw…** (Ctrl+Shift+W): which entrant and why (and, where the format
  gives refunds and it paid, whether its fee is refunded), confirmed first;
  the entrant's status becomes withdrawn (registration service, the refund in
  the same command), and the rounds not yet played are seated without it;
- **Warning…** (Ctrl+Shift+I; only where the format logs warning infractions: bid
  whist's, the Grand Prix's for conduct): which team and what it did; the dialog shows
  the team's infractions so far and what this one is ("Warning 1", or "Loss of hand
  proposed: confirm?" with the director's choice; in the playoffs a loss of hand). A
  loss of hand confirmed is scored on the table's sheet: the board says which side to
  mark the hand's infraction against there;
- **Remove from the tournament…** (bid whist: **Eject…**; Ctrl+Shift+E): which entrant,
  the director's name and why, confirmed first; it plays no further rounds, its fee
  stays in the prize fund.

Each goes through the page's command runner, so a refusal is shown in plain
words on the page and what changed is published. The page is reached only through
``RulingsHost``, what the rulings use of it. The questions are asked by
``ask_late``, ``ask_removal``, ``ask_withdrawal``, ``ask_warning`` and ``ask_expulsion``
(dialogs; tests put their own answers there or answer the dialogs by keys).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu, QPushButton, QTableView, QWidget

from clubdesk.domain.money.amounts import format_money
from clubdesk.domain.rounds import in_play
from clubdesk.services import payments, registration, removal
from clubdesk.services import rulings as rulings_service
from clubdesk.services import warnings as warnings_service
from clubdesk.services.board import Board, BoardTable, Seated
from clubdesk.services.changes import Change, changes_of
from clubdesk.services.payments import RefundOffer
from clubdesk.ui.context import UiContext
from clubdesk.ui.rounds.board_model import BoardModel
from clubdesk.ui.rounds.ruling_dialogs import (
    ExpulsionAnswer,
    ExpulsionDialog,
    LateAnswer,
    LateDialog,
    RemovalAnswer,
    RemovalDialog,
    WarningAnswer,
    WarningDialog,
    WithdrawalAnswer,
    WithdrawalDialog,
    expulsion_question,
    withdrawal_question,
)
from clubdesk.ui.widgets.flow_layout import FlowLayout

# the button that removes an entrant from the tournament, as the format names it
EXPEL_TEXT = {
    "removed": "Remove from the tournament…  (Ctrl+Shift+E)",
    "ejected": "Eject…  (Ctrl+Shift+E)",
}


SEATED_AGAIN = " The rounds not played yet are seated again."  # said after a ruling that reseats


class RulingsHost(Protocol):
    """What the rulings use of the page they sit on (the Rounds page): the board and its
    selection, the event shown and its clock, the page's command runner, its line of text
    and its confirmation."""

    context: UiContext
    table_view: QTableView
    model: BoardModel
    confirm: Callable[[str, str], bool]

    def board(self) -> Board | None: ...

    def open_event(self) -> tuple[Any, str] | None: ...

    def run(self, action: Callable[[], Any], title: str) -> Any: ...

    def say(self, text: str) -> None: ...


class BoardRulings(QObject):
    """The ruling buttons, keys and context menu of the Rounds page's board; ``parent`` is
    the page's widget, where the keys act and over which the dialogs open."""

    def __init__(self, page: RulingsHost, parent: QWidget):
        super().__init__(parent)
        self.page = page
        self.parent_widget = parent
        self.ask_late: Callable[[int, BoardTable], LateAnswer | None] = self._ask_late
        self.ask_removal: Callable[[int, BoardTable], RemovalAnswer | None] = self._ask_removal
        self.ask_withdrawal: Callable[[BoardTable], WithdrawalAnswer | None] = self._ask_withdrawal
        self.ask_warning: Callable[[int, BoardTable], WarningAnswer | None] = self._ask_warning
        self.ask_expulsion: Callable[[BoardTable], ExpulsionAnswer | None] = self._ask_expulsion
        self.late_button = QPushButton("Late…  (Ctrl+L)")
        self.remove_button = QPushButton("Remove…  (Ctrl+R)")
        self.withdraw_button = QPushButton("Withdraw…  (Ctrl+Shift+W)")
        self.warning_button = QPushButton("Warning…  (Ctrl+Shift+I)")
        self.expel_button = QPushButton(EXPEL_TEXT["removed"])
        self.late_button.setToolTip("A side arrived late at the selected table")
        self.remove_button.setToolTip("Remove a side from the selected table (an award)")
        self.withdraw_button.setToolTip("Withdraw an entrant at the selected table from the event")
        self.warning_button.setToolTip("Log a warning infraction by a team at the selected table")
        self.expel_button.setToolTip("Remove an entrant at the selected table from the tournament")
        self.buttons = (self.late_button, self.remove_button, self.withdraw_button,
                        self.warning_button, self.expel_button)  # fmt: skip
        self.actions: list[QAction] = []
        for button, key, text, run in (
            (self.late_button, "Ctrl+L", "Late…", self.record_late),
            (self.remove_button, "Ctrl+R", "Remove from table…", self.remove),
            (self.withdraw_button, "Ctrl+Shift+W", "Withdraw from the event…", self.withdraw),
            (self.warning_button, "Ctrl+Shift+I", "Warning…", self.warn),
            (self.expel_button, "Ctrl+Shift+E", "Remove from the tournament…", self.expel),
        ):
            button.clicked.connect(run)
            action = QAction(text, parent)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _=False, b=button, r=run: b.isEnabled() and r())
            parent.addAction(action)
            self.actions.append(action)
        self.row = FlowLayout()  # on a narrow page the buttons take a second line
        for button in self.buttons:
            self.row.addWidget(button)
        view = page.table_view
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._menu)
        self.menu: QMenu | None = None
        # the buttons are set (``update_buttons``) as the page shows its first view, once the
        # row is in the page's layout: Warning… shown before that was a window of its own

    # what can be done now

    def selected(self) -> BoardTable | None:
        """The table selected on the board (None: no row selected)."""
        rows = self.page.table_view.selectionModel().selectedRows()
        if not rows or self.page.model.rowCount() == 0:
            return None
        return self.page.model.table_at(rows[0].row())

    def update_buttons(self) -> None:
        """Lateness, removal and a warning for a table whose sheet is still out in a round
        not closed; withdrawal and removal from the tournament for a table with someone
        still playing. Warning… only where the format logs warnings."""
        board, table = self.page.board(), self.selected()
        open_round = board is not None and in_play(board.state)
        open_sheet = open_round and table is not None and table.state == "waiting"
        playing = table is not None and any(not s.withdrawn for s in (*table.a, *table.b))
        warned = board is not None and board.warnings
        self.warning_button.setVisible(warned)
        self.expel_button.setText(EXPEL_TEXT[board.removal if board is not None else "removed"])
        for button, enabled in (
            (self.late_button, open_sheet),
            (self.remove_button, open_sheet),
            (self.withdraw_button, playing),
            (self.warning_button, open_sheet and warned and playing),
            (self.expel_button, playing),
        ):
            button.setEnabled(bool(enabled))
        for action, button in zip(self.actions, self.buttons, strict=True):
            action.setEnabled(button.isEnabled())
            action.setVisible(button is not self.warning_button or warned)
        self.actions[-1].setText(self.expel_button.text().split("  (")[0])

    def _menu(self, point: QPoint) -> None:
        view = self.page.table_view
        index = view.indexAt(point)
        if not index.isValid():
            return
        view.selectRow(index.row())
        self.update_buttons()
        self.menu = QMenu(view)
        for action in self.actions:
            self.menu.addAction(action)
        self.menu.popup(view.viewport().mapToGlobal(point))

    # the rulings

    def _where(self) -> tuple[int, BoardTable, Any, str] | None:
        """The round, the table selected and the open event's database and id (None: no
        table selected, or no event open)."""
        board, table, event = self.page.board(), self.selected(), self.page.open_event()
        if board is None or board.round_number is None or table is None or event is None:
            return None
        return board.round_number, table, *event

    def record_late(self) -> None:
        found = self._where()
        if found is None:
            return
        number, table, db, event_id = found
        answer = self.ask_late(number, table)
        if answer is None:
            return
        done = self.page.run(
            lambda: rulings_service.rule_late(self.page.context.desk_for(db, event_id),
                                              number, table.table, answer.side, answer.minutes),
            f"Late at table {table.table}",
        )  # fmt: skip
        if done is not None:
            self.page.say(f"Table {table.table}, side {answer.side.upper()}: {done.text}")

    def remove(self) -> None:
        found = self._where()
        if found is None:
            return
        number, table, db, event_id = found
        answer = self.ask_removal(number, table)
        if answer is None:
            return
        done = self.page.run(
            lambda: rulings_service.remove_from_table(self.page.context.desk_for(db, event_id),
                                                      number, table.table, answer.side,
                                                      answer.reason),
            f"Remove from table {table.table}",
        )  # fmt: skip
        if done is not None:
            self.page.say(f"Table {table.table}, side {answer.side.upper()} {done.text}")

    def withdraw(self) -> None:
        found, board = self._where(), self.page.board()
        if found is None or board is None:
            return
        _, table, db, event_id = found
        answer = self.ask_withdrawal(table)
        if answer is None:
            return
        seated = _seated(table, answer.number)
        if seated is None:
            return
        if not self.page.confirm(
            "Withdraw", withdrawal_question(seated, board.unit, answer.refund)
        ):
            return
        done = self.page.run(
            lambda: registration.withdraw(
                self.page.context.desk_for(db, event_id),
                answer.number,
                answer.reason,
                with_refund=answer.refund,
            ),
            f"Withdraw {board.unit} {answer.number}",
        )
        if done is not None:
            again = SEATED_AGAIN if changes_of(done) & Change.SEATING else ""
            refunded = (
                f" Its fee is refunded: {format_money(answer.refund.cents)} {answer.refund.method}."
                if answer.refund is not None
                else ""
            )
            self.page.say(
                f"{board.unit.capitalize()} {answer.number} is withdrawn.{refunded}{again}"
            )

    def warn(self) -> None:
        found = self._where()
        if found is None:
            return
        number, table, db, event_id = found
        answer = self.ask_warning(number, table)
        if answer is None:
            return
        done = self.page.run(
            lambda: warnings_service.log_warning(self.page.context.desk_for(db, event_id),
                                                 number, answer.team, answer.reason,
                                                 loss_of_hand=answer.loss_of_hand),
            f"Warning at table {table.table}",
        )  # fmt: skip
        if done is not None:
            self.page.say(done.text)

    def expel(self) -> None:
        found, board = self._where(), self.page.board()
        if found is None or board is None:
            return
        _, table, db, event_id = found
        answer = self.ask_expulsion(table)
        if answer is None:
            return
        seated = _seated(table, answer.number)
        if seated is None:
            return
        title = EXPEL_TEXT[board.removal].split("…")[0]
        if not self.page.confirm(
            title, expulsion_question(seated, board.unit, board.removal, answer)
        ):
            return
        done = self.page.run(
            lambda: removal.remove_from_tournament(
                self.page.context.desk_for(db, event_id),
                answer.number,
                answer.reason,
                answer.director,
            ),
            f"{title} {board.unit} {answer.number}",
        )
        if done is not None:
            again = SEATED_AGAIN if changes_of(done) & Change.SEATING else ""
            self.page.say(
                f"{board.unit.capitalize()} {answer.number} is {board.removal} from the "
                f"tournament; its fee stays in the prize fund.{again}"
            )

    # the questions

    def _ask_late(self, number: int, table: BoardTable) -> LateAnswer | None:
        event = self.page.open_event()
        if event is None:
            return None
        db, event_id = event
        dialog = LateDialog(
            number,
            table,
            lambda side, m: rulings_service.lateness_preview(db, event_id, side, m),
            self.parent_widget,
        )
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_removal(self, number: int, table: BoardTable) -> RemovalAnswer | None:
        dialog = RemovalDialog(number, table, self.parent_widget)
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_withdrawal(self, table: BoardTable) -> WithdrawalAnswer | None:
        board, event = self.page.board(), self.page.open_event()

        def offer_of(number: int) -> RefundOffer | None:  # what a withdrawal may give back
            return None if event is None else payments.refund_offer(*event, number)

        dialog = WithdrawalDialog(
            table, board.unit if board else "team", self.parent_widget, offer_of
        )
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_warning(self, number: int, table: BoardTable) -> WarningAnswer | None:
        event = self.page.open_event()
        if event is None:
            return None
        db, event_id = event
        dialog = WarningDialog(
            number,
            table,
            lambda team: warnings_service.warning_preview(db, event_id, number, team),
            self.parent_widget,
        )
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_expulsion(self, table: BoardTable) -> ExpulsionAnswer | None:
        board = self.page.board()
        unit, word = (board.unit, board.removal) if board is not None else ("team", "removed")
        dialog = ExpulsionDialog(table, unit, word, self.parent_widget)
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None


def _seated(table: BoardTable, number: int) -> Seated | None:
    """The entrant ``number`` at ``table`` (None: not at it)."""
    return next((seated for seated in table.a + table.b if seated.number == number), None)

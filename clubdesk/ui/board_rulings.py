"""The director's rulings from a table on the Rounds board: late, removed, withdrawn.

For the table selected on the board, three buttons (and the same three in the
board's context menu, with their keys):

- **Late…** (Ctrl+L): which side, how many minutes; the rulings service gives
  the opponents an adjustment line or, past the limit, the DQ award;
- **Remove from table…** (Ctrl+R): which side and why; the award;
- **Withdraw…** (Ctrl+Shift+W): which entrant and why (and, where the format
  gives refunds and it paid, whether its fee is refunded), confirmed first;
  the entrant's status becomes withdrawn (registration service, the refund in
  the same command), and the rounds not yet played are seated without it.

Each goes through the page's command runner, so a refusal is shown in plain
words on the page and what changed is published. The questions are asked by
``ask_late``, ``ask_removal`` and ``ask_withdrawal`` (dialogs; tests put their
own answers there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QHBoxLayout, QMenu, QPushButton

from clubdesk.domain.money.amounts import format_money
from clubdesk.services import payments, registration
from clubdesk.services import rulings as rulings_service
from clubdesk.services.board import BoardTable
from clubdesk.services.changes import Change, changes_of
from clubdesk.services.payments import RefundOffer
from clubdesk.ui.ruling_dialogs import (
    LateAnswer,
    LateDialog,
    RemovalAnswer,
    RemovalDialog,
    WithdrawalAnswer,
    WithdrawalDialog,
    withdrawal_question,
)

if TYPE_CHECKING:
    from clubdesk.ui.rounds_page import RoundsPage


class BoardRulings(QObject):
    """The ruling buttons, keys and context menu of the Rounds page's board."""

    def __init__(self, page: RoundsPage):
        super().__init__(page)
        self.page = page
        self.ask_late: Callable[[int, BoardTable], LateAnswer | None] = self._ask_late
        self.ask_removal: Callable[[int, BoardTable], RemovalAnswer | None] = self._ask_removal
        self.ask_withdrawal: Callable[[BoardTable], WithdrawalAnswer | None] = self._ask_withdrawal
        self.late_button = QPushButton("Late…  (Ctrl+L)")
        self.remove_button = QPushButton("Remove…  (Ctrl+R)")
        self.withdraw_button = QPushButton("Withdraw…  (Ctrl+Shift+W)")
        self.late_button.setToolTip("A side arrived late at the selected table")
        self.remove_button.setToolTip("Remove a side from the selected table (an award)")
        self.withdraw_button.setToolTip("Withdraw an entrant at the selected table from the event")
        self.actions: list[QAction] = []
        for button, key, text, run in (
            (self.late_button, "Ctrl+L", "Late…", self.record_late),
            (self.remove_button, "Ctrl+R", "Remove from table…", self.remove),
            (self.withdraw_button, "Ctrl+Shift+W", "Withdraw from the event…", self.withdraw),
        ):
            button.clicked.connect(run)
            action = QAction(text, page)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _=False, b=button, r=run: b.isEnabled() and r())
            page.addAction(action)
            self.actions.append(action)
        self.row = QHBoxLayout()
        self.row.setSpacing(8)
        for button in (self.late_button, self.remove_button, self.withdraw_button):
            self.row.addWidget(button)
        self.row.addStretch(1)
        view = page.table_view
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._menu)
        self.menu: QMenu | None = None
        self.update_buttons()

    # what can be done now

    def selected(self) -> BoardTable | None:
        """The table selected on the board (None: no row selected)."""
        rows = self.page.table_view.selectionModel().selectedRows()
        if not rows or self.page.model.rowCount() == 0:
            return None
        return self.page.model.table_at(rows[0].row())

    def update_buttons(self) -> None:
        """Lateness and removal for a table whose sheet is still out in a round not closed;
        withdrawal for a table with someone still playing."""
        board, table = self.page.board(), self.selected()
        open_round = board is not None and board.status in ("pending", "running")
        open_sheet = open_round and table is not None and table.state == "waiting"
        playing = table is not None and any(not s.withdrawn for s in (*table.a, *table.b))
        for button, enabled in (
            (self.late_button, open_sheet),
            (self.remove_button, open_sheet),
            (self.withdraw_button, playing),
        ):
            button.setEnabled(bool(enabled))
        for action, button in zip(
            self.actions, (self.late_button, self.remove_button, self.withdraw_button), strict=True
        ):
            action.setEnabled(button.isEnabled())

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

    def _where(self) -> tuple[int, BoardTable] | None:
        board, table = self.page.board(), self.selected()
        if board is None or board.round_number is None or table is None:
            return None
        return board.round_number, table

    def record_late(self) -> None:
        found, event = self._where(), self.page.open_event()
        if found is None or event is None:
            return
        (number, table), (db, event_id) = found, event
        answer = self.ask_late(number, table)
        if answer is None:
            return
        done = self.page.run(
            lambda: rulings_service.rule_late(db, event_id, number, table.table, answer.side,
                                              answer.minutes, self.page.context.clock),
            f"Late at table {table.table}",
        )  # fmt: skip
        if done is not None:
            self.page.say(f"Table {table.table}, side {answer.side.upper()}: {done.text}")

    def remove(self) -> None:
        found, event = self._where(), self.page.open_event()
        if found is None or event is None:
            return
        (number, table), (db, event_id) = found, event
        answer = self.ask_removal(number, table)
        if answer is None:
            return
        done = self.page.run(
            lambda: rulings_service.remove_from_table(db, event_id, number, table.table,
                                                      answer.side, answer.reason,
                                                      self.page.context.clock),
            f"Remove from table {table.table}",
        )  # fmt: skip
        if done is not None:
            self.page.say(f"Table {table.table}, side {answer.side.upper()} {done.text}")

    def withdraw(self) -> None:
        found, event, board = self._where(), self.page.open_event(), self.page.board()
        if found is None or event is None or board is None:
            return
        (_, table), (db, event_id) = found, event
        answer = self.ask_withdrawal(table)
        if answer is None:
            return
        seated = next((s for s in (*table.a, *table.b) if s.number == answer.number), None)
        if seated is None:
            return
        if not self.page.confirm(
            "Withdraw", withdrawal_question(seated, board.unit, answer.refund)
        ):
            return
        done = self.page.run(
            lambda: registration.withdraw(db, event_id, answer.number, answer.reason,
                                          self.page.context.clock, with_refund=answer.refund),
            f"Withdraw {board.unit} {answer.number}",
        )  # fmt: skip
        if done is not None:
            again = (
                " The rounds not played yet are seated again."
                if (changes_of(done) & Change.SEATING)
                else ""
            )
            refunded = (
                f" Its fee is refunded: {format_money(answer.refund.cents)} {answer.refund.method}."
                if answer.refund is not None
                else ""
            )
            self.page.say(
                f"{board.unit.capitalize()} {answer.number} is withdrawn.{refunded}{again}"
            )

    # the questions

    def _ask_late(self, number: int, table: BoardTable) -> LateAnswer | None:
        event = self.page.open_event()
        if event is None:
            return None
        db, event_id = event
        dialog = LateDialog(
            number, table, lambda m: rulings_service.lateness_preview(db, event_id, m), self.page
        )
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_removal(self, number: int, table: BoardTable) -> RemovalAnswer | None:
        dialog = RemovalDialog(number, table, self.page)
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _ask_withdrawal(self, table: BoardTable) -> WithdrawalAnswer | None:
        board, event = self.page.board(), self.page.open_event()

        def offer_of(number: int) -> RefundOffer | None:  # what a withdrawal may give back
            return None if event is None else payments.refund_offer(*event, number)

        dialog = WithdrawalDialog(table, board.unit if board else "team", self.page, offer_of)
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None

"""Rulings from a table on the Rounds board: late, removed, withdrawn (dialogs answered)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clubdesk.services import rounds, rulings, seating
from clubdesk.services.board import BoardTable, Seated
from clubdesk.services.command import Desk
from clubdesk.ui.clock.ticker import FakeTimer, Ticker
from clubdesk.ui.clock.watch import ClockWatch
from clubdesk.ui.context import UiContext
from clubdesk.ui.rounds.page import RoundsPage
from clubdesk.ui.rounds.ruling_dialogs import (
    LateAnswer,
    LateDialog,
    RemovalAnswer,
    RemovalDialog,
    WithdrawalAnswer,
    WithdrawalDialog,
)
from tests import builder
from tests.ui.pictures import picture
from tests.ui.showing import show_active


@pytest.fixture
def page(qtbot, db, clock) -> RoundsPage:
    """Seven Grand Prix teams, round 1 running: three tables and a bye."""
    event_id = builder.event(
        db, clock, entrants=7, players=lambda n: [f"Ann{n} Smith", f"Bob{n} Jones"],
        entrant_name=lambda n: f"Team {n}",
    )  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    builder.start(db, event_id, 1, clock)
    context = UiContext(db, clock, event_id)
    ticker = Ticker(clock, FakeTimer, context)
    shown = RoundsPage(context, ClockWatch(context, ticker, context))
    qtbot.addWidget(shown)
    shown.resize(1280, 820)
    shown.show()
    shown.asked = []  # type: ignore[attr-defined]

    def confirm(title: str, question: str) -> bool:
        shown.asked.append(question)  # type: ignore[attr-defined]
        return True

    shown.confirm = confirm
    return shown


def test_the_buttons_wait_for_a_table_to_be_chosen(page):
    buttons = (page.rulings.late_button, page.rulings.remove_button, page.rulings.withdraw_button)
    assert not any(b.isEnabled() for b in buttons)
    page.table_view.selectRow(0)
    assert all(b.isEnabled() for b in buttons)


def test_lateness_from_the_board_puts_the_line_on_the_sheet(page, qtbot):
    page.table_view.selectRow(0)
    asked = []
    page.rulings.ask_late = lambda number, table: (
        asked.append((number, table.table)) or (LateAnswer("b", 7))
    )
    qtbot.keyClick(page.table_view, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert asked == [(1, 1)]
    assert page.model.index(0, 4).data() == "+100 to side A (side B 7 minutes late)"
    assert page.error_label.text() == (
        "Table 1, side B: more than 5 minutes late: 100 points to the opponents."
    )
    assert page.table_view.selectionModel().selectedRows()[0].row() == 0  # still chosen


def test_late_past_the_limit_is_the_dq_award_and_the_table_is_decided(page):
    page.table_view.selectRow(1)
    page.rulings.ask_late = lambda number, table: LateAnswer("a", 12)
    page.rulings.late_button.click()
    assert page.model.index(1, 3).data() == "Awarded"
    assert page.model.index(1, 4).data() == "Award: side A disqualified for lateness"
    assert page.count_label.text() == "1 of 3 sheets in"
    assert not page.rulings.late_button.isEnabled()  # the sheet is decided


def test_a_removal_without_a_reason_is_refused_in_plain_words(page):
    page.table_view.selectRow(2)
    page.rulings.ask_removal = lambda number, table: RemovalAnswer("b", "  ")
    page.rulings.remove_button.click()
    assert page.error_label.text() == "Reason: say why the side is removed."
    assert page.model.index(2, 3).data() == "Waiting"
    page.rulings.ask_removal = lambda number, table: RemovalAnswer("b", "abusive language")
    page.rulings.remove_button.click()
    assert page.model.index(2, 4).data() == "Award: side B removed from the table"


def test_a_withdrawal_is_confirmed_then_marked_on_the_board(page, db):
    page.table_view.selectRow(0)
    team = page.model.table_at(0).b[0]
    page.rulings.ask_withdrawal = lambda table: WithdrawalAnswer(team.number, "taken ill")
    qtbot_click = page.rulings.withdraw_button
    qtbot_click.click()
    assert page.asked[0].startswith(f"Withdraw team {team.number} (Team {team.number})")
    event = page.open_event()
    assert event is not None
    info = builder.entrant(db, event[1], team.number)
    assert info.status == "withdrawn"
    assert page.model.index(0, 2).data().endswith("(withdrawn)")
    assert "Withdrawn since this round was seated:" in page.byes_label.text()


def test_a_withdrawal_declined_changes_nothing(page, db):
    page.confirm = lambda title, question: False
    page.table_view.selectRow(0)
    team = page.model.table_at(0).a[0]
    page.rulings.ask_withdrawal = lambda table: WithdrawalAnswer(team.number, "")
    page.rulings.withdraw_button.click()
    event = page.open_event()
    assert event is not None
    assert builder.entrant(db, event[1], team.number).status == "active"


def _table() -> BoardTable:
    return BoardTable(4, (Seated(3, "Team 3"),), (Seated(8, "Team 8"),), "waiting")


def test_the_late_dialog_shows_what_the_service_will_rule(qtbot, db, clock):
    event_id = builder.event(db, clock, entrants=4)
    dialog = LateDialog(
        2, _table(), lambda side, m: rulings.lateness_preview(db, event_id, side, m)
    )
    qtbot.addWidget(dialog)
    assert dialog.outcome.text() == "Nothing recorded for side A. On time: no penalty."
    dialog.minutes.setValue(6)
    assert dialog.outcome.text().endswith("More than 5 minutes late: 100 points to the opponents.")
    dialog.minutes.setValue(11)
    assert "More than 10 minutes late: scores 0" in dialog.outcome.text()
    dialog.sides.buttons()[1].setChecked(True)
    assert dialog.answer() == LateAnswer("b", 11)


def test_the_late_dialog_comes_up_as_one_window(qtbot, db, clock, windows_shown):
    # its lead line ("Table 4, round 2: …") was shown before it was in the dialog's layout:
    # a window of its own flashed up, and took the window's activation
    event_id = builder.event(db, clock, entrants=4)
    dialog = LateDialog(
        2, _table(), lambda side, m: rulings.lateness_preview(db, event_id, side, m)
    )
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.lead.isVisible() and dialog.lead.window() is dialog
    assert windows_shown.strays == []


def test_the_removal_and_withdrawal_dialogs_give_what_was_typed(qtbot):
    removal = RemovalDialog(2, _table())
    qtbot.addWidget(removal)
    removal.reason.setText("abusive language")
    assert removal.answer() == RemovalAnswer("a", "abusive language")
    withdrawal = WithdrawalDialog(_table(), "team")
    qtbot.addWidget(withdrawal)
    withdrawal.entrant.setCurrentIndex(1)
    withdrawal.reason.setText("taken ill")
    assert withdrawal.answer() == WithdrawalAnswer(8, "taken ill")


def test_a_withdrawal_between_close_and_start_says_the_next_round_is_seated_again(qtbot, db, clock):
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    builder.draw(db, event_id, clock, seed=3)
    seats = builder.publish(db, event_id, 1, clock)
    builder.start(db, event_id, 1, clock)
    builder.scores(db, event_id, 1, {t.table: (300, 250) for t in seats.tables}, clock)
    rounds.close_round(Desk(db, event_id, clock), 1)  # round 2 is published by the close
    context = UiContext(db, clock, event_id)
    shown = RoundsPage(context, ClockWatch(context, Ticker(clock, FakeTimer, context), context))
    qtbot.addWidget(shown)
    shown.confirm = lambda title, question: True
    shown.table_view.selectRow(0)
    player = shown.model.table_at(0).a[0].number
    shown.rulings.ask_withdrawal = lambda table: WithdrawalAnswer(player, "went home")
    shown.rulings.withdraw_button.click()
    assert shown.error_label.text() == (
        f"Player {player} is withdrawn. The rounds not played yet are seated again."
    )
    assert player not in seating.seating(db, event_id, 2).entrants


def test_the_late_side_is_chosen_by_keyboard_where_the_check_and_the_focus_agree(qtbot, db, clock):
    event_id = builder.event(db, clock, entrants=4)
    dialog = LateDialog(
        2, _table(), lambda side, m: rulings.lateness_preview(db, event_id, side, m)
    )
    qtbot.addWidget(dialog)
    show_active(dialog)
    side_a, side_b = dialog.sides.buttons()
    assert QApplication.focusWidget() is dialog.minutes
    qtbot.keyClick(dialog.minutes, Qt.Key.Key_Up)  # 1 minute late
    qtbot.keyClick(dialog.minutes, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is side_a  # the side checked, not the one after it
    qtbot.keyClick(side_a, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is side_b and side_b.isChecked()
    qtbot.keyClick(side_b, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is dialog.minutes
    qtbot.keyClick(dialog.minutes, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is side_b  # B is checked now: Shift+Tab lands on it
    qtbot.keyClick(side_b, Qt.Key.Key_Up)
    assert QApplication.focusWidget() is side_a and side_a.isChecked()
    qtbot.keyClick(side_a, Qt.Key.Key_Down)
    assert dialog.answer() == LateAnswer("b", 1)


def test_the_late_preview_names_the_side_as_the_board_will(qtbot, db, clock):
    event_id = builder.event(db, clock, entrants=4)
    dialog = LateDialog(
        2, _table(), lambda side, m: rulings.lateness_preview(db, event_id, side, m)
    )
    qtbot.addWidget(dialog)
    show_active(dialog)
    assert dialog.outcome.text() == "Nothing recorded for side A. On time: no penalty."
    qtbot.keyClicks(dialog.minutes, "7")
    assert dialog.outcome.text() == (
        "+100 to side B (side A 7 minutes late). "
        "More than 5 minutes late: 100 points to the opponents."
    )
    qtbot.keyClick(dialog.minutes, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert dialog.outcome.text().startswith("+100 to side A (side B 7 minutes late). ")
    picture(dialog, "late-dialog")
    dialog.minutes.setFocus()
    qtbot.keyClicks(dialog.minutes, "1")  # 71 minutes
    assert dialog.outcome.text().startswith(
        "Award: side B disqualified for lateness. More than 10 minutes late: scores 0"
    )

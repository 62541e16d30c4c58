"""Opening a table's score sheet from the Rounds page's board."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clubdesk.services import seating as seating_service
from clubdesk.services import sheets
from clubdesk.services.changes import Change
from clubdesk.ui.clock.ticker import FakeTimer, Ticker
from clubdesk.ui.clock.watch import ClockWatch
from clubdesk.ui.context import UiContext
from clubdesk.ui.rounds.page import RoundsPage
from clubdesk.ui.sheet.dialog import SheetDialog
from clubdesk.ui.style import role_of
from tests import builder
from tests.ui.showing import show_active


def make_page(qtbot, db, clock) -> tuple[RoundsPage, str]:
    event_id = builder.event(db, clock, entrants=6,
                             players=lambda n: [f"Ann{n} Smith", f"Bob{n} Jones"])  # fmt: skip
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    context = UiContext(db, clock, event_id)
    ticker = Ticker(clock, FakeTimer, context)
    page = RoundsPage(context, ClockWatch(context, ticker, context))
    qtbot.addWidget(page)
    page.resize(1280, 800)
    show_active(page)
    return page, event_id


def opened(page: RoundsPage) -> SheetDialog:
    found = page.findChildren(SheetDialog)
    assert len(found) == 1
    return found[0]


def test_double_clicking_a_table_opens_its_sheet(qtbot, db, clock) -> None:
    page, _ = make_page(qtbot, db, clock)
    view = page.table_view
    rect = view.visualRect(page.model.index(1, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    dialog = opened(page)
    assert dialog.table == page.model.table_at(1).table
    assert dialog.windowTitle() == f"Round 1, table {dialog.table}: score sheet"
    dialog.close()


def test_typing_a_table_number_and_enter_opens_its_sheet(qtbot, db, clock) -> None:
    page, event_id = make_page(qtbot, db, clock)
    page.table_view.setFocus()
    page.table_view.setCurrentIndex(page.model.index(0, 0))
    qtbot.keyClicks(page.table_view, "3")
    qtbot.keyClick(page.table_view, Qt.Key.Key_Return)
    dialog = opened(page)
    assert dialog.table == 3
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.rows[0].first())
    dialog.final_only.setChecked(True)
    dialog.score_a.setText("510")
    dialog.score_b.setText("320")
    dialog.paper.setChecked(True)
    dialog.submit_button.click()
    assert sheets.table_sheet(db, event_id, 1, 3).submitted
    row = next(r for r in range(page.model.rowCount()) if page.model.table_at(r).table == 3)
    assert page.model.data(page.model.index(row, 3)) == "Submitted"  # the board read it again
    dialog.close()


def state_of(page: RoundsPage, table: int) -> str:
    row = next(r for r in range(page.model.rowCount()) if page.model.table_at(r).table == table)
    return page.model.data(page.model.index(row, 3))


def test_a_sheet_open_here_reads_being_entered_until_it_is_closed(qtbot, db, clock) -> None:
    page, _ = make_page(qtbot, db, clock)
    page.table_view.setFocus()
    page.table_view.setCurrentIndex(page.model.index(0, 0))
    qtbot.keyClicks(page.table_view, "2")
    qtbot.keyClick(page.table_view, Qt.Key.Key_Return)
    dialog = opened(page)
    assert state_of(page, 2) == "Being entered"
    assert state_of(page, 1) == "Waiting"
    assert page.count_label.text() == "0 of 3 sheets in"  # an open sheet is not in
    dialog.rows[0].widgets["bid"].setText("60")  # typed, not submitted
    page.watch.read_clock()  # a tick reads the board again: the open sheet stays marked
    assert state_of(page, 2) == "Being entered"
    dialog.close_button.click()  # the hand typed is kept as the sheet's draft
    assert state_of(page, 2) == "Draft: 1 hand"
    assert page.sheets_open == {}
    assert page.count_label.text() == "0 of 3 sheets in"  # a draft is not a sheet in


def test_a_progressive_round_closed_with_a_table_missing_says_what_to_do(qtbot, db, clock) -> None:
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=12)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    context = UiContext(db, clock, event_id)
    page = RoundsPage(context, ClockWatch(context, Ticker(clock, FakeTimer, context), context))
    qtbot.addWidget(page)
    page.confirm = lambda title, question: True
    page.start_button.click()
    builder.scores(db, event_id, 1, {1: (400, 300), 2: (250, 300)}, clock)
    context.publish(Change.SHEETS)  # as the sheet dialog does
    page.close_round()  # table 3 missing, confirmed
    assert page.error_label.isHidden() or role_of(page.error_label) != "error", (
        page.error_label.text()
    )
    assert "Round 2 is seated from round 1's results, and table 3 handed in no sheet." in (
        page.byes_label.text()
    )
    page.table_view.setCurrentIndex(page.model.index(2, 0))
    page.open_sheet(page.model.index(2, 0))
    dialog = page.sheets_open[(1, 3)]
    dialog.final_only.setChecked(True)
    dialog.score_a.setText("420")
    dialog.score_b.setText("300")
    dialog.paper.setChecked(True)
    dialog.submit_button.click()
    assert dialog.submitted
    assert seating_service.seating(db, event_id, 2).round == 2  # seated once the last was in
    assert "handed in no sheet" not in page.byes_label.text()
    dialog.close()

"""Done when: a recorder takes 12 signed paper sheets and types them in, final score only,
from the keyboard; the standings are right the moment the last one is submitted (the
Standings page on show reads them off the window's thread as it goes in)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clubdesk.services import results, sheets
from clubdesk.ui.clock.ticker import FakeTimer, Ticker
from clubdesk.ui.clock.watch import ClockWatch
from clubdesk.ui.context import UiContext
from clubdesk.ui.rounds.page import RoundsPage
from clubdesk.ui.sheet.dialog import SheetDialog
from clubdesk.ui.standings.page import StandingsPage
from tests import builder
from tests.ui.showing import read_in, show_active


def test_twelve_paper_sheets_typed_in_by_keyboard_give_the_standings(qtbot, db, clock) -> None:
    event_id = builder.event(db, clock, entrants=24,
                             players=lambda n: [f"Ann{n} Smith", f"Bob{n} Jones"])  # fmt: skip
    builder.draw(db, event_id, clock, seed=5)
    builder.publish(db, event_id, 1, clock)
    context = UiContext(db, clock, event_id)
    ticker = Ticker(clock, FakeTimer, context)
    page = RoundsPage(context, ClockWatch(context, ticker, context))
    standings = StandingsPage(context)
    qtbot.addWidget(page)
    qtbot.addWidget(standings)
    standings.show()  # a page reads what changed while it is on show
    page.resize(1280, 800)
    show_active(page)
    assert page.model.rowCount() == 12
    typed: dict[int, int] = {}
    for row in range(12):
        table = page.model.table_at(row)
        score = (500 + row, 300 - row)
        page.table_view.setFocus()
        page.table_view.setCurrentIndex(page.model.index(row, 0))
        qtbot.keyClick(page.table_view, Qt.Key.Key_Return)  # opens the table's sheet
        dialog = page.sheets_open[(1, table.table)]
        qtbot.waitUntil(lambda d=dialog: QApplication.focusWidget() is d.rows[0].first())
        focus = QApplication.focusWidget
        qtbot.keyClick(focus(), Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)  # final score
        assert dialog.final_only.isChecked()  # ticked as the key is read
        assert focus() is dialog.score_a
        qtbot.keyClicks(focus(), str(score[0]))
        qtbot.keyClick(focus(), Qt.Key.Key_Tab)
        qtbot.keyClicks(focus(), str(score[1]))
        qtbot.keyClick(focus(), Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)  # paper signed
        assert dialog.paper.isChecked()
        qtbot.keyClick(focus(), Qt.Key.Key_Return)  # submits
        assert dialog.submitted, dialog.problem.text()
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # back to the board
        typed.update({s.number: score[0] for s in table.a})
        typed.update({s.number: score[1] for s in table.b})
        assert page.count_label.text() == f"{row + 1} of 12 sheets in"
    assert not page.findChildren(SheetDialog) or all(
        not d.isVisible() for d in page.findChildren(SheetDialog)
    )
    assert all(sheets.table_sheet(db, event_id, 1, t).submitted for t in range(1, 13))
    after = results.standings(db, event_id)
    assert after.after_round == 1
    assert {row.number: row.total for row in after.rows} == typed
    # the Standings page on show read them as the last sheet went in
    read_in(standings.reads)
    shown = [standings.model.row_at(r) for r in range(standings.model.rowCount())]
    assert [(r.number, r.total) for r in shown] == [(r.number, r.total) for r in after.rows]
    assert shown[0].total == 511

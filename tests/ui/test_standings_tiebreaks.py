"""The Standings page's tie-breaks and bid whist's final order, driven as a director drives
them: the line that says who must play, "Record tie-break…" by mouse and keyboard, refusals
at their field, the cut line under the last place that advances (docs/rules.md §5, §6)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor

from clubdesk.services import results
from clubdesk.services.command import list_audit
from clubdesk.ui.context import UiContext
from clubdesk.ui.standings.model import CUT_COLOUR
from clubdesk.ui.standings.page import SEEDING_NOTE, StandingsPage
from clubdesk.ui.standings.tiebreak_dialog import TiebreakDialog
from clubdesk.ui.style import is_invalid
from tests.tie_nights import gin_cut_tie, gin_final_tie, whist_final
from tests.ui.pictures import picture


def make_page(qtbot, db, clock, event_id: str) -> StandingsPage:
    page = StandingsPage(UiContext(db, clock, event_id))
    qtbot.addWidget(page)
    page.resize(1280, 820)
    page.show()
    return page


def shown(dialog: TiebreakDialog, qtbot) -> TiebreakDialog:
    """The dialog over the page, active, the winner's list taking the keyboard."""
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.waitUntil(dialog.winner.hasFocus)
    return dialog


def tick(qtbot, dialog: TiebreakDialog, number: int) -> None:
    """A click on the box of entrant ``number`` (on its tick, at the left)."""
    box = dialog.boxes[number]
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def numbers(page: StandingsPage) -> list[int]:
    return [page.model.row_at(r).number for r in range(page.model.rowCount())]


def line_under(page: StandingsPage, row: int) -> bool:
    """Whether the red cut line is drawn under ``row`` of the table."""
    page.table.viewport().repaint()
    image = page.table.viewport().grab().toImage()
    y = page.table.visualRect(page.model.index(row, 2)).bottom()
    return image.pixelColor(40, y) == QColor(CUT_COLOUR)


def test_a_sudden_death_due_at_the_gin_cut_is_recorded_by_keyboard(
    qtbot, db, clock, keyboard, monkeypatch
):
    # seed 003: "In the event of a tie, the two tied players will play a sudden death match
    # to 60 points to determine which player advances."
    event = gin_cut_tie(db, clock)
    page = make_page(qtbot, db, clock, event)
    assert page.ties_label.text() == (
        "Sudden death due: players 4 and 5 (tied at 300 across the cut)"
    )
    assert page.ties_row.isVisible() and page.tiebreak_button.isVisible()
    assert numbers(page)[:7] == [10, 9, 8, 7, 6, 4, 5]
    assert page.model.cut_above == 5  # under the last place sure to advance
    assert line_under(page, 4) and not line_under(page, 5)
    assert page.cut_label.text() == (
        "Cut made after round 2: 6 advance. Those above the red line are through; "
        "a tie-break decides the rest (4 and 5 are level)."
    )

    seen = []

    def exec_(dialog: TiebreakDialog) -> int:
        shown(dialog, qtbot)
        seen.append([box.text() for box in dialog.boxes.values()])
        keyboard.type("5")  # the winner, found by its number
        keyboard.tab()
        assert keyboard.focused() is dialog.reason
        keyboard.type("won the sudden death 60 to 41")
        keyboard.press(Qt.Key.Key_Return)  # Record
        return dialog.result()

    monkeypatch.setattr(TiebreakDialog, "exec", exec_)
    qtbot.mouseClick(page.tiebreak_button, Qt.MouseButton.LeftButton)

    assert seen == [["4  Player 4", "5  Player 5"]]
    assert list_audit(db, event)[-1].details["reason"] == "won the sudden death 60 to 41"
    assert page.ties_row.isHidden()
    assert numbers(page)[:7] == [10, 9, 8, 7, 6, 5, 4]
    assert page.model.row_at(5).total == 301
    assert page.model.cut_above == 6  # the line now under player 5, the last to advance
    assert line_under(page, 5) and not line_under(page, 4)
    assert page.cut_label.text() == "Cut made after round 2: 6 advance, above the red line"


def test_a_refusal_is_shown_at_its_field_and_the_dialog_stays_open(
    qtbot, db, clock, keyboard, monkeypatch
):
    event = gin_cut_tie(db, clock)
    page = make_page(qtbot, db, clock, event)
    logged = len(list_audit(db, event))
    dialog = page.tiebreak_dialog()
    assert dialog is not None
    qtbot.addWidget(dialog)
    shown(dialog, qtbot)

    # only one player ticked: a tie-break is between two
    tick(qtbot, dialog, 4)
    assert dialog.between() == [5] and dialog.winner.count() == 1
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible()
    assert dialog.error_text("between") == "Name at least two tied players, e.g. 4,9."
    assert is_invalid(dialog.players) and not is_invalid(dialog.winner)

    tick(qtbot, dialog, 4)  # ticked again
    dialog.reason.setFocus()
    keyboard.type("x" * 501)
    keyboard.press(Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert dialog.error_text("between") == ""
    assert dialog.error_text("reason") == "Reason is longer than 500 characters."
    assert is_invalid(dialog.reason) and not is_invalid(dialog.players)
    assert dialog.reason.hasFocus()
    assert len(list_audit(db, event)) == logged  # nothing recorded

    keyboard.press(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    keyboard.press(Qt.Key.Key_Delete)
    dialog.winner.setFocus()
    keyboard.type("4")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and dialog.result() == TiebreakDialog.DialogCode.Accepted
    assert page.ties_row.isHidden() and numbers(page)[5] == 4


def test_a_tie_for_first_after_the_gin_final_is_played_off_from_the_page(
    qtbot, db, clock, keyboard, monkeypatch
):
    # seed 003: "The final order (1st, 2nd, 3rd, and 4th) will be determined by the total
    # number of points for each player for all three matches played. In the event of a tie,
    # a sudden death match, as stipulated above, will be played between the tied players."
    event = gin_final_tie(db, clock)
    page = make_page(qtbot, db, clock, event)
    assert page.after_label.text() == "Final: after round 3 of 3"
    assert page.ties_label.text() == (
        "Sudden death due: players 9 and 10 (tied at 1000 for 1st place)"
    )
    assert [page.model.data(page.model.index(r, 0)) for r in (0, 1)] == ["1=", "1="]
    assert page.model.cut_above == 6  # the six who played the final

    def exec_(dialog: TiebreakDialog) -> int:
        shown(dialog, qtbot)
        keyboard.press(Qt.Key.Key_Down)  # 9 is listed first: 10 is the next
        assert dialog.chosen_winner() == 10
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        return dialog.result()

    monkeypatch.setattr(TiebreakDialog, "exec", exec_)
    qtbot.mouseClick(page.tiebreak_button, Qt.MouseButton.LeftButton)
    assert page.ties_row.isHidden()
    assert [(page.model.row_at(r).number, page.model.data(page.model.index(r, 0)))
            for r in (0, 1)] == [(10, "1"), (9, "2")]  # fmt: skip
    paid = results.payouts(db, event)
    assert [(p.place, p.number) for p in paid.prizes][:2] == [(1, 10), (2, 9)]


def test_after_the_bid_whist_final_the_playoffs_give_the_final_order(qtbot, db, clock):
    # seed 004: "Teams will be seeded based on order of finish in the preliminary round."
    event = whist_final(db, clock)
    page = make_page(qtbot, db, clock, event)
    order = results.standings_board(db, event).playoff_order
    assert page.final_box.isVisible() and page.final_table.isVisible()
    model = page.final_model
    rows = [
        [model.data(model.index(r, c)) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]
    assert rows == [
        ["1", str(order[0].number), order[0].name, "3", "Champion"],
        ["2", str(order[1].number), order[1].name, "1", "Runner-up"],
        ["3=", str(order[2].number), order[2].name, "2", "Lost in the semi-final"],
        ["3=", str(order[3].number), order[3].name, "4", "Lost in the semi-final"],
    ]
    assert page.seeding_note.text() == SEEDING_NOTE
    assert "decided only the seeding" in SEEDING_NOTE
    assert page.preliminary_heading.text() == "Preliminary standings"
    assert page.after_label.text() == "Final: the playoffs are over"
    assert page.chart.isHidden()  # the preliminaries' leaders are not the winners
    # the preliminary table keeps its own order, the cut line under the 4 that went on
    seeds = [order[2].number, order[1].number, order[0].number, order[3].number]
    assert sorted(numbers(page)[:4]) == sorted(seeds) and page.model.cut_above == 4
    above = page.final_box.mapTo(page, QPoint(0, page.final_box.height())).y()
    assert above <= page.table.mapTo(page, QPoint(0, 0)).y()  # the final order comes first
    assert page.final_table.horizontalScrollBar().maximum() == 0


@pytest.mark.parametrize("night", ["gin", "whist"])
def test_the_page_in_the_window_at_1280_by_820(make_window, db, clock, qtbot, night):
    event = gin_cut_tie(db, clock) if night == "gin" else whist_final(db, clock)
    window = make_window(db)
    window.resize(1280, 820)
    qtbot.waitUntil(lambda: window.size().width() == 1280)
    window.context.open_event(event)
    window.show_page("standings")
    page = window.standings_page
    assert page.isVisible()
    if night == "gin":
        assert page.ties_label.isVisible() and page.tiebreak_button.isVisible()
        assert page.ties_label.width() >= page.ties_label.minimumSizeHint().width()
        button = page.tiebreak_button
        assert button.width() >= button.sizeHint().width()
    else:
        assert page.final_table.isVisible() and page.seeding_note.isVisible()
        last = page.final_model.rowCount() - 1
        rect = page.final_table.visualRect(page.final_model.index(last, 4))
        assert rect.bottom() <= page.final_table.viewport().height()  # every row in view
    assert page.table.isVisible() and page.table.height() > 5 * page.table.rowHeight(0)
    picture(window, night)

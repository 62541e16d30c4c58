"""The demo night in the director's window at two sizes: the Rounds page and the Players list
fit without scrolling sideways, and the status bar's clock is seen from every page."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QScrollArea

from clubdesk.services import rulings
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.ui.clock.status_bar import TIME_BACKGROUND, WARNING_BACKGROUND
from tests import builder
from tests.ui.pictures import picture
from tests.ui.window_sizes import SIZES


@pytest.fixture
def demo_window(make_window, db_path, new_demo):
    """The window on the demo: round 4 running with 23:41 left, no sheet of it in."""
    db = open_database(new_demo(db_path))
    return make_window(db)


@pytest.fixture
def demo_with_rulings(make_window, db_path, new_demo, demo_database, clock):
    """The demo window after three rulings on round 4's board (its Rulings column filled)."""
    db = open_database(new_demo(db_path))
    event = demo_database.event
    rulings.rule_late(Desk(db, event.id, clock), 4, 2, "a", 7)
    rulings.rule_late(Desk(db, event.id, clock), 4, 5, "b", 12)
    rulings.remove_from_table(Desk(db, event.id, clock), 4, 7, "a", "abusive language")
    return make_window(db)


@pytest.mark.parametrize("size", SIZES)
def test_the_demo_round_fits_the_window(demo_with_rulings, size, qtbot):
    window = demo_with_rulings
    window.show_page("rounds")
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    page = window.rounds_page
    holder = window.stack.currentWidget()
    assert isinstance(holder, QScrollArea)
    assert page.big_time.text() == "23:41"
    assert page.model.rowCount() == 8 and page.count_label.text() == "2 of 8 sheets in"
    assert page.tabs.tabText(0) == "Tables (2 of 8 sheets in)"
    view = page.table_view
    for tab in (0, 1):  # the board, then the schedule, each the page's whole width
        page.tabs.setCurrentIndex(tab)
        qtbot.waitUntil(lambda: holder.horizontalScrollBar().maximum() == 0)
        assert not holder.horizontalScrollBar().isVisible()  # not even its track
        picture(window, f"rounds-{size[0]}-{tab}")
    page.tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: view.horizontalHeader().length() <= view.viewport().width())
    assert all(not view.isRowHidden(r) for r in range(8))
    names = view.fontMetrics()
    for row in range(8):  # every side's number and names read in full
        for column in (1, 2):
            text = page.model.index(row, column).data()
            assert names.horizontalAdvance(text) < view.columnWidth(column), text
    page.tabs.setCurrentIndex(1)
    schedule = page.schedule_panel.table
    assert schedule.horizontalHeader().length() <= schedule.viewport().width()  # "Then" whole
    assert schedule.geometry().right() <= page.width()
    page.tabs.setCurrentIndex(0)
    for button in (page.start_button, page.end_button, page.close_button, page.reopen_button):
        assert button.geometry().right() <= page.width()
        assert button.width() >= button.sizeHint().width()  # its text is not cut off


@pytest.mark.parametrize("size", SIZES)
def test_no_page_shows_a_sideways_scroll_bar(demo_with_rulings, size, qtbot):
    window = demo_with_rulings
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    for key in window.page_keys():
        window.show_page(key)
        holder = window.stack.currentWidget()
        qtbot.waitUntil(lambda h=holder: h.horizontalScrollBar().maximum() == 0)
        assert not holder.horizontalScrollBar().isVisible(), key


def ground(label) -> QColor:
    """The colour painted behind a label's text (its top left corner)."""
    return label.grab().toImage().pixelColor(1, 1)


def test_the_status_bar_clock_is_seen_from_every_page(demo_window, clock):
    window = demo_window
    assert ground(window.status_clock.clock_label) != QColor(WARNING_BACKGROUND)
    for key in window.page_keys():
        window.show_page(key)
        assert window.status_clock.isVisible()
        assert window.status_clock.text() == "Round 4 · 23:41 left · 0 of 8 sheets in"
    clock.advance(minutes=13, seconds=41)
    window.ticker.second_timer.fire()
    assert window.status_clock.text() == "Round 4 · 10:00 left · 0 of 8 sheets in"
    assert window.status_clock.phase() == "warning"
    for key in window.page_keys():  # amber on every page
        window.show_page(key)
        assert window.status_clock.isVisible()
        assert ground(window.status_clock.clock_label) == QColor(WARNING_BACKGROUND)
    window.ticker.due_timer.fire()
    assert window.status_clock.announcement_label.text() == "10 minutes left in round 4"
    clock.advance(minutes=10)
    window.ticker.second_timer.fire()
    assert ground(window.status_clock.clock_label) == QColor(TIME_BACKGROUND)


def test_closing_the_window_stops_its_timers(demo_window):
    window = demo_window
    assert window.ticker.running and window.ticker.aimed_at is not None
    window.close()
    assert not window.ticker.running and window.ticker.aimed_at is None


def test_the_clock_keys_work_while_the_rounds_page_is_shown(demo_window, qtbot):
    window = demo_window
    window.show_page("players")
    qtbot.keyClick(window, Qt.Key.Key_F6)
    assert window.status_clock.phase() == "running"  # not on another page
    window.show_page("rounds")
    window.page_list.setFocus()
    qtbot.keyClick(window.page_list, Qt.Key.Key_F6)
    assert window.status_clock.text() == "Round 4 · Paused · 23:41 left · 0 of 8 sheets in"
    qtbot.keyClick(window.page_list, Qt.Key.Key_F8)
    assert window.status_clock.text() == "Round 4 · Paused · 24:41 left · 0 of 8 sheets in"


def test_with_no_event_the_page_says_where_to_start(window):
    window.show_page("rounds")
    page = window.rounds_page
    assert page.phase_label.text() == "Open or create an event on the Event page first."
    assert not page.start_button.isEnabled() and not page.close_button.isEnabled()
    assert window.status_clock.text() == ""
    assert not window.ticker.running


def test_an_event_not_seated_yet_says_so(make_window, db, clock):
    builder.event(db, clock, entrants=4)
    window = make_window(db)
    page = window.rounds_page
    assert page.board_heading.text() == "No round is seated yet"
    assert page.count_label.text() == (
        "Round 1 is seated from the draw when it starts (F5); the draw is made on the Draw page."
    )
    assert window.status_clock.text() == "Round 1 starts at 10:15 AM"
    page.start_button.click()
    assert page.error_label.text() == (
        "Round 1 cannot be seated yet: the draw is not made yet: make the draw first."
    )


@pytest.mark.parametrize("size", SIZES)
def test_the_players_list_never_scrolls_sideways(demo_window, size, qtbot):
    window = demo_window
    window.show_page("players")
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    view = window.players_page.list.table
    qtbot.waitUntil(lambda: view.horizontalScrollBar().maximum() == 0)
    assert view.horizontalHeader().length() <= view.viewport().width()

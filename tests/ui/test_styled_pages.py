"""The demo's pages in the app's own fonts and style sheet at 1280x820 and 1600x1000: nothing
scrolls sideways, and what matters most on each has its room first (the Rounds board's
states, the Draw page's and the Money ledger's names, every page's title in the list)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, QRectF
from PySide6.QtWidgets import QScrollArea, QWidget

from clubdesk.services import events, registration
from clubdesk.services.command import Desk
from clubdesk.store.db import open_database
from clubdesk.ui import style
from clubdesk.ui.main_window import MainWindow
from clubdesk.ui.money.page import ENTRANT_COLUMN, NOTE_COLUMN
from clubdesk.ui.players.model import EntrantTableModel
from tests import builder
from tests.ui.pictures import picture
from tests.ui.window_sizes import SIZES


@pytest.fixture(scope="module")
def styled(qapp):
    """The application styled as ``app.py`` styles it, once for the module (every test here
    is styled: re-styling re-polishes every widget still alive); put back as it was after."""
    saved = (qapp.styleSheet(), qapp.font(), qapp.style().name(), qapp.windowIcon())
    style.apply(qapp)
    yield qapp
    sheet, font, style_name, icon = saved
    qapp.setStyleSheet(sheet)
    qapp.setFont(font)
    qapp.setStyle(style_name)
    qapp.setWindowIcon(icon)


def on_the_demo(window: MainWindow, key: str, size: tuple[int, int], qtbot) -> MainWindow:
    """``window`` showing page ``key`` at ``size``; nothing on it scrolls sideways."""
    window.show_page(key)
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    holder = window.stack.currentWidget()
    assert isinstance(holder, QScrollArea)
    assert holder.horizontalScrollBar().maximum() == 0
    return window


@pytest.mark.parametrize("size", SIZES)
def test_the_styled_board_fits_and_shows_a_sheet_being_entered(
    styled, make_window, db_path, new_demo, size, qtbot
):
    window = on_the_demo(make_window(open_database(new_demo(db_path))), "rounds", size, qtbot)
    page = window.rounds_page
    view = page.table_view
    assert view.horizontalHeader().length() <= view.viewport().width()
    assert view.isColumnHidden(4)  # no ruling yet: the names have the room
    dialog = page.open_sheet(page.model.index(2, 0))
    assert dialog is not None
    assert page.model.data(page.model.index(2, 3)) == "Being entered"
    assert view.columnWidth(3) >= view.sizeHintForColumn(3)  # the state is not cut short
    picture(window, f"rounds-styled-{size[0]}")
    dialog.reject()
    assert page.model.data(page.model.index(2, 3)) == "Waiting"


@pytest.mark.parametrize("size", SIZES)
def test_the_styled_draw_page_gives_the_seating_list_its_names_first(
    styled, make_window, db_path, new_demo, size, qtbot
):
    window = on_the_demo(make_window(open_database(new_demo(db_path))), "draw", size, qtbot)
    view = window.draw_page.list_view
    assert view.columnWidth(1) >= view.sizeHintForColumn(1)  # "Grace Wilson / Hank Moore"
    picture(window, f"draw-styled-{size[0]}")


@pytest.mark.parametrize("size", SIZES)
def test_the_styled_money_page_gives_the_ledger_the_room_the_prizes_leave(
    styled, make_window, db_path, new_demo, size, qtbot
):
    window = on_the_demo(make_window(open_database(new_demo(db_path))), "money", size, qtbot)
    page = window.money_page
    qtbot.waitUntil(lambda: page.prize_table.rowCount() > 0)
    column = page.body.widget(1)
    content = column.widget()
    # the payout scheme's rows, filled after the page was built, are whole: the right-hand
    # column is as wide as they need, and no wider; the ledger has the rest
    assert content.width() >= content.minimumSizeHint().width()
    assert column.width() == column.minimumSizeHint().width()
    ledger = page.ledger_table
    assert ledger.horizontalHeader().length() <= ledger.viewport().width()
    width = ledger.columnWidth(ENTRANT_COLUMN)
    cells = [ledger.model().index(row, ENTRANT_COLUMN) for row in range(ledger.rowCount())]
    whole = [cell.data() for cell in cells if ledger.sizeHintForIndex(cell).width() <= width]
    assert "5 Ida Taylor / Jack Anderson" in whole  # cut short when the prizes had half
    assert len(whole) >= len(cells) - 1
    fee_note = ledger.model().index(0, NOTE_COLUMN)
    assert fee_note.data() == "entry fee"
    assert ledger.sizeHintForIndex(fee_note).width() <= ledger.columnWidth(NOTE_COLUMN)
    picture(window, f"money-styled-{size[0]}")


def _in_view(widget: QWidget, column: QScrollArea) -> bool:
    """Whether all of ``widget`` shows in ``column`` as it is scrolled now."""
    corner = widget.mapTo(column.viewport(), QPoint(0, 0))
    return widget.isVisible() and column.viewport().rect().contains(QRect(corner, widget.size()))


@pytest.mark.parametrize("size", SIZES)
def test_the_styled_money_page_shows_the_prizes_and_their_actions_without_scrolling(
    styled, make_window, db_path, new_demo, size, qtbot
):
    window = on_the_demo(make_window(open_database(new_demo(db_path))), "money", size, qtbot)
    page = window.money_page
    qtbot.waitUntil(lambda: page.prize_table.rowCount() > 0)
    column = page.body.widget(1)
    assert column.verticalScrollBar().value() == 0
    prizes = page.prize_table
    assert prizes.verticalScrollBar().maximum() == 0  # every line of the prizes, no scroller
    actions = page.actions
    for widget in (prizes, actions.finalize_button, actions.reopen_button, actions.pay_button):
        assert _in_view(widget, column), widget.text() if widget is not prizes else "prizes"
    picture(window, f"money-actions-{size[0]}")


def test_every_page_title_is_whole_in_the_styled_page_list(styled, make_window, db):
    pages = make_window(db).page_list
    assert pages.sizeHintForColumn(0) <= pages.viewport().width()  # "Standings", padding and all
    assert pages.horizontalScrollBar().maximum() == 0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("tables", [3, 24])
def test_every_table_card_is_whole_on_the_styled_draw_page(
    styled, make_window, db_path, new_database, clock, tables, size, qtbot
):
    db = open_database(new_database(db_path))
    event_id = builder.event(db, clock, "grand-prix-pinochle", entrants=2 * tables)
    builder.draw(db, event_id, clock, seed=3)
    builder.publish(db, event_id, 1, clock)
    window = make_window(db)
    window.show_page("draw")
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    room = window.draw_page.table_map
    assert len(room.shown_tables()) == tables
    holder = window.stack.currentWidget()
    corner = room.mapTo(holder.viewport(), QPoint(0, 0))
    seen = holder.viewport().rect().intersected(QRect(corner, room.size())).translated(-corner)
    for number, cell in room.cells().items():
        assert QRectF(seen).contains(room.card_rect(cell)), f"table {number}'s card is cut"
    picture(window, f"draw-{tables}-tables-{size[0]}")


LONG_FILE = "Lakeside Card Club, Spring Grand Prix, Saturday 14 March 2026.sqlite"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("file_name", ["club.sqlite", LONG_FILE])
def test_every_part_of_the_styled_status_bar_is_whole_beside_an_announcement(
    styled, make_window, tmp_path, new_demo, clock, file_name, size, qtbot
):
    db = open_database(new_demo(tmp_path / file_name))
    clock.advance(minutes=14)  # the warning fell due while the window was closed: its words
    window = on_the_demo(make_window(db), "rounds", size, qtbot)  # are the longest there are
    qtbot.waitUntil(lambda: window.announcer.loaded)
    assert window.tables_serving.start("127.0.0.1", 0) == ""  # and phones served
    bar, clock_part = window.statusBar(), window.status_clock
    announcement = clock_part.announcement_label
    assert announcement.text() == "10 minutes left in round 4 (the warning was due at 9:43 AM)"
    phones = window.tables_serving.label
    assert phones.text().startswith("Phones: serving at http://127.0.0.1:")
    parts = (clock_part.clock_label, window.summary_label, window.sound_label)
    file_label = window.database_label
    for label in (*parts, announcement, phones, file_label):
        corner = label.mapTo(bar, QPoint(0, 0))
        assert bar.rect().contains(QRect(corner, label.size())), label.text()
    assert clock_part.text() == "Round 4 · 09:41 left · 0 of 8 sheets in"
    for label in parts:  # round, time left and sheets in first of all
        assert label.width() >= label.sizeHint().width(), f"{label.text()!r} is cut"
    if file_name == "club.sqlite":
        assert file_label.shown_text() == "club.sqlite"
    for label in (announcement, file_label):
        if label.width() < label.sizeHint().width():  # it gives way, and says so
            assert label.shown_text().endswith("…")
            assert label.text() in label.tooltip_text()
    shown = phones.shown_text()  # its address gives way, not whether it serves to how many
    assert shown.startswith("Phones:") and shown.endswith(" · 0 phones")
    assert phones.text() in phones.tooltip_text()
    picture(bar, f"status-bar-{size[0]}-{len(file_name)}")
    window.tables_serving.stop()


@pytest.mark.parametrize("size", SIZES)
def test_the_styled_players_list_shows_a_late_entry_whole(
    styled, make_window, db_path, new_demo, size, qtbot, clock
):
    db = open_database(new_demo(db_path))
    [event] = [info.id for info in events.list_events(db)]
    registration.register(
        Desk(db, event, clock), registration.RegisterEntrant(["Lou Late", "Tom Tardy"])
    )
    window = on_the_demo(make_window(db), "players", size, qtbot)
    view, late = window.players_page.list.table, EntrantTableModel.LATE
    assert view.columnWidth(late) >= view.sizeHintForColumn(late)  # "Late entry" whole

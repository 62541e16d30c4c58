"""The demo's Rounds board in the app's own fonts and style sheet at 1280x820 and 1600x1000:
nothing scrolls sideways, and a sheet open on this computer reads "Being entered"."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QScrollArea

from clubdesk.store.db import open_database
from clubdesk.ui import style
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


@pytest.mark.parametrize("size", SIZES)
def test_the_styled_board_fits_and_shows_a_sheet_being_entered(
    styled, make_window, db_path, new_demo, size, qtbot
):
    db = open_database(new_demo(db_path))
    window = make_window(db)
    window.show_page("rounds")
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    page = window.rounds_page
    holder = window.stack.currentWidget()
    assert isinstance(holder, QScrollArea)
    assert holder.horizontalScrollBar().maximum() == 0  # nothing scrolls sideways
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
    db = open_database(new_demo(db_path))
    window = make_window(db)
    window.show_page("draw")
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().width() == size[0])
    page = window.draw_page
    holder = window.stack.currentWidget()
    assert holder.horizontalScrollBar().maximum() == 0  # nothing scrolls sideways
    view = page.list_view
    assert view.columnWidth(1) >= view.sizeHintForColumn(1)  # "Grace Wilson / Hank Moore"
    picture(window, f"draw-styled-{size[0]}")

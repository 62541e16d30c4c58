"""View > Text size: Ctrl++ makes the whole window's text larger, Ctrl+- smaller, Ctrl+0 the
usual size; the size is the window's again at the next start; at the largest size offered
every page of the demo fits 1280x820 without scrolling sideways, every page title whole."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QListView, QScrollArea, QTableView

from clubdesk.store.db import open_database
from clubdesk.ui import style
from tests.ui.pictures import picture
from tests.ui.window_sizes import DEFAULT


@pytest.fixture
def styled(qapp):
    """The application styled as ``app.py`` styles it; put back as it was after."""
    saved = (qapp.styleSheet(), qapp.font(), qapp.style().name(), qapp.windowIcon())
    style.apply(qapp)
    yield qapp
    style.set_text_size(qapp, style.BASE_POINT_SIZE)
    sheet, font, style_name, icon = saved
    qapp.setStyleSheet(sheet)
    qapp.setFont(font)
    qapp.setStyle(style_name)
    qapp.setWindowIcon(icon)


def test_ctrl_plus_and_minus_size_the_whole_window_and_it_is_remembered(
    styled, make_window, db, settings_file, keyboard
):
    window = make_window(db)
    assert QApplication.font().pointSize() == style.BASE_POINT_SIZE
    for _ in range(5):  # beyond the largest: stays there
        keyboard.press(Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    largest = style.TEXT_SIZES[-1]
    assert QApplication.font().pointSize() == largest
    assert (
        window.font().pointSize() == largest and window.status_clock.font().pointSize() == largest
    )
    assert f"font-size: {largest + 7}pt" in QApplication.instance().styleSheet()  # the headings
    assert not window.text_size_menu.larger_action.isEnabled()
    keyboard.press(Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.font().pointSize() == style.TEXT_SIZES[-2]
    window.close()
    assert QSettings(str(settings_file), QSettings.Format.IniFormat).value("view/textSize") in (
        style.TEXT_SIZES[-2],
        str(style.TEXT_SIZES[-2]),
    )
    style.set_text_size(QApplication.instance(), style.BASE_POINT_SIZE)

    again = make_window(open_database(db.path, create=False))  # the next start
    assert QApplication.font().pointSize() == style.TEXT_SIZES[-2]
    keyboard.press(Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.font().pointSize() == style.BASE_POINT_SIZE
    assert again.text_size_menu.larger_action.isEnabled()


def test_every_page_fits_at_the_largest_text_size(
    styled, make_window, db_path, new_demo, qsettings, qtbot
):
    qsettings.setValue("view/textSize", style.TEXT_SIZES[-1])
    window = make_window(open_database(new_demo(db_path)))
    assert QApplication.font().pointSize() == style.TEXT_SIZES[-1]
    window.resize(*DEFAULT)
    qtbot.waitUntil(lambda: window.size().width() == DEFAULT[0])
    pages = window.page_list
    assert pages.sizeHintForColumn(0) <= pages.viewport().width()  # every title whole
    wide = {}
    for key in window.page_keys():
        window.show_page(key)
        holder = window.stack.currentWidget()
        assert isinstance(holder, QScrollArea)
        QApplication.processEvents()
        picture(window, f"{key}-largest-text")
        wide[key] = holder.horizontalScrollBar().maximum() + sum(  # and its lists, whole
            view.horizontalScrollBar().maximum()
            for view in holder.findChildren(QListView)
            if view.isVisible() and not isinstance(view, QTableView)
        )
    assert wide == {key: 0 for key in window.page_keys()}

"""The tables a click on a heading sorts are sorted from the keyboard too: Ctrl+Shift+S by the
next column, Ctrl+Shift+R the other way round (the Players list, the Draw page's list)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from clubdesk.store.db import open_database

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def column(view: QTableView, number: int) -> list[str]:
    model = view.model()
    return [model.index(row, number).data() for row in range(model.rowCount())]


def sorted_by(view: QTableView) -> tuple[int, Qt.SortOrder]:
    header = view.horizontalHeader()
    return header.sortIndicatorSection(), header.sortIndicatorOrder()


def test_the_players_list_is_sorted_by_name_and_back_from_the_keyboard(
    make_window, db_path, new_demo, qtbot, keyboard
):
    window = make_window(open_database(new_demo(db_path)))
    keyboard.press(Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    table = window.players_page.list.table
    keyboard.press(Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)  # the search field
    keyboard.tab()  # then the list
    assert keyboard.focused() is table
    assert sorted_by(table) == (0, Qt.SortOrder.AscendingOrder)
    names = column(table, 1)
    assert names != sorted(names)  # by number: "Ann Smith / Bob Jones", "Carol White / ...", ...

    keyboard.press(Qt.Key.Key_S, CTRL_SHIFT)
    assert sorted_by(table) == (1, Qt.SortOrder.AscendingOrder)
    assert column(table, 1) == sorted(names, key=str.casefold)
    keyboard.press(Qt.Key.Key_R, CTRL_SHIFT)
    assert sorted_by(table) == (1, Qt.SortOrder.DescendingOrder)
    assert column(table, 1) == sorted(names, key=str.casefold, reverse=True)
    for _ in range(table.model().columnCount() - 1):  # past the last column, the first again
        keyboard.press(Qt.Key.Key_S, CTRL_SHIFT)
    assert sorted_by(table) == (0, Qt.SortOrder.AscendingOrder)


def test_the_draw_list_is_sorted_from_the_keyboard(make_window, db_path, new_demo, keyboard):
    window = make_window(open_database(new_demo(db_path)))
    keyboard.press(Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    view = window.draw_page.list_view
    view.setFocus(Qt.FocusReason.TabFocusReason)
    before = sorted_by(view)
    keyboard.press(Qt.Key.Key_S, CTRL_SHIFT)
    assert sorted_by(view) == (before[0] + 1, Qt.SortOrder.AscendingOrder)
    keyboard.press(Qt.Key.Key_R, CTRL_SHIFT)
    assert sorted_by(view) == (before[0] + 1, Qt.SortOrder.DescendingOrder)

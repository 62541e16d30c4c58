"""File > Open recent: the databases last opened, remembered from one start to the next, one
opened again from the menu by the keyboard."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from clubdesk.services.command import Desk
from clubdesk.services.events import NewEvent, create_event
from clubdesk.store.db import open_database
from tests.ui.showing import show_active


def make_database_with_event(path, clock, name):
    with open_database(path) as other:
        create_event(Desk(other, None, clock), NewEvent(name, date(2024, 4, 1), "", "house-gin"))
    return path


def open_menu(qtbot, key: Qt.Key) -> QMenu:
    """The menu the key opens in the one now open (Alt+F, then ``key``)."""
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    qtbot.keyClick(menu, key)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not menu)
    return QApplication.activePopupWidget()


def test_a_database_opened_before_is_opened_again_from_file_open_recent(
    make_window, db, db_path, tmp_path, clock, qsettings, qtbot
):
    friday = make_database_with_event(tmp_path / "friday.sqlite", clock, "Friday night")
    saturday = make_database_with_event(tmp_path / "saturday.sqlite", clock, "Saturday night")
    window = make_window(db)
    assert not window.recent.menu.isEnabled()  # nothing opened before
    assert window.open_database_file(friday)
    assert window.open_database_file(saturday)
    assert window.recent.databases() == [saturday, friday, db_path]
    window.close()

    again = make_window(open_database(db_path, create=False))  # the next start
    assert again.recent.databases() == [db_path, saturday, friday]
    show_active(again)
    qtbot.keyClick(again, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
    recent = open_menu(qtbot, Qt.Key.Key_E)
    assert recent is again.recent.menu
    assert [action.text() for action in recent.actions()] == [
        f"&1 saturday.sqlite  ({tmp_path})",
        f"&2 friday.sqlite  ({tmp_path})",
    ]
    qtbot.keyClick(recent, Qt.Key.Key_2)
    qtbot.waitUntil(lambda: again.database.path == friday)
    assert again.event_page.current_event.name == "Friday night"
    assert again.recent.databases() == [friday, db_path, saturday]

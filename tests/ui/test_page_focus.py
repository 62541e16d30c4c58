"""Switching pages puts the keyboard where the director types next (Ctrl+1 … Ctrl+7)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests import builder


def go(qtbot, window, number: int) -> None:
    qtbot.keyClick(window, Qt.Key(Qt.Key.Key_0 + number), Qt.KeyboardModifier.ControlModifier)


def test_each_page_takes_the_keyboard_where_the_director_types_next(
    qtbot, make_window, db, clock, message_boxes
) -> None:
    event_id = builder.event(db, clock, "npa-club-pinochle", entrants=12,
                             players=lambda n: [f"Player{n} Smith"])  # fmt: skip
    window = make_window(db)
    assert window.context.event_id == event_id
    focus = QApplication.focusWidget
    go(qtbot, window, 2)
    assert focus() is window.players_page.entry.name_edit  # the next player's name
    go(qtbot, window, 3)
    assert focus() is window.draw_page.make_button
    qtbot.keyClick(focus(), Qt.Key.Key_Space)  # makes the draw (its question answered OK)
    go(qtbot, window, 4)
    assert focus() is window.rounds_page.table_view
    go(qtbot, window, 3)
    page = window.draw_page
    assert not page.make_button.isEnabled()  # the draw is made: the next control that can be
    assert focus() in (page.physical_button, page.redo_button) and focus().isEnabled()
    go(qtbot, window, 7)
    assert focus() is window.print_page.kind_list
    go(qtbot, window, 1)
    assert focus() is window.event_page.overview.list_view

"""Switching pages puts the keyboard where the director types next (Ctrl+1 … Ctrl+8), and a
page's Alt+letter keys are its own."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel

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


def _mnemonic(text: str) -> str | None:
    """The letter Alt takes in a caption ("&Venue": "v"), if it has one."""
    found = re.search(r"&([^&])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def test_no_field_or_button_on_a_page_shares_its_alt_letter_with_a_menu(
    make_window, db, demo_event
) -> None:
    # Alt+letter is the menu bar's (Alt+F, Alt+V, Alt+H) and a page's field's or button's:
    # where two share one, which of them the key reaches depends on the order Qt took them
    window = make_window(db)
    menus = {_mnemonic(action.text()) for action in window.menuBar().actions()} - {None}
    assert menus == {"f", "v", "h"}
    assert window.event_page.form is not None  # built when first asked for (new event, Edit)
    shared = {}
    for key in window.page_keys():
        page = window.page(key)
        captions = [label.text() for label in page.findChildren(QLabel) if label.buddy()]
        captions += [button.text() for button in page.findChildren(QAbstractButton)]
        shared[key] = sorted(text for text in captions if _mnemonic(text) in menus)
    assert shared == {key: [] for key in window.page_keys()}

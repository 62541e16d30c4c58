"""``None`` kept alive under PySide6 6.12 on Python 3.11 (ui/none_guard.py).

The window aborted ("Fatal Python error: none_dealloc") after about ten score sheets
typed hand by hand: each Qt call that returns nothing takes a reference to ``None``
with it. The guard gives ``None`` room for far more calls than any night makes.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QLineEdit

from clubdesk.ui import none_guard
from clubdesk.ui.style import is_invalid, set_invalid
from tests.ui.test_sheet_dialog import PINOCHLE_HANDS, open_sheet, seated, type_pinochle_hand


def test_a_qt_call_that_returns_nothing_takes_none_with_it_where_none_is_counted(qtbot) -> None:
    """Why the guard is there: it may go once a PySide6 release counts ``None`` again."""
    edit = QLineEdit()
    qtbot.addWidget(edit)
    before = sys.getrefcount(None)
    for _ in range(100):
        edit.setMaxLength(10)  # a void call
    lost = before - sys.getrefcount(None)
    assert lost == (100 if none_guard.needed() else 0)


def test_the_window_gives_none_room_for_any_night() -> None:
    if none_guard.needed():
        assert sys.getrefcount(None) >= none_guard.HEADROOM
        assert none_guard.keep_none_alive()  # a second call finds the room there
        assert sys.getrefcount(None) < 2 * none_guard.HEADROOM  # and adds none
    else:
        assert not none_guard.keep_none_alive()  # None is immortal: nothing to do


def test_marking_a_field_invalid_reads_no_qt_property(qtbot) -> None:
    edit = QLineEdit()
    qtbot.addWidget(edit)
    assert not is_invalid(edit)
    set_invalid(edit, True)
    assert is_invalid(edit)
    before = sys.getrefcount(None)
    for _ in range(50):
        set_invalid(edit, True)  # already marked: no call into Qt at all
    assert sys.getrefcount(None) >= before
    set_invalid(edit, False)
    assert not is_invalid(edit)


def test_a_million_sheets_typed_by_hand_would_not_use_up_none(qtbot, db, clock, keyboard) -> None:
    event_id = seated(db, clock, "grand-prix-pinochle", 4)
    dialog = open_sheet(qtbot, db, clock, event_id)
    before = sys.getrefcount(None)
    for hand in PINOCHLE_HANDS:
        type_pinochle_hand(keyboard, hand)
    assert dialog.game_label.text() == "Game over: all 8 hands played\nWon by side A"
    per_sheet = max(1, before - sys.getrefcount(None))
    assert sys.getrefcount(None) > 1_000_000 * per_sheet

"""The check box its Alt+letter ticks as the key is read (clubdesk/ui/widgets/check_box.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QVBoxLayout, QWidget

from clubdesk.ui.widgets.check_box import CheckBox
from tests.ui.showing import show_active

ALT = Qt.KeyboardModifier.AltModifier


def form(qtbot) -> tuple[QWidget, CheckBox, QLineEdit]:
    window = QWidget()
    qtbot.addWidget(window)
    box, edit = CheckBox("Signed &paper sheet received"), QLineEdit()
    layout = QVBoxLayout(window)
    layout.addWidget(edit)
    layout.addWidget(box)
    show_active(window)
    edit.setFocus()
    return window, box, edit


def test_alt_and_its_letter_tick_the_box_before_the_next_key_is_read(qtbot):
    window, box, edit = form(qtbot)
    ticked: list[bool] = []
    box.toggled.connect(ticked.append)
    qtbot.keyClick(edit, Qt.Key.Key_P, ALT)
    assert box.isChecked() and ticked == [True]  # no tenth of a second waited for
    assert box.hasFocus()  # as a click leaves it
    qtbot.keyClick(box, Qt.Key.Key_P, ALT)
    assert not box.isChecked() and ticked == [True, False]


def test_a_box_that_is_greyed_is_not_ticked_by_its_letter(qtbot):
    window, box, edit = form(qtbot)
    box.setEnabled(False)
    qtbot.keyClick(edit, Qt.Key.Key_P, ALT)
    assert not box.isChecked() and edit.hasFocus()

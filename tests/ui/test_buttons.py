"""Buttons, boxes and radio buttons their Alt+letter clicks as the key is read
(ui/widgets/buttons.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget

from clubdesk.ui.widgets.buttons import CheckBox, PushButton, RadioButton
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


def test_alt_and_its_letter_choose_the_radio_button_before_the_next_key_is_read(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    first, second, edit = RadioButton("Sheet &1"), RadioButton("Sheet &2"), QLineEdit()
    layout = QVBoxLayout(window)
    for widget in (first, second, edit):
        layout.addWidget(widget)
    first.setChecked(True)
    second.toggled.connect(lambda on: on and edit.setFocus())  # as the sheet moves to its hands
    show_active(window)
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_2, ALT)
    qtbot.keyClicks(QApplication.focusWidget(), "55")
    assert second.isChecked() and not first.isChecked()
    assert edit.text() == "55"  # typed after the switch, where the switch put it


def test_alt_and_its_letter_press_the_button_before_the_next_key_is_read(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    name, button = QLineEdit(), PushButton("&Register")
    registered: list[str] = []

    def register() -> None:  # as the Players page does: the entry is emptied for the next
        registered.append(name.text())
        name.clear()
        name.setFocus()

    button.clicked.connect(register)
    layout = QVBoxLayout(window)
    layout.addWidget(name)
    layout.addWidget(button)
    show_active(window)
    name.setFocus()
    qtbot.keyClicks(name, "Ann Ash")
    qtbot.keyClick(name, Qt.Key.Key_R, ALT)
    qtbot.keyClicks(QApplication.focusWidget(), "Bob")
    assert registered == ["Ann Ash"] and name.text() == "Bob"  # the next name, whole
    button.setEnabled(False)
    qtbot.keyClick(name, Qt.Key.Key_R, ALT)
    assert registered == ["Ann Ash"] and name.hasFocus()

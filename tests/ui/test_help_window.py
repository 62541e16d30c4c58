"""Help (F1): the night's steps for the format in use, and every shortcut the window answers,
read from its actions and buttons (nothing listed here by hand)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton

from clubdesk.domain.formats import load_rules
from clubdesk.store.db import open_database
from clubdesk.ui.help_window import HelpWindow, night_steps
from clubdesk.ui.pages import PAGES
from tests.ui.pictures import picture


def test_f1_shows_the_nights_steps_and_every_shortcut_of_the_window(
    make_window, db_path, new_demo, qtbot, keyboard
):
    window = make_window(open_database(new_demo(db_path)))
    keyboard.press(Qt.Key.Key_F1)
    [shown] = [w for w in window.findChildren(HelpWindow) if w.isVisible()]
    picture(shown, "help")
    lines = shown.text.toPlainText().splitlines()
    assert lines[0] == "Help: Grand Prix Pinochle"
    assert (
        "Rounds (Ctrl+4): 11 rounds; each round has 60 minutes on the clock, a warning 10 "
        "minutes before the end." in "\n".join(lines)
    )
    native = QKeySequence.SequenceFormat.NativeText
    keys = (
        {
            action.shortcut().toString(native)
            for action in window.findChildren(QAction)  # the menus', the pages', the window's
            if not action.shortcut().isEmpty()
        }
        | {key.key().toString(native) for key in window.findChildren(QShortcut)}
        | {
            button.shortcut().toString(native)
            for button in window.findChildren(QAbstractButton)
            if not button.shortcut().isEmpty() and window.isAncestorOf(button)
        }
    )
    assert {"F1", "Ctrl+1", "Ctrl+L", "F5", "Ctrl+F", "Ctrl+Q", "F11", "Alt+R"} <= keys
    listed = {line.split("\t")[0] for line in lines} | {line.split(" ")[0] for line in lines}
    assert keys - listed == set()


def test_the_steps_follow_the_format():
    pages = {page.key: f"{page.title} (Ctrl+{n})" for n, page in enumerate(PAGES, start=1)}
    gin = night_steps(load_rules("house-gin"), pages)
    assert "3 rounds; the rounds have no clock: each ends when its sheets are in." in gin[3]
    assert "(clubdesk draws the seats at random)" in gin[2] and "each player as" in gin[1]
    assert "after round 2 the cut;" in gin[4] and gin[4].endswith(
        "before the next round is seated."
    )
    whist = night_steps(load_rules("bid-whist"), pages)
    assert "(type in the cards each drew, as printed on them)" in whist[2]
    assert whist[4].endswith("before the playoff rounds are seated.")
    npa = night_steps(load_rules("npa-club-pinochle"), pages)
    assert "the chits each drew" in npa[2] and not any("the cut" in step for step in npa)

"""Typing a hand into the score sheet as a director types a paper sheet, for the window's
tests and the nights played in it (``e2e/director.py``).

A letter picks a side or a kind, a number is typed, Space ticks a box that differs from its
default, Tab goes to the next field the hand asks for (a field greyed, the trick points of a
hand not played, is passed over by Tab). A field that already says what the paper says (a
default, the other side's tricks filled in as the rest, a blank meld that is 0) is left as
it is, and once every field left does, the hand is done: Return follows, by the caller.
Every key goes through ``keys`` (the widget with the keyboard gets it), which counts them.
"""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QLineEdit, QWidget

from clubdesk.ui.sheet.rows import HandRow

_MISSING = object()


class Keys(Protocol):
    """Keys sent to the widget that has the keyboard."""

    def focused(self) -> QWidget: ...

    def type(self, text: str) -> None: ...

    def press(self, key: Qt.Key, modifier: Qt.KeyboardModifier = ...) -> None: ...

    def tab(self, times: int = 1) -> None: ...


class CountedKeys:
    """Keys typed with ``qtbot`` on the widget that has the keyboard, each one counted
    (``count``: a letter or digit typed is one, a key pressed is one; ``digits``: of them,
    the digits of the numbers typed)."""

    def __init__(self, qtbot) -> None:
        self.qtbot = qtbot
        self.count = 0
        self.digits = 0

    def focused(self) -> QWidget:
        widget = QApplication.focusWidget()
        assert widget is not None, "nothing has the keyboard"
        return widget

    def type(self, text: str) -> None:
        self.count += len(text)
        self.digits += sum(ch.isdigit() for ch in text)
        self.qtbot.keyClicks(self.focused(), text)

    def press(
        self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
    ) -> None:
        self.count += 1
        self.qtbot.keyClick(self.focused(), key, modifier)

    def tab(self, times: int = 1) -> None:
        for _ in range(times):
            self.press(Qt.Key.Key_Tab)


def type_hand(keys: Keys, row: HandRow, hand: dict[str, Any]) -> None:
    """Type ``hand`` into ``row`` (the cursor in its first field), as the module says."""
    for index, column in enumerate(row.columns):
        widget = row.widgets[column.key]
        if not widget.isEnabled():
            continue  # greyed by what was typed before it
        assert keys.focused() is widget, (column.key, keys.focused())
        value = _at(hand, column.key, column.default if column.kind == "flag" else None)
        if not _shows(row, column.key, value):
            if isinstance(widget, QLineEdit):
                keys.type(str(value))  # Tab selected what the field held
            elif isinstance(widget, QCheckBox):
                keys.press(Qt.Key.Key_Space)
            elif isinstance(widget, QComboBox):
                _pick(keys, widget, str(value), column.key)
        assert _shows(row, column.key, value), (column.key, row.hand())
        rest = [c for c in row.columns[index + 1 :] if row.widgets[c.key].isEnabled()]
        wanted = [_at(hand, c.key, c.default if c.kind == "flag" else None) for c in rest]
        if all(_shows(row, c.key, v) for c, v in zip(rest, wanted, strict=True)):
            return
        keys.tab()


def _pick(keys: Keys, combo: QComboBox, value: str, key: str) -> None:
    """Type the fewest letters of ``value`` that pick it in ``combo``."""
    for length in range(1, len(value) + 1):
        keys.type(value[length - 1])
        if combo.currentData() == value:
            return
    raise AssertionError((key, combo.currentText()))


def _at(hand: dict[str, Any], key: str, default: Any = None) -> Any:
    """The value at ``key`` ("meld.A") of a hand (``default`` where the hand has none)."""
    outer, _, inner = key.partition(".")
    value = hand.get(outer, _MISSING)
    if inner:
        value = value.get(inner, _MISSING) if isinstance(value, dict) else _MISSING
    return default if value is _MISSING or value is None else value


def _shows(row: HandRow, key: str, value: Any) -> bool:
    """Does the row say ``value`` at ``key``, as the sheet reads it (a blank the hand
    leaves out says nothing)?"""
    outer, _, inner = key.partition(".")
    read = row.hand().get(outer, _MISSING)
    if inner:
        read = read.get(inner, _MISSING) if isinstance(read, dict) else _MISSING
    return value is None if read is _MISSING else read == value

"""Buttons, check boxes and radio buttons whose Alt+letter works at once, in turn with the
keys typed around it.

Qt's own, given their Alt+letter, show themselves pressed for a tenth of a second and only
then click: a director who typed Alt+P and Return at once handed the sheet in before the
box said the paper was signed, the hand typed straight after Alt+2 went onto sheet 1, and a
name typed straight after Alt+R went into the entry being registered. These take the focus
and click as the key is read, as a click with the mouse would.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QShortcutEvent
from PySide6.QtWidgets import QAbstractButton, QCheckBox, QPushButton, QRadioButton

__all__ = ["CheckBox", "PushButton", "RadioButton"]


class PushButton(QPushButton):
    def event(self, event: QEvent) -> bool:  # noqa: D102 (Qt's)
        return _clicked_at_once(self, event) or super().event(event)


class CheckBox(QCheckBox):
    def event(self, event: QEvent) -> bool:  # noqa: D102 (Qt's)
        return _clicked_at_once(self, event) or super().event(event)


class RadioButton(QRadioButton):
    def event(self, event: QEvent) -> bool:  # noqa: D102 (Qt's)
        return _clicked_at_once(self, event) or super().event(event)


def _clicked_at_once(button: QAbstractButton, event: QEvent) -> bool:
    """The button's own Alt+letter: clicked now (not when greyed); True when it was that."""
    if event.type() != QEvent.Type.Shortcut or not isinstance(event, QShortcutEvent):
        return False
    if event.isAmbiguous():  # two with the same letter: Qt moves the focus between them
        return False
    if button.isEnabled():
        if button.focusPolicy() & Qt.FocusPolicy.ClickFocus:
            button.setFocus(Qt.FocusReason.ShortcutFocusReason)
        button.click()
    return True

"""A widget put on screen for a test as a director's window is: shown, and active.

On the offscreen platform a window becomes active on the next turn of the event loop, so
this turns the loop until it has (pytest-qt's ``waitActive`` sleeps 10 ms first, on every
window of the suite).
"""

from __future__ import annotations

import time

from PySide6.QtWidgets import QApplication, QWidget

LONGEST_S = 5.0


def show_active(widget: QWidget) -> None:
    """Show ``widget`` and make it the active window, as a click on it would."""
    widget.show()
    widget.activateWindow()
    deadline = time.monotonic() + LONGEST_S
    while not widget.isActiveWindow():
        assert time.monotonic() < deadline, f"{widget!r} never became the active window"
        QApplication.processEvents()

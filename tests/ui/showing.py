"""A widget put on screen for a test as a director's window is: shown, exposed, active;
and a page's reads off the window's thread, in.

On the offscreen platform a window is exposed and becomes active on the next turns of the
event loop, so these turn the loop until it has (pytest-qt's ``waitActive`` and
``waitExposed`` sleep 10 ms first, on every window of the suite).
"""

from __future__ import annotations

import time

from PySide6.QtWidgets import QApplication, QWidget

from clubdesk.ui.off_thread import LatestRead

LONGEST_S = 5.0


def show_active(widget: QWidget) -> None:
    """Show ``widget`` and make it the active window, as a click on it would."""
    widget.show()
    widget.activateWindow()
    deadline = time.monotonic() + LONGEST_S
    while not widget.isActiveWindow():
        assert time.monotonic() < deadline, f"{widget!r} never became the active window"
        QApplication.processEvents()


def exposed(widget: QWidget) -> None:
    """Turn the event loop until ``widget``'s window is on screen (it was shown)."""
    assert widget.isVisible(), f"{widget!r} was not shown"
    deadline = time.monotonic() + LONGEST_S
    while (handle := widget.window().windowHandle()) is None or not handle.isExposed():
        assert time.monotonic() < deadline, f"{widget!r} never came on screen"
        QApplication.processEvents()


def read_in(reads: LatestRead) -> None:
    """Wait for what ``reads`` reads off the window's thread, and turn the event loop until
    it is shown (a page's reads: the Standings and Money pages after a sheet)."""
    deadline = time.monotonic() + LONGEST_S
    while reads.pending:
        assert time.monotonic() < deadline, "a read off the window's thread never came in"
        reads.pool.waitForDone(int(LONGEST_S * 1000))
        QApplication.processEvents()

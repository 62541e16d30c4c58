"""A widget put on screen for a test as a director's window is: shown, exposed, active;
a page's reads off the window's thread, in; and the windows that came on screen.

On the offscreen platform a window is exposed and becomes active on the next turns of the
event loop, so these turn the loop until it has (pytest-qt's ``waitActive`` and
``waitExposed`` sleep 10 ms first, on every window of the suite).
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from clubdesk.ui.main_window import MainWindow
from clubdesk.ui.off_thread import LatestRead
from clubdesk.ui.projector.window import ProjectorWindow

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


class WindowsShown(QObject):
    """Every top-level window that became visible while it watched the application (an event
    filter on the QApplication, its Show events), other than the director's window, the
    projector, the dialogs and the popups (menus, a list dropped down, a tooltip): ``strays``,
    each as it was when shown (its class, and its text where it has one). A widget made
    visible before it is in its layout is one: it flashes up as a window of its own."""

    WINDOWS = (MainWindow, ProjectorWindow, QDialog)
    POPUPS = (Qt.WindowType.Popup, Qt.WindowType.ToolTip)

    def __init__(self) -> None:
        super().__init__()
        self.strays: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if (
            event.type() == QEvent.Type.Show
            and isinstance(watched, QWidget)
            and watched.isWindow()
            and not isinstance(watched, self.WINDOWS)
            and watched.windowType() not in self.POPUPS
        ):
            text = getattr(watched, "text", None)
            said = f" {text()!r}" if callable(text) else ""
            self.strays.append(f"{type(watched).__name__}{said}")
        return False

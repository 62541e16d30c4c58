"""The status bar's clock, seen from every page: ``Round 4 · 23:41 left · 9 of 12 sheets in``.

Its colour follows the phase (``phase`` property: the warning is amber, time is
red, paused is grey), and the last announcement given is shown beside it, cut short with
"…" (whole in its tooltip) where the bar has no room for all of it.
"""

from __future__ import annotations

import weakref

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from clubdesk.ui.clock.watch import ClockView, ClockWatch, status_line
from clubdesk.ui.widgets.elided_label import ElidedLabel

WARNING_COLOUR = "#8a4b00"
WARNING_BACKGROUND = "#ffe2a8"
TIME_COLOUR = "#ffffff"
TIME_BACKGROUND = "#b3261e"
PAUSED_COLOUR = "#3b4650"
PAUSED_BACKGROUND = "#dde3e8"

PHASE_STYLE = f"""
QLabel#statusClock {{
    font-weight: bold;
    padding: 1px 8px;
    border-radius: 3px;
}}
QLabel#statusClock[phase="warning"] {{
    color: {WARNING_COLOUR};
    background: {WARNING_BACKGROUND};
}}
QLabel#statusClock[phase="time"] {{
    color: {TIME_COLOUR};
    background: {TIME_BACKGROUND};
}}
QLabel#statusClock[phase="paused"] {{
    color: {PAUSED_COLOUR};
    background: {PAUSED_BACKGROUND};
}}
"""


# Each widget's phase, kept in Python (style.py says why).
_PHASES: weakref.WeakKeyDictionary[QWidget, str] = weakref.WeakKeyDictionary()


def set_phase(label: QWidget, phase: str) -> None:
    """Give ``label`` the look of ``phase`` (the style sheet keys on the property)."""
    if _PHASES.get(label, "") == phase:
        return
    _PHASES[label] = phase
    label.setProperty("phase", phase)
    label.style().unpolish(label)
    label.style().polish(label)


def phase_of(widget: QWidget) -> str:
    """The phase ``set_phase`` gave ``widget`` ("" for none)."""
    return _PHASES.get(widget, "")


class StatusClock(QWidget):
    """The clock line and the last announcement, for the window's status bar."""

    def __init__(self, watch: ClockWatch, parent: QWidget | None = None):
        super().__init__(parent)
        self.setStyleSheet(PHASE_STYLE)
        self.clock_label = QLabel()
        self.clock_label.setObjectName("statusClock")
        self.clock_label.setAccessibleName("Round clock")
        # the first to give way where the bar is short of room: the clock stays whole
        self.announcement_label = ElidedLabel()
        self.announcement_label.setObjectName("statusAnnouncement")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        layout.addWidget(self.clock_label)
        layout.addWidget(self.announcement_label)
        watch.updated.connect(self.show_view)
        watch.announced.connect(self.announcement_label.setText)
        self.show_view(watch.view)
        self.announcement_label.setText(watch.last_announcement)

    def show_view(self, view: ClockView) -> None:
        text = status_line(view)
        self.clock_label.setText(text)
        self.clock_label.setVisible(bool(text))
        if view.status is None:
            self.announcement_label.clear()
        set_phase(self.clock_label, view.status.phase if view.status else "")

    def text(self) -> str:
        """The clock line as shown."""
        return self.clock_label.text()

    def phase(self) -> str:
        return phase_of(self.clock_label)

"""The Rounds page's clock: the time left in big digits, the round, the phase, and the
last announcement given; coloured by the phase (amber at the warning, red at time).
Where the event's rounds have no clock: the time the round in play has been played, and
since when."""

from __future__ import annotations

import math

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from clubdesk.ui.clock.status_bar import (
    PAUSED_BACKGROUND,
    PAUSED_COLOUR,
    TIME_BACKGROUND,
    TIME_COLOUR,
    WARNING_BACKGROUND,
    WARNING_COLOUR,
    set_phase,
)
from clubdesk.ui.clock.watch import (
    ClockView,
    clock_time,
    elapsed_s,
    in_play_words,
    phase_words,
    time_left,
)

PANEL_STYLE = f"""
QFrame#clockPanel {{
    background: #f3f6f8;
    border: 1px solid #c9d0d6;
    border-radius: 8px;
}}
QFrame#clockPanel QLabel {{
    color: #1a1a1a; /* dark on the panel's own light background, on a dark palette too */
}}
QFrame#clockPanel[phase="warning"] {{
    background: {WARNING_BACKGROUND};
    border-color: {WARNING_COLOUR};
}}
QFrame#clockPanel[phase="time"] {{
    background: {TIME_BACKGROUND};
}}
QFrame#clockPanel[phase="time"] QLabel {{
    color: {TIME_COLOUR};
}}
QFrame#clockPanel[phase="warning"] QLabel {{
    color: {WARNING_COLOUR};
}}
QFrame#clockPanel[phase="paused"] {{
    background: {PAUSED_BACKGROUND};
}}
QFrame#clockPanel[phase="paused"] QLabel {{
    color: {PAUSED_COLOUR};
}}
QLabel#bigTime {{
    font-size: 44pt;
    font-weight: bold;
}}
QLabel#phaseWords {{
    font-size: 16pt;
    font-weight: bold;
}}
"""


class ClockPanel(QFrame):
    """The time left (or the break counting down) and what the clock is doing."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("clockPanel")
        self.setStyleSheet(PANEL_STYLE)
        self.big_time = QLabel("--:--")
        self.big_time.setObjectName("bigTime")
        self.big_time.setAccessibleName("Time left")
        mono = QFont("DejaVu Sans Mono")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.big_time.setFont(mono)
        self.phase_label = QLabel()
        self.phase_label.setObjectName("phaseWords")
        self.phase_label.setWordWrap(True)  # a long phase wraps: the page never scrolls sideways
        self.round_label = QLabel()
        self.announcement_label = QLabel()
        self.announcement_label.setWordWrap(True)
        words = QVBoxLayout()
        words.setSpacing(2)
        words.addWidget(self.round_label)
        words.addWidget(self.phase_label)
        words.addWidget(self.announcement_label)
        panel = QHBoxLayout(self)
        panel.setContentsMargins(20, 10, 20, 10)
        panel.setSpacing(24)
        panel.addWidget(self.big_time)
        panel.addLayout(words, 1)

    def show_view(self, view: ClockView, announcement: str) -> None:
        """Show the clock as the watch read it, and the last announcement given."""
        status = view.status
        if view.rounds is None:
            self.big_time.setText("--:--")
            self.big_time.setAccessibleName("Time left")
            self.phase_label.setText("Open or create an event on the Event page first.")
            self.round_label.setText("")
            self.announcement_label.setText("")
            set_phase(self, "")
            return
        if status is None:  # rounds without a clock: how long the round has been played
            played = elapsed_s(view)
            self.big_time.setText("--:--" if played is None else time_left(played))
            self.big_time.setAccessibleName("Time played")
            round_line, phase, why = in_play_words(view)
            self.round_label.setText(round_line)
            self.phase_label.setText(phase)
            self.announcement_label.setText(why)
            set_phase(self, "")
            return
        self.big_time.setAccessibleName("Time left")
        if status.going:
            self.big_time.setText(time_left(status.remaining_s or 0))
        elif status.on_break and status.next is not None:
            until = (status.next.at - view.now).total_seconds()
            self.big_time.setText(time_left(math.ceil(until)))  # the break counting down
        else:
            self.big_time.setText("--:--")
        if status.round is None:
            self.round_label.setText("No round has started")
        else:
            ends = ""
            if status.going and not status.paused and status.ends_at:
                ends = f" · ends at {clock_time(status.ends_at)}"
                if status.warning_at and status.counting and not status.warned:
                    ends += f" · warning at {clock_time(status.warning_at)}"
            board = view.board
            title = board.round_title(status.round) if board else f"Round {status.round}"
            self.round_label.setText(title + ends)
        self.phase_label.setText(phase_words(status, view.now))
        self.announcement_label.setText(announcement)
        set_phase(self, status.phase)

"""The day's schedule on the Rounds page: one row per round (starts, warning, ends, then
the break, meal or overnight gap), and the two times the director may change.

The rows are ``services.roundclock.schedule``: rounds that started show their real
times, the rows to come follow them (a round ended at 11:31 moves the next start
to 11:46). The round being played is in bold, the rounds played are greyed; a
row names each day after the first (``Sunday 6 December``). Beside
the table the director types when round 1 starts and when play resumes the next
morning (``10:15 AM``, ``9:30``) and presses **Set times** (or Enter);
``services.roundclock.set_start_times`` stores them and the rows follow at once. A
refusal is shown under the field it is about.

The panel reads the schedule again when the clock's round or phase changes, when
the minute turns (a paused round moves the rows after it) and when the event
changes.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import plain_words
from clubdesk.domain.schedule import ScheduledRound
from clubdesk.errors import UserError
from clubdesk.printing.text import pause_text
from clubdesk.services import roundclock as clock_service
from clubdesk.services.changes import Change
from clubdesk.ui.clock.watch import ClockView, ClockWatch, clock_time
from clubdesk.ui.context import UiContext, follow_changes
from clubdesk.ui.operations import FieldMarks, run_command
from clubdesk.ui.style import set_role

COLUMNS = ("Round", "Starts", "Warning", "Ends", "Then")
PLAYED_COLOUR = "#6b747c"
CURRENT_BACKGROUND = "#e3eef7"


class SchedulePanel(QWidget):
    """The event's timetable as it now stands, and the director's two start times."""

    def __init__(self, context: UiContext, watch: ClockWatch, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.rows: tuple[ScheduledRound, ...] = ()
        self.view: ClockView = watch.view
        self._seen: Any = None
        self._build()
        watch.updated.connect(self.show_view)
        follow_changes(context, self, self._changed, Change.EVENT | Change.CLOCK)
        self.show_view(watch.view)

    def _build(self) -> None:
        self.heading = set_role(QLabel("Schedule"), "subheading")
        self.note = set_role(QLabel(), "hint")
        self.note.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setAccessibleName("Schedule")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)

        self.first_edit = QLineEdit()
        self.first_edit.setAccessibleName("First round starts")
        self.morning_edit = QLineEdit()
        self.morning_edit.setAccessibleName("Next morning starts")
        self.first_error = set_role(QLabel(), "error")
        self.morning_error = set_role(QLabel(), "error")
        for label in (self.first_error, self.morning_error):
            label.setWordWrap(True)
        self.set_button = QPushButton("Set times")
        self.set_button.clicked.connect(self.set_times)
        for edit in (self.first_edit, self.morning_edit):
            edit.setPlaceholderText("10:15 AM")
            edit.setMaximumWidth(110)
            edit.returnPressed.connect(self.set_times)
        self._errors = {"first_round_at": self.first_error, "next_day_at": self.morning_error}
        self.marks = FieldMarks(
            {"first_round_at": self.first_edit, "next_day_at": self.morning_edit}
        )
        self.times_box = QWidget()
        form = QFormLayout(self.times_box)
        form.setContentsMargins(0, 0, 0, 0)
        form.setVerticalSpacing(4)
        form.addRow("Round 1 starts", self.first_edit)
        form.addRow(self.first_error)
        self.morning_label = QLabel("Next morning")
        form.addRow(self.morning_label, self.morning_edit)
        form.addRow(self.morning_error)
        button_row = QHBoxLayout()
        button_row.addWidget(self.set_button)
        button_row.addStretch(1)
        form.addRow("", button_row)

        side = QVBoxLayout()  # the times beside the table, which keeps the whole height
        side.setSpacing(6)
        side.addWidget(self.times_box)
        side.addWidget(self.note)
        side.addStretch(1)
        self.times_box.setMaximumWidth(360)
        self.note.setMaximumWidth(360)
        row = QHBoxLayout()
        row.setSpacing(24)
        column = QVBoxLayout()
        column.addWidget(self.table, 1)  # as tall as its rows, when there is room
        column.addStretch(0)
        row.addLayout(column)
        row.addLayout(side)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.heading)
        layout.addLayout(row, 1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._clear_errors()

    # what is shown

    def _changed(self, change: Change) -> None:
        if change & (Change.EVENT | Change.CLOCK):
            self.refresh()

    def show_view(self, view: ClockView) -> None:
        """Read the schedule again if the clock's round, phase or minute has changed."""
        self.view = view
        status = view.status
        key = (
            self.context.event_id,
            view.now.replace(second=0, microsecond=0),
            None if status is None else (status.round, status.phase, status.next),
        )
        if key == self._seen:
            return
        self._seen = key
        self.refresh()

    def refresh(self) -> None:
        """Read the timetable as it now stands and show it."""
        db, event_id = self.context.db, self.context.event_id
        self.rows = ()
        self.note.setText("")
        if db is not None and event_id is not None:
            try:
                self.rows = clock_service.schedule(db, event_id, self.context.clock).rounds
            except UserError as error:
                self.note.setText(plain_words(error))
        status = self.view.status
        playing = status.round if status is not None and status.going else None
        started = status.round or 0 if status is not None else 0
        self._fill(playing, started)
        self.table.setVisible(bool(self.rows))  # a format without a clock has no timetable
        self.times_box.setVisible(bool(self.rows))
        after = next((r for r in self.rows if r.ends_the_day), None)
        self.morning_label.setVisible(after is not None)
        self.morning_edit.setVisible(after is not None)
        self.morning_edit.setEnabled(after is not None and started <= after.number)
        self.first_edit.setEnabled(bool(self.rows) and started == 0)
        self.set_button.setEnabled(self.first_edit.isEnabled() or self.morning_edit.isEnabled())
        self._show_times(after)

    def _fill(self, playing: int | None, started: int) -> None:
        """One row per round, and a row naming the day before the first round of each day
        after the first."""
        table, rows = self.table, self.rows
        days = [
            i for i in range(1, len(rows)) if rows[i].starts.date() != rows[i - 1].starts.date()
        ]
        table.clearSpans()
        table.setRowCount(len(rows) + len(days))
        bold = QFont(self.font())
        bold.setBold(True)
        line = 0
        for index, row in enumerate(rows):
            if index in days:
                item = QTableWidgetItem(f"{row.starts:%A} {row.starts.day} {row.starts:%B}")
                item.setFont(bold)
                table.setItem(line, 0, item)
                table.setSpan(line, 0, 1, len(COLUMNS))
                line += 1
            texts = (
                str(row.number),
                clock_time(row.starts),
                clock_time(row.warning_at) if row.warning_at else "",
                clock_time(row.ends),
                pause_text(row),
            )
            for column, text in enumerate(texts):
                item = QTableWidgetItem(text)
                if column < 4:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if row.number == playing:
                    item.setFont(bold)
                    item.setBackground(QBrush(QColor(CURRENT_BACKGROUND)))
                elif row.number <= started:
                    item.setForeground(QBrush(QColor(PLAYED_COLOUR)))
                table.setItem(line, column, item)
            line += 1
        header = table.horizontalHeader()
        widths = [
            max(table.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in range(len(COLUMNS))
        ]
        for column, width in enumerate(widths[:-1]):
            header.resizeSection(column, width)
        frame = 2 * table.frameWidth()
        room = sum(widths) + frame + table.verticalScrollBar().sizeHint().width()
        table.setFixedWidth(room)
        height = table.horizontalHeader().height() + table.verticalHeader().length()
        table.setMaximumHeight(height + frame)

    def _show_times(self, after: ScheduledRound | None) -> None:
        """Put the times in force in the editors (unless the director is typing there);
        ``after`` is the round before the overnight gap, if there is one."""
        if not self.rows:
            return
        if not self.first_edit.hasFocus():
            self.first_edit.setText(clock_time(self.rows[0].starts))
        if after is not None and not self.morning_edit.hasFocus():
            self.morning_edit.setText(clock_time(self.rows[after.number].starts))

    # the director's times

    def set_times(self) -> None:
        """Store the times typed (those that differ from the ones in force)."""
        db, event_id = self.context.db, self.context.event_id
        if db is None or event_id is None or not self.rows:
            return
        first = self.first_edit.text() if self.first_edit.isEnabled() else None
        morning = self.morning_edit.text() if self.morning_edit.isEnabled() else None
        self._clear_errors()
        done = run_command(
            self.context,
            lambda: clock_service.set_start_times(
                self.context.desk_for(db, event_id), first_round_at=first, next_day_at=morning
            ),
            parent=self,
            title="Set times",
            fields=self.marks,
            show_error=self._show_error,
        )
        if done is not None:
            self.first_edit.clearFocus()
            self.morning_edit.clearFocus()
            self.refresh()

    def _show_error(self, error: UserError) -> None:
        label = self._errors.get(error.field or "", self.first_error)
        label.setText(plain_words(error))
        label.show()

    def _clear_errors(self) -> None:
        for label in self._errors.values():
            label.setText("")
            label.hide()

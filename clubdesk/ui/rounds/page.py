"""The Rounds page: the round being played as a board of tables, and the clock's controls.

At the top the time left in big digits and the phase; below it the director's
controls, each with its key shown on the button:

- **Start round N** (F5) starts the next round's clock;
- **Pause** / **Resume** (F6);
- **-1 min** (F7) and **+1 min** (F8) change the running round's length;
- **End round** (F9) ends the clock (asking first when time is left);
- **Close round** (Ctrl+F9; asking first, naming the tables whose sheet is missing)
  and **Reopen round** (Ctrl+Shift+F9; undoing a close until the next round starts).

Then two tabs, each the page's whole width: **Tables** (with the count of sheets in)
and **Schedule**, the day's timetable (``SchedulePanel``). The board has one row per
table with who plays there (by number and name, a withdrawn entrant marked), its
sheet's state (waiting, submitted, amended, awarded) and the director's rulings on
it, the byes apart, and the count (``9 of 12 sheets in``). From the selected table
the director records lateness, a removal or a withdrawal (``board_rulings.py``:
buttons, keys and the board's context menu). Every command goes through
``operations.run_command``; a refusal is shown in plain words under the
controls. The time shown comes from ``ClockWatch`` (each second, from the
clock's stored facts).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clubdesk.domain.event.sheet_words import plain_words, sentence
from clubdesk.domain.rounds import can_close, can_reopen
from clubdesk.errors import UserError
from clubdesk.services import roundclock as clock_service
from clubdesk.services import rounds as rounds_service
from clubdesk.services.board import Board
from clubdesk.ui.clock.watch import ClockView, ClockWatch, time_left
from clubdesk.ui.context import UiContext, follow_changes
from clubdesk.ui.operations import ask_yes_no, run_command
from clubdesk.ui.rounds.board_model import BoardModel, side_text
from clubdesk.ui.rounds.board_rulings import BoardRulings
from clubdesk.ui.rounds.clock_panel import ClockPanel
from clubdesk.ui.rounds.ruling_dialogs import AwardAnswer, AwardDialog
from clubdesk.ui.rounds.schedule_panel import SchedulePanel
from clubdesk.ui.sheet.dialog import SheetDialog
from clubdesk.ui.style import DISABLED_PRIMARY, set_role

TABLES_TAB = 0
SCHEDULE_TAB = 1


Ask = Callable[[str, str], bool]  # (title, question) -> the director said yes


class BoardView(QTableView):
    """The board's table: typing a table's number goes to its row (Enter then opens its
    sheet). Digits typed one after another make one number ("1", "2": table 12 when there
    is one, else table 2); any other key starts a new number."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._typed = ""

    def keyboardSearch(self, search: str) -> None:  # noqa: N802 (Qt's name)
        model = self.model()
        if not search.isdigit() or not isinstance(model, BoardModel):
            super().keyboardSearch(search)
            return
        for typed in (self._typed + search, search):
            row = model.row_of(int(typed))
            if row is not None:
                self._typed = typed
                self.setCurrentIndex(model.index(row, 0))
                return

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        if not event.text().isdigit():
            self._typed = ""
        super().keyPressEvent(event)


class RoundsPage(QWidget):
    """The round being played and the clock's controls, for the context's event."""

    def __init__(self, context: UiContext, watch: ClockWatch, parent: QWidget | None = None):
        super().__init__(parent)
        self.context = context
        self.watch = watch
        self.confirm: Ask = partial(ask_yes_no, self)  # tests put their own answer here
        self.view: ClockView = watch.view
        self._build()
        watch.updated.connect(self.show_view)
        watch.want_board(self, self.shows_board)
        follow_changes(context, self, lambda _: watch.board_needed(), ClockWatch.READS)
        self.show_view(watch.view)

    def shows_board(self) -> bool:
        """The board is on show: this page in view in its window (or a window of its own)."""
        return self.isWindow() or self.isVisibleTo(self.window())

    # layout

    def _build(self) -> None:
        self.setStyleSheet(DISABLED_PRIMARY)  # Start greyed when there is nothing to start
        self.heading = set_role(QLabel("Rounds"), "heading")
        self.subtitle = set_role(QLabel(), "hint")

        self.clock_panel = ClockPanel()
        self.big_time = self.clock_panel.big_time
        self.phase_label = self.clock_panel.phase_label
        self.round_label = self.clock_panel.round_label
        self.announcement_label = self.clock_panel.announcement_label

        self.start_button = set_role(QPushButton("Start round"), "primary")
        self.pause_button = QPushButton("Pause")
        self.less_button = QPushButton("-1 min")
        self.more_button = QPushButton("+1 min")
        self.end_button = QPushButton("End round")
        self.close_button = QPushButton("Close round…")
        self.reopen_button = QPushButton("Reopen round")
        self._keys: dict[QPushButton, str] = {}
        for button, key, action in (
            (self.start_button, "F5", self.start_round),
            (self.pause_button, "F6", self.pause_or_resume),
            (self.less_button, "F7", lambda: self.adjust(-1)),
            (self.more_button, "F8", lambda: self.adjust(1)),
            (self.end_button, "F9", self.end_round),
            (self.close_button, "Ctrl+F9", self.close_round),
            (self.reopen_button, "Ctrl+Shift+F9", self.reopen_round),
        ):
            self._keys[button] = key
            shortcut = QAction(button.text(), self)  # named as its button (Help lists it)
            shortcut.setShortcut(QKeySequence(key))
            shortcut.setShortcutContext(Qt.ShortcutContext.WindowShortcut)  # while it is shown
            shortcut.triggered.connect(lambda _=False, b=button, a=action: b.isEnabled() and a())
            self.addAction(shortcut)
            button.clicked.connect(action)

        clock_row = QHBoxLayout()
        clock_row.setSpacing(8)
        for button in (self.start_button, self.pause_button, self.less_button,
                       self.more_button, self.end_button):  # fmt: skip
            clock_row.addWidget(button)
        clock_row.addStretch(1)
        round_row = QHBoxLayout()
        round_row.setSpacing(8)
        round_row.addWidget(self.close_button)
        round_row.addWidget(self.reopen_button)
        round_row.addStretch(1)

        self.error_label = set_role(QLabel(), "error")
        self.error_label.setWordWrap(True)
        self.error_label.hide()

        self.board_heading = set_role(QLabel(), "subheading")
        self.count_label = QLabel()
        board_title = QHBoxLayout()
        board_title.addWidget(self.board_heading)
        board_title.addSpacing(16)
        board_title.addWidget(self.count_label, 1, Qt.AlignmentFlag.AlignBottom)
        self.model = BoardModel(self)
        self.table_view = BoardView()
        self.table_view.setAccessibleName("Tables of the round")
        self.table_view.setModel(self.model)
        self.table_view.verticalHeader().hide()
        self.table_view.setAlternatingRowColors(True)
        self.table_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table_view.setWordWrap(False)
        header = self.table_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        for column, width in ((0, 52), (3, 134)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(column, width)
        self.table_view.activated.connect(self.open_sheet)  # double-click, or Enter on a row
        self.rulings = BoardRulings(self, self)
        self.table_view.selectionModel().selectionChanged.connect(self.rulings.update_buttons)
        self._shown: Board | None = None
        self.sheets_open: dict[tuple[int, int], SheetDialog] = {}  # (round, table): open here
        self.byes_label = QLabel()
        self.byes_label.setWordWrap(True)

        title_row = QHBoxLayout()
        title_row.addWidget(self.heading)
        title_row.addSpacing(12)
        title_row.addWidget(self.subtitle, 1, Qt.AlignmentFlag.AlignBottom)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.setSpacing(10)
        layout.addLayout(title_row)
        layout.addWidget(self.clock_panel)
        layout.addLayout(clock_row)
        layout.addLayout(round_row)
        layout.addWidget(self.error_label)
        board_tab = QWidget()
        board_box = QVBoxLayout(board_tab)
        board_box.setContentsMargins(8, 10, 8, 8)
        board_box.addLayout(board_title)
        board_box.addLayout(self.rulings.row)
        board_box.addWidget(self.table_view, 1)
        board_box.addWidget(self.byes_label)
        self.schedule_panel = SchedulePanel(self.context, self.watch)
        schedule_tab = QWidget()
        schedule_box = QHBoxLayout(schedule_tab)
        schedule_box.setContentsMargins(8, 10, 8, 8)
        schedule_box.addWidget(self.schedule_panel)
        # the board and the timetable each get the page's whole width (side by side
        # the board's names and rulings were cut at 1280 wide)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(board_tab, "Tables")
        self.tabs.addTab(schedule_tab, "Schedule")
        layout.addWidget(self.tabs, 1)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def focus_in(self) -> None:
        """Coming to the page: the board, where a table's number opens its sheet."""
        self.tabs.setCurrentIndex(TABLES_TAB)
        self.table_view.setFocus(Qt.FocusReason.OtherFocusReason)

    def open_sheet(self, index: QModelIndex) -> SheetDialog | None:
        """Open the score sheet of the table on the board's row ``index``."""
        board = self.view.board
        if board is None or board.round_number is None or not index.isValid():
            return None
        table = self.model.table_at(index.row()).table
        dialog = SheetDialog(self.context, board.round_number, table, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.sheets_open[(board.round_number, table)] = dialog
        dialog.finished.connect(lambda _=0, key=(board.round_number, table): self._closed(key))
        self._show_entering()
        dialog.open()
        return dialog

    def _closed(self, key: tuple[int, int]) -> None:
        self.sheets_open.pop(key, None)
        self._show_entering()
        self.watch.refresh()  # a sheet closed half typed is kept as its draft

    def _show_entering(self) -> None:
        """Mark the board's tables whose sheet is open here ("Being entered")."""
        number = self.view.board.round_number if self.view.board is not None else None
        self.model.set_entering(frozenset(t for r, t in self.sheets_open if r == number))

    def _label(self, button: QPushButton, text: str) -> None:
        button.setText(f"{text}  ({self._keys[button]})" if button in self._keys else text)

    # what is shown

    def show_view(self, view: ClockView) -> None:
        """Show the clock and the board as the watch read them."""
        self.view = view
        status, board = view.status, view.board
        self.clock_panel.show_view(view, self.watch.last_announcement)
        self._show_board(board)
        startable = view.rounds.startable if view.rounds is not None else None
        self._label(self.start_button, f"Start round {startable}" if startable else "Start round")
        self.start_button.setEnabled(startable is not None)
        self.tabs.setTabVisible(SCHEDULE_TAB, view.timed)  # no clock: no timetable
        for button in (self.pause_button, self.less_button, self.more_button, self.end_button):
            button.setVisible(view.timed)  # without a clock there is nothing to pause or end
        resume = status is not None and status.can_resume
        self._label(self.pause_button, "Resume" if resume else "Pause")
        self.pause_button.setEnabled(resume or (status is not None and status.can_pause))
        for button in (self.less_button, self.more_button):
            button.setEnabled(status is not None and status.can_adjust)
        self.end_button.setEnabled(status is not None and status.can_end)
        self._label(self.less_button, "-1 min")
        self._label(self.more_button, "+1 min")
        self._label(self.end_button, "End round")
        number = board.round_number if board is not None else None
        self._label(self.close_button, f"Close round {number}…" if number else "Close round…")
        self.close_button.setEnabled(board is not None and can_close(board.state))
        self._label(self.reopen_button, f"Reopen round {number}" if number else "Reopen round")
        self.reopen_button.setEnabled(board is not None and can_reopen(board.state))

    def _show_board(self, board: Board | None) -> None:
        if board != self._shown:  # each tick brings the same board: keep the selection
            self._shown = board
            chosen = self.rulings.selected()
            self.model.set_board(board)
            self._show_entering()
            ruled = board is not None and any(t.rulings for t in board.tables)
            self.table_view.setColumnHidden(4, not ruled)  # no rulings yet: names get the room
            rows = [t.table for t in board.tables] if board is not None else []
            if chosen is not None and chosen.table in rows:
                self.table_view.selectRow(rows.index(chosen.table))
        self.rulings.update_buttons()
        count = board.count_text if board is not None and board.round_number is not None else ""
        self.tabs.setTabText(TABLES_TAB, f"Tables ({count})" if count else "Tables")
        if board is None:
            self.subtitle.setText("")
            self.board_heading.setText("")
            self.count_label.setText("")
            self.byes_label.setText("")
            return
        self.subtitle.setText(board.event_name)
        if board.round_number is None:
            self.board_heading.setText("No round is seated yet")
            self.count_label.setText(
                "Round 1 is seated from the draw when it starts (F5); the draw is made on the "
                "Draw page."
            )
            self.byes_label.setText("")
            return
        state = board.state_word
        self.board_heading.setText(board.tables_heading + (f" · {state}" if state else ""))
        self.count_label.setText(board.count_text)
        byes = ",   ".join(side_text((bye,)) for bye in board.byes)
        gone = board.gone_text
        lines = [
            f"Bye: {byes}" if byes else "",
            gone if gone and not board.kept_note else "",
            board.next_note,
            board.kept_note,
        ]
        self.byes_label.setText("\n".join(line for line in lines if line))

    def board(self) -> Board | None:
        return self.view.board

    # commands

    def _run(self, action: Callable[[], Any], title: str) -> Any:
        self.error_label.hide()
        return run_command(self.context, action, parent=self, title=title,
                           show_error=self._show_error)  # fmt: skip

    def run(self, action: Callable[[], Any], title: str) -> Any:
        """Run a command for the board: its result, or None when refused (said on the page)."""
        return self._run(action, title)

    def say(self, text: str) -> None:
        """A line under the controls saying what a command did (in the page's words)."""
        self.error_label.setText(sentence(text))
        set_role(self.error_label, "hint").show()

    def open_event(self) -> tuple[Any, str] | None:
        """The database and the event the page shows (None: no event open)."""
        return self._event()

    def _show_error(self, error: UserError) -> None:
        self.error_label.setText(plain_words(error))
        set_role(self.error_label, "error").show()

    def _event(self) -> tuple[Any, str] | None:
        db, event_id = self.context.db, self.context.event_id
        return (db, event_id) if db is not None and event_id is not None else None

    def start_round(self) -> None:
        self.watch.read_clock()  # the time as it is now, not at the last tick
        found, rounds = self._event(), self.view.rounds
        number = rounds.startable if rounds is not None else None  # with a clock or without
        if found is None or number is None:
            return
        db, event_id = found
        self._run(
            lambda: rounds_service.start_round(self.context.desk_for(db, event_id), number),
            f"Start round {number}",
        )

    def pause_or_resume(self) -> None:
        self.watch.read_clock()  # the time as it is now, not at the last tick
        found, status = self._event(), self.view.status
        if found is None or status is None:
            return
        db, event_id = found
        if status.can_resume:
            self._run(lambda: clock_service.resume(self.context.desk_for(db, event_id)), "Resume")
        else:
            self._run(lambda: clock_service.pause(self.context.desk_for(db, event_id)), "Pause")

    def adjust(self, minutes: int) -> None:
        found = self._event()
        if found is None:
            return
        db, event_id = found
        self._run(lambda: clock_service.adjust(self.context.desk_for(db, event_id), minutes),
                  f"{minutes:+d} min")  # fmt: skip

    def end_round(self) -> None:
        self.watch.read_clock()  # the time as it is now, not at the last tick
        found, status = self._event(), self.view.status
        if found is None or status is None:
            return
        db, event_id = found
        left = status.remaining_s or 0
        if not status.time_up and left > 0:
            question = f"Round {status.round} has {time_left(left)} left. End it now?"
            if not self.confirm(f"End round {status.round}", question):
                return
        self._run(lambda: clock_service.end(self.context.desk_for(db, event_id)), "End round")

    def close_round(self) -> None:
        found, board = self._event(), self.view.board
        if found is None or board is None or board.round_number is None:
            return
        db, event_id = found
        number, missing = board.round_number, board.missing
        if missing:
            listed = ", ".join(str(t) for t in missing)
            word = "table" if len(missing) == 1 else "tables"
            question = (
                f"Round {number} still waits for {word} {listed}. "
                f"Close it without {'that sheet' if len(missing) == 1 else 'those sheets'}? "
                f"Both sides there then score 0 for the round (Reopen undoes it until "
                f"round {number + 1} starts)."
            )
            if not self.confirm(f"Close round {number}", question):
                return
        award = None
        if rounds_service.award_needed(db, event_id, number):
            award = self.ask_award(number)
            if award is None:
                return
        result = self._run(
            lambda: rounds_service.close_round(
                self.context.desk_for(db, event_id),
                number,
                missing_ok=missing,
                award=None if award is None else award.points,
                director="" if award is None else award.director,
            ),
            f"Close round {number}",
        )
        if result is not None and result.seating_note and not missing:
            self.say(result.seating_note)  # the board says what to do about a missing table

    def ask_award(self, number: int) -> AwardAnswer | None:
        """The director's award for round ``number``, with no game played (None: cancelled)."""
        dialog = AwardDialog(number, rounds_service.checked_award, self)
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def reopen_round(self) -> None:
        found, board = self._event(), self.view.board
        if found is None or board is None or board.round_number is None:
            return
        db, event_id = found
        number = board.round_number
        self._run(
            lambda: rounds_service.reopen_round(self.context.desk_for(db, event_id), number),
            f"Reopen round {number}",
        )
